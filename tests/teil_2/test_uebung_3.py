"""Teil 2, Übung 3: Queue, Pub/Sub oder Event-Log? (snippets/teil-2/uebung-3/)."""

import pytest

from kurs.mkdocs_hooks import quiz_daten
from kurs.pruefen import Uebung
from uebung_test_helfer import UebungsTests, meldung

# Jede falsche Option nennt die Randbedingung, die sie bricht.
FALSCHE_LOESUNGEN = {
    f"Option {wahl}": ('antwort = "B"', f'antwort = "{wahl}"', erwartet)
    for wahl, erwartet in {
        "A": "A passt nicht. Bricht Bedingung 1: In einer Work Queue",
        "C": "C passt nicht. Bricht Bedingung 1: Drei Queues nacheinander",
        "D": "D passt nicht. Bricht Bedingung 4",
    }.items()
}


class TestUebung(UebungsTests):
    UEBUNG = Uebung("teil-2/uebung-3")
    VORLAGE_MELDUNG = "Wähle genau eine Option"
    FALSCHE_LOESUNGEN = FALSCHE_LOESUNGEN

    def test_kleinbuchstabe_und_leerzeichen_zaehlen_als_dieselbe_wahl(self):
        self.UEBUNG.pruefe('antwort = " b "\n')

    @pytest.mark.parametrize("kandidat", ['antwort = "B oder C"\n', "antwort = 2\n"])
    def test_keine_eindeutige_option_faellt_durch(self, kandidat):
        assert "Wähle genau eine Option" in meldung(self.UEBUNG, kandidat)

    def test_ohne_antwort_faellt_durch(self):
        assert 'fehlt die Zeile antwort = "..."' in meldung(self.UEBUNG, "x = 1\n")

    def test_seite_und_pruefung_haben_eine_quelle(self):
        optionen, richtig = quiz_daten("teil-2/uebung-3")
        assert richtig == "B"
        assert sorted(optionen) == ["A", "B", "C", "D"]
        for wahl in "ACD":
            assert optionen[wahl]["begruendung"] in meldung(self.UEBUNG, f'antwort = "{wahl}"\n')
