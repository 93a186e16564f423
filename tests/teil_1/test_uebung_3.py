"""Teil 1, Übung 3: Welche Garantie braucht es? (snippets/teil-1/uebung-3/)."""

from kurs.mkdocs_hooks import quiz_daten
from kurs.pruefen import Uebung
from uebung_test_helfer import UebungsTests, meldung

# Jede falsche Option sagt, was sie kaputt macht.
FALSCHE_LOESUNGEN = {
    f"Option {wahl}": ('antwort = "C"', f'antwort = "{wahl}"', erwartet)
    for wahl, erwartet in {
        "A": "A passt nicht. Stirbt der Konsument nach dem Ack",
        "B": "B passt nicht. Verloren geht nichts",
        "D": "D passt nicht. Der Broker sieht nur das Ack",
    }.items()
}


class TestUebung(UebungsTests):
    UEBUNG = Uebung("teil-1/uebung-3")
    VORLAGE_MELDUNG = "Wähle genau eine Option"
    FALSCHE_LOESUNGEN = FALSCHE_LOESUNGEN

    def test_seite_und_pruefung_haben_eine_quelle(self):
        optionen, richtig = quiz_daten("teil-1/uebung-3")
        assert richtig == "C"
        for wahl in "ABD":
            assert optionen[wahl]["begruendung"] in meldung(self.UEBUNG, f'antwort = "{wahl}"\n')
