"""What the reliability tests tried, counted as they run and summed up at the end of the run (see conftest)."""

from collections import Counter

COUNTS: Counter = Counter()
KINDS = (
    "bad inputs refused or accepted as expected",
    "kills survived",
    "Ctrl-C interrupts survived",
    "concurrent runs",
    "untrusted names checked",
    "files checked",
)


def count(kind: str, n: int = 1) -> None:
    """Add `n` to one of KINDS."""
    assert kind in KINDS, kind
    COUNTS[kind] += n


def summary() -> list[str]:
    """One line per kind counted in this run; none when no reliability test ran."""
    return [f"{kind}: {COUNTS[kind]}" for kind in KINDS if COUNTS[kind]]
