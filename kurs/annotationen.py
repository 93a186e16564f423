"""Fehler als Anmerkung im Pull Request: an Datei und Zeile in „Files changed“, dazu eine kurze
Zusammenfassung des Laufs (GitHub-Workflow-Befehle ::error und $GITHUB_STEP_SUMMARY).

Nur, wo GITHUB_ACTIONS=true gesetzt ist. Jede Meldung des Kurses beginnt mit ihrer Fundstelle
(„docs/teil-2.md:80: …“, kurs/modell/fehler.py); genau daraus wird die Anmerkung. Eine Meldung
ohne Fundstelle bekommt die Stelle des Tests. Genutzt vom pytest-Plugin (kurs/pytest_plugin.py)
und vom MkDocs-Plugin (kurs/seite/plugin.py).
"""

import logging
import os
import re
from pathlib import Path

# Eine Fundstelle am Anfang einer Zeile: ein Pfad unter einem Ordner des Kurses, dann :Zeile:.
FUNDSTELLE = re.compile(r"^(?:\w+\s+-\s+)?(?P<datei>(?:docs|snippets|tests|kurs|overrides|benchmarks|pflege)/[\w./-]+|"
                        r"README\.md|CONTRIBUTING\.md|mkdocs\.yml)(?::(?P<zeile>\d+))?: (?P<text>.+)$", re.M)


def aktiv(umgebung=os.environ) -> bool:
    return umgebung.get("GITHUB_ACTIONS") == "true"


def nur_hier() -> dict[str, str]:
    """Nimmt die Variablen aus der Umgebung und gibt sie zurück: Builds und Läufe, die Tests
    starten, erben sie nicht (sonst stünde ein absichtlich kaputter Link eines Tests als Fehler im
    Pull Request)."""
    return {name: os.environ.pop(name) for name in ("GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY") if name in os.environ}


def _wert(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _eigenschaft(text: str) -> str:
    return _wert(text).replace(":", "%3A").replace(",", "%2C")


def anmerkung(datei: str | None, zeile: int | None, titel: str, text: str, art: str = "error") -> str:
    """Eine Zeile `::error file=…,line=…,title=…::…`, wie GitHub sie liest."""
    teile = [f"file={_eigenschaft(datei)}"] if datei else []
    teile += [f"line={zeile}"] if datei and zeile else []
    teile += [f"title={_eigenschaft(titel)}"]
    return f"::{art} {','.join(teile)}::{_wert(text)}"


def fundstellen(text: str) -> list[tuple[str, int | None, str]]:
    """(Datei, Zeile, erste Zeile der Meldung) je Fundstelle in `text`, ohne Wiederholung."""
    gesehen, ergebnis = set(), []
    for m in FUNDSTELLE.finditer(text):
        schluessel = (m["datei"], m["zeile"])
        if schluessel not in gesehen:
            gesehen.add(schluessel)
            ergebnis.append((m["datei"], int(m["zeile"]) if m["zeile"] else None, m["text"].strip()))
    return ergebnis


def zusammenfassen(titel: str, zeilen: list[str], datei: str | None = None) -> None:
    """Hängt eine kurze Liste an die Zusammenfassung des Jobs ($GITHUB_STEP_SUMMARY)."""
    if datei := datei or os.environ.get("GITHUB_STEP_SUMMARY"):
        with Path(datei).open("a", encoding="utf-8") as f:
            f.write(f"### {titel}\n\n" + "".join(f"- {z}\n" for z in zeilen) + "\n")


class BuildProtokoll(logging.Handler):
    """Jede Warnung und jeder Fehler eines Builds als Anmerkung (`--strict` macht beides zum Fehler);
    `zusammenfassung()` nach einem gescheiterten Build."""

    def __init__(self):
        super().__init__(logging.WARNING)
        self.zeilen: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        for datei, zeile, erste in fundstellen(text) or [(None, None, text.split("\n", 1)[0])]:
            print(anmerkung(datei, zeile, "mkdocs build", text), flush=True)
            self.zeilen.append(f"`{datei}{f':{zeile}' if zeile else ''}`: {erste}" if datei else erste)

    def zusammenfassung(self, fehler: BaseException | None = None) -> None:
        """Nach dem Build; `fehler` meldet MkDocs erst danach (log.error), er zählt hier schon mit."""
        if fehler is not None and str(fehler) and "strict mode" not in str(fehler):
            text = str(fehler)
            self.zeilen += [f"`{d}{f':{z}' if z else ''}`: {e}" for d, z, e in fundstellen(text)] or [text.split("\n")[0]]
        if self.zeilen:
            zusammenfassen(f"mkdocs build: {len(self.zeilen)} Meldungen", self.zeilen)
        self.zeilen = []


_PROTOKOLL = BuildProtokoll()


def beim_build() -> BuildProtokoll:
    """Hängt das Protokoll einmal je Prozess an den Logger von MkDocs (nur unter GitHub Actions)."""
    logger = logging.getLogger("mkdocs")
    if aktiv() and _PROTOKOLL not in logger.handlers:
        logger.addHandler(_PROTOKOLL)
    return _PROTOKOLL


def fuer_tests(berichte, zusammenfassung: str | None) -> list[str]:
    """Die Anmerkungen zu gescheiterten Tests (pytest-Berichte); schreibt die Zusammenfassung."""
    zeilen, ausgabe = [], []
    for bericht in berichte:
        text = bericht.longreprtext.strip()
        stellen = fundstellen(text)
        if not stellen:  # ohne Fundstelle in der Meldung: die Stelle des Tests
            datei, zeile = bericht.location[0], (bericht.location[1] or 0) + 1
            stellen = [(datei, zeile, text.rsplit("\n", 1)[-1] if text else bericht.nodeid)]
        for datei, zeile, erste in stellen:
            ausgabe.append(anmerkung(datei, zeile, f"Test: {bericht.nodeid}", text[:4000]))
            zeilen.append(f"`{datei}{f':{zeile}' if zeile else ''}`: {erste}")
    if zeilen:
        zusammenfassen(f"Tests: {len(berichte)} gescheitert", zeilen, zusammenfassung)
    return ausgabe
