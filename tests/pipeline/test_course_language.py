"""A course's documents in the render's language: the handout's line under the title is the catalogue's, and the
language is an input of the documents (a translation edited writes them again)."""

from datetime import datetime, timezone
from pathlib import Path

import pytest

from pipeline.plan.course import Course
from pipeline.plan.settings import from_options
from pipeline.publish import course as course_documents
from pipeline.publish import documents

HANDOUT = {"en": "Handout", "de": "Handout", "zh": "讲义"}  # German lecturers say "Handout"


@pytest.mark.parametrize("lang", sorted(HANDOUT))
def test_a_courses_handout_line_is_in_the_language(lang, monkeypatch):
    written = {}
    monkeypatch.setattr(documents, "write_pdf", lambda *args: written.setdefault("subtitle", args[5]))
    settings = from_options("l", lang=lang)
    course = Course(Path("my-course.toml"), "A course", lecturer="Dr Ada Lovelace")
    now = datetime.now(timezone.utc)
    course_documents._makers(Path("."), settings, course, now, [])["pdf"]([], Path("lecture.pdf"))
    assert written["subtitle"] == f"{HANDOUT[lang]} · Dr Ada Lovelace"


def test_the_language_is_an_input_of_the_documents():
    german, chinese = (documents.language_inputs(from_options("l", lang=lang)) for lang in ("de", "zh"))
    assert german["language"] == "de" and chinese["language"] == "zh"
    assert german["catalogue"] != chinese["catalogue"]
