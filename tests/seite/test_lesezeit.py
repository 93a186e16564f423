"""kurs/seite/lesezeit.py: Die Dauer eines Teils ist gerechnet, nicht getippt."""

import re

from kurs.modell import Kurs
from kurs.seite import lesezeit

TEXT = "# Teil\n\n*<!-- dauer -->*\n\n" + "Wort " * 450 + "\n\n```mermaid\n" + "x " * 999 + "\n```\n"
UEBUNGEN = "\n## Übungen\n\n" + "Aufgabe " * 500 + "\n\n### Übung 1: Eins (ca. 15 Min.)\n\n### Übung 2: Zwei (ca. 8 Min.)\n"


def test_lesen_zaehlt_woerter_ohne_code_und_ohne_uebungen():
    assert lesezeit.dauer(TEXT) == "Lesen ca. 5 Min."
    assert lesezeit.dauer(TEXT + "Wort " * 300) == "Lesen ca. 8 Min."


def test_uebungen_sind_die_summe_ihrer_ueberschriften():
    assert lesezeit.dauer(TEXT + UEBUNGEN) == "ca. 28 Min.: Lesen ca. 5 Min., Übungen ca. 23 Min."


def test_jeder_teil_nennt_seine_gerechnete_dauer(site):
    for kapitel in Kurs().kapitel:
        quelle = kapitel.seite.read_text(encoding="utf-8")
        if lesezeit.PLATZHALTER not in quelle:
            continue
        html = (site / kapitel.name / "index.html").read_text(encoding="utf-8")
        assert lesezeit.dauer(quelle) in html and lesezeit.PLATZHALTER not in html, kapitel.name
        assert not re.search(r"Lesen ca\. \d+ Min\.", quelle), f"{kapitel.name}: Die Dauer ist getippt"


def test_die_uebersicht_nennt_die_gerechnete_dauer_jedes_teils(site):
    html = (site / "index.html").read_text(encoding="utf-8")
    for kapitel in Kurs().kapitel:
        if lesezeit.PLATZHALTER in kapitel.seite.read_text(encoding="utf-8"):
            assert lesezeit.dauer(kapitel.seite.read_text(encoding="utf-8")) in html, kapitel.name
    assert "dauer:" not in html
