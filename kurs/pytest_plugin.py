"""pytest-Plugin des Kurses (eingebunden über pyproject.toml).

1. Jedes Snippet unter snippets/ wird zusammengesetzt wie auf der Seite und von
   pytest-codeblocks ausgeführt; jede Ausgabe wird mit dem echten stdout verglichen.
   Übungsordner prüfen ihre eigenen Tests (tests/teil_N/test_uebung_M.py).
2. `pytest --uebung teil-2/uebung-1 --loesung meine_loesung.py` prüft eine eigene Lösung.
"""

import io
import subprocess
import sys
from pathlib import Path

import pytest
from pytest_codeblocks import extract_from_buffer
from pytest_codeblocks.plugin import TestBlock

from kurs.pruefen import alle_uebungen
from kurs.zusammensetzen import SNIPPETS, WURZEL, snippet


def pytest_addoption(parser):
    gruppe = parser.getgroup("kurs", "Eigene Lösung prüfen")
    gruppe.addoption("--uebung", help="die Übung, z. B. teil-2/uebung-1")
    gruppe.addoption("--loesung", help="deine Lösung als .py-Datei, z. B. meine_loesung.py")
    gruppe.addoption(
        "--zeitlimit", type=float, default=10.0, help="Sekunden, bevor eine Lösung als Endlosschleife gilt"
    )


def pytest_configure(config):
    uebung, loesung = config.getoption("uebung"), config.getoption("loesung")
    if uebung is None and loesung is None:
        return
    if uebung is None or loesung is None:
        raise pytest.UsageError("Gib beides an: --uebung teil-2/uebung-1 --loesung meine_loesung.py")
    if uebung not in alle_uebungen():
        raise pytest.UsageError(
            f"Die Übung {uebung!r} gibt es nicht. Es gibt: {', '.join(alle_uebungen())}"
        )
    if not Path(loesung).is_file():
        raise pytest.UsageError(f"Die Datei {loesung!r} gibt es nicht (gesucht ab {Path.cwd()}).")


# --- 1. Snippets ausführen ------------------------------------------------


class Beispiel(pytest.File):
    """Ein Snippet, zusammengesetzt wie auf der Seite; ausgeführt von pytest-codeblocks."""

    def collect(self):
        name = self.path.relative_to(SNIPPETS).as_posix()
        python = [b for b in extract_from_buffer(io.StringIO(snippet(name))) if b.syntax == "python"]
        for nummer, block in enumerate(python, start=1):
            yield TestBlock.from_parent(self, name=f"Block {nummer}", obj=block)


def pytest_collect_file(file_path, parent):
    if parent.config.getoption("uebung"):
        return None
    if file_path.suffix == ".md" and file_path.is_relative_to(SNIPPETS):
        # Übungsteile laufen in ihren Übungstests (tests/teil_N/test_uebung_M.py).
        if not any(teil.startswith("uebung") for teil in file_path.relative_to(SNIPPETS).parts[:-1]):
            return Beispiel.from_parent(parent, path=file_path)
    return None


# --- 2. Eigene Lösung prüfen ---------------------------------------------


class EigeneLoesung(pytest.Item):
    def runtest(self):
        uebung = self.config.getoption("uebung")
        loesung = self.config.getoption("loesung")
        zeitlimit = self.config.getoption("zeitlimit")
        try:
            lauf = subprocess.run(
                [sys.executable, "-m", "kurs.pruefen", uebung, str(Path(loesung).resolve())],
                cwd=WURZEL,
                capture_output=True,
                text=True,
                timeout=zeitlimit,
            )
        except subprocess.TimeoutExpired:
            raise NichtBestandenMeldung(
                f"Deine Lösung lief länger als {zeitlimit:g} s und wurde gestoppt. "
                "Wahrscheinlich eine Endlosschleife: Endet jede Schleife?"
            ) from None
        if lauf.returncode != 0:
            raise NichtBestandenMeldung(lauf.stdout.strip() or lauf.stderr.strip())

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, NichtBestandenMeldung):
            return f"Nicht bestanden: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, self.name


class NichtBestandenMeldung(Exception):
    pass


def pytest_ignore_collect(collection_path, config):
    # Mit --uebung läuft nur die eine Prüfung, sonst nichts.
    return True if config.getoption("uebung") else None


def pytest_collection_modifyitems(session, config, items):
    if config.getoption("uebung"):
        name = f"{config.getoption('uebung')} mit {config.getoption('loesung')}"
        items[:] = [EigeneLoesung.from_parent(session, name=name)]
