"""Einen Fehler prüfen: in einer frischen Kopie des Kurses eingebaut, dann der strenge Build und die
betroffenen Tests, beide nebeneinander; ihr Ergebnis, gemessen an dem, was Beitragende sehen sollen."""

import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from kurs.annotationen import FUNDSTELLE
from kurs.modell.fehler import yaml_marke
from kurs.mutation import Mutation

TEILE = ("docs", "snippets", "overrides", "diagramme", "kurs", "tests")
HOECHSTENS = 5  # Fehlerzeilen: mehr liest niemand
NAEHE = 2  # so weit darf die genannte Zeile von der geänderten liegen
# Ein Traceback durch den Code des Kurses: Python selbst oder pytest (--tb=short, INTERNALERROR).
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|^INTERNALERROR|^kurs/[\w/]+\.py:\d+: in ", re.M)
FEHLERZEILE = re.compile(r"^(ERROR|WARNING) +- ", re.M)
PYTEST_ZAHLEN = re.compile(r"(\d+) (failed|errors?)\b")
# MkDocs liest mkdocs.yml, bevor ein Plugin lädt; seine Meldung nennt Datei und Zeile so.
YAML_STELLE = re.compile(r'^\s*in "[^"]*/(?P<datei>mkdocs\.yml)", line (?P<zeile>\d+)', re.M)


@dataclass
class Ergebnis:
    mutation: Mutation
    urteil: str  # "zeile", "datei", "falsch", "traceback" oder "kein-fehler"
    erste: str  # die erste Fehlerzeile (Build, sonst Tests)
    zeilen: int  # so viele Fehlerzeilen
    halb: bool  # liegt nach dem Build ein halb geschriebener Ordner?
    ausgabe: str

    @property
    def gut(self) -> bool:
        return self.urteil in ("zeile", "kein-fehler") and self.zeilen <= HOECHSTENS and not self.halb

    @property
    def verortet(self) -> bool:
        """Mindestens die Datei genannt, ohne Traceback, mit wenigen Zeilen, ohne halb geschriebenen Ordner."""
        return self.urteil in ("zeile", "datei", "kein-fehler") and self.zeilen <= HOECHSTENS and not self.halb


def basis_anlegen(wurzel: Path, ziel: Path) -> Path:
    """Der Kurs, wie ein Build und die Tests ihn lesen, einmal kopiert: Jede Mutation kopiert von hier."""
    for teil in TEILE:
        shutil.copytree(wurzel / teil, ziel / teil, ignore=shutil.ignore_patterns("pyodide", "__pycache__", "vendor"))
    for datei in ("mkdocs.yml", "pyproject.toml"):
        shutil.copy(wurzel / datei, ziel)
    # Die Seite braucht die gebündelten Skripte nicht zum Bauen, nur als Dateien, die es gibt.
    shutil.copytree(wurzel / "docs" / "assets" / "vendor", ziel / "docs" / "assets" / "vendor",
                    ignore=shutil.ignore_patterns("pyodide"))
    # Ein Commit, wie ihn Beitragende haben: Ein Fehler, der sich erst später zeigt, findet die Meldung
    # im Vergleich damit (kurs/modell/aenderungen.py). Ohne git eben ohne.
    if shutil.which("git"):
        git = ["git", "-c", "user.name=kurs", "-c", "user.email=kurs@localhost", "-c", "commit.gpgsign=false"]
        for befehl in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Basis"]):
            subprocess.run([*git, *befehl], cwd=ziel, check=True, capture_output=True)
    return ziel


def _tests(m: Mutation, ordner: Path) -> list[str]:
    """Die Tests, die die geänderte Datei lesen: das Kursmodell, ihre Snippets, ihre Übung, ihre Rechtschreibung."""
    from kurs.rechtschreibung import texte

    ziele = ["tests/modell/test_kurs.py"]
    for ort in (m.datei, *(ort for ort, _ in m.auch)):
        if ort.startswith("snippets/") and ort.endswith(".md") and (ordner / ort).is_file() and ort not in ziele:
            ziele.append(ort)
    ziele += [ort for ort in _einbindende(ordner, m.datei) if ort not in ziele]
    if "/uebung-" in m.datei:
        uebung = Path(m.datei).parent
        ziele += [p.relative_to(ordner).as_posix() for p in sorted((ordner / uebung).glob("*.md"))
                  if p.relative_to(ordner).as_posix() not in ziele]
        ziele += ["tests/modell/test_uebungen.py", "tests/modell/test_hinweise.py"]
    if m.dateiart == "diagramm":
        ziele.append("tests/test_diagramme.py::test_jedes_diagramm_hat_seine_svgs_in_diagramme")
    if m.dateiart == "overrides":  # ein Skript in einer Vorlage: übersetzt es noch?
        ziele.append("tests/browser/test_vorlagen_skripte.py")
    try:
        gelesen = {p.relative_to(ordner).as_posix() for p in texte(ordner)}
    except Exception:  # noqa: BLE001 - die Liste selbst scheitert an der Mutation: das meldet der Test
        gelesen = set()
    if m.datei in gelesen and (ordner / m.datei).is_file() and shutil.which("hunspell"):
        ziele.append(f"tests/test_rechtschreibung.py::test_rechtschreibung[{m.datei}]")
    return ziele


def _einbindende(ordner: Path, datei: str) -> list[str]:
    """Die Snippets, die `datei` direkt oder über andere einbinden: Ihre Ausgaben hängen auch an ihr (die
    Queue aus Teil 1 steckt in vielen Beispielen). So urteilt der Lauf wie die ganze Suite."""
    from kurs.modell.beispiele import EINBINDUNG

    snippets = ordner / "snippets"
    texte = {p.relative_to(snippets).as_posix(): p.read_text(encoding="utf-8") for p in sorted(snippets.rglob("*.md"))}
    gefunden, offen = [], [datei.removeprefix("snippets/")]
    while offen:
        ziel = offen.pop()
        for name, text in texte.items():
            if name not in gefunden and any((e := EINBINDUNG.match(z)) and e["ziel"].split(":")[0] == ziel
                                            for z in text.split("\n")):
                gefunden.append(name)
                offen.append(name)
    return [f"snippets/{name}" for name in gefunden if f"snippets/{name}" != datei]


def _yaml_stelle(text: str) -> re.Match | None:
    """Die Stelle, die MkDocs' Meldung über kaputtes YAML meint: YAML nennt zwei (wo etwas begann, wo
    es das merkte); welche zu ändern ist, entscheidet seine Art (kurs/modell/fehler.py: yaml_marke)."""
    stellen = list(YAML_STELLE.finditer(text))
    if len(stellen) < 2:
        return stellen[0] if stellen else None
    kontext = text[text.find("configuration file: ") + len("configuration file: "):stellen[0].start()].strip()
    return yaml_marke(kontext, stellen[0], stellen[-1])


def _urteil(m: Mutation, text: str, fehler: bool) -> tuple[str, str]:
    """(Urteil, erste Fehlerzeile) für die Ausgabe eines Laufs."""
    if TRACEBACK.search(text):
        return "traceback", TRACEBACK.search(text)[0]
    if not fehler:
        return "kein-fehler", ""
    stelle = FUNDSTELLE.search(text) or _yaml_stelle(text)
    if not stelle:
        erste = next((z for z in text.splitlines() if FEHLERZEILE.match(z) or z.startswith(("FAILED", "ERROR"))), "")
        return "falsch", erste
    datei, zeile = stelle["datei"], int(stelle["zeile"]) if stelle["zeile"] else None
    for ort, soll in m.orte:
        if datei == ort and (soll is None or zeile is not None and abs(zeile - soll) <= NAEHE):
            return "zeile", stelle[0].strip()
    if any(datei == ort for ort, _ in m.orte):
        return "datei", stelle[0].strip()
    return "falsch", stelle[0].strip()


def pruefen(m: Mutation, basis: Path, cache: Path) -> Ergebnis:
    """Baut den Fehler in eine Kopie von `basis` ein und urteilt über Build und Tests."""
    arbeit = Path(tempfile.mkdtemp(prefix="kurs-mutation-"))
    # Die Server des Labors laufen als eigene Nutzer (tests/labor/server.py) und müssen zu ihrem Ordner
    # darunter durchgehen dürfen; mkdtemp gibt nur dem Eigentümer Zugang.
    arbeit.chmod(0o755)
    try:
        ordner = arbeit / "kurs"
        shutil.copytree(basis, ordner, symlinks=True)
        m.anwenden(ordner)
        tmp = arbeit / "tmp"
        tmp.mkdir()
        umgebung = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_CACHE_DIR": str(cache), "TMPDIR": str(tmp)}
        for name in ("KURS_SITE", "CI", "GITHUB_ACTIONS", "PYTEST_ADDOPTS"):
            umgebung.pop(name, None)
        site = arbeit / "site"
        bau = subprocess.Popen([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)], cwd=ordner,
                               env=umgebung, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if m.dateiart == "diagramm":  # Die Tests lesen die SVGs, die der Build zeichnet.
            bau.wait()
        test_tmp = arbeit / "test-tmp"
        test_tmp.mkdir()
        tests = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "--tb=short",
                                  "-rfE", "--basetemp", str(test_tmp / "pytest"), *_tests(m, ordner)], cwd=ordner,
                                 env={**umgebung, "TMPDIR": str(test_tmp)}, stdout=subprocess.PIPE,
                                 stderr=subprocess.STDOUT, text=True)
        bau_text, _ = bau.communicate(timeout=600)
        test_text, _ = tests.communicate(timeout=600)
        bau_urteil = _urteil(m, bau_text, bau.returncode != 0)
        test_urteil = _urteil(m, test_text, tests.returncode != 0)
        zeilen = len([z for z in FEHLERZEILE.findall(bau_text)])
        if zahlen := PYTEST_ZAHLEN.findall(test_text.rsplit("\n", 3)[-2] if test_text.strip() else ""):
            zeilen = max(zeilen, sum(int(n) for n, _ in zahlen))
        halb = bau.returncode != 0 and site.exists() and any(not p.name.startswith(".") for p in site.iterdir())
        halb |= any(tmp.iterdir())
        # Das schlechtere Urteil zählt; gleich schlecht: das des Builds.
        rang = ("kein-fehler", "zeile", "datei", "falsch", "traceback")
        urteil, erste = max([bau_urteil, test_urteil], key=lambda u: rang.index(u[0]))
        if urteil == "zeile" and bau_urteil[0] != "kein-fehler":
            erste = bau_urteil[1]
        return Ergebnis(m, urteil, erste, zeilen, halb, f"--- Build ---\n{bau_text}\n--- Tests ---\n{test_text}")
    finally:
        shutil.rmtree(arbeit, ignore_errors=True)
