"""Which packages ship (everything else about the build is in pyproject.toml): every folder
of src/taubench and of conf/, found rather than listed, so that adding a domain folder is
enough for it to be installed with its data."""

from setuptools import find_namespace_packages, setup

NOT_PACKAGES = ["*__pycache__*"]

setup(
    packages=[
        *find_namespace_packages("src", include=["taubench*"], exclude=NOT_PACKAGES),
        "taubench.conf",
        *(f"taubench.conf.{name}" for name in find_namespace_packages("conf", exclude=NOT_PACKAGES)),
    ]
)
