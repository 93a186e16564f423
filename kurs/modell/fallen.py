"""Fallen und die typischen Fehler, die sie zeigen.

Jede Falle, die eine Seite nennt (`!!! warning "Falle …"`, eingetragen in snippets/fallen.toml),
und jede falsche Option einer Frage „Kurz geprüft“ (bei der Option selbst) nennt entweder typische
Fehler einer Übung (`fehler`: fehler.toml, bei einer Auswahl „Option X“) oder sagt, warum keine
Übung sie zeigen kann (`ohne_uebung`). So bleibt keine Falle, vor der der Text warnt, eine Lösung,
die die Prüfung durchlässt (Issue 49). tests/modell/test_fallen.py prüft es.
"""

import re
import tomllib

from kurs.modell.fehler import QuellenFehler

FALLE = re.compile(r'^!!! warning "(?P<titel>Falle[^"]*)"', re.M)


def fallen_der_seiten(kurs) -> list[tuple[str, str]]:
    """(docs/seite.md:zeile, Titel) jeder Falle auf den Seiten der Navigation."""
    gefunden = []
    for seite in kurs.nav:
        pfad = kurs.docs / seite.quelle
        text = pfad.read_text(encoding="utf-8")
        for m in FALLE.finditer(text):
            gefunden.append((f"docs/{seite.quelle}:{text.count(chr(10), 0, m.start()) + 1}", m["titel"]))
    return gefunden


def falsche_optionen(kurs) -> list[tuple[str, str, dict]]:
    """(snippets/…/schritt-K.toml, Buchstabe, Option) jeder falschen Option „Kurz geprüft“."""
    return [(f"snippets/{kapitel.name}/kurz-geprueft/schritt-{quiz.gruppe.split('-')[-1]}.toml", wahl, option)
            for kapitel in kurs.kapitel for quiz in kapitel.fragen
            for wahl, option in quiz.optionen.items() if wahl != quiz.richtig]


def zuordnungen(kurs) -> dict[tuple[str, str], dict]:
    """Die Einträge von snippets/fallen.toml: (seite, titel) -> Eintrag."""
    datei = kurs.snippets.ordner / "fallen.toml"
    try:
        daten = tomllib.loads(datei.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise QuellenFehler.in_datei(datei, None, f"nicht lesbar: {exc}", kurs.wurzel) from None
    ergebnis = {}
    for eintrag in daten.get("falle", []):
        if not all(isinstance(eintrag.get(s), str) for s in ("seite", "titel")) or not fehler_oder_grund(eintrag):
            raise QuellenFehler.in_datei(datei, None, f"[[falle]] {eintrag}: braucht seite und titel und entweder "
                                         "fehler (Liste) oder ohne_uebung (warum keine Übung sie zeigt).", kurs.wurzel)
        ergebnis[(eintrag["seite"], eintrag["titel"])] = eintrag
    return ergebnis


def fehler_oder_grund(eintrag: dict) -> bool:
    """Genau eins von beiden: typische Fehler (eine nicht leere Liste) oder ein Grund ohne Übung."""
    fehler, grund = eintrag.get("fehler"), eintrag.get("ohne_uebung")
    return (isinstance(fehler, list) and bool(fehler)) != (isinstance(grund, str) and bool(grund.strip()))
