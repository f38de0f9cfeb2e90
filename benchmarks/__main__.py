"""`python -m benchmarks`: measure, then write benchmarks/results/latest.{json,md} and append to history.jsonl."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

import click

from . import machine, plan, report
from .suite import Suite
from .workspace import ROOT, commit_of

RESULTS = ROOT / "benchmarks" / "results"


@click.command()
@click.option(
    "-q",
    "--quality",
    type=click.Choice(["l", "m", "h", "k"]),
    default="l",
    show_default=True,
    help="Preset of the headline comparison (h: 1080p60).",
)
@click.option("--tiny", is_flag=True, help="One short chapter at -q l and the smallest grid (for the tests).")
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=RESULTS,
    show_default=True,
    help="Folder for latest.json, latest.md and history.jsonl.",
)
@click.option("--note", default="", help="What changed since the last run, kept in the history.")
@click.option(
    "--revision", help="Measure the project as committed at this git revision (default: as it is now)."
)
@click.option(
    "--only-scaling",
    is_flag=True,
    help="Measure only the scaling runs again (on a quieter machine), into the last run's results in --output.",
)
def main(quality: str, tiny: bool, output: Path, note: str, revision: str | None, only_scaling: bool) -> None:
    """Benchmark the render pipeline against plain manim (see benchmarks/README.md)."""
    if tiny and quality != "l":
        raise click.UsageError("--tiny renders at -q l; drop --quality")
    chosen = plan.tiny() if tiny else plan.full(quality)
    try:
        commit = commit_of(revision) if revision else None  # fixed now: HEAD may move during the run
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--revision") from None
    if only_scaling:
        report.write(rescaled(chosen, note, commit, output), output, history=False)
        return
    result = measure(chosen, note, commit)
    report.write(result, output)
    click.echo(report.markdown(result))


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def rescaled(chosen: plan.Plan, note: str, revision: str | None, output: Path) -> dict:
    """The last run's results in `output` with the scaling runs measured again (on `revision`, or the working
    tree) after warming the LaTeX cache as the full run's earlier renders do; that measurement's commit, note
    and the others' CPU use kept in its section."""
    latest = output / "latest.json"
    if not latest.exists():
        raise click.UsageError(f"--only-scaling needs an earlier run's {latest}")
    last = json.loads(latest.read_text())
    if (last["settings"]["quality"], last["settings"]["tiny"]) != (chosen.quality, chosen.tiny):
        raise click.UsageError("--only-scaling: the last run was at another quality")
    start = machine.reading()
    with tempfile.TemporaryDirectory(prefix="bench-") as scratch:
        suite = Suite(chosen, Path(scratch), log, revision)
        suite.warm()
        scaling = suite.scaling()
    scaling["measured"] = {
        "commit": machine.facts(ROOT, revision)["commit"],
        "note": note,
        "others_share": machine.others(start, machine.reading())["share"],
    }
    return {**last, "scaling": scaling}


def measure(chosen: plan.Plan, note: str, revision: str | None = None) -> dict:
    """Every measurement of `chosen` (on `revision`, or the working tree), with the machine's facts and load."""
    before, start = machine.load(), machine.reading()
    with tempfile.TemporaryDirectory(prefix="bench-") as scratch:
        found = Suite(chosen, Path(scratch), log, revision).run()
    load = {"before": before, "after": machine.load(), "others": machine.others(start, machine.reading())}
    settings = {
        "quality": chosen.quality,
        "tiny": chosen.tiny,
        "profile_quality": chosen.profile_quality,
        "chapters": [c.name for c in chosen.chapters],
    }
    facts = machine.facts(ROOT, revision)
    result = {"schema": 1, "note": note, "machine": facts, "settings": settings, "load": load, **found}
    return {**result, "targets": report.targets(result)}


if __name__ == "__main__":
    main()
