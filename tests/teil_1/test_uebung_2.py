"""Teil 1, Übung 2: Ausgabe vorhersagen (snippets/teil-1/uebung-2/)."""

import pytest

from kurs.pruefen import Uebung
from uebung_test_helfer import meldung, pruefe_fehlerkatalog

UEBUNG = Uebung("teil-1/uebung-2")

# Typische falsche Vorhersagen: (Stelle der Musterlösung, falsche Fassung, erwartete Meldung)
FALSCHE_LOESUNGEN = {
    "vergisst den Visibility Timeout": ("None\nB 2\n", "B 2\n", "Zeile 3: Du sagst 'B 2', gedruckt wird 'None'"),
    "zählt die Versuche nicht hoch": ("None\nB 2\n", "None\nB 1\n", "Jede Zustellung zählt versuche hoch"),
    "hält receive() für löschend": ("B 2\n1\n", "B 2\n0\n", "A ist bestätigt und gelöscht, B noch nicht"),
    "vergisst eine Zeile": ("B 2\n1\n", "B 2\n", "Deine Vorhersage hat 4 Zeilen, gedruckt werden 5"),
}


def test_musterloesung_besteht():
    UEBUNG.pruefe(UEBUNG.loesung)


def test_leerzeichen_am_rand_zaehlen_nicht():
    UEBUNG.pruefe('vorhersage = """A 1\n  B 1\nNone  \nB 2\n1"""\n')


def test_vorlage_faellt_durch():
    assert "Zeile 1: Du sagst '???'" in meldung(UEBUNG, UEBUNG.vorlage)


@pytest.mark.parametrize("fehler", FALSCHE_LOESUNGEN, ids=list(FALSCHE_LOESUNGEN))
def test_falsche_vorhersage_bekommt_ihre_meldung(fehler):
    alt, neu, erwartet = FALSCHE_LOESUNGEN[fehler]
    assert erwartet in meldung(UEBUNG, UEBUNG.mit_ersetzung(alt, neu))


def test_keine_zeichenkette_faellt_durch():
    assert "vorhersage soll ein Text sein" in meldung(UEBUNG, "vorhersage = ['A 1']\n")


def test_jeder_fehler_hat_eigene_meldung():
    pruefe_fehlerkatalog(UEBUNG, FALSCHE_LOESUNGEN)
