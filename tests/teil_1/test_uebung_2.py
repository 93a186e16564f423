"""Teil 1, Übung 2: Ausgabe vorhersagen (snippets/teil-1/uebung-2/)."""

from kurs.pruefen import Uebung
from uebung_test_helfer import UebungsTests, meldung

# Typische falsche Vorhersagen
FALSCHE_LOESUNGEN = {
    "vergisst den Visibility Timeout": ("None\nB 2\n", "B 2\n", "Zeile 3: Du sagst 'B 2', gedruckt wird 'None'"),
    "zählt die Versuche nicht hoch": ("None\nB 2\n", "None\nB 1\n", "Jede Zustellung zählt versuche hoch"),
    "hält receive() für löschend": ("B 2\n1\n", "B 2\n0\n", "A ist bestätigt und gelöscht, B noch nicht"),
    "vergisst eine Zeile": ("B 2\n1\n", "B 2\n", "Deine Vorhersage hat 4 Zeilen, gedruckt werden 5"),
}


class TestUebung(UebungsTests):
    UEBUNG = Uebung("teil-1/uebung-2")
    VORLAGE_MELDUNG = "Zeile 1: Du sagst '???'"
    FALSCHE_LOESUNGEN = FALSCHE_LOESUNGEN

    def test_leerzeichen_am_rand_zaehlen_nicht(self):
        self.UEBUNG.pruefe('vorhersage = """A 1\n  B 1\nNone  \nB 2\n1"""\n')

    def test_keine_zeichenkette_faellt_durch(self):
        assert "vorhersage soll ein Text sein" in meldung(self.UEBUNG, "vorhersage = ['A 1']\n")
