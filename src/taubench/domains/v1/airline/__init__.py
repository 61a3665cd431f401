"""τ-bench v1 airline: bookings and changes of flight reservations, with the original
benchmark's tools, tasks and grading. The data come from ``env.data_dir``."""

from taubench.domains.v1 import V1DomainSpec
from taubench.domains.v1.airline.tools import AirlineV1Tools

DOMAIN = V1DomainSpec(
    name="airline_v1",
    toolkit=AirlineV1Tools,
    source="airline",
    tables=("flights", "reservations", "users"),
    splits=("test",),
    default_split="test",
    sha256={
        "flights.json": "444d7565c68434a3e3fb72efd717f9f9cd5c56dce227f6f56e078f1cb0ed233a",
        "reservations.json": "1cf0bbc58ad984be9de7c24dba6dd27393f94cdbd482d8524f6a54db1f561a8c",
        "users.json": "bd264e2a31e0fa35cdfef8987e70a0dd3776828b582fe90e7a44823a12eb4cea",
        "policy.md": "56c335801c16e26b54f600f9db99eb04d31db477e86eb160341d5c66b796c5c8",
        "tasks_test.json": "a2359cd5be3df62283412f4da67328738967d95822fe14cfb6bb6ca1014d1005",
    },
)
