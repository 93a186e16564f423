"""kurs/pytest_plugin.py: pytest-codeblocks führt jedes Beispiel in snippets/ aus, mit beiden
Befehlen gleich, und jede Ausgabe wird mit dem echten Lauf verglichen oder neu geschrieben.

Jeder Fall läuft in einer Kopie des Kurses (mkdocs.yml, docs/, snippets/) mit pytester,
im selben Prozess: Das Plugin nimmt das Kursmodell des Ordners, in dem pytest läuft.
"""

import shutil

import pytest
import pytest_codeblocks.plugin as codeblocks

from kurs.modell import WURZEL, Kurs

pytest_plugins = ["pytester"]

PARTITION = "snippets/teil-2/partition.md"
RICHTIG = "kunde-A bestellt -> (0, 0)\n"
FALSCH = "kunde-A bestellt -> (9, 9)\n"
BEIDE_BEFEHLE = [pytest.param([], id="uv run pytest"), pytest.param(["--codeblocks"], id="--codeblocks")]


@pytest.fixture
def kopie(pytester):
    for teil in ("docs", "snippets"):
        shutil.copytree(WURZEL / teil, pytester.path / teil, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", pytester.path)
    return pytester


def ersetze(kopie, datei, alt, neu):
    pfad = kopie.path / datei
    text = pfad.read_text(encoding="utf-8")
    assert text.count(alt) == 1, f"{datei} hat sich geändert; passe diesen Test an"
    pfad.write_text(text.replace(alt, neu), encoding="utf-8")


@pytest.mark.parametrize("befehl", BEIDE_BEFEHLE)
def test_beide_befehle_sammeln_dieselben_items_von_pytest_codeblocks(kopie, befehl):
    items, _ = kopie.inline_genitems("-p", "no:cacheprovider", *befehl, "snippets")
    namen = [i.nodeid for i in items]
    erwartet = sorted(f"{b.datei.relative_to(kopie.path).as_posix()}::line {b.zeile}"
                      for b in Kurs(kopie.path).beispiele_aller_dateien)
    assert sorted(namen) == erwartet
    assert all(isinstance(i, codeblocks.TestBlock) for i in items)


@pytest.mark.parametrize("befehl", BEIDE_BEFEHLE)
def test_falsche_ausgabe_laesst_den_test_scheitern_und_nennt_datei_und_zeile(kopie, befehl):
    ersetze(kopie, PARTITION, RICHTIG, FALSCH)
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", *befehl, "snippets/teil-2/")
    beispiele = sum("teil-2" in b.datei.parts for b in Kurs(kopie.path).beispiele_aller_dateien)
    lauf.assert_outcomes(passed=beispiele - 1, failed=1)
    lauf.stdout.fnmatch_lines([f"{PARTITION}:1: Die gezeigte Ausgabe passt nicht zum Code.", FALSCH.strip(),
                               "but got", "*", RICHTIG.strip()])


def test_ausgaben_aktualisieren_schreibt_den_echten_lauf(kopie):
    ersetze(kopie, PARTITION, RICHTIG, FALSCH)
    # Nur Teil 2: Das Labor startete sonst alle Server für diesen einen Test.
    beispiele = sum("teil-2" in b.datei.parts for b in Kurs(kopie.path).beispiele_aller_dateien)
    kopie.runpytest_inprocess("-p", "no:cacheprovider", "--ausgaben-aktualisieren", "snippets/teil-2").assert_outcomes(
        passed=beispiele)
    assert (kopie.path / PARTITION).read_text(encoding="utf-8") == (WURZEL / PARTITION).read_text(encoding="utf-8")


def test_abbrechendes_beispiel_meldet_datei_und_zeile_ohne_traceback(kopie):
    ersetze(kopie, PARTITION, "print(", "print(1 / 0, ")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PARTITION)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"{PARTITION}:1: Das Beispiel bricht ab.", "*division by zero"])
    assert "Traceback" not in lauf.stdout.str()


def test_endloses_beispiel_stoppt_mit_datei_und_zeile(kopie, monkeypatch):
    monkeypatch.setattr("kurs.pytest_plugin.ZEITLIMIT", 0.2)
    ersetze(kopie, PARTITION, "for key, ereignis in [", "while True:\n    pass\nfor key, ereignis in [")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PARTITION)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"*{PARTITION}:1: Das Beispiel lief länger als 0.2 s und wurde gestoppt.*"])
    assert "Traceback" not in lauf.stdout.str() and "Timeout" not in lauf.stdout.str()


KAPUTT = {  # Datei -> (Inhalt, Meldung); alle in einem Lauf je Befehl, jede mit ihrer Zeile
    "cont.md": ("Text\n\n<!--pytest-codeblocks:cont-->\n\n```python\nprint(1)\n```\n",
                "snippets/teil-2/kaputt/cont.md:3: <!--pytest-codeblocks:cont--> ohne Codeblock davor"),
    "ausgabe.md": ("Text\n\n<!--pytest-codeblocks:expected-output-->\n\n```text\n1\n```\n",
                   "snippets/teil-2/kaputt/ausgabe.md:3: <!--pytest-codeblocks:expected-output--> ohne Codeblock davor"),
    "einbindung.md": ('```python\nx = 1\n```\n\n--8<-- "teil-2/gibt-es-nicht.md"\n',
                      "snippets/teil-2/kaputt/einbindung.md:5: Die eingebundene Datei gibt es nicht"),
    "fence.md": ("```python\nx = 1\n", "snippets/teil-2/kaputt/fence.md:1: Ein Fence wird nicht geschlossen"),
}


@pytest.mark.parametrize("befehl", BEIDE_BEFEHLE)
def test_kaputtes_snippet_nennt_datei_und_zeile(kopie, befehl):
    (kopie.path / "snippets/teil-2/kaputt").mkdir()
    for name, (inhalt, _) in KAPUTT.items():
        (kopie.path / "snippets/teil-2/kaputt" / name).write_text(inhalt, encoding="utf-8")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", *befehl, "snippets/teil-2/kaputt")
    assert lauf.ret != 0
    for _, meldung in KAPUTT.values():
        lauf.stdout.fnmatch_lines([f"*Fehler in den Quellen des Kurses: {meldung}*"])
    assert "Traceback" not in lauf.stdout.str()
