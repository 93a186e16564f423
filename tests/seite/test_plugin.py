"""kurs/seite/plugin.py: Der Zustand lebt je Build im Plugin-Objekt. Zwei Builds in einem
Prozess (wie `mkdocs serve` sie macht) ergeben dieselbe Seite.

Beide Builds laufen in einem eigenen Prozess, gestartet beim Sammeln (tests/conftest.py).
"""

import filecmp
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kurs.modell import WURZEL

ZWEIMAL = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
for ziel in sys.argv[2:]:
    build(load_config(sys.argv[1], site_dir=ziel))
"""
_lauf = {}


def im_hintergrund():
    ordner = Path(tempfile.mkdtemp(prefix="kurs-zweimal-"))
    _lauf["ordner"] = ordner
    _lauf["prozess"] = subprocess.Popen(
        [sys.executable, "-c", ZWEIMAL, str(WURZEL / "mkdocs.yml"), str(ordner / "eins"), str(ordner / "zwei")],
        cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_NOTEBOOK_CACHE": str(ordner / "cache")})


@pytest.fixture(scope="module")
def zwei_seiten():
    if not _lauf:
        im_hintergrund()
    ausgabe, _ = _lauf["prozess"].communicate(timeout=300)
    assert _lauf["prozess"].returncode == 0, ausgabe[-3000:]
    return _lauf["ordner"] / "eins", _lauf["ordner"] / "zwei"


def unterschiede(eins: Path, zwei: Path) -> list[str]:
    vergleich = filecmp.dircmp(eins, zwei, ignore=["sitemap.xml.gz"])  # gzip mit Zeitstempel
    ergebnis, offen = [], [vergleich]
    while offen:
        v = offen.pop()
        ergebnis += [f"{v.left}/{n}" for n in v.diff_files + v.left_only + v.right_only + v.funny_files]
        offen += v.subdirs.values()
    return ergebnis


def test_zwei_builds_in_einem_prozess_ergeben_dieselbe_seite(zwei_seiten):
    eins, zwei = zwei_seiten
    assert (eins / "teil-1" / "programme.json").is_file()
    assert unterschiede(eins, zwei) == []
