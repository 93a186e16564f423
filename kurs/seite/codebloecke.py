"""Die Python-Blöcke einer Seite: in einem Aufruf gezeichnet und aufgezeichnet.

Jeder Python-Block der Seite kommt aus snippets/ (`--8<-- "teil-1/queue_demo.md:anzeige"`).
Zwei Präprozessoren merken sich, aus welcher Snippet-Datei ein Fence kommt: `Einbindungen`
schreibt um jede Einbindungszeile zwei Marken (vor pymdownx.snippets), `Herkunft` gibt jedem
Python-Fence dazwischen die Option `kurs_snippet="…"` (vor pymdownx.superfences). Dann zeichnet
`formatter` (ein eigener Fence von superfences, mkdocs.yml) den Block mit pymdownx.highlight
und sucht im selben Aufruf sein Programm: das Beispiel von pytest-codeblocks, in dem genau
dieser Code ein Stück ist (kurs/modell/snippets.py, Snippets.programm). Block und Programm entstehen also
zusammen; nichts paart Blöcke nach ihrer Reihenfolge.
"""

import html
import re

from markdown.extensions import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException, highlight_validator

from kurs.modell import PYTHON_FENCE, QuellenFehler
from kurs.modell.beispiele import EINBINDUNG
from kurs.seite import meldungen

# MkDocs importiert dieses Modul beim Lesen von mkdocs.yml (`!!python/name:`), vor jeder Prüfung der
# Einstellungen. Ist eine vor `plugins` falsch (theme), lädt kein Plugin: Der Filter, der „Config value …“
# mit der Zeile in mkdocs.yml meldet, hängt darum schon hier.
meldungen.einstellungen_verorten()

MARKE = re.compile(r"^\s*<!--kurs-snippet: (?P<ziel>[^>]+)-->$")
ENDE = "<!--kurs-snippet-ende-->"
OPTION = "kurs_snippet"  # superfences erlaubt in Optionen nur Buchstaben, Ziffern und _


class BlockFehler(SuperFencesException, PluginError):
    """Bricht den Build mit einer Zeile ab: superfences reicht nur SuperFencesException
    durch, MkDocs zeigt eine PluginError ohne Traceback."""


class Einbindungen(Preprocessor):
    def run(self, lines):
        ergebnis = []
        for zeile in lines:
            if m := EINBINDUNG.match(zeile):
                ergebnis += [f"{m['einzug']}<!--kurs-snippet: {m['ziel']}-->", zeile, f"{m['einzug']}{ENDE}"]
            else:
                ergebnis.append(zeile)
        return ergebnis


class Herkunft(Preprocessor):
    def run(self, lines):
        ergebnis, ziel = [], None
        for zeile in lines:
            if m := MARKE.match(zeile):
                ziel = m["ziel"]
                continue
            if zeile.strip() == ENDE:  # danach steht wieder die Seite selbst
                ziel = None
                continue
            if ziel and (m := PYTHON_FENCE.match(zeile)):
                zeile = f'{m["fence"]} {OPTION}="{ziel}"'
            ergebnis.append(zeile)
        return ergebnis


class KursMarkdown(Extension):
    """Die Markdown-Erweiterung des Kurses; `seite` sammelt die Blöcke der Seite im Build."""

    def __init__(self, seite, **kwargs):
        self.seite = seite
        super().__init__(**kwargs)

    def extendMarkdown(self, md):
        md.kurs_seite = self.seite()
        # Vor pymdownx.snippets (32), danach und vor pymdownx.superfences (25).
        md.preprocessors.register(Einbindungen(md), "kurs_einbindungen", 33)
        md.preprocessors.register(Herkunft(md), "kurs_herkunft", 31)


def validator(language, inputs, options, attrs, md):
    if OPTION in inputs:
        options[OPTION] = inputs.pop(OPTION)
    return highlight_validator(language, inputs, options, attrs, md)


def formatter(src, language, class_name, options, md, **kwargs):
    ziel = options.pop(OPTION, None)
    # Der Highlighter, den superfences für jeden anderen Fence nimmt (fremdcode.py prüft ihn).
    gezeichnet = md.preprocessors["fenced_code_block"].highlight(
        src=src, language=language, options=options, md=md, **kwargs)
    seite = getattr(md, "kurs_seite", None)
    if seite is None:  # Markdown ohne den Kurs, etwa in einem Werkzeug: nur zeichnen
        return gezeichnet
    if ziel is None:
        raise BlockFehler("Ein Python-Block steht direkt in der Seite. Code gehört nach snippets/ und wird "
                          'mit --8<-- "datei.md" eingebunden; nur so läuft er als Test.')
    if not seite.kurs.snippets.im_browser(ziel):
        return gezeichnet.replace('<div class="language-python highlight"', '<div class="language-python highlight" '
                                  "data-search-exclude", 1)
    try:
        nummer = seite.aufzeichnen(ziel, src + "\n")
    except QuellenFehler as exc:
        raise BlockFehler(str(exc)) from None
    except Exception as exc:
        # superfences verschluckte jede andere Ausnahme und ließe den Block als rohen Text stehen.
        raise BlockFehler(f"snippets/{ziel}: {type(exc).__name__}: {exc}") from exc
    return mit_leiste(gezeichnet, nummer, seite.bloecke[nummer])


def attribute(nummer: int, programm) -> str:
    """Was docs/assets/kurs-lauf.js schon zum Einrichten braucht; alles andere steht in programme.json."""
    werte = {"data-lauf": nummer}
    if programm.uebung:
        werte |= {"data-uebung": programm.uebung, "data-rolle": programm.rolle}
    return " ".join(f'{name}="{html.escape(str(wert), quote=True)}"' for name, wert in werte.items())


def mit_leiste(gezeichnet: str, nummer: int, programm) -> str:
    """Der Block mit seinen Daten und dahinter Knöpfe und Ergebnis für kurs-lauf.js. Sie stehen
    schon im HTML: Fügte das Skript sie beim Laden ein, rechnete der Browser die Stile des ganzen
    Artikels neu. Ohne JavaScript blendet kurs.css die Knöpfe aus (.no-js). Die Suche lässt Code
    und Knöpfe aus (data-search-exclude): Gesucht wird im Text.

    Die Hinweise der Knöpfe stehen nicht in title, sondern in data-kurs-hinweis; kurs-lauf.js
    macht sie beim ersten Zeigen oder Fokus zum title. Mit title im HTML richtete Material
    (content.tooltips) beim Laden für jeden Knopf einen eigenen Tooltip ein: auf Teil 2 für
    37 Knöpfe, rund 80 ms mehr Blockierzeit (Lighthouse mobil). Den Tastenkürzel nennt
    aria-keyshortcuts gleich."""
    anfang = '<div class="language-python highlight"'
    if not gezeichnet.startswith(anfang):  # pragma: no cover - fremdcode.py prüft die Form
        raise BlockFehler(f"pymdownx.highlight zeichnet einen Block anders als erwartet: {gezeichnet[:80]!r}")
    knoepfe = [("ausfuehren", "Ausführen", "Strg+Enter")]
    if programm.rolle == "vorlage":
        knoepfe.append(("pruefen", "Prüfen", "Strg+Enter"))
    knoepfe += [("stopp", "Stopp", None), ("zuruecksetzen", "Zurücksetzen", "Den ursprünglichen Code wiederherstellen")]
    leiste = "".join(
        f'<button type="button" class="md-button kurs-knopf" data-kurs-knopf="{art}"'
        + (f' data-kurs-hinweis="{hinweis}"' if hinweis else "")
        + (' aria-keyshortcuts="Control+Enter"' if hinweis == "Strg+Enter" else "")
        + (" hidden" if art == "stopp" else "") + f">{text}</button>"
        for art, text, hinweis in knoepfe)
    return (f"{anfang} data-search-exclude {attribute(nummer, programm)}{gezeichnet[len(anfang):]}"
            f'<div class="kurs-leiste" data-search-exclude>{leiste}</div>'
            '<div class="kurs-ergebnis" role="status" aria-live="polite"></div>')
