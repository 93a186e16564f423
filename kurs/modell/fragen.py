"""Die Fragen „Kurz geprüft“: snippets/<kapitel>/kurz-geprueft/schritt-K.toml mit `frage`,
`richtig` und drei oder vier Optionen `[optionen.A]` (`text`, `erklaerung`; eine falsche Option dazu
`fehler` oder `ohne_uebung`, siehe kurs/modell/fallen.py)."""

import re
import tomllib
from pathlib import Path

from kurs.modell.fehler import QuellenFehler
from kurs.modell.uebungen import Quiz


def frage_lesen(snippets: Path, name: str, wurzel: Path) -> Quiz:
    """Die Frage „Kurz geprüft“ `teil-N/schritt-K`, geprüft; QuellenFehler mit Datei, wenn sie kaputt ist."""
    kapitel, schritt = name.split("/")
    datei = snippets / kapitel / "kurz-geprueft" / f"{schritt}.toml"

    try:
        text = datei.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise QuellenFehler.in_datei(datei, None, "Die Datei gibt es nicht.", wurzel) from None

    def fehler(meldung: str, muster: str | None = None) -> QuellenFehler:
        """Mit der Zeile, in der `muster` (ein regulärer Ausdruck) zuerst steht, sonst Zeile 1."""
        treffer = re.search(muster, text, re.M) if muster else None
        return QuellenFehler.in_datei(datei, text.count("\n", 0, treffer.start()) + 1 if treffer else 1, meldung, wurzel)

    try:
        daten = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        zeile = re.search(r"at line (\d+)", str(exc))
        raise QuellenFehler.in_datei(datei, int(zeile[1]) if zeile else 1,
                                     f"Das ist kein gültiges TOML ({exc}).", wurzel) from None
    for schluessel in ("frage", "richtig", "optionen"):
        if schluessel not in daten:
            raise fehler(f"Der Schlüssel „{schluessel}“ fehlt. Eine Frage je Datei: frage, richtig und [optionen.A] bis "
                         "[optionen.C] oder [optionen.D], wie in den anderen Dateien daneben.")
    if unbekannt := sorted(daten.keys() - {"frage", "richtig", "optionen"}):
        raise fehler(f"Unbekannte Schlüssel {unbekannt}; erlaubt sind frage, richtig und [optionen.X]. Eine Frage je "
                     "Datei; eine weitere Frage gehört in eine eigene Datei.", rf"^\[*\s*{re.escape(unbekannt[0])}\b")
    if not isinstance(daten["frage"], str) or not daten["frage"].strip():
        raise fehler("„frage“ muss ein nicht leerer Text sein.", r"^frage\s*=")
    optionen = daten["optionen"]
    if not isinstance(optionen, dict) or not 3 <= len(optionen) <= 4:
        raise fehler(f"Die Frage hat {len(optionen)} Optionen; erlaubt sind 3 oder 4.", r"^\[optionen")
    for wahl, option in optionen.items():
        wo = rf"^\[optionen\.{re.escape(wahl)}\]"
        if not re.fullmatch(r"[A-D]", wahl):
            raise fehler(f"Die Option „{wahl}“ heißt nicht A, B, C oder D.", wo)
        for schluessel in ("erklaerung", "text"):
            if not isinstance(option, dict) or not str(option.get(schluessel, "")).strip():
                raise fehler(f"Option {wahl}: Der Schlüssel „{schluessel}“ fehlt oder ist leer.", wo)
        # fehler / ohne_uebung: Welcher typische Fehler einer Übung zeigt diese falsche Option
        # (kurs/modell/fallen.py)?
        if unbekannt := sorted(option.keys() - {"text", "erklaerung", "fehler", "ohne_uebung"}):
            raise fehler(f"Option {wahl}: Unbekannte Schlüssel {unbekannt}; erlaubt sind text, erklaerung, fehler "
                         "und ohne_uebung.",
                         rf"^{re.escape(unbekannt[0])}\s*=")
    if daten["richtig"] not in optionen:
        raise fehler(f"richtig = {daten['richtig']!r}, aber die Optionen heißen {', '.join(optionen)}.", r"^richtig\s*=")
    return Quiz("kurz-geprueft-" + name.replace("/", "-"), daten["frage"], optionen, daten["richtig"])
