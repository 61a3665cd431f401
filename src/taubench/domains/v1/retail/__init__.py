"""τ-bench v1 retail: orders, returns and exchanges in an online store, with the original
benchmark's tools, tasks and grading. The data come from ``env.data_dir``."""

from taubench.domains.v1 import V1DomainSpec
from taubench.domains.v1.retail.tools import RetailV1Tools

DOMAIN = V1DomainSpec(
    name="retail_v1",
    toolkit=RetailV1Tools,
    source="retail",
    tables=("orders", "products", "users"),
    splits=("test", "train", "dev"),
    default_split="test",
    sha256={
        "orders.json": "2598a12586d28f2d6bd16bc86f4c800029b6af18e0abb5c475ef5c869c11ced1",
        "products.json": "a9eabcc1a9742c5f5288c2779acce52b9308423383ed24706bbaf0889f762a0f",
        "users.json": "6f4fd104cc5e80b92166c4035315c31532c6cea52a90dcdf18425ee7f87c2b82",
        "policy.md": "d539fd2a46a8b8dd2e934ff9ed92f43e9f6b56bc7a718db8d2803ba8ad8f6bf7",
        "tasks_test.json": "ab61841fe475c572107f0f5029aa978f7c7bd994a777e6e1e818af0ba79fd7e4",
        "tasks_train.json": "a4f3c566e9360567a8fd3fe003dcb48e17c79e0eaf380e2363311768ee90403c",
        "tasks_dev.json": "af43378fb171ff19a8e6af0b632a2442bd492cc87ca8cfa200310b08d89a3c28",
    },
)
