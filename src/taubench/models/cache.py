"""The optional on-disk response cache (``llm.cache``)."""

import hashlib
import json
from pathlib import Path
from typing import Optional


class ResponseCache:
    """Answers stored on disk by request; thread- and process-safe (diskcache)."""

    def __init__(self, directory: Path):
        import diskcache

        self.store = diskcache.Cache(str(directory))

    def get(self, key: str) -> Optional[dict]:
        return self.store.get(key)

    def put(self, key: str, value: dict) -> None:
        self.store.set(key, value)


def cache_key(request: dict, api_base: Optional[str], trial: Optional[int]) -> str:
    payload = json.dumps({"request": request, "api_base": api_base, "trial": trial}, sort_keys=True, default=str)
    return hashlib.sha256(payload.encode("utf-8")).hexdigest()
