"""Alphabetical order: the Czech way in Czech, by base letters in English (kolo.core.collation)."""

import random

from kolo.core.collation import sort_key, sort_key_for, sorted_by

NAMES = ["Žák", "Zedník", "Šíma", "Řezník", "Hrubý", "Chalupa", "Cibulka", "Čech", "Ryba",
         "Sýkora", "Havel", "Ivan", "Dvořák", "Ďurica", "Dana", "Dána", "Novák Jan", "Nováková",
         "Šimek", "Švec", "Zuzana", "Čapek", "Charvát"]  # fmt: skip


def shuffled(items):
    items = list(items)
    random.Random(4).shuffle(items)
    return items


def test_czech_names_sort_the_czech_way():
    """Czech: č after c, ch after h, ř after r, š after s, ž after z; other accents (Ď, á,
    ý) sort with their base letter, the unaccented first where the rest is equal."""
    assert sorted(shuffled(NAMES), key=sort_key_for("cs")) == [
        "Cibulka", "Čapek", "Čech", "Dana", "Dána", "Ďurica", "Dvořák", "Havel", "Hrubý",
        "Chalupa", "Charvát", "Ivan", "Novák Jan", "Nováková", "Ryba", "Řezník", "Sýkora",
        "Šíma", "Šimek", "Švec", "Zedník", "Zuzana", "Žák",
    ]  # fmt: skip


def test_english_keeps_the_base_letter_order():
    """English: no letters of Czech's own: Čech among the C's, Chalupa before Cibulka (c-h
    before c-i), Řezník among the R's."""
    assert sorted(shuffled(NAMES), key=sort_key_for("en")) == [
        "Čapek", "Čech", "Chalupa", "Charvát", "Cibulka", "Dana", "Dána", "Ďurica", "Dvořák",
        "Havel", "Hrubý", "Ivan", "Novák Jan", "Nováková", "Řezník", "Ryba", "Šíma", "Šimek",
        "Švec", "Sýkora", "Žák", "Zedník", "Zuzana",
    ]  # fmt: skip


def test_case_and_accents_decide_only_between_otherwise_equal_names():
    """Accents other than č ř š ž, then case (capitals first), decide only on a tie; Š is
    a letter of its own, so every Š-name follows Sima."""
    names = ["ŠÍMA", "Šíma", "šíma", "Sima", "Šima", "CHALUPA", "Chalupa", "chalupa", "Cyril"]
    assert sorted(shuffled(names), key=sort_key_for("cs")) == [
        "Cyril", "CHALUPA", "Chalupa", "chalupa", "Sima", "Šima", "ŠÍMA", "Šíma", "šíma",
    ]  # fmt: skip


def test_every_order_is_total_and_the_os_locale_plays_no_part(monkeypatch):
    """The same names give the same order whatever the machine's locale; names equal in
    every letter are told apart by their text."""
    monkeypatch.setenv("LC_ALL", "C")
    assert sort_key("Novák") < sort_key("Nóvák") < sort_key("Nováková")
    # the order kolo always had: a name after its forms going on with a space or digit
    assert sort_key("Novák Jan") < sort_key("Novák")
    assert sort_key("P10") < sort_key("P1")
    assert sort_key("Novák") == sort_key(" Novák ")  # surrounding spaces are no part
    assert sorted_by(shuffled(NAMES), str, "cs-cz") == sorted(NAMES, key=sort_key_for("cs"))
    assert sorted_by(shuffled(NAMES), str, None) == sorted(NAMES, key=sort_key_for("en"))


def test_fold_drops_case_and_accents_in_any_language():
    from kolo.core.collation import fold, matches

    assert fold("Tereza Šťastná") == "tereza stastna"
    assert fold("Zoë Ångström") == "zoe angstrom"
    assert fold("Straße") == fold("STRASSE")
    assert fold("Ｎｏｖáｋ") == "novak"  # full-width letters (NFKD)
    assert matches("novak", "Jana Nováková")
    assert matches("NOVAKOVA jana", "Jana Nováková")
    assert not matches("novak petr", "Jana Nováková")
    assert not matches("   ", "Jana Nováková")
