"""`uv run pytest --uebung … --loesung …`: so prüft eine Leserin ihre eigene Datei.

Der Erfolg und die Endlosschleife laufen als echte Befehle in eigenen Prozessen, nebenher.
Die Meldungen und falsche Aufrufe prüft der Test im selben Prozess (pytester,
kurs.pruefen.main); die Lösung selbst läuft auch dort in einem eigenen Prozess.
"""

import os
import shutil
import subprocess
import sys
import textwrap

import pytest
import werkzeuge

from kurs import pruefen
from kurs.lauf import Fehlermeldung
from kurs.modell import WURZEL, Kurs

pytest_plugins = ["pytester"]

KURS = Kurs()
OUTBOX = KURS.uebung("teil-2/uebung-1")


_prozesse = {}
_dateien = {}
# Länger als der Start des Prüfprozesses (gemessen 0,3 s, unter Last über 3 s): Die Lösung läuft wirklich,
# bevor die Grenze sie stoppt.
ZEITLIMIT = 5.0
# Schreibt ihre Prozessnummer, bevor sie ewig läuft: So sieht der Test, dass sie lief und nun tot ist.
ENDLOS = "import os, pathlib\npathlib.Path({pid!r}).write_text(str(os.getpid()))\nwhile True:\n    pass\n"


def im_hintergrund():
    """Startet die Prozesse schon beim Sammeln (tests/conftest.py): Sie laufen nebenher."""
    aufrufe = {"richtig": (OUTBOX.loesung, []), "endlos": (ENDLOS, ["--zeitlimit", str(ZEITLIMIT)])}
    for name, (inhalt, extra) in aufrufe.items():
        # Die Datei liegt außerhalb des Kursordners: Auch das muss gehen.
        datei = _dateien[name] = werkzeuge.temp_ordner(f"kurs-{name}-") / "meine_loesung.py"
        datei.write_text(inhalt.replace("{pid!r}", repr(str(datei.with_name("pid")))), encoding="utf-8")
        _prozesse[name] = subprocess.Popen(
            [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--uebung", "teil-2/uebung-1",
             "--loesung", str(datei), *extra],
            cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )


@pytest.fixture(scope="module")
def prozesse():
    if not _prozesse:
        im_hintergrund()
    yield {name: (p.communicate(timeout=60)[0], p.returncode) for name, p in _prozesse.items()}
    for datei in _dateien.values():
        shutil.rmtree(datei.parent, ignore_errors=True)


def lebt(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_richtige_loesung_besteht_mit_status_0(prozesse):
    ausgabe, status = prozesse["richtig"]
    assert status == 0 and "1 passed" in ausgabe, ausgabe


@pytest.mark.timeout(60)  # ohne Grenze liefe die Schleife ewig: Dann scheitert dieser Test, statt zu hängen
def test_endlosschleife_wird_gestoppt(prozesse):
    ausgabe, status = prozesse["endlos"]
    assert status == 1, ausgabe
    assert f"Nicht bestanden: Deine Lösung lief länger als {ZEITLIMIT:g} s und wurde gestoppt." in ausgabe
    assert "Traceback" not in ausgabe
    pid = _dateien["endlos"].with_name("pid")
    assert pid.is_file(), "Die Lösung lief gar nicht: Die Grenze kam vor dem Start von Python."
    assert not lebt(int(pid.read_text())), "Die Endlosschleife läuft nach dem Stopp weiter."


@pytest.mark.parametrize("inhalt, status, text", [
    (OUTBOX.loesung, 0, "Bestanden."),
    (OUTBOX.vorlage, 1, OUTBOX.vorlage_meldung),
    ("def bestellen(con, betrag)\n    return 1\n", 1, "Deine Lösung läuft nicht: Syntaxfehler in Zeile 1: Hier fehlt "
     "ein Doppelpunkt"),
    # Ein häufiger Fehler auf Deutsch, Pythons Meldung in Klammern: wie im Browser (kurs/lauf.py).
    ("def bestellen(con, betrag):\n    return 'Bestellung ' + betrag\n\n\ndef relay(con, broker):\n    pass\n", 1,
     "Beim Prüfen scheitert deine Lösung. Falscher Typ in Zeile 2: Text (`str`) und `int` lassen sich nicht mit `+` "
     'verbinden. Wandle den Wert mit `str(...)` um, oder nimm einen f-String. (Python: TypeError: can only '
     'concatenate str (not "int") to str)'),
])
def test_pruefprozess_meldet_deutsch_mit_status(tmp_path, capsys, monkeypatch, inhalt, status, text):
    (tmp_path / "meine_loesung.py").write_text(inhalt, encoding="utf-8")
    monkeypatch.chdir(WURZEL)
    assert pruefen.main(["teil-2/uebung-1", str(tmp_path / "meine_loesung.py")]) == status
    ausgabe = capsys.readouterr().out
    assert text in ausgabe and "Traceback" not in ausgabe


@pytest.mark.parametrize("argumente, text", [
    (["--uebung", "teil-2/uebung-1", "--loesung", "fehlt.py"], "Die Datei 'fehlt.py' gibt es nicht"),
    (["--uebung", "teil-9/uebung-1", "--loesung", "x.py"], "Die Übung 'teil-9/uebung-1' gibt es nicht. Es gibt:"),
    (["--uebung", "teil-2/uebung-1"], "Gib beides an"),
])
def test_falscher_aufruf_bekommt_klare_meldung(pytester, monkeypatch, argumente, text):
    monkeypatch.chdir(WURZEL)
    lauf = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--rootdir", str(WURZEL), *argumente)
    assert lauf.ret not in (0, 1)
    assert text in lauf.stderr.str()


def test_unbekannte_uebung_nennt_jede_uebung_mit_ihren_namen(pytester, monkeypatch):
    monkeypatch.chdir(WURZEL)
    lauf = pytester.runpytest_inprocess("--rootdir", str(WURZEL), "--uebung", "teil-9/uebung-1", "--loesung", "x")
    for uebung in KURS.uebungen.values():
        assert f"{uebung.name}  (deine Datei definiert {', '.join(uebung.definiert)})" in lauf.stderr.str()


# Was die Meldungen sagen, prüft pruefe() direkt; der Prozess oben reicht sie nur durch.
@pytest.mark.parametrize("inhalt, text", [
    ("def bestellen(con, betrag):\n    return 1\n\n(bestellen, relay)\n",
     "Deine Lösung läuft nicht: Unbekannter Name in Zeile 4: Einen Namen `relay` gibt es hier nicht."),
    ("def bestellen(con, betrag):\n    return 1\n", "Die Funktion relay fehlt in deiner Lösung."),
    ("import nicht_da\n", "Deine Lösung läuft nicht: Unbekanntes Modul in Zeile 1: Das Modul `nicht_da` gibt es hier nicht."),
    (textwrap.dedent("""\
        def bestellen(con, betrag):
            return 1 / 0
        def relay(con, broker):
            pass
        """), "Beim Prüfen scheitert deine Lösung. Division durch null in Zeile 2: Hier wird durch 0 geteilt. "
              "(Python: ZeroDivisionError: division by zero)"),
])
def test_kaputte_loesung_bekommt_klare_meldung(inhalt, text):
    with pytest.raises(Fehlermeldung) as fehler:
        OUTBOX.pruefe(inhalt)
    assert text in str(fehler.value)


def test_pruefprozess_laedt_pytest_nicht(tmp_path):
    """Der Prozess braucht nur den Parser von pytest-codeblocks; dessen Paket lüde pytest (ein Fünftel
    Sekunde je Prüfung, kurs/modell/beispiele.py: codeblocks_main)."""
    loesung = tmp_path / "loesung.py"
    loesung.write_text(OUTBOX.loesung, encoding="utf-8")
    code = ("import sys; from kurs import pruefen; status = pruefen.main(sys.argv[1:]); "
            "print(status, 'pytest' in sys.modules, '_pytest' in sys.modules)")
    lauf = subprocess.run([sys.executable, "-c", code, OUTBOX.name, str(loesung)], cwd=WURZEL, capture_output=True,
                          text=True, check=True)
    assert lauf.stdout.splitlines()[-1] == "0 False False", lauf.stdout
