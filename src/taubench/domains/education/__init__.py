"""The education domain: the student-services desk (registrar, advising, tutoring) of a
university. The caller is a student, or a parent or sponsor on the student's FERPA release;
the agent identifies them, adds, drops and swaps sections under the calendar's deadlines and
refund tiers, wait-lists, books tutoring, applies accommodation extensions, opens course
materials and keeps the release list."""

from taubench.core.domain import BundledData, DomainSpec, Rules
from taubench.domains.education.models import EducationDB
from taubench.domains.education.tools import EducationTools

DOMAIN = DomainSpec(
    name="education",
    toolkit=EducationTools,
    db_model=EducationDB,
    data=BundledData(__name__),
    rules=Rules(identity_tools=("find_student",), identity_key="student_id"),
)
