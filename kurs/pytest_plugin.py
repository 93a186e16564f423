"""pytest-Plugin des Kurses (eingebunden über pyproject.toml).

1. Jedes Beispiel des Kurses läuft, wie der Browser es ausführt: der unsichtbare
   Vorlauf und der gezeigte Code aus dem Kursmodell, ausgeführt von kurs/lauf.py. Seine
   Ausgabe wird mit der gezeigten verglichen. Die Tests sammeln sich unter der Snippet-Datei,
   deren Code die Seite zeigt: `uv run pytest snippets/teil-2/` prüft die Beispiele von Teil 2.
   `--ausgaben-aktualisieren` schreibt jede abweichende Ausgabe aus dem echten Lauf neu.
2. `pytest --uebung teil-2/uebung-1 --loesung meine_loesung.py` prüft eine eigene Lösung.
"""

import difflib
import os
import subprocess
import sys
from pathlib import Path

import pytest

# Übersetzter Code bleibt in __pycache__ (steht in .gitignore), auch wo PYTHONDONTWRITEBYTECODE
# gesetzt ist, wie auf unseren CI-Maschinen. Sonst übersetzt jeder Lauf die Testmodule (samt
# pytests umgeschriebenen asserts) und das Paket kurs von vorn, und jeder Prozess, den ein
# Test startet, noch einmal. benchmarks/suite.py misst es: etwa ein Viertel der Suite.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

from kurs import lauf
from kurs.modell import WURZEL, Kurs, ModellFehler, ausgabe_ersetzen

KURS = pytest.StashKey[Kurs]()
QUELLEN_KAPUTT = pytest.StashKey[bool]()


def pytest_addoption(parser):
    gruppe = parser.getgroup("kurs", "Kurs: Ausgaben und eigene Lösung")
    gruppe.addoption("--ausgaben-aktualisieren", action="store_true",
                     help="jede gezeigte Ausgabe, die nicht zum Code passt, aus dem echten Lauf neu schreiben")
    gruppe.addoption("--uebung", help="die Übung, z. B. teil-2/uebung-1")
    gruppe.addoption("--loesung", help="deine Lösung als .py-Datei, z. B. meine_loesung.py")
    gruppe.addoption(
        "--zeitlimit", type=float, default=10.0, help="Sekunden, bevor eine Lösung als Endlosschleife gilt"
    )


def kurs_von(config) -> Kurs:
    """Das Kursmodell des Ordners, in dem pytest läuft (sonst dieses Kurses)."""
    if KURS not in config.stash:
        wurzel = config.rootpath if (config.rootpath / "mkdocs.yml").is_file() else WURZEL
        config.stash[KURS] = Kurs(wurzel)
    return config.stash[KURS]


@pytest.fixture(scope="session")
def kurs(request) -> Kurs:
    return kurs_von(request.config)


def _uebersicht(kurs: Kurs) -> str:
    return "\n".join(f"  {name}  (deine Datei definiert {', '.join(u.definiert)})"
                     for name, u in kurs.uebungen.items())


def pytest_configure(config):
    uebung, loesung = config.getoption("uebung"), config.getoption("loesung")
    if uebung is None and loesung is None:
        return
    if uebung is None or loesung is None:
        raise pytest.UsageError("Gib beides an: --uebung teil-2/uebung-1 --loesung meine_loesung.py")
    kurs = kurs_von(config)
    if uebung not in kurs.uebungen:
        raise pytest.UsageError(f"Die Übung {uebung!r} gibt es nicht. Es gibt:\n{_uebersicht(kurs)}")
    if not Path(loesung).is_file():
        raise pytest.UsageError(f"Die Datei {loesung!r} gibt es nicht (gesucht ab {Path.cwd()}).")


# --- 1. Beispiele ausführen -------------------------------------------------------


class AusgabeWeichtAb(Exception):
    pass


class Beispiele(pytest.File):
    """Die Beispiele, deren Code diese Snippet-Datei zeigt."""

    def collect(self):
        kurs = kurs_von(self.config)
        # Ein Fehler in den Quellen gilt für jede Datei: Gemeldet wird er nur bei der ersten.
        if self.config.stash.get(QUELLEN_KAPUTT, False):
            return
        try:
            programme = kurs.programme
        except ModellFehler:
            self.config.stash[QUELLEN_KAPUTT] = True
            raise
        for programm in programme:
            if programm.snippet == self.path:
                seite = programm.seite.relative_to(kurs.wurzel).as_posix()
                yield Beispiel.from_parent(self, name=f"{seite}:{programm.zeile}", programm=programm)

    def repr_failure(self, excinfo):
        # Ein Fehler in den Quellen: die Meldung mit Datei und Zeile, kein Traceback.
        if isinstance(excinfo.value, ModellFehler):
            return f"Fehler in den Quellen des Kurses: {excinfo.value}"
        return super().repr_failure(excinfo)


class Beispiel(pytest.Item):
    def __init__(self, *, programm, **kwargs):
        super().__init__(**kwargs)
        self.programm = programm

    def runtest(self):
        p = self.programm
        ausgabe = lauf.lauf(p.vorher, p.code)
        if p.ausgabe is None or ausgabe == p.ausgabe:
            return
        if self.config.getoption("ausgaben_aktualisieren"):
            ausgabe_ersetzen(p, ausgabe)
            return
        raise AusgabeWeichtAb("".join(difflib.unified_diff(
            p.ausgabe.splitlines(keepends=True), ausgabe.splitlines(keepends=True),
            "gezeigt", "gedruckt")))

    def repr_failure(self, excinfo):
        nummer = self.programm.ausgabe_nummer
        datei = self.programm.snippet.relative_to(kurs_von(self.config).wurzel).as_posix()
        if isinstance(excinfo.value, AusgabeWeichtAb):
            return (f"Die gezeigte Ausgabe {nummer + 1} in {datei} passt nicht zum Code:\n{excinfo.value}"
                    "Neu schreiben aus dem echten Lauf: uv run pytest --ausgaben-aktualisieren")
        if isinstance(excinfo.value, lauf.Fehlermeldung):
            return f"Das Beispiel aus {datei} bricht ab: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, self.name


def pytest_collect_file(file_path, parent):
    if parent.config.getoption("uebung") or file_path.suffix != ".md":
        return None
    if file_path.is_relative_to(kurs_von(parent.config).snippets):
        return Beispiele.from_parent(parent, path=file_path)
    return None


# --- 2. Eigene Lösung prüfen ---------------------------------------------


class NichtBestandenMeldung(Exception):
    pass


class EigeneLoesung(pytest.Item):
    def runtest(self):
        uebung = self.config.getoption("uebung")
        loesung = self.config.getoption("loesung")
        zeitlimit = self.config.getoption("zeitlimit")
        # Ein eigener Prozess: Nur so lässt sich eine Endlosschleife sicher beenden.
        try:
            lauf_ = subprocess.run(
                [sys.executable, "-m", "kurs.pruefen", uebung, str(Path(loesung).resolve())],
                cwd=kurs_von(self.config).wurzel, capture_output=True, text=True, timeout=zeitlimit,
            )
        except subprocess.TimeoutExpired:
            raise NichtBestandenMeldung(
                f"Deine Lösung lief länger als {zeitlimit:g} s und wurde gestoppt. "
                "Wahrscheinlich eine Endlosschleife: Endet jede Schleife?"
            ) from None
        if lauf_.returncode != 0:
            raise NichtBestandenMeldung(lauf_.stdout.strip() or lauf_.stderr.strip())

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, NichtBestandenMeldung):
            return f"Nicht bestanden: {excinfo.value}"
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, None, self.name


def pytest_ignore_collect(collection_path, config):
    # Mit --uebung läuft nur die eine Prüfung, sonst nichts.
    return True if config.getoption("uebung") else None


def pytest_collection_modifyitems(session, config, items):
    if config.getoption("uebung"):
        name = f"{config.getoption('uebung')} mit {config.getoption('loesung')}"
        items[:] = [EigeneLoesung.from_parent(session, name=name)]
