"""`uv run pytest --uebung … --loesung …`: so prüft eine Leserin ihre eigene Datei.

Die Aufrufe laufen als echte Prozesse, alle zugleich (jeder startet pytest neu)."""

import subprocess
import sys
import textwrap

import pytest

from kurs.pruefen import Uebung
from kurs.modell import WURZEL
from uebung_test_helfer import meldung

AUFRUFE = {
    # Name: (Übung, Inhalt der Datei oder None für "fehlt", weitere Argumente)
    "richtig": ("teil-2/uebung-1", Uebung("teil-2/uebung-1").loesung, []),
    "vorlage-1": ("teil-2/uebung-1", Uebung("teil-2/uebung-1").vorlage, []),
    "vorlage-2": ("teil-2/uebung-2", Uebung("teil-2/uebung-2").vorlage, []),
    "vorlage-3": ("teil-2/uebung-3", Uebung("teil-2/uebung-3").vorlage, []),
    "syntaxfehler": ("teil-2/uebung-1", "def bestellen(con, betrag)\n    return 1\n", []),
    "endlos": ("teil-2/uebung-3", "while True:\n    pass\n", ["--zeitlimit", "1"]),
    "datei-fehlt": ("teil-2/uebung-1", None, []),
    "uebung-unbekannt": ("teil-9/uebung-1", "antwort = 'B'\n", []),
}


@pytest.fixture(scope="module")
def laeufe(tmp_path_factory):
    prozesse = {}
    for name, (uebung, inhalt, extra) in AUFRUFE.items():
        # Die Datei liegt außerhalb des Kursordners: Auch das muss gehen.
        datei = tmp_path_factory.mktemp(name) / "meine_loesung.py"
        if inhalt is not None:
            datei.write_text(inhalt, encoding="utf-8")
        prozesse[name] = subprocess.Popen(
            [sys.executable, "-m", "pytest", "--uebung", uebung, "--loesung", str(datei), *extra],
            cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
    return {name: (p.communicate(timeout=60)[0], p.returncode) for name, p in prozesse.items()}


def test_richtige_loesung_besteht(laeufe):
    ausgabe, status = laeufe["richtig"]
    assert status == 0, ausgabe
    assert "1 passed" in ausgabe


@pytest.mark.parametrize("name", ["vorlage-1", "vorlage-2", "vorlage-3", "syntaxfehler", "endlos"])
def test_nicht_bestanden_heisst_exit_1_und_deutsche_meldung_ohne_traceback(laeufe, name):
    ausgabe, status = laeufe[name]
    assert status == 1, ausgabe
    assert "Nicht bestanden: " in ausgabe
    assert "Traceback" not in ausgabe


def test_syntaxfehler_nennt_die_zeile(laeufe):
    assert "Deine Lösung läuft nicht: Syntaxfehler in Zeile 1" in laeufe["syntaxfehler"][0]


def test_endlosschleife_wird_gestoppt(laeufe):
    assert "lief länger als 1 s und wurde gestoppt" in laeufe["endlos"][0]


@pytest.mark.parametrize("name, text", [
    ("datei-fehlt", "Die Datei"),
    ("uebung-unbekannt", "Die Übung 'teil-9/uebung-1' gibt es nicht. Es gibt: teil-1/uebung-1"),
])
def test_falscher_aufruf_bekommt_klare_meldung(laeufe, name, text):
    ausgabe, status = laeufe[name]
    assert status not in (0, 1), ausgabe
    assert text in ausgabe


# Was die Meldungen sagen, prüft pruefe() direkt; der Prozess oben reicht sie nur durch.
@pytest.mark.parametrize("inhalt, text", [
    ("def bestellen(con, betrag):\n    return 1\n\n(bestellen, relay)\n",
     "Deine Lösung läuft nicht: Der Name 'relay' ist nicht definiert (Zeile 4)"),
    ("def bestellen(con, betrag):\n    return 1\n", "Die Funktion relay fehlt in deiner Lösung."),
    ("import nicht_da\n", "Deine Lösung läuft nicht: ModuleNotFoundError: No module named 'nicht_da' (Zeile 1)"),
    (textwrap.dedent("""\
        def bestellen(con, betrag):
            return 1 / 0
        def relay(con, broker):
            pass
        """), "Beim Prüfen wirft deine Lösung ZeroDivisionError: division by zero (Zeile 2)"),
])
def test_kaputte_loesung_bekommt_klare_meldung(inhalt, text):
    assert text in meldung(Uebung("teil-2/uebung-1"), inhalt)
