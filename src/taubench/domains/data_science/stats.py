"""The platform's arithmetic, one definition for the tools, the generator and the policy
checks: percentiles by nearest rank, the median, and the two-sided tests of an experiment."""

import math
from typing import Optional, Sequence


def nearest_rank(values: Sequence[float], percentile: float) -> float:
    """The value at a percentile of the sorted values, by nearest rank (the ceiling of p% of n)."""
    ordered = sorted(values)
    rank = max(1, math.ceil(percentile / 100 * len(ordered)))
    return ordered[rank - 1]


def median(values: Sequence[float]) -> float:
    ordered, middle = sorted(values), len(values) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return round((ordered[middle - 1] + ordered[middle]) / 2, 2)


def two_sided_p(statistic: float) -> float:
    return round(math.erfc(abs(statistic) / math.sqrt(2)), 4)


def z_statistic(successes: tuple[int, int], users: tuple[int, int]) -> float:
    """The pooled two-proportion z of the second group against the first."""
    pooled = sum(successes) / sum(users)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / users[0] + 1 / users[1]))
    if spread == 0:
        return 0.0
    return round((successes[1] / users[1] - successes[0] / users[0]) / spread, 2)


def welch_statistic(means: tuple[float, float], sds: tuple[float, float], users: tuple[int, int]) -> float:
    """Welch's t of the second group's mean against the first's (read on the normal curve)."""
    spread = math.sqrt(sds[0] ** 2 / users[0] + sds[1] ** 2 / users[1])
    return round((means[1] - means[0]) / spread, 2) if spread else 0.0


def share(part: int, whole: int) -> Optional[float]:
    return part / whole if whole else None
