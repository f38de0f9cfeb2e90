"""Command line: list, render, preview, clip, package, check an example and clean the lecture's chapters, and
render a course of the lecturer's own cut (see docs/command-line.md, docs/course.md)."""

from __future__ import annotations

import os
import sys
import zipfile
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import click
from click.core import ParameterSource

import i18n
from attention.examples.file import ExampleFileError, example_name, load_example_file
from i18n import catalogues
from narration import voices
from narration.recordings import RecordingError
from pipeline import build, outputs, report
from pipeline.console import Console
from pipeline.frames.video import AUDIO_CODECS
from pipeline.plan import chapters, settings
from pipeline.plan import check as checking
from pipeline.plan.course import Course, CourseFileError, load_course_file
from pipeline.plan.quality import PRESETS
from pipeline.plan.theme_file import ThemeFileError, load_theme_file
from pipeline.publish import clips, described, documents, drawn, lecture, update, webm
from pipeline.publish import package as packing
from pipeline.run import cluster, lock, parallel
from scenes.kit.palette import THEMES, Theme, theme_of

INTERRUPTED = 130  # the shell's status for a command stopped by Ctrl-C
EXECUTORS = ("local", "dask")
BUSY = 75  # sysexits' EX_TEMPFAIL: another render holds the output folder; try again later


class OneLineErrors(click.Group):
    """A command group whose usage errors, its own and its subcommands', are one line without the usage text."""

    def make_context(self, *args, **kwargs) -> click.Context:
        with one_line_errors():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context):
        with one_line_errors():
            return super().invoke(ctx)


@contextmanager
def one_line_errors():
    """Re-raise usage errors without their usage text, control characters (a newline in a path) escaped."""
    try:
        yield
    except click.exceptions.NoArgsIsHelpError:
        raise
    except click.UsageError as err:
        message = "".join(c if c.isprintable() else repr(c)[1:-1] for c in err.format_message())
        raise click.UsageError(message) from None


class Resolution(click.ParamType):
    """WIDTHxHEIGHT, e.g. 1280x720."""

    name = "WxH"

    def convert(self, value, param, ctx):
        try:
            return settings.parse_resolution(value)
        except ValueError as err:
            self.fail(str(err), param, ctx)


def frame_options(default_quality: str | None):
    """-q, --resolution and --fps; `default_quality` None means every folder (for clean)."""

    def decorate(command):
        command = click.option(
            "--fps",
            type=click.IntRange(1, settings.MAX_FPS),
            help="Frames per second, overriding the quality preset's.",
        )(command)
        command = click.option(
            "--resolution",
            type=Resolution(),
            help="Frame size WIDTHxHEIGHT (even numbers), overriding the quality preset's.",
        )(command)
        return click.option(
            "-q",
            "--quality",
            type=click.Choice(list(PRESETS)),
            default=default_quality,
            show_default=True,
            help="Quality preset, as manim's: 480p15, 720p30, 1080p60, 2160p60.",
        )(command)

    return decorate


class ExampleFile(click.ParamType):
    """A TOML example file, validated before anything renders; converts to its absolute path. A refusal is
    the loader's line alone (it names the file and line), without click's "Invalid value for '--example'"."""

    name = "FILE"

    def convert(self, value, param, ctx):
        try:
            load_example_file(value)
        except ExampleFileError as err:
            raise click.UsageError(str(err)) from None
        return Path(value).resolve()


class ThemeChoice(click.ParamType):
    """A built-in theme's name, or a theme file (read and checked: it converts to its Theme). A refusal is the
    loader's line alone, naming the file and the field."""

    name = "NAME|FILE"

    def convert(self, value, param, ctx):
        if isinstance(value, Theme) or value in THEMES:
            return value
        if not Path(value).exists():
            self.fail(f"{value!r} is not one of {', '.join(map(repr, THEMES))}, nor a theme file", param, ctx)
        try:
            return load_theme_file(value)
        except ThemeFileError as err:
            raise click.UsageError(str(err)) from None


class CourseFile(click.ParamType):
    """A course file (TOML), read and checked before anything renders: it converts to its Course. A refusal is
    the loader's line alone, naming the file and the key."""

    name = "FILE"

    def convert(self, value, param, ctx):
        if isinstance(value, Course):
            return value
        try:
            return load_course_file(value)
        except CourseFileError as err:
            raise click.UsageError(str(err)) from None


class Language(click.ParamType):
    """A language with a catalogue in i18n/locales (or en); refused in one line otherwise."""

    name = "LANG"

    def convert(self, value, param, ctx):
        try:
            return i18n.check(value)
        except i18n.UnknownLanguage as err:
            self.fail(str(err), param, ctx)


def language_option(default: str | None):
    return click.option(
        "--lang",
        type=Language(),
        default=default,
        show_default=default is not None,
        help="The language (en, de, zh: i18n status lists them), in a folder of its own (480p15.de): the pages, "
        "slides, handout and the chapters translated so far (the others stay English); their narration in "
        "espeak-ng's voice for the language (a formant voice: piper and festival speak English only) unless "
        "recordings:DIR has DIR/<lang>.",
    )


course_option = click.option(
    "--course",
    type=CourseFile(),
    help="A course file (TOML, see examples/course.toml): its title, lecturer, institution, date, chapters in "
    "its order, example, theme and speaker notes. Its own lecture, page, presenter mode, slides, handout and "
    "transcript go to OUTPUT/courses/<its file name>/.",
)


def use_course(ctx: click.Context, course: Course | None) -> None:
    """The course's example and theme in place of the command line's (refused when both give one), and no
    chapters named beside it: it lists its own."""
    if course is None:
        return
    if ctx.params.get("names"):
        raise click.UsageError(f"{course.source} lists the chapters; name none beside --course")
    for key, value in (("theme", course.theme), ("example", course.example)):
        if value is not None and ctx.get_parameter_source(key) is ParameterSource.COMMANDLINE:
            raise click.UsageError(f"--{key}: {course.source} gives the {key}; give it in one place")
        if value is not None:
            ctx.params[key] = value


class Voice(click.ParamType):
    """A voice's name (narration.voices), 'best' for the best one installed; refused when not installed."""

    name = "VOICE"

    def convert(self, value, param, ctx):
        if value == "best":
            return voices.best()
        if value.startswith(voices.RECORDINGS):
            value = voices.RECORDINGS + str(Path(value.removeprefix(voices.RECORDINGS)).resolve())
        elif value != voices.SILENT and value not in voices.ENGINES:
            self.fail(
                f"{value!r}: expected best, none, {', '.join(voices.ENGINES)} or recordings:DIR", param, ctx
            )
        if value != voices.SILENT:
            try:
                engine = voices.engine(value)
                getattr(
                    engine, "check", lambda: None
                )()  # recordings: each one readable, not silent or clipped
                engine.close()
            except (voices.VoiceMissing, RecordingError) as refused:
                self.fail(str(refused), param, ctx)
        return value


look_options = (
    click.option(
        "--theme",
        type=ThemeChoice(),
        default=settings.DEFAULT_THEME,
        show_default=True,
        help="Colours: dark; light (printed notes, bright rooms); high-contrast (projectors); colour-blind; "
        "or a theme file of your own (TOML, see examples/chalkboard-theme.toml), checked before anything renders.",
    ),
    click.option(
        "--example",
        type=ExampleFile(),
        help="A TOML file of your own tokens and vectors (see examples/); its videos go to "
        "OUTPUT/examples/<its name>/.",
    ),
    click.option(
        "--voice",
        type=Voice(),
        default="best",
        envvar="RENDER_VOICE",
        show_default=True,
        help="Who speaks the captions: piper, festival, espeak, recordings:DIR (your own, a file per line of "
        "`script`), none (silent, paced for reading), or best: the best installed. Default from RENDER_VOICE.",
    ),
)


def with_look(command):
    """Add --theme and --example to a command."""
    for option in reversed(look_options):
        command = option(command)
    return command


class Folder(click.Path):
    """A folder that need not exist yet; never the empty string (which would mean the current folder)."""

    def __init__(self):
        super().__init__(file_okay=False, path_type=Path)

    def convert(self, value, param, ctx):
        if value == "":
            self.fail("empty; name a folder ('.' for the current one)", param, ctx)
        return super().convert(value, param, ctx)


output_option = click.option(
    "--output",
    type=Folder(),
    default=Path("media"),
    show_default=True,
    help="Folder the rendered files go into.",
)


def rendered_folder_options(command):
    """The options that name a rendered folder (-q, --resolution, --fps, --theme, --example, --voice, --lang,
    --output), for the commands that work on what a render wrote there; the context passed first."""
    for option in (click.pass_context, output_option, language_option(settings.DEFAULT_LANGUAGE), with_look):
        command = option(command)
    return frame_options("l")(command)


def chosen_settings(ctx: click.Context, video_format: str = "mp4") -> settings.RenderSettings | None:
    """The settings the frame options ask for; None when none was given and the command has no default quality."""
    quality, resolution, fps = (ctx.params[k] for k in ("quality", "resolution", "fps"))
    if resolution and fps and ctx.get_parameter_source("quality") is ParameterSource.COMMANDLINE:
        raise click.UsageError(
            "-q/--quality has no effect when both --resolution and --fps are given; drop one"
        )
    if quality is None and resolution is None and fps is None:
        return None
    return settings.from_options(
        quality or "l",
        resolution,
        fps,
        video_format,
        ctx.params.get("theme") or settings.DEFAULT_THEME,
        ctx.params.get("example"),
        ctx.params.get("voice") or voices.SILENT,
        ctx.params.get("lang") or settings.DEFAULT_LANGUAGE,
    )


def output_root(output: Path, example: Path | None) -> Path:
    """The folder a run writes into: OUTPUT, or OUTPUT/examples/<name> for a user's example (refused, as a
    usage error, when that folder holds another existing file's example of the same name)."""
    if example is None:
        return output
    name = example_name(example)
    root = output / outputs.EXAMPLES_FOLDER / outputs.safe_name(name)
    try:
        outputs.check_example_folder(root, example)
    except outputs.FolderTaken as taken:
        raise click.UsageError(
            f"{example}: its name {name!r} is already used by {taken.owner}, whose videos are in {root}; "
            f"give one of the two files another `name` (or remove that folder: clean --example {taken.owner})"
        ) from None
    return root


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
def cli():
    """Render the attention lecture with manim."""


@cli.command("list")
@frame_options("l")
@with_look
@language_option(settings.DEFAULT_LANGUAGE)
@course_option
@output_option
@click.pass_context
def list_chapters(ctx: click.Context, output: Path, course: Course | None, **_frame):
    """Show the chapters in viewing order (a course's, in its order) and, where rendered, their duration and
    files; with --course, then whether the course's own lecture is published and up to date."""
    use_course(ctx, course)
    wanted = chosen_settings(ctx)
    output = output_root(output, ctx.params["example"])
    chosen = course.chapters if course else chapters.all_chapters()
    shown = drawn.examples_of(wanted)  # the titles its videos show
    for line in report.listing(
        chosen, outputs.folder(output, wanted), build.rendered(chosen, wanted, output), shown
    ):
        click.echo(line)
    if course is not None:
        folder = outputs.folder(outputs.course_root(output, course.name), wanted)
        current = lecture.current(folder, course.chapters, wanted) is not None
        click.echo(report.course_state(course, folder, current))


@cli.command()
@click.argument("names", metavar="[CHAPTER]...", nargs=-1)
@frame_options("l")
@click.option(
    "--format",
    "video_format",
    type=click.Choice(settings.FORMATS),
    default="mp4",
    show_default=True,
    help="mp4 (H.264), webm (VP9), gif, or mov (transparent, QuickTime Animation).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=os.cpu_count() or 1,
    envvar="RENDER_JOBS",
    show_default="number of CPUs",
    help="Chapters rendered at once, each in its own process. Default from RENDER_JOBS.",
)
@click.option(
    "--executor",
    type=click.Choice(EXECUTORS),
    default="local",
    show_default=True,
    help="Where jobs run: local worker processes, or the workers of a Dask cluster (with --scheduler).",
)
@click.option("--scheduler", metavar="ADDRESS", help="The Dask scheduler, e.g. tcp://10.0.0.5:8786.")
@click.option("--force", is_flag=True, help="Render even the chapters that are up to date.")
@click.option(
    "--no-wait",
    is_flag=True,
    help=f"When another render is writing to the output folder, stop (status {BUSY}) instead of waiting.",
)
@with_look
@language_option(settings.DEFAULT_LANGUAGE)
@course_option
@output_option
@click.pass_context
def render(
    ctx: click.Context,
    names: tuple[str, ...],
    video_format: str,
    jobs: int,
    executor: str,
    scheduler: str | None,
    force: bool,
    no_wait: bool,
    output: Path,
    course: Course | None,
    **_frame,
):
    """Render the named chapters (Scene class names, any case) that changed; all of them when none is named;
    with --course, the course's chapters, then its own lecture and documents."""
    use_course(ctx, course)
    if course is not None and video_format != lecture.FORMAT:
        raise click.UsageError("--course: a course's lecture is joined from MP4 chapters; drop --format")
    try:
        selected = list(course.chapters) if course else chapters.select(names)
    except chapters.UnknownChapter as err:
        raise click.UsageError(str(err)) from None
    example = ctx.params["example"]
    wanted = chosen_settings(ctx, video_format)
    if video_format not in AUDIO_CODECS and wanted.voice != voices.SILENT:
        click.echo(
            f"narration: a {video_format.upper()} has no sound, so this render is silent (paced for reading)"
        )
        wanted = replace(wanted, voice=voices.SILENT)
    output = output_root(output, example)
    check_executor(ctx, executor, scheduler)
    with connected(scheduler) as dask_cluster:
        try:
            outputs.ensure_writable(output)
        except OSError as err:
            raise click.UsageError(f"cannot write to the output folder {output}: {err.strerror}") from None
        run_build(ctx, selected, wanted, output, jobs, force, no_wait, example, dask_cluster, course)


def run_build(ctx, selected, wanted, output, jobs, force, no_wait, example, cluster, course=None) -> None:
    """Build under the output folder's lock; exit 130 on Ctrl-C, 1 when something failed."""
    console = Console(sys.stdout.isatty())
    try:
        with locked(output, wait=not no_wait):
            if example is not None:
                outputs.claim_example_folder(output, example)
            succeeded = stopped_on_ctrl_c(
                build.build,
                selected,
                wanted,
                output,
                jobs=jobs,
                force=force,
                console=console,
                cluster=cluster,
                course=course,
            )
    except KeyboardInterrupt:
        console.close()
        click.echo("interrupted: files already in place are kept, unfinished ones were not written", err=True)
        ctx.exit(INTERRUPTED)
    if not succeeded:
        ctx.exit(1)


def check_executor(ctx: click.Context, executor: str, scheduler: str | None) -> None:
    """--scheduler goes with --executor dask and only with it; --jobs has no effect on a cluster."""
    if (executor == "dask") != (scheduler is not None):
        raise click.UsageError("--executor dask and --scheduler ADDRESS go together")
    if scheduler is not None and ctx.get_parameter_source("jobs") is ParameterSource.COMMANDLINE:
        raise click.UsageError("--jobs has no effect with --executor dask (the cluster's workers decide)")


@contextmanager
def connected(scheduler: str | None):
    """The Dask cluster at `scheduler` (None: local workers), closed afterwards; unreachable is a usage error."""
    if scheduler is None:
        yield None
        return
    try:
        found = cluster.Cluster(scheduler)
    except cluster.Unreachable as err:
        raise click.UsageError(str(err)) from None
    try:
        yield found
    finally:
        found.close()


def stopped_on_ctrl_c(function, *args, **kwargs):
    """`function(*args, **kwargs)`; on Ctrl-C its workers are stopped (still holding the lock) before re-raising."""
    try:
        return function(*args, **kwargs)
    except KeyboardInterrupt:
        parallel.interrupt()
        raise


class OutputBusy(click.ClickException):
    """Another render holds the output folder, and --no-wait was given."""

    exit_code = BUSY


@contextmanager
def locked(output: Path, wait: bool):
    """Hold the output folder's lock, saying so while waiting for another render."""

    def waiting(holder: int | None):
        click.echo(f"waiting for another render of {output}{_pid(holder)}…", err=True)

    try:
        with lock.held(output, wait, waiting):
            yield
    except lock.Busy as busy:
        raise OutputBusy(
            f"another render of {output} is running{_pid(busy.holder)}; try again when it has finished"
        ) from None


def _pid(holder: int | None) -> str:
    return f" (pid {holder})" if holder else ""


@cli.command()
@click.argument("name", metavar="CHAPTER")
@frame_options("l")
@with_look
@course_option
@output_option
@language_option(settings.DEFAULT_LANGUAGE)
@click.pass_context
def preview(ctx: click.Context, name: str, output: Path, course: Course | None, **_frame):
    """Write one PNG with the last picture of every beat of a chapter (animations skipped, no video); with
    --course, in the course's example and theme; with --lang, in that language."""
    use_course(ctx, course)
    try:
        (chapter,) = chapters.select((name,))
    except chapters.UnknownChapter as err:
        raise click.UsageError(str(err)) from None
    wanted, output = chosen_settings(ctx), output_root(output, ctx.params["example"])
    try:
        outputs.ensure_writable(output)
    except OSError as err:
        raise click.UsageError(f"cannot write to the output folder {output}: {err.strerror}") from None
    from pipeline.run import preview as previews  # imports manim only when run

    click.echo(previews.preview(chapter, wanted, output))


@cli.command()
@click.argument("names", nargs=-1, metavar="[CHAPTER]...")
@with_look
@course_option
@output_option
@language_option(settings.DEFAULT_LANGUAGE)
@click.pass_context
def script(
    ctx: click.Context, names: tuple[str, ...], output: Path, course: Course | None, lang: str, **_look
):
    """Write the narration script (script.txt to read from, script.html to record against): every line the
    chapters say (a course's, in its order), with the id its recording is named by (see --voice recordings:DIR);
    with --lang, script.<lang>.txt and .html, the translated chapters' lines in that language (for DIR/<lang>)."""
    use_course(ctx, course)
    try:
        selected = list(course.chapters) if course else chapters.select(names)
    except chapters.UnknownChapter as err:
        raise click.UsageError(str(err)) from None
    example = ctx.params["example"]
    wanted, output = (
        settings.from_options("l", theme=ctx.params["theme"], example=example, lang=lang),
        output_root(output, example),
    )
    try:
        outputs.ensure_writable(output)
    except OSError as err:
        raise click.UsageError(f"cannot write to the output folder {output}: {err.strerror}") from None
    from pipeline.publish import script as narration_script  # imports manim only when run

    for path in narration_script.write(selected, wanted, output):
        click.echo(f"wrote {path}")


@cli.command()
@click.argument("example", metavar="EXAMPLE.toml", type=ExampleFile())
@look_options[0]
def check(example: Path, theme: str):
    """Check an example file without rendering: the numbers each chapter will show, the token colours, and
    warnings. Exit status 2 when the file is refused, 0 otherwise (warnings or not)."""
    folder = f"{outputs.EXAMPLES_FOLDER}/{outputs.safe_name(example_name(example))}"
    click.echo(f"{example}: valid; rendered into OUTPUT/{folder}/")
    for line in checking.report(example, load_example_file(example), theme):
        click.echo(line)


@cli.command()
@click.argument("name", metavar="CHAPTER")
@click.argument("beat", metavar="BEAT")
@click.option(
    "--format",
    "clip_format",
    type=click.Choice(clips.FORMATS),
    default="mp4",
    show_default=True,
    help="mp4 (with sound), or a silent looping gif or webp.",
)
@frame_options("l")
@look_options[0]
@look_options[1]
@language_option(settings.DEFAULT_LANGUAGE)
@output_option
@click.pass_context
def clip(ctx: click.Context, name: str, beat: str, clip_format: str, output: Path, example, **_frame):
    """Write one beat of a rendered chapter (its number or name, as `preview` shows them) or a stretch of it
    (seconds START-END, e.g. 12.5-17) as a short clip for slides, into the folder's clips/."""
    try:
        (chapter,) = chapters.select((name,))
    except chapters.UnknownChapter as err:
        raise click.UsageError(str(err)) from None
    wanted = chosen_settings(ctx)
    try:
        made = clips.write(
            outputs.folder(output_root(output, example), wanted), chapter.slug, beat, clip_format, wanted.fps
        )
    except clips.ClipError as err:
        raise click.UsageError(str(err)) from None
    except OSError as err:
        raise click.UsageError(f"cannot write the clip: {err.strerror}") from None
    click.echo(f"wrote {made} ({made.stat().st_size / 1e6:.2f} MB)")


@cli.command()
@click.argument("names", metavar="[CHAPTER]...", nargs=-1)
@frame_options("l")
@with_look
@language_option(settings.DEFAULT_LANGUAGE)
@course_option
@output_option
@click.pass_context
def package(ctx: click.Context, names: tuple[str, ...], output: Path, course: Course | None, **_look):
    """Pack the rendered lecture (videos, page, presenter mode, slides, handout, transcript) into one zip that
    opens from disk; with chapters named, those alone with a page of their own, for a learning platform; with
    --course, the course's own lecture as `render --course` published it."""
    use_course(ctx, course)
    wanted, root = chosen_settings(ctx), output_root(output, ctx.params["example"])
    try:
        chosen = chapters.select(names) if names else None
        packing.rendered_folder(root, wanted)  # refused before the lock: it writes OUTPUT/.lock
        with locked(root, wait=True):
            if chosen:
                made = packing.chapters_zip(root, wanted, chosen)
            else:
                made = packing.lecture_zip(root, wanted, course)
    except (chapters.UnknownChapter, packing.PackageError) as err:
        raise click.UsageError(str(err)) from None
    except OSError as err:
        raise click.UsageError(f"cannot write the package: {err.strerror}") from None
    with zipfile.ZipFile(made) as archive:
        count = len(archive.namelist())
    click.echo(f"wrote {made} ({made.stat().st_size / 1e6:.1f} MB, {count} files)")


@cli.command("webm")
@rendered_folder_options
def webm_companions(ctx: click.Context, output: Path, example: Path | None, **_look):
    """Write a WebM (VP9 and Opus) beside every rendered MP4, chapters and lecture, for browsers without an
    H.264 decoder (Debian's Firefox ESR); the page, presenter mode and transcript then offer both."""
    wanted, root = chosen_settings(ctx), output_root(output, example)
    folder = outputs.folder(root, wanted)
    if not folder.is_dir():
        raise click.UsageError(f"nothing is rendered in {folder}: render it first, with the same options")
    with locked(root, wait=True):
        lines = webm.update(folder, chapters.all_chapters(), wanted) + update.after_render(root, wanted)
    click.echo("\n".join(lines) or f"the WebMs in {folder} are up to date")


@cli.command()
@rendered_folder_options
def handout(ctx: click.Context, output: Path, example: Path | None, **_look):
    """Print the rendered lecture's handout (lecture.pdf) with pictures in the light theme, for paper: each
    beat's still drawn without video (a dry run per chapter, about a quarter of rendering it), kept while the
    chapters do not change; later renders print them too."""
    wanted, root = chosen_settings(ctx), output_root(output, example)
    try:
        with locked(root, wait=True):
            lines = documents.in_print_theme(root, chapters.all_chapters(), wanted)
    except ValueError as err:
        raise click.UsageError(str(err)) from None
    click.echo("\n".join(lines) or f"{outputs.folder(root, wanted) / 'lecture.pdf'} is up to date")


@cli.command()
@rendered_folder_options
def describe(ctx: click.Context, output: Path, example: Path | None, **_look):
    """Write lecture.described.mp4: the rendered lecture with each beat's description of its picture spoken
    by the narration's voice while the picture holds (extended audio description), with its captions."""
    wanted, root = chosen_settings(ctx), output_root(output, example)
    try:
        described.ready(root, wanted)  # refused before the lock: it writes OUTPUT/.lock
        with locked(root, wait=True):
            lines = [described.make(root, wanted), *update.after_render(root, wanted)]  # the page links it
        click.echo("\n".join(lines))
    except described.DescribeError as err:
        raise click.UsageError(str(err)) from None


@cli.command()
@frame_options(None)
@click.option(
    "--theme",
    type=ThemeChoice(),
    help="Only this theme's folders (with -q: that quality's folder of this theme); a built-in's name or a theme file.",
)
@look_options[1]
@language_option(None)
@course_option
@output_option
@click.pass_context
def clean(ctx: click.Context, output: Path, course: Course | None, lang: str | None, **_frame):
    """Remove what `render` with the same options wrote; with no option, everything (caches and examples too);
    with --course, the course's own folder (with -q or --theme, only that folder of it); with --lang alone,
    that language's folders."""
    use_course(ctx, course)
    theme, example = ctx.params["theme"], ctx.params["example"]
    root, wanted = output_root(output, example), chosen_settings(ctx)
    if course is not None:
        root = outputs.course_root(root, course.name)
    given_theme = ctx.get_parameter_source("theme") is ParameterSource.COMMANDLINE
    if (example is not None or course is not None) and wanted is None and not given_theme and lang is None:
        removed = outputs.clean_folder(root)  # all its folder
    else:
        removed = outputs.clean(root, wanted, theme_of(theme).name if theme else None, lang)
    click.echo("\n".join(f"removed {p}" for p in removed) or "nothing to remove")


@cli.group("i18n")
def i18n_commands():
    """The catalogues of the pages' words (i18n/locales; see docs/languages.md)."""


@i18n_commands.command()
def extract():
    """Extract every string marked for translation into i18n/locales/lecture.pot and merge it into each
    language's .po (new strings empty: English until translated)."""
    for path in catalogues.extract():
        click.echo(f"wrote {path}")


@i18n_commands.command()
@language_option(None)
def status(lang: str | None):
    """How many strings each language has translated and how many are missing; with --lang, also the
    missing strings themselves."""
    for progress in catalogues.status():
        if lang in (None, progress.lang):
            missing = progress.total - progress.translated
            click.echo(
                f"{progress.lang}: {progress.translated} of {progress.total} translated, {missing} missing"
            )
            for message in progress.missing if lang else []:
                click.echo(f"  missing: {message}")


if __name__ == "__main__":
    cli()
