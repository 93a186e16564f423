"""Teil 1, Übung 3: Welche Garantie braucht es? (snippets/teil-1/uebung-3/)."""

import pytest

from kurs.mkdocs_hooks import quiz_daten
from kurs.pruefen import Uebung
from uebung_test_helfer import meldung

UEBUNG = Uebung("teil-1/uebung-3")

# Jede falsche Option sagt, was sie kaputt macht.
FALSCHE_ANTWORTEN = {
    "A": "A passt nicht. Stirbt der Konsument nach dem Ack",
    "B": "B passt nicht. Verloren geht nichts",
    "D": "D passt nicht. Der Broker sieht nur das Ack",
}


def test_musterloesung_besteht():
    UEBUNG.pruefe(UEBUNG.loesung)


def test_vorlage_faellt_durch():
    assert "Wähle genau eine Option" in meldung(UEBUNG, UEBUNG.vorlage)


@pytest.mark.parametrize("wahl", FALSCHE_ANTWORTEN)
def test_falsche_option_erklaert_sich(wahl):
    assert meldung(UEBUNG, f'antwort = "{wahl}"\n').startswith(FALSCHE_ANTWORTEN[wahl])


def test_seite_und_pruefung_haben_eine_quelle():
    optionen, richtig = quiz_daten("teil-1/uebung-3")
    assert richtig == "C"
    for wahl in FALSCHE_ANTWORTEN:
        assert optionen[wahl]["begruendung"] in meldung(UEBUNG, f'antwort = "{wahl}"\n')
