"""pytest-Plugin des Kurses (eingebunden über pyproject.toml).

1. pytest-codeblocks führt jedes Beispiel in snippets/ aus: seine Items (`Snippet` und
   `SnippetBlock` sind dünne Unterklassen seiner), sein Runner, sein Vergleich mit
   `expected-output`. Dazu breitet kurs/modell/beispiele.py die Einbindungen aus, die
   pytest-codeblocks nicht sieht. `uv run pytest` und `uv run pytest --codeblocks snippets`
   sammeln dieselben Items, `snippets/<datei>.md::line N`.
   `--ausgaben-aktualisieren` schreibt jede abweichende Ausgabe aus dem echten Lauf neu.
2. `pytest --uebung teil-2/uebung-1 --loesung meine_loesung.py` prüft eine eigene Lösung.
"""

import os
import re
import signal
import subprocess
import sys
import threading
import traceback
from pathlib import Path

import pytest

# Übersetzter Code bleibt in __pycache__ (steht in .gitignore), auch wo PYTHONDONTWRITEBYTECODE
# gesetzt ist, wie auf unseren CI-Maschinen. Sonst übersetzt jeder Lauf die Testmodule (samt
# pytests umgeschriebenen asserts) und das Paket kurs von vorn, und jeder Prozess, den ein
# Test startet, noch einmal. benchmarks/suite.py misst es: etwa ein Viertel der Suite.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Erst danach: Diese Module sollen schon übersetzt liegen bleiben.
import pytest_codeblocks.plugin as codeblocks  # noqa: E402
from pytest_codeblocks.main import stdout_io  # noqa: E402

from kurs import annotationen  # noqa: E402
from kurs.modell import WURZEL, Beispiel, Kurs, QuellenFehler, ausgabe_ersetzen, ausgabe_zeile, verorten  # noqa: E402
from kurs.modell.aenderungen import im_beispiel  # noqa: E402

KURS = pytest.StashKey[Kurs]()
GITHUB = pytest.StashKey[dict[str, str]]()  # GITHUB_ACTIONS und GITHUB_STEP_SUMMARY, nur für diesen Lauf
NEU_GESCHRIEBEN = pytest.StashKey[list[str]]()
# Der Vergleich von pytest-codeblocks (TestBlock.runtest, kurs/fremdcode.py): gezeigt und gedruckt.
VERGLEICH = re.compile(r"Expected output\n```\n(?P<gezeigt>.*?)```\nbut got\n```\n(?P<gedruckt>.*)```\Z", re.S)


def erste_abweichung(gezeigt: str, gedruckt: str) -> int:
    """Die erste Zeile (ab 0), in der die gezeigte Ausgabe von der gedruckten abweicht: Dort ist sie zu
    ändern. Fehlt nur etwas am Ende, die Zeile danach."""
    paare = list(zip(gezeigt.split("\n"), gedruckt.split("\n"), strict=False))  # verschieden lang
    return next((i for i, (a, b) in enumerate(paare) if a != b), len(paare) - 1)


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
    config.stash[GITHUB] = annotationen.nur_hier()  # ein innerer Lauf (pytester) findet sie nicht mehr
    uebung, loesung = config.getoption("uebung"), config.getoption("loesung")
    if uebung is None and loesung is None:
        return
    if uebung is None or loesung is None:
        raise pytest.UsageError("Gib beides an: --uebung teil-2/uebung-1 --loesung meine_loesung.py")
    kurs = kurs_von(config)
    try:
        kurs.uebungen  # noqa: B018
    except Exception as exc:  # noqa: BLE001 - ein Fehler in den Quellen: eine Zeile mit Datei und Zeile
        raise pytest.UsageError(f"{verorten(exc, kurs.wurzel)} (Fehler in den Quellen des Kurses)") from None
    if uebung not in kurs.uebungen:
        raise pytest.UsageError(f"Die Übung {uebung!r} gibt es nicht. Es gibt:\n{_uebersicht(kurs)}")
    if not Path(loesung).is_file():
        raise pytest.UsageError(f"Die Datei {loesung!r} gibt es nicht (gesucht ab {Path.cwd()}).")


# --- 1. Snippets ausführen: mit pytest-codeblocks ---------------------------------

ZEITLIMIT = 20.0  # Sekunden je Beispiel; ein Beispiel, das länger läuft, endet wohl nie


class Snippet(codeblocks.MarkdownFile):
    """Eine Datei unter snippets/, gesammelt von pytest-codeblocks, mit ausgebreiteten
    Einbindungen (kurs/modell/beispiele.py): pytest-codeblocks selbst sieht `--8<--` nicht."""

    def collect(self):
        kurs = kurs_von(self.config)
        ziel = self.path.relative_to(kurs.snippets.ordner).as_posix()
        # Wie MarkdownFile.collect, nur mit den Blöcken der ausgebreiteten Datei.
        try:
            beispiele = kurs.beispiele(ziel)
        except Exception as exc:  # noqa: BLE001 - ein Fehler in den Quellen: mit Datei und Zeile (repr_failure)
            raise verorten(exc, kurs.wurzel) from None
        for beispiel in beispiele:
            if not beispiel.ist_test:
                continue
            test = SnippetBlock.from_parent(parent=self, name=f"line {beispiel.zeile}")
            test.obj, test.beispiel = beispiel.als_codeblock(), beispiel
            test.add_marker(pytest.mark.timeout(ZEITLIMIT))
            for marke in beispiel.marken:
                test.add_marker(eval(marke, {"sys": sys, "pytest": pytest}))
            yield test

    def repr_failure(self, excinfo):
        # Ein Fehler in den Quellen: die Meldung mit Datei und Zeile, kein Traceback.
        if isinstance(excinfo.value, QuellenFehler):
            return f"{excinfo.value} (Fehler in den Quellen des Kurses)"
        return super().repr_failure(excinfo)


class SnippetBlock(codeblocks.TestBlock):
    """Ein Beispiel; es läuft mit dem Runner von pytest-codeblocks (TestBlock.runtest)."""

    beispiel: Beispiel

    def runtest(self):
        if self.config.getoption("ausgaben_aktualisieren") and self.obj.expected_output is not None:
            # Derselbe Lauf wie in TestBlock.runtest; seine Ausgabe wird die gezeigte.
            with stdout_io() as gedruckt:
                exec(self.obj.code, {"__MODULE__": "__main__"})
            if ausgabe_ersetzen(self.beispiel, gedruckt.getvalue()):
                self.config.stash.setdefault(NEU_GESCHRIEBEN, []).append(
                    f"{self._pfad()}:{ausgabe_zeile(self.beispiel)}")
            self.obj.expected_output = gedruckt.getvalue()
        super().runtest()

    def _pfad(self) -> str:
        return self.path.relative_to(self.config.rootpath).as_posix()

    def repr_failure(self, excinfo):
        wo = f"{self._pfad()}:{self.beispiel.zeile}"
        if not excinfo.value.args:  # TestBlock.repr_failure läse args[0]
            return f"{wo}: {type(excinfo.value).__name__}"
        if not isinstance(excinfo.value, RuntimeError):
            return f"{wo}: {super().repr_failure(excinfo)}"
        if vergleich := VERGLEICH.search(str(excinfo.value)):
            wo = f"{self._pfad()}:{ausgabe_zeile(self.beispiel) + erste_abweichung(**vergleich.groupdict())}"
            if aenderung := im_beispiel(kurs_von(self.config).wurzel, self.beispiel, None):
                wo = f"{aenderung}; danach passt die gezeigte Ausgabe ({wo}) nicht mehr zum Code"
            return (f"{wo}: Die gezeigte Ausgabe passt nicht zum Code.\n"
                    f"Gezeigt:\n{vergleich['gezeigt']}Gedruckt:\n{vergleich['gedruckt']}"
                    f"Neu schreiben aus dem echten Lauf: uv run python -m kurs.ausgaben {self._pfad()}")
        # Eine Ausnahme im Beispiel: die Zeile, wo der Code geschrieben steht, nicht im zusammengesetzten
        # Code; steht er in einer eingebundenen Datei, dort (und ihr eigener Test meldet ihn, siehe unten).
        ursache = excinfo.value.__context__
        zeilen = [r.lineno for r in traceback.extract_tb(ursache.__traceback__) if r.filename == "<string>"] \
            if ursache is not None else []
        if isinstance(ursache, SyntaxError) and ursache.filename == "<string>":
            zeilen.append(ursache.lineno or 1)
        ort = self.beispiel.ort_in_quelle(zeilen[-1]) if zeilen else None
        was = f"{type(ursache).__name__}: {ursache}" if ursache is not None else str(excinfo.value).rsplit("\n", 1)[-1]
        if ort and ort[0] != self._pfad():
            self.fremder_ort = ort[0]
        wo = f"{ort[0]}:{ort[1]}" if ort else f"{self._pfad()}:{self.beispiel.zeile}"
        eingebunden = f" (eingebunden in {self._pfad()}:{self.beispiel.zeile})" if ort and ort[0] != self._pfad() else ""
        if (aenderung := im_beispiel(kurs_von(self.config).wurzel, self.beispiel,
                                        zeilen[-1] if zeilen else None)) and not aenderung.startswith(f"{wo}:"):
            return f"{aenderung}; danach bricht das Beispiel in {wo} ab: {was}{eingebunden}"
        return f"{wo}: Das Beispiel bricht ab: {was}{eingebunden}"

    def reportinfo(self):
        return self.path, self.beispiel.zeile - 1, self.name


GESCHEITERT = pytest.StashKey[set]()  # die Dateien, deren eigener Test in diesem Lauf scheiterte


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Scheitert eingebundener Code und scheiterte schon der Test seiner Datei, zählt der Test, der ihn einbindet,
    als Folgefehler. Läuft er dort nie (nur Funktionen, die erst das Beispiel ruft), bleibt dieser rot."""
    bericht, ort = (yield), getattr(item, "fremder_ort", None)
    gescheitert = item.session.stash.setdefault(GESCHEITERT, set())
    if bericht.failed and isinstance(item, SnippetBlock) and not ort:
        gescheitert.add(item._pfad())
    if bericht.failed and ort and ort in gescheitert:
        bericht.outcome = "skipped"
        bericht.longrepr = (str(item.path), item.location[1] or 0, f"Folgefehler: gemeldet beim Test von {ort}")
    return bericht


@pytest.hookimpl(wrapper=True)
def pytest_make_collect_report(collector):
    """Scheitert das Sammeln an einem Fehler in den Quellen (ein Testmodul liest den Kurs beim Import):
    eine Zeile mit Datei und Zeile statt des Tracebacks."""
    bericht = yield
    if bericht.failed and isinstance(collector, pytest.Module) and "kurs/modell/" in str(bericht.longrepr):
        try:
            Kurs(kurs_von(collector.config).wurzel).pruefen()  # frisch: liest die Quellen ganz, mit Datei und Zeile
        except QuellenFehler as exc:
            bericht.longrepr = f"{exc} (Fehler in den Quellen des Kurses)"
    return bericht


def pytest_terminal_summary(terminalreporter, config):
    if annotationen.aktiv(github := config.stash.get(GITHUB, {})):  # im Pull Request (kurs/annotationen.py)
        berichte = terminalreporter.stats.get("failed", []) + terminalreporter.stats.get("error", [])
        berichte = [b for b in berichte if hasattr(b, "longreprtext")]
        for zeile in annotationen.fuer_tests(berichte, github.get("GITHUB_STEP_SUMMARY")):
            terminalreporter.write_line(zeile)
    if geschrieben := config.stash.get(NEU_GESCHRIEBEN, []):
        terminalreporter.write_line(f"Neu geschrieben ({len(geschrieben)}): " + ", ".join(geschrieben))
    elif config.getoption("ausgaben_aktualisieren"):
        terminalreporter.write_line("Neu geschrieben: nichts, jede gezeigte Ausgabe passt zum Code.")


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item, settings):
    """Ein Beispiel, das nie endet, stoppt mit Datei und Zeile, ohne die Stapel aller Threads,
    die pytest-timeout sonst druckt (sein Hook für eigene Zeitgeber)."""
    if not isinstance(item, SnippetBlock) or threading.current_thread() is not threading.main_thread():
        return None

    def stoppen(signum, frame):
        wo = f"{item.path.relative_to(item.config.rootpath).as_posix()}:{item.beispiel.zeile}"
        pytest.fail(f"{wo}: Das Beispiel lief länger als {settings.timeout:g} s und wurde gestoppt. "
                    "Endet jede Schleife?", pytrace=False)

    def abschalten():
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, signal.SIG_DFL)

    item.cancel_timeout = abschalten  # ruft pytest-timeout nach dem Test
    signal.signal(signal.SIGALRM, stoppen)
    signal.setitimer(signal.ITIMER_REAL, settings.timeout)
    return True


@pytest.hookimpl(wrapper=True)
def pytest_collect_file(file_path, parent):
    """Jede Datei unter snippets/ sammelt `Snippet`, mit und ohne --codeblocks. Mit
    --codeblocks sammelt pytest-codeblocks sie auch selbst, ohne Einbindungen: Dieser
    Sammler fällt weg, so läuft jeder Block genau einmal."""
    gesammelt = yield
    kurs = kurs_von(parent.config)
    if parent.config.getoption("uebung") or file_path.suffix != ".md" or not file_path.is_relative_to(kurs.snippets.ordner):
        return gesammelt
    return [s for s in gesammelt if type(s) is not codeblocks.MarkdownFile] + [Snippet.from_parent(parent, path=file_path)]


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
