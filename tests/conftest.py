"""Für alle Tests: die gebaute Seite (einmal je Lauf) und Werkzeuge des Systems.

Die Seite baut ein eigener Prozess, sobald feststeht, dass ein Test sie braucht; ebenso
startet `im_hintergrund()` eines Testmoduls dessen Prozesse. Tests, die darauf warten,
laufen zuletzt: So rechnet der zweite Kern, während der erste die übrigen Tests ausführt. `.ci/run` baut die Seite schon vorher; KURS_SITE nennt dann ihren Ordner,
und pytest baut sie nicht ein zweites Mal.

Fehlt ein Werkzeug des Systems (tests/werkzeuge.py), steht am Ende eine Zeile dazu.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

import werkzeuge
from kurs.modell import WURZEL

_bau = {}
_gestartet = set()  # Module, deren im_hintergrund() schon lief


def pytest_terminal_summary(terminalreporter):
    gruende = [str(r.longrepr[-1]) for r in terminalreporter.stats.get("skipped", [])
               if isinstance(r.longrepr, tuple)]
    if zeile := werkzeuge.zusammenfassung(gruende):
        terminalreporter.write_line(zeile, yellow=True)


def _braucht_seite(item) -> bool:
    return "site" in getattr(item, "fixturenames", ())


def _wartet(item) -> bool:
    """Braucht der Test etwas, das nebenher entsteht (die Seite, Prozesse seines Moduls)?"""
    return _braucht_seite(item) or hasattr(item.module, "im_hintergrund") if hasattr(item, "module") else False


def pytest_collection_modifyitems(session, config, items):
    # Stabil sortiert: was nebenher entsteht, wird zuletzt gebraucht; die Browsertests ganz am Ende.
    items.sort(key=lambda i: (_wartet(i), "browser" in i.path.parts))


def _frueh(config) -> bool:
    """Startet, was nebenher entsteht, schon beim Sammeln (gemessen: eine halbe Sekunde früher)?
    Nicht, wenn -k, -m oder --deselect gesammelte Tests wieder abwählen können."""
    return not (config.option.collectonly or config.option.keyword or config.option.markexpr
                or config.option.deselect)


def pytest_itemcollected(item):
    if _frueh(item.config):
        _starte_fuer(item)


def pytest_collection_finish(session):
    if not session.config.option.collectonly:
        for item in session.items:
            _starte_fuer(item)


def _starte_fuer(item) -> None:
    """Was der Test in eigenen Prozessen braucht, startet jetzt: So rechnet der zweite Kern mit."""
    modul = getattr(item, "module", None)
    if hasattr(modul, "im_hintergrund") and modul not in _gestartet:
        _gestartet.add(modul)
        modul.im_hintergrund()
    if _braucht_seite(item) and "prozess" not in _bau and not os.environ.get("KURS_SITE"):
        ziel = Path(tempfile.mkdtemp(prefix="kurs-site-"))
        _bau["config"], _bau["ziel"] = item.config, ziel
        _bau["prozess"] = subprocess.Popen(
            [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(ziel)],
            cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        )


def pytest_unconfigure(config):
    # Nur der Lauf, der gebaut hat: pytester startet innere Läufe mit derselben conftest.
    if _bau.get("config") is config:
        _bau["prozess"].kill()
        shutil.rmtree(_bau["ziel"], ignore_errors=True)


@pytest.fixture(scope="session")
def site() -> Path:
    """Die Seite, einmal je Lauf streng gebaut (mkdocs build --strict)."""
    if os.environ.get("KURS_SITE"):
        ordner = Path(os.environ["KURS_SITE"]).resolve()
        assert (ordner / "index.html").is_file(), f"KURS_SITE={ordner}: Dort liegt keine gebaute Seite."
        return ordner
    ausgabe, _ = _bau["prozess"].communicate(timeout=300)
    if _bau["prozess"].returncode != 0:
        pytest.fail(f"mkdocs build --strict scheitert:\n{ausgabe}", pytrace=False)
    return _bau["ziel"]
