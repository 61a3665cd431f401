"""Writing Hydra overrides: a value as text Hydra reads back as the very same string (for the
commands taubench builds: τ-bench's flags translated, MT Benchmark's requests)."""

import re


def hydra_value(text: str) -> str:
    """A value as a Hydra override reads it back as this very string: plain where Hydra's
    grammar takes it so (not ``~/x``, ``10`` or ``true``), else quoted."""
    from hydra.core.override_parser.overrides_parser import OverridesParser
    from hydra.errors import HydraException

    try:
        if OverridesParser.create().parse_override(f"key={text}").value() == text:
            return text
    except HydraException:
        pass
    escaped = re.sub(r"(\\*)'", lambda found: found[1] * 2 + "\\'", text)  # backslashes before a quote are doubled
    return "'" + re.sub(r"(\\+)$", lambda found: found[1] * 2, escaped) + "'"
