"""Für alle Tests: die gebaute Seite (einmal je Lauf), eine veränderte Kopie des Kurses
(tests/kurs_kopie.py) und Werkzeuge des Systems.

Beide Builds laufen in eigenen Prozessen, die starten, sobald ein gesammelter Test sie
braucht; ebenso startet `im_hintergrund()` eines Testmoduls dessen Prozesse. Tests, die
darauf warten, laufen zuletzt: So rechnet der zweite Kern, während der erste die übrigen
Tests ausführt. `.ci/run` baut die Seite schon vorher; KURS_SITE nennt dann ihren Ordner,
und pytest baut sie nicht ein zweites Mal.

Fehlt ein Werkzeug des Systems (tests/werkzeuge.py), steht am Ende eine Zeile dazu.

`kopie` und `kopie_mit_commit` (am Ende) sind Quellen in tmp_path, die ein Test ändern darf.
"""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import kurs_kopie
import pytest
import werkzeuge
from bauen import BUILDS

from kurs.modell import WURZEL

_builds = {}  # Fixture -> (Ordner, Prozess) des Builds, der für sie läuft
_config = {}  # der Lauf, der sie gestartet hat
_gestartet = set()  # Module, deren im_hintergrund() schon lief


def _seite_bauen() -> tuple[Path, subprocess.Popen]:
    """Drei strenge Builds mit eigenem, anfangs leerem Cache (tests/bauen.py): kalt
    (das ist die Seite der Tests), dann in einem frischen Prozess warm und noch einmal im selben Prozess
    (tests/seite/test_plugin.py). So braucht der Lauf nur einen Build mit nbconvert."""
    ziel = Path(tempfile.mkdtemp(prefix="kurs-site-"))
    bauen = [sys.executable, str(WURZEL / "tests" / "bauen.py"), str(WURZEL / "mkdocs.yml")]
    befehle = [subprocess.list2cmdline(bauen + [str(ziel / b) for b in teil]) for teil in (BUILDS[:1], BUILDS[1:])]
    return ziel, subprocess.Popen(
        " && ".join(befehle), shell=True,
        cwd=WURZEL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_CACHE_DIR": str(ziel / "cache")},
    )


# Fixtures, deren Build nebenher läuft, und wie er startet.
NEBENHER = {"builds": _seite_bauen, "kurs_kopie": kurs_kopie.anlegen_und_bauen}


def pytest_terminal_summary(terminalreporter):
    gruende = [str(r.longrepr[-1]) for r in terminalreporter.stats.get("skipped", [])
               if isinstance(r.longrepr, tuple)]
    if zeile := werkzeuge.zusammenfassung(gruende):
        terminalreporter.write_line(zeile, yellow=True)


def _builds_fuer(item) -> list[str]:
    namen = getattr(item, "fixturenames", ())
    # Die Seite der Tests ist der kalte der drei Builds, außer KURS_SITE nennt eine fertige.
    braucht = set(namen) | ({"builds"} if "site" in namen and not os.environ.get("KURS_SITE") else set())
    return [name for name in NEBENHER if name in braucht]


def _wartet(item) -> bool:
    """Braucht der Test etwas, das nebenher entsteht (einen Build, Prozesse seines Moduls)?"""
    return bool(_builds_fuer(item)) or hasattr(getattr(item, "module", None), "im_hintergrund") \
        or item.get_closest_marker("kopie") is not None


def pytest_collection_modifyitems(session, config, items):
    # Stabil sortiert: was nebenher entsteht, wird zuletzt gebraucht, der strenge Build davon zuerst;
    # die Browsertests ganz am Ende.
    items.sort(key=lambda i: (_wartet(i), "browser" in i.path.parts, i.name != MELDET))


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
    for name in _builds_fuer(item):
        if name not in _builds:
            _builds[name], _config[name] = NEBENHER[name](), item.config


def pytest_unconfigure(config):
    # Nur der Lauf, der gebaut hat: pytester startet innere Läufe mit derselben conftest.
    for name, (ziel, prozess) in list(_builds.items()):
        if _config[name] is config:
            prozess.kill()
            shutil.rmtree(ziel, ignore_errors=True)
            del _builds[name]
            _ergebnisse.pop(name, None)


_ergebnisse = {}  # Fixture -> (Ordner, Exit-Status, Ausgabe), sobald ihr Build fertig ist
# Was den Kurs (oder eine Kopie) baut: diese Fixtures und Tests mit @pytest.mark.kopie. Scheitert der
# strenge Build des Kurses, meldet ihn tests/test_site.py::test_strenger_build (er läuft als erster
# davon); jeder weitere wird mit einem Verweis übersprungen, statt denselben Fehler zu wiederholen.
BAUEN = {"site", "builds", "kurs_kopie", "faelle"}
MELDET = "test_strenger_build"


def _baut(item) -> bool:
    return bool(BAUEN & set(getattr(item, "fixturenames", ()))) or item.get_closest_marker("kopie") is not None


def _build_gescheitert() -> bool:
    """Ist der strenge Build schon gescheitert? Wartet nicht auf ihn: Wer ihn braucht, wartet in seiner
    Fixture; alle anderen laufen derweil weiter (mit KURS_SITE etwa braucht ihn nur test_plugin.py)."""
    if "builds" not in _builds:
        return False
    if "builds" not in _ergebnisse and _builds["builds"][1].poll() is None:
        return False
    return _fertig("builds")[1] != 0


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    if item.name != MELDET and _baut(item) and _build_gescheitert():
        pytest.skip(f"Der strenge Build scheitert; warum, steht bei tests/test_site.py::{MELDET}")


def _fertig(name: str) -> tuple[Path, int, str]:
    if name not in _ergebnisse:
        ziel, prozess = _builds[name]
        ausgabe, _ = prozess.communicate(timeout=300)
        _ergebnisse[name] = ziel, prozess.returncode, ausgabe
    return _ergebnisse[name]


@pytest.fixture(scope="session")
def site() -> Path:
    """Die Seite, einmal je Lauf streng gebaut (mkdocs build --strict)."""
    if os.environ.get("KURS_SITE"):
        ordner = Path(os.environ["KURS_SITE"]).resolve()
        assert (ordner / "index.html").is_file(), f"KURS_SITE={ordner}: Dort liegt keine gebaute Seite."
        return ordner
    ziel, status, ausgabe = _fertig("builds")
    if status != 0:
        pytest.fail(f"mkdocs build --strict scheitert:\n{ausgabe.strip()}", pytrace=False)
    return ziel / "kalt"


@pytest.fixture(scope="session")
def builds() -> tuple[Path, int, str]:
    """(Ordner, Exit-Status, Ausgabe) der drei Builds kalt, warm, nochmal (_seite_bauen)."""
    return _fertig("builds")


@pytest.fixture(scope="session")
def kurs_kopie() -> tuple[Path, int, str]:
    """(Ordner, Exit-Status, Ausgabe) des Builds der Kopie mit Teil 3 und ohne SVG (tests/kurs_kopie.py);
    die gebaute Seite liegt in Ordner/site."""
    return _fertig("kurs_kopie")


# --- Ein Fehler in den Quellen: einmal gemeldet, nicht in jedem Test, der sie liest --------------

QUELLEN = "test_quellen_des_kurses"  # tests/modell/test_kurs.py
_quellen: list[str | None] = []


def quellenfehler() -> str | None:
    """Die Meldung von Kurs.pruefen() für diesen Kurs (Datei und Zeile), oder None; einmal je Lauf."""
    if not _quellen:
        from kurs.modell import Kurs, QuellenFehler

        try:
            Kurs(WURZEL).pruefen()
            _quellen.append(None)
        except QuellenFehler as fehler:
            _quellen.append(str(fehler))
    return _quellen[0]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Scheitert ein anderer Test an demselben Fehler in den Quellen (ein fehlendes Snippet, eine
    fehlende Datei, ein QuellenFehler, der gescheiterte Build mit derselben Meldung), zählt er als
    übersprungen, mit einem Verweis: Der Fehler steht einmal da, bei test_quellen_des_kurses."""
    from pymdownx.snippets import SnippetMissingError

    from kurs.lauf import Fehlermeldung
    from kurs.modell import QuellenFehler

    bericht = yield
    if not bericht.failed or item.name == QUELLEN or call.excinfo is None or not (fehler := quellenfehler()):
        return bericht
    # Fehlermeldung: Eine Lösung des Kurses (Musterlösung, Variante) läuft nicht, etwa weil ihr Python nicht
    # übersetzt; das meldet der Fehler in den Quellen schon, an seiner Zeile.
    folge = isinstance(call.excinfo.value, (SnippetMissingError, FileNotFoundError, QuellenFehler, Fehlermeldung)) \
        or fehler.split(": ", 1)[0] in str(bericht.longrepr)
    if folge:
        bericht.outcome = "skipped"
        bericht.longrepr = (str(item.path), item.location[1] or 0,
                            f"Folgefehler: {fehler.split(': ', 1)[0]} (siehe tests/modell/test_kurs.py::{QUELLEN})")
    return bericht


# --- Eine Kopie der Quellen, die ein Test verändern darf (Kursmodell, Diagramme) --------------
@pytest.fixture
def kopie(tmp_path):
    """docs/, snippets/ und mkdocs.yml in tmp_path: ein Kurs, wie Kurs(kopie) ihn liest."""
    for teil in ("docs", "snippets"):
        shutil.copytree(WURZEL / teil, tmp_path / teil, ignore=shutil.ignore_patterns("assets", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", tmp_path)
    return tmp_path


@pytest.fixture
def kopie_mit_commit(kopie):
    """Die Kopie als Repository mit einem Commit: Was ein Test danach ändert, ist „seit dem letzten Commit“
    geändert (kurs/modell/aenderungen.py)."""
    from kurs.modell import aenderungen

    if not shutil.which("git"):
        werkzeuge.fehlt("git", "git fehlt")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"]
    for befehl in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "eins"]):
        subprocess.run([*git, *befehl], cwd=kopie, check=True, capture_output=True)
    aenderungen._im_commit.cache_clear()
    return kopie


@pytest.fixture
def zeile_loeschen():
    """loeschen(datei, passt) löscht die erste Zeile, für die passt(zeile) gilt, und gibt ihre Nummer zurück."""
    def loeschen(datei, passt) -> int:
        zeilen = datei.read_text(encoding="utf-8").split("\n")
        nummer = next(n for n, z in enumerate(zeilen, start=1) if passt(z))
        datei.write_text("\n".join(zeilen[:nummer - 1] + zeilen[nummer:]), encoding="utf-8")
        return nummer
    return loeschen
