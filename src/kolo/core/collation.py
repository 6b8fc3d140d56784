"""Alphabetical order of names and card names, the Czech way in Czech (pure; no OS locale).

Czech (ČSN 97 6030): ``ch`` is one letter after ``h``; ``č``, ``ř``, ``š``, ``ž`` are
letters of their own after ``c``, ``r``, ``s``, ``z``; the other accents (á, é, ě, í, ó,
ú, ů, ý, ď, ť, ň) sort with their base letter and decide only between words otherwise
equal (then the unaccented first: Dana, Dána); case decides last (capitals first). Any
other language sorts by the base letters, then accents, then case, with no letters of
its own (Čech among the C's, Chalupa among the C's).

Spaces and punctuation sort first, then digits, then the end of a name, then letters: a
name before its longer forms (Novák, Nováková) but after those that go on with a space or
a digit ("Novák Jan", "Novák"; "P10", "P1"). That, and capitals first, is the order kolo
always gave outside the Czech letters, which standings, pairings and their tests rely on.
Equal keys are broken by the text itself, so every order is total: the same names always
come out the same way.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")

Key = tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...], str]

_LATIN = "abcdefghijklmnopqrstuvwxyz"
_CZECH = ("a", "b", "c", "č", "d", "e", "f", "g", "h", "ch", "i", "j", "k", "l", "m", "n", "o",
          "p", "q", "r", "ř", "s", "š", "t", "u", "v", "w", "x", "y", "z", "ž")  # fmt: skip
_CZECH_RANK = {letter: rank for rank, letter in enumerate(_CZECH)}
_LATIN_RANK = {letter: rank for rank, letter in enumerate(_LATIN)}
_OWN_LETTERS = frozenset("čřšž")
"""Czech letters with a háček of their own; the rest of the accents are secondary."""

_SEPARATOR, _DIGIT, _END, _LETTER, _OTHER = 0, 1, 2, 3, 4


def _czech(language: str | None) -> bool:
    return (language or "").lower().replace("_", "-").split("-")[0] == "cs"


def _tokens(text: str, czech: bool) -> Iterable[str]:
    """The letters of ``text`` as collated: Czech ``ch`` (any case) is one."""
    index = 0
    while index < len(text):
        pair = text[index : index + 2]
        if czech and pair.casefold() == "ch":
            yield pair
            index += 2
        else:
            yield text[index]
            index += 1


def sort_key(text: str, language: str | None = "cs") -> Key:
    """The sort key of ``text`` in ``language`` (``cs``: the Czech way; anything else, the
    base-letter order English uses)."""
    czech = _czech(language)
    ranks = _CZECH_RANK if czech else _LATIN_RANK
    normal = unicodedata.normalize("NFC", text.strip())
    primary: list[tuple[int, int]] = []
    secondary: list[int] = []
    tertiary: list[int] = []
    for token in _tokens(normal, czech):
        lower = token.casefold()
        if czech and lower in _OWN_LETTERS:
            base, accent = lower, 0
        else:
            parts = unicodedata.normalize("NFD", lower)
            base = parts if czech and lower == "ch" else parts[0]
            accent = sum(ord(mark) for mark in parts[len(base) :])
        if base in ranks:
            primary.append((_LETTER, ranks[base]))
        elif base.isdigit():
            primary.append((_DIGIT, ord(base)))
        elif base.isspace() or unicodedata.category(base)[0] in "PZS":
            primary.append((_SEPARATOR, 0 if base.isspace() else ord(base)))
        else:
            primary.append((_OTHER, ord(base)))
        secondary.append(accent)
        tertiary.append(1 if token == lower else 0)
    primary.append((_END, 0))
    return (tuple(primary), tuple(secondary), tuple(tertiary), normal)


def sort_key_for(language: str | None) -> Callable[[str], Key]:
    """``sort_key`` for one language, to pass as ``key=``."""
    return lambda text: sort_key(text, language)


def sorted_by(items: Iterable[T], name: Callable[[T], str], language: str | None) -> list[T]:
    """``items`` in alphabetical order of ``name(item)`` in ``language``."""
    return sorted(items, key=lambda item: sort_key(name(item), language))


def fold(text: str) -> str:
    """``text`` as a search compares it: without case or accents, in any script
    ("Šťastná" → "stastna", "Zoë" → "zoe", "STRASSE" and "Straße" alike)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def matches(query: str, name: str) -> bool:
    """Whether every word of ``query`` is part of ``name``, in any order, ignoring case and
    accents: "novak" finds "Jana Nováková", "novakova jana" too."""
    words = fold(query).split()
    folded = fold(name)
    return bool(words) and all(word in folded for word in words)
