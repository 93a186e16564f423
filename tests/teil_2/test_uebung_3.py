"""Teil 2, Übung 3: Queue, Pub/Sub oder Event-Log? (snippets/teil-2/uebung-3/)."""

import pytest

from kurs.pruefen import Uebung
from uebung_test_helfer import QuizTests, meldung


class TestUebung(QuizTests):
    UEBUNG = Uebung("teil-2/uebung-3")
    RICHTIG = "B"
    # Jede falsche Option nennt die Randbedingung, die sie bricht.
    FALSCHE_LOESUNGEN = QuizTests.falsche_optionen("B", {
        "A": "A passt nicht. Bricht Bedingung 1: In einer Work Queue",
        "C": "C passt nicht. Bricht Bedingung 1: Drei Queues nacheinander",
        "D": "D passt nicht. Bricht Bedingung 4",
    })

    def test_kleinbuchstabe_und_leerzeichen_zaehlen_als_dieselbe_wahl(self):
        self.UEBUNG.pruefe('antwort = " b "\n')

    @pytest.mark.parametrize("kandidat", ['antwort = "B oder C"\n', "antwort = 2\n"])
    def test_keine_eindeutige_option_faellt_durch(self, kandidat):
        assert "Wähle genau eine Option" in meldung(self.UEBUNG, kandidat)

    def test_ohne_antwort_faellt_durch(self):
        assert 'fehlt die Zeile antwort = "..."' in meldung(self.UEBUNG, "x = 1\n")
