"""The course file (`--course`): read and checked before anything renders; a bad one is refused in one line that
names the file, the key and what is allowed, with exit status 2 and nothing written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pipeline.plan.course import CourseFileError, load_course_file
from pipeline.plan.theme_file import ThemeFileError, load_theme_file
from scenes.chapters import registry

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = ROOT / "examples" / "course.toml"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "my-course.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sample_course_gives_its_chapters_in_its_order_and_its_notes():
    course = load_course_file(SAMPLE)
    assert [c.name for c in course.chapters] == ["BlendByWeight", "FixedContext", "ScoreEveryWord"]
    assert course.byline == "Dr Ada Lovelace · Analytical Engine College · 2027-01-12"
    blend = registry.find("BlendByWeight").slug
    assert course.note(blend, "Exponentiate").startswith("Ask the room")
    assert course.note(blend, "Divide by the sum") == ""
    assert (course.example, course.theme) == (None, None)


def test_a_course_takes_numbers_any_case_a_toml_date_and_paths_beside_it(tmp_path):
    (tmp_path / "mine.toml").write_bytes((ROOT / "examples" / "cat-and-dog.toml").read_bytes())
    course = load_course_file(
        write(
            tmp_path,
            'title = "T"\ndate = 2027-01-12\nchapters = [12, "threetokendrag"]\nexample = "mine.toml"\n'
            'theme = "light"\n',
        )
    )
    assert [c.name for c in course.chapters] == ["CausalMask", "ThreeTokenDrag"]
    assert (course.date, course.example, course.theme) == ("2027-01-12", tmp_path / "mine.toml", "light")
    assert load_course_file(write(tmp_path, 'title = "T"')).chapters == registry.CHAPTERS  # all, in order


BAD = {
    'title = "T"\ncolour = "red"': "unknown key 'colour'; a course has title, lecturer, institution, date, chapters",
    'lecturer = "L"': "title: missing",
    "title = 3": "title: 3 is not one line of text",
    'title = "T"\nchapters = 4': "chapters: expected a list of chapter names or numbers",
    'title = "T"\nchapters = ["Nope"]': "chapters: unknown chapter 'Nope'",
    'title = "T"\nchapters = [4, "BlendByWeight"]': "chapters: BlendByWeight is listed twice",
    'title = "T"\nchapters = [4]\n[notes.5]\n"A" = "b"': "notes.5: not a chapter of this course (BlendByWeight)",
    'title = "T"\nchapters = [4]\n[notes.4]\n"Nope" = "b"': "notes.4: no beat 'Nope'; its beats: 'Scores from",
    'title = "T"\nchapters = [4]\n[notes.4]\n"Exponentiate" = 5': "notes.4.'Exponentiate': not a note",
    'title = "T"\ntheme = "purple"': "theme: 'purple' is not one of dark, light",
    'title = "T"\nexample = "missing.toml"': "example: ",
    "title = [": "not valid TOML",
}


@pytest.mark.parametrize("text", BAD)
def test_a_bad_course_file_is_refused_in_one_line_naming_the_file_and_key(text, tmp_path, run):
    path = write(tmp_path, text)
    with pytest.raises(CourseFileError) as refused:
        load_course_file(path)
    assert str(refused.value).startswith(f"{path}: ") and BAD[text] in str(refused.value)
    output = tmp_path / "out"
    result = run("render", "--course", path, "--output", output)
    assert result.exit_code == 2
    assert result.output == f"Error: {refused.value}\n"
    assert not output.exists()


@pytest.mark.parametrize(
    "extra, said",
    [
        (["4"], "lists the chapters; name none beside --course"),
        (["--theme", "dark"], "--theme: "),
        (["--format", "gif"], "a course's lecture is joined from MP4 chapters"),
    ],
)
def test_a_course_refuses_what_it_already_gives(extra, said, tmp_path, run):
    path = write(tmp_path, 'title = "T"\nchapters = [4]\ntheme = "light"\n')
    result = run("render", "--course", path, *extra, "--output", tmp_path / "out")
    assert result.exit_code == 2 and said in result.output and len(result.output.splitlines()) == 1
    assert not (tmp_path / "out").exists()


def test_clean_with_a_course_removes_its_folder_alone(tmp_path, run):
    path = write(tmp_path, 'title = "T"\nchapters = [4]\n')
    kept = tmp_path / "out" / "480p15" / "04-BlendByWeight.mp4"
    gone = tmp_path / "out" / "courses" / "my-course" / "480p15" / "lecture.mp4"
    for file in (kept, gone):
        file.parent.mkdir(parents=True)
        file.write_bytes(b"")
    result = run("clean", "--course", path, "--output", tmp_path / "out")
    assert result.output == f"removed {tmp_path / 'out' / 'courses' / 'my-course'}\n"
    assert kept.exists() and not gone.exists()


@pytest.mark.parametrize(
    "make, said",
    [
        (lambda path: None, "no such file"),
        (lambda path: path.mkdir(), "not a file"),
        (lambda path: path.write_bytes(b'title = "\xff"'), "not UTF-8 text"),
        (lambda path: path.write_text("#" * 300_000), "300000 bytes, more than 262144 for a course"),
    ],
)
def test_a_course_or_theme_file_that_cannot_be_read_is_refused_in_one_line(tmp_path, make, said):
    path = tmp_path / "file.toml"
    make(path)
    with pytest.raises(CourseFileError, match=f"^{re.escape(f'{path}: {said}')}$"):
        load_course_file(path)
    theirs = said.replace("262144 for a course", "65536 for a theme")
    with pytest.raises(ThemeFileError, match=f"^{re.escape(f'{path}: {theirs}')}$"):
        load_theme_file(path)


def test_a_bare_clean_removes_every_course_too(tmp_path, run):
    made = tmp_path / "out" / "courses" / "my-course" / "480p15" / "lecture.mp4"
    made.parent.mkdir(parents=True)
    made.write_bytes(b"")
    assert run("clean", "--output", tmp_path / "out").output == f"removed {tmp_path / 'out' / 'courses'}\n"
    assert not made.exists()
