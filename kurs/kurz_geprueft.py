"""„Kurz geprüft“: eine kurze Auswahlfrage nach jedem Schritt eines Kapitels.

Jede Frage ist eine TOML-Datei, `snippets/teil-N/kurz-geprueft/schritt-K.toml`:

    frage = "Was löscht der Broker nach dem Ack?"
    richtig = "B"

    [optionen.A]
    text = "…"
    erklaerung = "…"

    [optionen.B]
    …

Drei oder vier Optionen, genau eine ist richtig. Eine Zeile
`<!-- kurz-geprueft: teil-N/schritt-K -->` in einer Seite wird zur Auswahl mit einer
Erklärung je Option. Sie braucht weder JavaScript noch Python im Browser: Es ist dasselbe
Markup mit denselben CSS-Klassen wie die Auswahl der Übungen (`quiz_html` in
kurs/mkdocs_hooks.py, Stil in docs/assets/kurs.css): Die Erklärung erscheint, sobald die
Option gewählt ist. Seite und Tests lesen dieselben Dateien.

Eine kaputte Datei oder ein vertippter Marker bricht den Build mit einer deutschen
Meldung ab, statt still zu verschwinden.
"""

import html
import re
import tomllib
from pathlib import Path

from mkdocs.exceptions import PluginError

from kurs.zusammensetzen import SNIPPETS, WURZEL

MARKER = re.compile(r"^<!-- kurz-geprueft: (?P<name>teil-\d+/schritt-\d+) -->$", re.M)
# Alles, was wie ein Marker aussieht. Bleibt davon nach dem Ersetzen etwas übrig, ist er vertippt.
VERSUCH = re.compile(r"<!--\s*kurz", re.I)
SCHLUESSEL = {"frage", "richtig", "optionen"}
OPTION_SCHLUESSEL = {"text", "erklaerung"}
INLINE_CODE = re.compile(r"`([^`]+)`")


class KurzGeprueftFehler(PluginError):
    """Eine Frage oder ein Marker ist kaputt; MkDocs bricht den Build damit ab."""


def datei(name: str) -> Path:
    """Die Datei zu `teil-N/schritt-K`."""
    teil, schritt = name.split("/")
    return SNIPPETS / teil / "kurz-geprueft" / f"{schritt}.toml"


def alle_namen() -> list[str]:
    """`teil-N/schritt-K` für jede Datei unter snippets/."""
    return sorted(f"{p.parent.parent.name}/{p.stem}" for p in SNIPPETS.glob("teil-*/kurz-geprueft/*.toml"))


def _anzeigename(pfad: Path) -> str:
    try:
        return pfad.resolve().relative_to(WURZEL).as_posix()
    except ValueError:
        return str(pfad)


def lies_datei(pfad: Path) -> dict:
    """Liest und prüft eine Frage: {"frage": str, "richtig": str, "optionen": {Buchstabe: {"text", "erklaerung"}}}."""
    wo = _anzeigename(pfad)
    try:
        daten = tomllib.loads(Path(pfad).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise KurzGeprueftFehler(f"Kurz geprüft: Die Datei {wo} gibt es nicht.") from None
    except tomllib.TOMLDecodeError as fehler:
        raise KurzGeprueftFehler(f"{wo}: Das ist kein gültiges TOML ({fehler}).") from None

    def fehler(text: str) -> KurzGeprueftFehler:
        return KurzGeprueftFehler(f"{wo}: {text}")

    for schluessel in ("frage", "richtig", "optionen"):
        if schluessel not in daten:
            raise fehler(f"Der Schlüssel „{schluessel}“ fehlt.")
    if unbekannt := sorted(daten.keys() - SCHLUESSEL):
        raise fehler(f"Unbekannte Schlüssel {unbekannt}; erlaubt sind frage, richtig und [optionen.X].")
    if not isinstance(daten["frage"], str) or not daten["frage"].strip():
        raise fehler("„frage“ muss ein nicht leerer Text sein.")
    optionen = daten["optionen"]
    if not isinstance(optionen, dict):
        raise fehler("„optionen“ muss eine Tabelle sein: je Option ein Abschnitt [optionen.A].")
    if not 3 <= len(optionen) <= 4:
        raise fehler(f"Die Frage hat {len(optionen)} Optionen; erlaubt sind 3 oder 4.")
    for wahl, option in optionen.items():
        if not re.fullmatch(r"[A-D]", wahl):
            raise fehler(f"Die Option „{wahl}“ heißt nicht A, B, C oder D.")
        if not isinstance(option, dict):
            raise fehler(f"Option {wahl}: erwartet eine Tabelle [optionen.{wahl}] mit text und erklaerung.")
        for schluessel in sorted(OPTION_SCHLUESSEL):
            if not isinstance(option.get(schluessel), str) or not option[schluessel].strip():
                raise fehler(f"Option {wahl}: Der Schlüssel „{schluessel}“ fehlt oder ist leer.")
        if unbekannt := sorted(option.keys() - OPTION_SCHLUESSEL):
            raise fehler(f"Option {wahl}: Unbekannte Schlüssel {unbekannt}; erlaubt sind text und erklaerung.")
    if daten["richtig"] not in optionen:
        raise fehler(
            f"richtig = {daten['richtig']!r}, aber die Optionen heißen {', '.join(optionen)}."
        )
    return daten


def lies(name: str) -> dict:
    """Die geprüfte Frage zu `teil-N/schritt-K`."""
    return lies_datei(datei(name))


def _text(text: str) -> str:
    # Im HTML-Block wirkt kein Markdown: `Code` wird hier zu <code>.
    return INLINE_CODE.sub(r"<code>\1</code>", html.escape(text))


def als_html(name: str) -> str:
    """Die Auswahl zur Frage: ein fieldset mit der Frage als legend und nativen Radios.

    Markup und Klassen wie `quiz_html` (kurs/mkdocs_hooks.py), damit dieselben Regeln aus
    kurs.css greifen; dazu die Frage als legend und aria-live an jeder Erklärung.
    """
    daten = lies(name)
    gruppe = "kurz-geprueft-" + name.replace("/", "-")
    zeilen = [f'<fieldset class="quiz kurz-geprueft" id="{gruppe}">', f"<legend>{_text(daten['frage'])}</legend>"]
    for wahl, option in daten["optionen"].items():
        richtig = wahl == daten["richtig"]
        urteil = "Richtig." if richtig else "Passt nicht."
        art = "quiz-richtig" if richtig else "quiz-falsch"
        zeilen += [
            '<div class="quiz-option">',
            f'<input type="radio" name="{gruppe}" id="{gruppe}-{wahl}" value="{wahl}">',
            f'<label for="{gruppe}-{wahl}"><strong>{wahl}</strong> {_text(option["text"])}</label>',
            f'<p class="quiz-erklaerung {art}" aria-live="polite"><strong>{urteil}</strong> '
            f'{_text(option["erklaerung"])}</p>',
            "</div>",
        ]
    zeilen.append("</fieldset>")
    return "\n".join(zeilen)


def einsetzen(markdown: str, seite: str = "") -> str:
    """Ersetzt jeden Marker durch seine Auswahl; ein vertippter Marker bricht ab."""
    ergebnis = MARKER.sub(lambda m: als_html(m["name"]), markdown)
    if rest := VERSUCH.search(ergebnis):
        zeile = ergebnis[rest.start():].split("\n", 1)[0]
        raise KurzGeprueftFehler(
            f"{seite or 'Seite'}: Marker nicht erkannt: {zeile!r}. "
            "Form: <!-- kurz-geprueft: teil-2/schritt-1 --> allein in einer Zeile."
        )
    return ergebnis
