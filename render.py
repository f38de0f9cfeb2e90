"""Command line: list, render and clean the lecture's chapters (see README)."""
from __future__ import annotations

import sys
from pathlib import Path

import click

from pipeline import chapters, outputs, report
from pipeline.quality import PRESETS
from pipeline.render_chapter import attempt


class OneLineErrors(click.Group):
    """A command group whose subcommands report usage errors in one line, without the usage text."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except click.UsageError as err:
            raise click.UsageError(err.format_message()) from None


def quality_option(default: str | None):
    """The -q option; `default` None means every quality."""
    return click.option("-q", "--quality", type=click.Choice(list(PRESETS)), default=default,
                        show_default=True, help="Quality preset, as manim's: 480p15, 720p30, 1080p60, 2160p60.")


output_option = click.option("--output", type=click.Path(file_okay=False, path_type=Path), default=Path("media"),
                             show_default=True, help="Folder the rendered files go into.")


@click.group(cls=OneLineErrors)
def cli():
    """Render the attention lecture with manim."""


@cli.command("list")
@quality_option("l")
@output_option
def list_chapters(quality: str, output: Path):
    """Show the chapters in viewing order and, where rendered, their duration and files."""
    for line in report.listing(chapters.all_chapters(), PRESETS[quality], output):
        click.echo(line)


@cli.command()
@click.argument("names", metavar="[CHAPTER]...", nargs=-1)
@quality_option("l")
@output_option
@click.pass_context
def render(ctx: click.Context, names: tuple[str, ...], quality: str, output: Path):
    """Render the named chapters (Scene class names, any case); all of them when none is named."""
    try:
        selected = chapters.select(names)
    except chapters.UnknownChapter as err:
        raise click.UsageError(str(err)) from None
    preset = PRESETS[quality]
    outcomes = []
    for chapter in selected:
        if sys.stdout.isatty():
            click.echo(report.starting(chapter, preset))
        outcomes.append(attempt(chapter, preset, output))
        click.echo(report.finished(outcomes[-1]))
    click.echo(report.summary(outcomes, preset))
    if any(o.error is not None for o in outcomes):
        ctx.exit(1)


@cli.command()
@quality_option(None)
@output_option
def clean(quality: str | None, output: Path):
    """Remove the rendered files of one quality (all when -q is not given) and manim's caches."""
    presets = [PRESETS[quality]] if quality else list(PRESETS.values())
    removed = outputs.clean(output, presets)
    click.echo("\n".join(f"removed {p}" for p in removed) or "nothing to remove")


if __name__ == "__main__":
    cli()
