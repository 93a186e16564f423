"""kurs/seite/verzoegert.py und der Cache von mkdocs-jupyter: Ein Build, dessen Notebooks im
Cache liegen, lädt weder nbconvert noch jupytext; ein kalter Build rendert mit nbconvert; ein
kaputter Eintrag oder einer einer anderen Version wird still neu gerendert.

Drei Builds hintereinander, jeder in einem frischen Prozess (sonst wären Module vom Build
davor geladen). Sie starten beim Sammeln und laufen nebenher (tests/conftest.py).
"""

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
from pathlib import Path
cache = Path(sys.argv[3])
if sys.argv[4] == "kaputt":
    for eintrag in cache.glob("*.json"):
        eintrag.write_text("{kaputt", encoding="utf-8")
    (cache / "VERSION").write_text("0.0.1\\n", encoding="utf-8")
from mkdocs.commands.build import build
from mkdocs.config import load_config
build(load_config(sys.argv[1], site_dir=sys.argv[2]))
from kurs.seite import verzoegert
print(json.dumps({"nbconvert": "nbconvert" in sys.modules, "jupytext": verzoegert.geladen("jupytext"),
                  "convert": verzoegert.geladen("mkdocs_jupyter.convert")}))
"""
FOLGE = ("kalt", "warm", "kaputt")
_builds = {}


def im_hintergrund():
    ordner = Path(tempfile.mkdtemp(prefix="kurs-verzoegert-"))
    befehle = [subprocess.list2cmdline([sys.executable, "-c", BAUEN, str(WURZEL / "mkdocs.yml"),
                                        str(ordner / art), str(ordner / "cache"), art]) for art in FOLGE]
    _builds["ordner"] = ordner
    _builds["prozess"] = subprocess.Popen(
        " && ".join(befehle), shell=True, cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_NOTEBOOK_CACHE": str(ordner / "cache")})


@pytest.fixture(scope="module")
def builds():
    if not _builds:
        im_hintergrund()
    ausgabe, _ = _builds["prozess"].communicate(timeout=300)
    assert _builds["prozess"].returncode == 0, ausgabe[-3000:]
    zeilen = [json.loads(z) for z in ausgabe.splitlines() if z.startswith("{")]
    return dict(zip(FOLGE, zeilen, strict=True)), _builds["ordner"]


def test_kalter_build_rendert_die_notebooks_mit_nbconvert(builds):
    module, ordner = builds
    # jupytext liest nur Markdown-Seiten als Notebook; ignore: ["*.md"] in mkdocs.yml erspart das.
    assert module["kalt"] == {"nbconvert": True, "jupytext": False, "convert": True}
    assert len(list((ordner / "cache").glob("*.json"))) == 2


def test_warmer_build_laedt_weder_nbconvert_noch_jupytext(builds):
    module, ordner = builds
    assert module["warm"] == {"nbconvert": False, "jupytext": False, "convert": False}
    seite = ordner / "warm" / "notebooks" / "uebungen-teil-1" / "index.html"
    assert 'class="jp-Notebook"' in seite.read_text(encoding="utf-8"), "die Seite trägt das Markup von mkdocs-jupyter"
    assert seite.read_text(encoding="utf-8") == (ordner / "kalt" / seite.relative_to(ordner / "warm")).read_text(
        encoding="utf-8")


def test_kaputter_cache_einer_anderen_version_wird_still_neu_gerendert(builds):
    module, ordner = builds
    assert module["kaputt"]["convert"], "neu gerendert"
    seite = Path("notebooks") / "uebungen-teil-2" / "index.html"
    assert (ordner / "kaputt" / seite).read_text(encoding="utf-8") == (ordner / "kalt" / seite).read_text(encoding="utf-8")
