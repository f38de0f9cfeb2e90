"""A pseudo-language for tests: German to Babel (its decimal comma, its folder names), its catalogue wrapping
every string of the template in «», so a word shown outside « » bypassed the catalogue."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from babel.messages.pofile import read_po, write_po

import i18n


@contextmanager
def pseudo_german(locales: Path, monkeypatch) -> Iterator[None]:
    """Within: i18n reads its catalogues from `locales`, whose German one wraps every message (plural forms
    too) in «»; the catalogues are read afresh on the way in and out."""
    with i18n.TEMPLATE.open("rb") as file:
        wrapped = read_po(file, locale="de", domain=i18n.DOMAIN)
    for message in wrapped:
        if message.id:
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            forms = tuple(f"«{m}»" for m in ids)
            message.string = forms if isinstance(message.id, tuple) else forms[0]
    monkeypatch.setattr(i18n, "LOCALES", locales)
    i18n.po_file("de").parent.mkdir(parents=True)
    with i18n.po_file("de").open("wb") as file:
        write_po(file, wrapped)
    _forget()
    try:
        yield
    finally:
        _forget()


def _forget() -> None:
    for cached in (i18n.catalogue, i18n.translations):
        cached.cache_clear()
