"""The words of a page: what a browser shows of it, and which of its words belong to the
other language (English on a Czech page, Czech on an English one), names taken out."""

from __future__ import annotations

import os
import re
from html.parser import HTMLParser

from django.contrib.auth import get_user_model

from kolo.games.dominion import cards
from kolo.store import models


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


ENGLISH = words(
    """
    the and of with from this that these those which when where there their they them your you
    round rounds table tables player players score scores points point standings event events
    results result undo close closed open save saved settings setting print pairing pairings
    pair entrant entrants waiting reported report reports none some every each after before
    rules rule games game place places share shares seat seats login logout password
    change changes changed show hide draw drawn kingdom cards card total rank name names
    club clubs group groups bracket final semifinal knockout qualified qualifier qualifiers
    next previous back home search find here more less than only also yet not are were has have
    should would could will must may can cannot please first second third last winner wins
    lost won tie tied plays play played turns turn time clock start started stop
    add remove edit delete accept reject confirm cancel yes no is was be been being
    """
)
"""Words that are English and not Czech (so "a", "to", "tip", "set" are left out)."""

CZECH = words(
    """
    kola stůl stoly stolu hráč hráči hráčů výsledky výsledek pořadí body bodů bod
    uložit uložte zavřít otevřít nastavení tisk párování spárovat přihlášení odhlásit heslo
    změnit změna ukázat skrýt karty karta skupina skupiny pavouk finále postupuje postup
    další předchozí zpět hledat najít není jsou bylo byl byla musí může nemůže prosím první
    druhé třetí poslední vítěz výhra prohra remíza hraje hrál tahy tah čas začít
    přidat odebrat upravit smazat přijmout odmítnout potvrdit zrušit ano ne jako nebo
    když kde který která které jejich jeho její všichni každý každá podle
    """
)
"""Words that are Czech and not English."""

PROPER_NAMES = ("National Board Game League", "kolo-event/1")
"""Names the pages show in every language: the league's, the event file format's."""

SHOWN_ATTRIBUTES = ("placeholder", "title", "aria-label", "alt")


class VisibleText(HTMLParser):
    """The text a browser shows: text outside script and style, and labelling attributes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "code", "pre", "textarea"):
            self._hidden += 1
        values = dict(attrs)
        for name in SHOWN_ATTRIBUTES:
            if values.get(name):
                self.parts.append(str(values[name]))
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "code", "pre", "textarea") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden and data.strip():
            self.parts.append(data)


def visible_text(html: str) -> str:
    parser = VisibleText()
    parser.feed(html)
    return "\n".join(parser.parts)


def names_in_store() -> set[str]:
    """Everything an organiser typed or a file brought: event, entrant, club, user, card names."""
    names: set[str] = set()
    for event in models.Event.objects.all():
        names.add(event.name)
        names.add(event.key)
    for entrant in models.Entrant.objects.all():
        names.add(entrant.name)
        if entrant.club:
            names.add(entrant.club)
    names.update(get_user_model().objects.values_list("username", flat=True))
    names.update(models.Table.objects.values_list("code", flat=True))  # self-report codes
    data = cards.load()
    for card in data.cards.values():
        names.update((card.en, card.cs))
    for set_names in data.set_names.values():
        names.update(set_names.values())
    names.update(PROPER_NAMES)
    return {n for n in names if n}


def foreign_words(text: str, names: set[str], words: frozenset[str]) -> set[str]:
    for name in sorted(names, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"\S+://\S+|(?<!\S)/\S*", " ", text)  # an address or a path is not words
    found = set()
    for line in text.splitlines():
        for word in re.findall(r"[^\W\d_]+", line):
            if word.casefold() in words:
                found.add(word)
                if os.environ.get("KOLO_SHOW_WORDS"):
                    print(f"{word}: {line.strip()[:160]}")
    return found
