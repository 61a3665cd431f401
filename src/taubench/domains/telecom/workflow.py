"""τ²-bench's ``telecom-workflow``: telecom with the troubleshooting workflow in place of
the technical-support manual in the agent's policy; tools, data and tasks are telecom's."""

from taubench.domains.telecom.loading import telecom_spec

DOMAIN = telecom_spec("telecom-workflow", "tech_support_workflow.md")
