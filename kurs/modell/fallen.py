"""Fallen und die typischen Fehler, die sie zeigen: snippets/fallen.toml.

Jede Falle, die eine Seite nennt (`!!! warning "Falle …"`), und jede falsche Option einer Frage
„Kurz geprüft“ ist entweder ein typischer Fehler einer Übung (fehler.toml, bei einer Auswahl
„Option X“) oder sagt, warum keine Übung sie zeigen kann. So bleibt keine Falle, vor der der Text
warnt, eine Lösung, die die Prüfung durchlässt (Issue 49). tests/modell/test_fallen.py prüft es.
"""

import re
import tomllib
from dataclasses import dataclass

from kurs.modell.fehler import QuellenFehler

FALLE = re.compile(r'^!!! warning "(?P<titel>Falle[^"]*)"', re.M)


@dataclass(frozen=True)
class Zuordnung:
    wo: str  # "docs/teil-1.md:196" oder "snippets/teil-2/kurz-geprueft/schritt-1.toml: Option A"
    was: str  # Titel der Falle oder Text der Option
    fehler: tuple[str, ...]  # "teil-2/uebung-2: Ack vor der Arbeit"
    ohne_uebung: str  # warum keine Übung sie zeigt ("" wenn fehler)


def fallen_der_seiten(kurs) -> list[tuple[str, str]]:
    """(docs/seite.md:zeile, Titel) jeder Falle auf den Seiten der Navigation."""
    gefunden = []
    for seite in kurs.nav:
        pfad = kurs.docs / seite.quelle
        text = pfad.read_text(encoding="utf-8")
        for m in FALLE.finditer(text):
            gefunden.append((f"docs/{seite.quelle}:{text.count(chr(10), 0, m.start()) + 1}", m["titel"]))
    return gefunden


def falsche_optionen(kurs) -> list[tuple[str, str, str]]:
    """(Frage, Buchstabe, Text) jeder falschen Option „Kurz geprüft“."""
    return [(quiz.gruppe.removeprefix("kurz-geprueft-").replace("-schritt", "/schritt"), wahl, option["text"])
            for kapitel in kurs.kapitel for quiz in kapitel.fragen
            for wahl, option in quiz.optionen.items() if wahl != quiz.richtig]


def zuordnungen(kurs) -> dict[tuple[str, str], dict]:
    """Die Einträge von snippets/fallen.toml: (seite, titel) oder (frage, option) -> Eintrag."""
    datei = kurs.snippets.ordner / "fallen.toml"
    try:
        daten = tomllib.loads(datei.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise QuellenFehler.in_datei(datei, None, f"nicht lesbar: {exc}", kurs.wurzel) from None
    ergebnis = {}
    for art, schluessel in (("falle", ("seite", "titel")), ("option", ("frage", "option"))):
        for eintrag in daten.get(art, []):
            if not all(isinstance(eintrag.get(s), str) for s in schluessel) or (
                    bool(eintrag.get("fehler")) == bool(eintrag.get("ohne_uebung"))):
                raise QuellenFehler.in_datei(datei, None, f"[[{art}]] {eintrag}: braucht {' und '.join(schluessel)} "
                                             "und entweder fehler (Liste) oder ohne_uebung (warum keine Übung "
                                             "sie zeigt).", kurs.wurzel)
            ergebnis[(eintrag[schluessel[0]], eintrag[schluessel[1]])] = eintrag
    return ergebnis
