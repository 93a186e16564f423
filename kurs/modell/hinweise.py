"""Die Hinweise einer Übung (snippets/<kapitel>/uebung-M/hinweise.toml): Die Seite zeigt sie einzeln vor der
Lösung (kurs/seite/hinweise.py), jeden für einige typische Fehler aus fehler.toml."""

import re
import tomllib
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kurs.modell.fehler import QuellenFehler, verorten

if TYPE_CHECKING:
    from kurs.modell.uebungen import Uebung


@dataclass(frozen=True)
class Hinweis:
    """Ein Hinweis vor der Lösung, für einige typische Fehler der Übung (hinweise.toml)."""

    text: str
    fehler: tuple[str, ...]  # die Namen der typischen Fehler (fehler.toml, „Option A“ im Quiz)


def hinweise_lesen(uebung: "Uebung") -> list[Hinweis]:
    """Die Hinweise aus hinweise.toml, in ihrer Reihenfolge: mindestens zwei, jeder für typische
    Fehler, die es in dieser Übung gibt."""
    datei = uebung.ordner / "hinweise.toml"

    def fehler(text, nummer: int | None = None):
        """Mit der Zeile des `nummer`-ten [[hinweis]]."""
        zeilen = [n for n, z in enumerate(datei.read_text(encoding="utf-8").split("\n"), start=1)
                  if z.strip() == "[[hinweis]]"] if nummer else []
        return QuellenFehler.in_datei(datei, zeilen[nummer - 1] if len(zeilen) >= (nummer or 0) > 0 else None,
                                      text, uebung.kurs.wurzel)

    if not datei.is_file():
        raise fehler("fehlt. Jede Übung gibt dort mindestens zwei Hinweise für ihre typischen Fehler.")
    try:
        daten = tomllib.loads(datei.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise verorten(exc, uebung.kurs.wurzel, datei) from None
    eintraege = daten.get("hinweis", [])
    for fremd in sorted(set(daten) - {"hinweis"}):  # vertippt: [[hinwies]] oder text = … ohne Tabelle
        zeile = next((n for n, z in enumerate(datei.read_text(encoding="utf-8").split("\n"), start=1)
                      if re.match(rf"^\s*(\[\[?\s*{re.escape(fremd)}\s*\]|{re.escape(fremd)}\s*=)", z)), None)
        raise QuellenFehler.in_datei(datei, zeile, f"{fremd!r} kennt hinweise.toml nicht: Jeder Hinweis ist ein "
                                     "[[hinweis]] mit text und fehler.", uebung.kurs.wurzel)
    if len(eintraege) < 2:
        raise fehler("braucht mindestens zwei [[hinweis]] mit text und fehler, sonst nichts.")
    bekannt = {f.name for f in uebung.fehler}
    hinweise = []
    for nummer, eintrag in enumerate(eintraege, start=1):
        text, namen = eintrag.get("text"), eintrag.get("fehler")
        if set(eintrag) != {"text", "fehler"} or not isinstance(text, str) or not text.strip() or not namen:
            raise fehler(f"Hinweis {nummer}: braucht text und fehler (die typischen Fehler, für die er gedacht ist).",
                         nummer)
        if unbekannt := [n for n in namen if n not in bekannt]:
            _umbenannt(uebung, unbekannt, nummer)
            raise fehler(f"Hinweis {nummer}: Diese typischen Fehler gibt es nicht: {unbekannt}. "
                         f"Es gibt: {sorted(bekannt)}", nummer)
        hinweise.append(Hinweis(text.strip(), tuple(namen)))
    return hinweise


def _umbenannt(uebung: "Uebung", namen: list[str], nummer: int) -> None:
    """Hieß ein typischer Fehler beim letzten Commit noch so, wurde er in fehler.toml umbenannt (oder vertippt):
    Die Meldung steht dort, an der geänderten Zeile. Ohne git bleibt es bei der Zeile des Hinweises."""
    from kurs.modell.aenderungen import beschreiben, geaendert

    pfad = (uebung.ordner / "fehler.toml").relative_to(uebung.kurs.wurzel).as_posix()
    for a in geaendert(uebung.kurs.wurzel, pfad):
        if any(n in z for z in a.alt for n in namen):
            raise QuellenFehler(f"{pfad}:{a.zeile}", f"{beschreiben(a)}; Hinweis {nummer} in hinweise.toml nennt noch "
                                f"{namen}. Ändere den Namen dort mit, oder hier zurück.")
