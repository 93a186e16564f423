"""Die Fragen „Kurz geprüft“: snippets/<kapitel>/kurz-geprueft/schritt-K.toml mit `frage`,
`richtig` und drei oder vier Optionen `[optionen.A]` (`text`, `erklaerung`)."""

import re
import tomllib
from pathlib import Path

from kurs.modell.fehler import QuellenFehler
from kurs.modell.uebungen import Quiz


def frage_lesen(snippets: Path, name: str, wurzel: Path) -> Quiz:
    """Die Frage „Kurz geprüft“ `teil-N/schritt-K`, geprüft; QuellenFehler mit Datei, wenn sie kaputt ist."""
    kapitel, schritt = name.split("/")
    datei = snippets / kapitel / "kurz-geprueft" / f"{schritt}.toml"

    def fehler(text):
        return QuellenFehler.in_datei(datei, None, text, wurzel)

    try:
        daten = tomllib.loads(datei.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise fehler("Die Datei gibt es nicht.") from None
    except tomllib.TOMLDecodeError as exc:
        raise fehler(f"Das ist kein gültiges TOML ({exc}).") from None
    for schluessel in ("frage", "richtig", "optionen"):
        if schluessel not in daten:
            raise fehler(f"Der Schlüssel „{schluessel}“ fehlt.")
    if unbekannt := sorted(daten.keys() - {"frage", "richtig", "optionen"}):
        raise fehler(f"Unbekannte Schlüssel {unbekannt}; erlaubt sind frage, richtig und [optionen.X].")
    if not isinstance(daten["frage"], str) or not daten["frage"].strip():
        raise fehler("„frage“ muss ein nicht leerer Text sein.")
    optionen = daten["optionen"]
    if not isinstance(optionen, dict) or not 3 <= len(optionen) <= 4:
        raise fehler(f"Die Frage hat {len(optionen)} Optionen; erlaubt sind 3 oder 4.")
    for wahl, option in optionen.items():
        if not re.fullmatch(r"[A-D]", wahl):
            raise fehler(f"Die Option „{wahl}“ heißt nicht A, B, C oder D.")
        for schluessel in ("erklaerung", "text"):
            if not isinstance(option, dict) or not str(option.get(schluessel, "")).strip():
                raise fehler(f"Option {wahl}: Der Schlüssel „{schluessel}“ fehlt oder ist leer.")
        if unbekannt := sorted(option.keys() - {"text", "erklaerung"}):
            raise fehler(f"Option {wahl}: Unbekannte Schlüssel {unbekannt}; erlaubt sind text und erklaerung.")
    if daten["richtig"] not in optionen:
        raise fehler(f"richtig = {daten['richtig']!r}, aber die Optionen heißen {', '.join(optionen)}.")
    return Quiz("kurz-geprueft-" + name.replace("/", "-"), daten["frage"], optionen, daten["richtig"])
