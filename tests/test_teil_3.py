"""Ein neues Kapitel braucht eine Zeile in `nav`, eine Seite und einen Ordner, sonst nichts.

Der Test legt in einer Kopie des Kurses einen Teil 3 an, mit einem Beispiel und einer
Übung, und prüft, dass jedes Werkzeug ihn findet: Kursmodell, Beispiel-Tests, Übung,
Notebook und der strenge Build.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kurs import notebooks
from kurs.lauf import Fehlermeldung
from kurs.modell import WURZEL, Kurs

pytest_plugins = ["pytester"]

SEITE = """# Teil 3: Ein neues Kapitel

## Beispiel

--8<-- "teil-3/hallo.md"

## Übungen

### Übung 1: Verdoppeln

Schreibe `verdopple(x)`.

Vorlage:

--8<-- "teil-3/uebung-1/vorlage.md"

??? success "Lösung"
    --8<-- "teil-3/uebung-1/loesung.md"

??? example "So wird geprüft"
    --8<-- "teil-3/uebung-1/pruefung.md"
"""
DATEIEN = {
    "hallo.md": '```python\nprint("Hallo aus Teil 3")\n```\n\n<!--pytest-codeblocks:expected-output-->\n\n'
                '```text title="Ausgabe"\nHallo aus Teil 3\n```\n',
    "uebung-1/vorlage.md": "```python\ndef verdopple(x):\n    ...\n\n\nverdopple\n```\n",
    "uebung-1/loesung.md": "```python\ndef verdopple(x):\n    return 2 * x\n\n\nverdopple\n```\n",
    "uebung-1/pruefung.md": '```python\nassert verdopple(21) == 42, "verdopple(21) soll 42 sein."\n'
                            'print("Übung bestanden.")\n```\n',
    "uebung-1/fehler.toml": "vorlage_meldung = 'verdopple(21) soll 42 sein.'\n\n[[fehler]]\nname = 'plus'\n"
                            "alt = 'return 2 * x'\nneu = 'return 2 + x'\nmeldung = 'soll 42 sein'\n",
}


_kopie = {}


def im_hintergrund():
    """Legt die Kopie beim Sammeln an und startet den Build (tests/conftest.py): Er läuft nebenher."""
    ziel = Path(tempfile.mkdtemp(prefix="kurs-teil-3-"))
    for teil in ("docs", "snippets", "overrides", "kurs", "diagramme"):
        shutil.copytree(WURZEL / teil, ziel / teil, ignore=shutil.ignore_patterns("vendor", "__pycache__"))
    yml = (WURZEL / "mkdocs.yml").read_text(encoding="utf-8")
    zeile = '  - "Teil 2: Outbox, DLQ, Pub/Sub und Event-Log": teil-2.md\n'
    assert yml.count(zeile) == 1, "Die nav-Zeile von Teil 2 hat sich geändert; passe diesen Test an"
    (ziel / "mkdocs.yml").write_text(yml.replace(zeile, zeile + '  - "Teil 3: Ein neues Kapitel": teil-3.md\n'),
                                     encoding="utf-8")
    (ziel / "docs" / "teil-3.md").write_text(SEITE, encoding="utf-8")
    for name, inhalt in DATEIEN.items():
        (ziel / "snippets" / "teil-3" / name).parent.mkdir(parents=True, exist_ok=True)
        (ziel / "snippets" / "teil-3" / name).write_text(inhalt, encoding="utf-8")
    _kopie["ziel"] = ziel
    _kopie["bau"] = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-d", str(ziel / "site")],
        cwd=ziel, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


@pytest.fixture(scope="module")
def kopie():
    if not _kopie:
        im_hintergrund()
    yield _kopie["ziel"], _kopie["bau"]
    _kopie["bau"].kill()
    shutil.rmtree(_kopie["ziel"], ignore_errors=True)


def test_modell_kennt_teil_3_mit_beispiel_und_uebung(kopie):
    kurs = Kurs(kopie[0])
    (teil_3,) = [k for k in kurs.kapitel if k.name == "teil-3"]
    assert [p.code for p in teil_3.programme] == ['print("Hallo aus Teil 3")\n']
    (uebung,) = teil_3.uebungen
    assert (uebung.name, uebung.titel, uebung.definiert) == ("teil-3/uebung-1", "Verdoppeln", ["verdopple"])
    uebung.pruefe(uebung.loesung)
    with pytest.raises(Fehlermeldung, match="soll 42 sein"):
        uebung.pruefe(uebung.vorlage)
    assert "Übungen zu Teil 3" in [s.titel for s in kurs.seiten]
    assert [z["metadata"]["kurs"]["rolle"] for z in notebooks.notebook(kurs, teil_3)["cells"]
            if z["cell_type"] == "code"] == ["vorlage", "pruefung"]


def test_beispiel_von_teil_3_laeuft_als_test(kopie, pytester):
    pytester.chdir()
    lauf = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--rootdir", str(kopie[0]),
                                        str(kopie[0] / "snippets" / "teil-3"))
    lauf.assert_outcomes(passed=1)


def test_strenger_build_zeigt_teil_3_mit_notebook(kopie):
    ziel, bau = kopie
    ausgabe, _ = bau.communicate(timeout=120)
    assert bau.returncode == 0, ausgabe
    assert "Hallo aus Teil 3" in (ziel / "site" / "teil-3" / "index.html").read_text(encoding="utf-8")
    assert (ziel / "site" / "notebooks" / "uebungen-teil-3.ipynb").is_file()
    assert (ziel / "site" / "teil-3" / "programme.json").is_file()
