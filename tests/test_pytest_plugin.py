"""kurs/pytest_plugin.py: pytest-codeblocks führt jedes Beispiel in snippets/ aus, mit beiden
Befehlen gleich, und jede Ausgabe wird mit dem echten Lauf verglichen oder neu geschrieben.

Jeder Fall läuft in einer Kopie des Kurses (mkdocs.yml, docs/, snippets/) mit pytester,
im selben Prozess: Das Plugin nimmt das Kursmodell des Ordners, in dem pytest läuft. Geändert
wird eine eigene Probe (PROBE), keine Datei des Kurses: Ein Fehler, den jemand in snippets/ macht,
zeigt sich so in seinem eigenen Test und nicht noch einmal hier.
"""


import kurs_kopie
import pytest
import pytest_codeblocks.plugin as codeblocks

from kurs.modell import Kurs

pytest_plugins = ["pytester"]

PROBE = "snippets/teil-2/probe.md"
# Ein eingebundenes Stück (die Queue aus Teil 1 ist ein Beispiel ohne Ausgabe), dann eigener Code.
PROBE_TEXT = """--8<-- "teil-1/queue.md"

<!--pytest-codeblocks:cont-->

```python
q = Queue()
q.send("hallo")
for n in range(2):
    print(n, "von", len(q.nachrichten))
```

<!--pytest-codeblocks:expected-output-->

```text title="Ausgabe"
0 von 1
1 von 1
```
"""
AUSGABE_ZEILE = 15  # die erste Zeile der gezeigten Ausgabe
RICHTIG = "0 von 1\n1 von 1\n"
FALSCH = "0 von 1\n1 von 2\n"
BEIDE_BEFEHLE = [pytest.param([], id="uv run pytest"), pytest.param(["--codeblocks"], id="--codeblocks")]


@pytest.fixture
def kopie(pytester):
    kurs_kopie.fuer_pytester(pytester.path, PROBE, PROBE_TEXT)
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
def test_falsche_ausgabe_nennt_die_zeile_der_ausgabe_und_den_befehl_mit_pfad(kopie, befehl):
    ersetze(kopie, PROBE, RICHTIG, FALSCH)
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", *befehl, PROBE)
    lauf.assert_outcomes(failed=1)
    # FALSCH weicht in seiner zweiten Zeile ab: Dort ist sie zu ändern.
    lauf.stdout.fnmatch_lines([f"{PROBE}:{AUSGABE_ZEILE + 1}: Die gezeigte Ausgabe passt nicht zum Code.", "Gezeigt:",
                               *FALSCH.splitlines(), "Gedruckt:", *RICHTIG.splitlines(),
                               f"Neu schreiben aus dem echten Lauf: uv run python -m kurs.ausgaben {PROBE}"])
    assert "Expected output" not in lauf.stdout.str() and "but got" not in lauf.stdout.str()


@pytest.mark.parametrize("gezeigt, gedruckt, zeile", [
    ("a\nb\n", "a\nc\n", 1), ("x\nb\n", "a\nb\n", 0), ("a\n", "a\nb\n", 1), ("a\nb\n", "a\n", 1),
])
def test_erste_abweichung(gezeigt, gedruckt, zeile):
    from kurs.pytest_plugin import erste_abweichung

    assert erste_abweichung(gezeigt, gedruckt) == zeile


def test_ausgaben_neu_schreiben_nennt_was_sich_aenderte(kopie, capsys):
    from kurs import ausgaben

    ersetze(kopie, PROBE, RICHTIG, FALSCH)
    assert ausgaben.main([PROBE]) == 0
    assert f"Neu geschrieben (1): {PROBE}:{AUSGABE_ZEILE}" in capsys.readouterr().out
    assert (kopie.path / PROBE).read_text(encoding="utf-8") == PROBE_TEXT
    assert ausgaben.main([PROBE]) == 0
    assert "Neu geschrieben: nichts" in capsys.readouterr().out


def test_abbrechendes_beispiel_nennt_die_zeile_in_der_datei_ohne_traceback(kopie):
    ersetze(kopie, PROBE, 'print(n, "von"', 'print(1 / n, "von"')
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PROBE)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"{PROBE}:9: Das Beispiel bricht ab: ZeroDivisionError: division by zero"])
    assert "Traceback" not in lauf.stdout.str()


def test_eingebundener_code_der_nur_im_einbindenden_beispiel_laeuft_bleibt_rot(kopie):
    """queue.md definiert die Queue nur; send() läuft erst in der Probe. Ihr Test ist grün: Der Fehler gehört
    dem Test der Probe, an der Zeile in queue.md, nicht übersprungen als „Folgefehler“ ohne Meldung."""
    queue = "snippets/teil-1/queue.md"
    ersetze(kopie, queue, "self.naechste_id += 1", "self.naechste_id += None")
    zeile = (kopie.path / queue).read_text(encoding="utf-8").split("\n").index("        self.naechste_id += None") + 1
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", queue, PROBE)
    lauf.assert_outcomes(passed=1, failed=1)
    lauf.stdout.fnmatch_lines([f"{queue}:{zeile}: Das Beispiel bricht ab: TypeError: * (eingebunden in {PROBE}:*)"])
    # Scheitert schon queue.md selbst, steht der Fehler dort einmal; die Probe zählt als Folgefehler.
    ersetze(kopie, queue, "visibility_timeout=3", "visibility_timeout=1 / 0")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", "-rs", queue, PROBE)
    lauf.assert_outcomes(failed=1, skipped=1)
    lauf.stdout.fnmatch_lines([f"*Folgefehler: gemeldet beim Test von {queue}"])


def _commit(kopie):
    import shutil
    import subprocess

    import werkzeuge

    from kurs.modell import aenderungen

    if not shutil.which("git"):
        werkzeuge.fehlt("git", "git fehlt")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"]
    for befehl in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Stand"]):
        subprocess.run([*git, *befehl], cwd=kopie.path, check=True, capture_output=True)
    aenderungen._im_commit.cache_clear()


def test_spaeter_sichtbarer_fehler_nennt_die_geaenderte_zeile(kopie):
    """Eine gelöschte Zeile, nach der der Code noch läuft: Die Meldung nennt sie (Vergleich mit dem Commit)."""
    _commit(kopie)
    ersetze(kopie, PROBE, 'q.send("hallo")\n', "")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PROBE)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"{PROBE}:7: Seit dem letzten Commit fehlt vor dieser Zeile: 'q.send(\"hallo\")'; danach "
                               f"passt die gezeigte Ausgabe ({PROBE}:14) nicht mehr zum Code: *"])
    ersetze(kopie, PROBE, "q = Queue()", "q = None")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PROBE)
    lauf.stdout.fnmatch_lines([f"{PROBE}:6: Seit dem letzten Commit geändert (vorher: 'q = Queue() / q.send(\"hallo\")'); "
                               f"danach bricht das Beispiel in {PROBE}:8 ab: AttributeError: *"])


def test_endloses_beispiel_stoppt_mit_datei_und_zeile(kopie, monkeypatch):
    monkeypatch.setattr("kurs.pytest_plugin.ZEITLIMIT", 0.2)
    ersetze(kopie, PROBE, "for n in range(2):", "while True:\n    pass\nfor n in range(2):")
    lauf = kopie.runpytest_inprocess("-p", "no:cacheprovider", PROBE)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"*{PROBE}:5: Das Beispiel lief länger als 0.2 s und wurde gestoppt.*"])
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
        lauf.stdout.fnmatch_lines([f"*{meldung}* (Fehler in den Quellen des Kurses)*"])
    assert "Traceback" not in lauf.stdout.str()
