"""Gezeigte Ausgaben: Jede wird mit dem echten Lauf verglichen, und
`--ausgaben-aktualisieren` schreibt sie aus dem echten Lauf neu.

Jeder Fall läuft in einer Kopie des Kurses (mkdocs.yml, docs/, snippets/) mit pytester,
im selben Prozess: Das Plugin nimmt das Kursmodell des Ordners, in dem pytest läuft.
"""

import shutil

import pytest

from kurs.modell import WURZEL, Kurs

pytest_plugins = ["pytester"]

PARTITION = "snippets/teil-2/partition.md"
RICHTIG = "kunde-A bestellt -> (0, 0)\n"
FALSCH = "kunde-A bestellt -> (9, 9)\n"


@pytest.fixture
def kopie(pytester):
    for teil in ("docs", "snippets"):
        shutil.copytree(WURZEL / teil, pytester.path / teil, ignore=shutil.ignore_patterns("assets"))
    shutil.copy(WURZEL / "mkdocs.yml", pytester.path)
    return pytester


def ersetze(kopie, datei, alt, neu):
    pfad = kopie.path / datei
    text = pfad.read_text(encoding="utf-8")
    assert text.count(alt) == 1, f"{datei} hat sich geändert; passe diesen Test an"
    pfad.write_text(text.replace(alt, neu), encoding="utf-8")


def test_falsche_ausgabe_laesst_den_test_scheitern_und_nennt_die_datei(kopie):
    ersetze(kopie, PARTITION, RICHTIG, FALSCH)
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", "snippets/teil-2/")
    beispiele = sum(p.snippet.parent.name == "teil-2" for p in Kurs(kopie.path).programme)
    lauf.assert_outcomes(passed=beispiele - 1, failed=1)
    lauf.stdout.fnmatch_lines([f"Die gezeigte Ausgabe 1 in {PARTITION} passt nicht zum Code:",
                               "-" + FALSCH.strip(), "+" + RICHTIG.strip()])


def test_ausgaben_aktualisieren_schreibt_den_echten_lauf(kopie):
    ersetze(kopie, PARTITION, RICHTIG, FALSCH)
    beispiele = len(Kurs(kopie.path).programme)
    kopie.runpytest_inprocess("-p", "no:cacheprovider", "--ausgaben-aktualisieren").assert_outcomes(passed=beispiele)
    assert (kopie.path / PARTITION).read_text(encoding="utf-8") == (WURZEL / PARTITION).read_text(encoding="utf-8")


def test_abbrechendes_beispiel_meldet_die_datei_ohne_traceback(kopie):
    ersetze(kopie, PARTITION, "print(", "print(1 / 0, ")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PARTITION)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"Das Beispiel aus {PARTITION} bricht ab: ZeroDivisionError: division by zero (Zeile *)"])
    assert "Traceback" not in lauf.stdout.str()


def test_ausgabe_in_einer_eingebundenen_datei_wird_gemeldet(kopie):
    # Eine Ausgabe gehört in die Datei, deren Code sie erzeugt; eingebunden zählt sie nicht.
    (kopie.path / "snippets/teil-2/eingebunden.md").write_text(f'--8<-- "teil-2/partition.md"\n', encoding="utf-8")
    ersetze(kopie, "docs/teil-2.md", '--8<-- "teil-2/partition.md"', '--8<-- "teil-2/eingebunden.md"')
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", "snippets/teil-2/")
    lauf.stdout.fnmatch_lines(["*snippets/teil-2/eingebunden.md: 0 Ausgabe-Blöcke in der Datei, aber 1 nach dem "
                               "Zusammensetzen*"])
    assert lauf.ret != 0
    # Einmal, nicht bei jeder der Dateien, die pytest danach sammelt.
    assert lauf.stdout.str().count("Fehler in den Quellen des Kurses") == 1
