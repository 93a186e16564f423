"""kurs/seite/plugin.py und kurs/seite/verzoegert.py, an echten Builds:

- Ein kalter Build (Cache von mkdocs-jupyter leer) rendert die Notebooks mit nbconvert.
- Ein warmer Build lädt weder nbconvert noch jupytext (die Platzhalter aus verzoegert.py).
- Der Zustand lebt je Build im Plugin-Objekt: Zwei Builds in einem Prozess, wie `mkdocs serve`
  sie macht, ergeben dieselbe Seite.

Zwei Prozesse (die Module eines Builds blieben sonst für den nächsten geladen), der erste kalt,
der zweite baut zweimal. Sie starten beim Sammeln und laufen nebenher (tests/conftest.py).
Was ein kaputter Cache-Eintrag auslöst, prüft test_notebookseiten.py ohne Build.
"""

import filecmp
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kurs.modell import WURZEL

BAUEN = """
import json, sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
from kurs.seite import verzoegert
for ziel in sys.argv[2:]:
    build(load_config(sys.argv[1], site_dir=ziel))
    print(json.dumps({"nbconvert": "nbconvert" in sys.modules, "jupytext": verzoegert.geladen("jupytext"),
                      "convert": verzoegert.geladen("mkdocs_jupyter.convert")}))
"""
_lauf = {}


def im_hintergrund():
    ordner = Path(tempfile.mkdtemp(prefix="kurs-plugin-"))
    befehle = [subprocess.list2cmdline([sys.executable, "-c", BAUEN, str(WURZEL / "mkdocs.yml"), *ziele])
               for ziele in ([str(ordner / "kalt")], [str(ordner / "warm"), str(ordner / "nochmal")])]
    _lauf["ordner"] = ordner
    _lauf["prozess"] = subprocess.Popen(
        " && ".join(befehle), shell=True, cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_NOTEBOOK_CACHE": str(ordner / "cache")})


@pytest.fixture(scope="module")
def builds():
    if not _lauf:
        im_hintergrund()
    ausgabe, _ = _lauf["prozess"].communicate(timeout=300)
    assert _lauf["prozess"].returncode == 0, ausgabe[-3000:]
    zeilen = [json.loads(z) for z in ausgabe.splitlines() if z.startswith("{")]
    return dict(zip(("kalt", "warm", "nochmal"), zeilen, strict=True)), _lauf["ordner"]


def test_kalter_build_rendert_die_notebooks_mit_nbconvert(builds):
    module, ordner = builds
    # jupytext liest nur Markdown-Seiten als Notebook; ignore: ["*.md"] in mkdocs.yml erspart das.
    assert module["kalt"] == {"nbconvert": True, "jupytext": False, "convert": True}
    assert len(list((ordner / "cache").glob("*.json"))) == 2


def test_warmer_build_laedt_weder_nbconvert_noch_jupytext(builds):
    module, ordner = builds
    assert module["warm"] == {"nbconvert": False, "jupytext": False, "convert": False}
    seite = Path("notebooks") / "uebungen-teil-1" / "index.html"
    assert 'class="jp-Notebook"' in (ordner / "warm" / seite).read_text(encoding="utf-8"), \
        "die Seite trägt das Markup von mkdocs-jupyter"
    assert (ordner / "warm" / seite).read_text(encoding="utf-8") == (ordner / "kalt" / seite).read_text(encoding="utf-8")


def unterschiede(eins: Path, zwei: Path) -> list[str]:
    vergleich = filecmp.dircmp(eins, zwei, ignore=["sitemap.xml.gz"])  # gzip mit Zeitstempel
    ergebnis, offen = [], [vergleich]
    while offen:
        v = offen.pop()
        ergebnis += [f"{v.left}/{n}" for n in v.diff_files + v.left_only + v.right_only + v.funny_files]
        offen += v.subdirs.values()
    return ergebnis


def test_zwei_builds_in_einem_prozess_ergeben_dieselbe_seite(builds):
    _, ordner = builds
    assert (ordner / "warm" / "teil-1" / "programme.json").is_file()
    assert unterschiede(ordner / "warm", ordner / "nochmal") == []
