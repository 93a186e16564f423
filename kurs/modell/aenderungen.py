"""Was sich seit dem letzten Commit geändert hat: für Fehler, die sich erst später zeigen.

Eine gelöschte, doppelte oder verschobene Zeile, nach der der Code noch läuft, zeigt sich erst
dort, wo etwas fehlt (ein KeyError zwanzig Zeilen weiter). Wo die Ursache steht, weiß dann nur
der Vergleich mit dem letzten Commit: `geaendert` nennt die Zeilen einer Datei, die seitdem neu
oder anders sind, und die Stellen, an denen Zeilen fehlen. Ohne git oder ohne Commit: nichts."""

import difflib
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path


@dataclass(frozen=True)
class Aenderung:
    zeile: int  # in der Datei, wie sie jetzt ist; bei gelöschten Zeilen die Zeile danach
    alt: tuple[str, ...]  # was im letzten Commit dort stand (leer, wenn die Zeile neu ist)
    neu: bool  # steht hier jetzt eine neue oder geänderte Zeile (sonst fehlt nur etwas davor)


def geaendert(wurzel: Path, pfad: str) -> list[Aenderung]:
    """Die Änderungen an `pfad` (relativ zu `wurzel`) seit dem letzten Commit."""
    try:
        jetzt = (wurzel / pfad).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    alt = _im_commit(wurzel.resolve(), pfad)
    if alt is None or alt == jetzt:
        return []
    vorher, nachher = alt.split("\n"), jetzt.split("\n")
    ergebnis = []
    for art, i1, i2, j1, j2 in difflib.SequenceMatcher(None, vorher, nachher, autojunk=False).get_opcodes():
        if art == "delete":
            ergebnis.append(Aenderung(j1 + 1, tuple(vorher[i1:i2]), False))
        elif art in ("replace", "insert"):
            ergebnis += [Aenderung(j, tuple(vorher[i1:i2]) if j == j1 + 1 else (), True) for j in range(j1 + 1, j2 + 1)]
    return ergebnis


@cache
def _im_commit(wurzel: Path, pfad: str) -> str | None:
    try:
        lauf = subprocess.run(["git", "show", f"HEAD:./{pfad}"], cwd=wurzel, capture_output=True, timeout=20)
    except (OSError, subprocess.SubprocessError):
        return None
    if lauf.returncode != 0:
        return None
    try:
        return lauf.stdout.decode("utf-8")
    except UnicodeDecodeError:
        return None


def beschreiben(a: Aenderung) -> str:
    """„Seit dem letzten Commit …“ für die Meldung an der Zeile `a.zeile`."""
    if not a.neu:
        return f"Seit dem letzten Commit fehlt vor dieser Zeile: {' / '.join(z.strip() for z in a.alt)[:80]!r}"
    if a.alt:
        return f"Seit dem letzten Commit geändert (vorher: {' / '.join(z.strip() for z in a.alt)[:80]!r})"
    return "Seit dem letzten Commit neu"


def erste(wurzel: Path, pfade: list[str]) -> str | None:
    """„pfad:zeile: Seit dem letzten Commit …“ für die erste Änderung in `pfade`, oder None."""
    for pfad in pfade:
        if aenderungen := geaendert(wurzel, pfad):
            return f"{pfad}:{aenderungen[0].zeile}: {beschreiben(aenderungen[0])}"
    return None


def im_beispiel(wurzel: Path, beispiel, bis: int | None) -> str | None:
    """„datei:zeile: Seit dem letzten Commit …“ für die letzte Änderung im Code von `beispiel`
    (kurs/modell/beispiele.py) bis zu seiner Zeile `bis` (alle, wenn None), dort, wo der Code steht."""
    je_datei, letzte = {}, None
    for nummer in range(1, (bis or beispiel.code.count("\n")) + 1):
        if (ort := beispiel.ort_in_quelle(nummer)) is None:
            continue
        if ort[0] not in je_datei:
            je_datei[ort[0]] = {a.zeile: a for a in geaendert(wurzel, ort[0])}
        if a := je_datei[ort[0]].get(ort[1]):
            letzte = f"{ort[0]}:{a.zeile}: {beschreiben(a)}"
    return letzte


def davor(wurzel: Path, pfad: str, zeile: int | None) -> "Aenderung | None":
    """Die letzte Änderung seit dem letzten Commit bis zu `zeile` (None: bis zum Ende der Datei), wenn ein Leser
    einen Fehler erst dort bemerkt, wo sich nichts geändert hat (ein Zaun, ein Anführungszeichen, das nie
    schließt); sonst None. Der Commit davor war grün: Was jetzt scheitert, kommt aus einer Änderung."""
    aenderungen = geaendert(wurzel, pfad)
    if any(a.zeile == zeile for a in aenderungen):
        return None
    return next((a for a in reversed(aenderungen) if zeile is None or a.zeile <= zeile), None)


def naechste(wurzel: Path, pfad: str, zeile: int, passt) -> "Aenderung | None":
    """Die Änderung seit dem letzten Commit, die `zeile` am nächsten liegt und eine Zeile betrifft, für die
    `passt(text)` gilt: eine gelöschte oder ersetzte (alt) oder eine, die jetzt dort steht. Für Fehler, deren
    Ursache vor oder hinter der gemeldeten Zeile liegen kann (ein Zaun ohne Gegenstück); sonst None."""
    try:
        jetzt = (wurzel / pfad).read_text(encoding="utf-8").split("\n")
    except (OSError, UnicodeDecodeError):
        return None
    treffer = [a for a in geaendert(wurzel, pfad)
               if any(map(passt, a.alt)) or a.neu and a.zeile <= len(jetzt) and passt(jetzt[a.zeile - 1])]
    if any(a.zeile == zeile for a in treffer):
        return None
    return min(treffer, key=lambda a: abs(a.zeile - zeile), default=None)


def wo_fehlt(wurzel: Path, pfad: str, passt) -> int | None:
    """Die Zeile, an der seit dem letzten Commit eine Zeile fehlt oder anders ist, für die `passt(text)` galt
    (ein gelöschter Eintrag in mkdocs.yml); sonst None."""
    return next((a.zeile for a in geaendert(wurzel, pfad) if any(map(passt, a.alt))), None)
