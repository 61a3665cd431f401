"""What every domain we write shares, so that a fix is made once: the look-up desk of a
toolkit (``desk``), the form of its arguments (``arguments``), the checks of rules every
policy has (``rules``), the hand-written cast as a data file (``cast``) and the seeded
generator of people, places and dates (``population``), and the record of a task and the
files that task-authoring scripts write (``authoring``). ``src/taubench/domains/README.md``
says how a domain uses each."""

from taubench.domains.kit.arguments import a_date, an_amount
from taubench.domains.kit.authoring import failing_gold_calls, gold_action, task_files, task_record, write_task_files
from taubench.domains.kit.cast import load_cast
from taubench.domains.kit.desk import RecordDesk
from taubench.domains.kit.population import Person, Population
from taubench.domains.kit.rules import (
    RuleBook,
    hand_offs,
    identified_first,
    looked_up_before_change,
    owner_of,
    records_named,
    said,
)

__all__ = [
    "Person",
    "Population",
    "RecordDesk",
    "RuleBook",
    "a_date",
    "an_amount",
    "failing_gold_calls",
    "gold_action",
    "hand_offs",
    "identified_first",
    "load_cast",
    "looked_up_before_change",
    "owner_of",
    "records_named",
    "said",
    "task_files",
    "task_record",
    "write_task_files",
]
