"""Teil 2, Übung 3: Queue, Pub/Sub oder Event-Log? (snippets/teil-2/uebung-3/)."""

import pytest

from kurs.mkdocs_hooks import quiz_daten
from kurs.pruefen import Uebung
from uebung_test_helfer import meldung

UEBUNG = Uebung("teil-2/uebung-3")

# Jede falsche Option nennt die Randbedingung, die sie bricht.
FALSCHE_ANTWORTEN = {
    "A": "A passt nicht. Bricht Bedingung 1: In einer Work Queue",
    "C": "C passt nicht. Bricht Bedingung 1: Drei Queues nacheinander",
    "D": "D passt nicht. Bricht Bedingung 4",
}


def test_musterloesung_besteht():
    UEBUNG.pruefe(UEBUNG.loesung)


def test_kleinbuchstabe_und_leerzeichen_zaehlen_als_dieselbe_wahl():
    UEBUNG.pruefe('antwort = " b "\n')


def test_vorlage_faellt_durch():
    assert "Wähle genau eine Option" in meldung(UEBUNG, UEBUNG.vorlage)


@pytest.mark.parametrize("wahl", FALSCHE_ANTWORTEN)
def test_falsche_option_nennt_die_gebrochene_bedingung(wahl):
    assert meldung(UEBUNG, f'antwort = "{wahl}"\n').startswith(FALSCHE_ANTWORTEN[wahl])


@pytest.mark.parametrize("kandidat", ['antwort = "B oder C"\n', "antwort = 2\n"])
def test_keine_eindeutige_option_faellt_durch(kandidat):
    assert "Wähle genau eine Option" in meldung(UEBUNG, kandidat)


def test_ohne_antwort_faellt_durch():
    assert 'fehlt die Zeile antwort = "..."' in meldung(UEBUNG, "x = 1\n")


def test_seite_und_pruefung_haben_eine_quelle():
    optionen, richtig = quiz_daten("teil-2/uebung-3")
    assert richtig == "B"
    assert sorted(optionen) == ["A", "B", "C", "D"]
    for wahl in FALSCHE_ANTWORTEN:
        assert optionen[wahl]["begruendung"] in meldung(UEBUNG, f'antwort = "{wahl}"\n')
