"""Diagramme als SVG, beim Bauen gezeichnet: Leserinnen laden kein Mermaid.

Jeder ```mermaid-Block bleibt im Markdown. Das gepinnte Mermaid (kurs/vendor.json) zeichnet
ihn in Debians Chromium viermal, hell und dunkel, breit (Desktop, Tablet) und schmal (Handy), und
legt die SVGs in diagramme/ ab, benannt nach einem Hash aus Mermaid-Version, Einstellungen und
Quelltext. Die schmale Form ist für das Handy gezeichnet, nicht nur verkleinert: kleinere
Abstände, Beschriftungen umbrochen (`schmal`). Der
Ordner liegt im Repository: Ein Build mit unveränderten Diagrammen startet keinen Browser,
und ein Rechner ohne Chromium bekommt trotzdem statische Diagramme.

Fehlt ein SVG, zeichnet es der Build (`mkdocs serve` also genau das geänderte Diagramm) und
räumt SVGs weg, die kein Diagramm mehr braucht. Ohne Chromium bleibt so ein Diagramm ein
<pre class="mermaid">, und die Seite zeichnet es wie früher im Browser
(overrides/partials/mermaid.html). In CI schreibt der Build nichts ins Repository: Dort
soll tests/test_diagramme.py ein vergessenes SVG melden.

    uv run python -m kurs.diagramme     # fehlende SVGs zeichnen, verwaiste löschen
"""

import functools
import hashlib
import inspect
import json
import os
import re
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path

from kurs import vendor
from kurs.diagramm_svg import (  # noqa: F401 - breite auch für die Tests
    _regeln,
    breite,
    feste_ids,
    fuer_leser,
    nachrichten_freigestellt,
    ohne_unbenutzte_regeln,
    ohne_unbenutzte_symbole,
)
from kurs.modell import Kurs, QuellenFehler
from kurs.modell.aenderungen import beschreiben, davor

ORDNER = "diagramme"
MERMAID_JS = vendor.WURZEL / "docs" / "assets" / "vendor" / "mermaid" / "mermaid.tiny.js"

SCHRIFT_PX = 16
# Kleiner als so skaliert die Seite ein breites Diagramm nie (Issue 13); was dann nicht passt,
# scrollt seitlich. Auf dem Desktop bleibt es dabei.
MIN_SCHRIFT_PX = 10
# Der Laptop (Issue 51): Bei 1280 px ist Materials Spalte 688 px breit; dort bleibt die Schrift
# 12 px, wenn die breite Form höchstens BREIT_MAX_BREITE breit ist. Das prüft tests/test_diagramme.py;
# passt ein Diagramm nicht, bricht sein Quelltext lange Nachrichten mit <br/> um.
DESKTOP_SPALTE_PX = 688
DESKTOP_MIN_SCHRIFT_PX = 12
BREIT_MAX_BREITE = DESKTOP_SPALTE_PX * SCHRIFT_PX // DESKTOP_MIN_SCHRIFT_PX
# Das Handy (Issue 42, 51): 360 px breit, davon 328 px Spalte (Materials Rand 0,8 rem), Schrift
# mindestens 11 px. Bis zu Materials Grenze für schmale Bildschirme (kurs.css, 44.9375em) steht
# dort die schmale Form, gezeichnet mit kleinerer Schrift und so schmal, dass sie ohne Wischen passt.
HANDY_SPALTE_PX = 328
HANDY_MIN_SCHRIFT_PX = 11
SCHMAL_SCHRIFT_PX = 14
# So breit darf die schmale Form gezeichnet sein: verkleinert auf die Spalte bleibt die Schrift 11 px.
SCHMAL_MAX_BREITE = HANDY_SPALTE_PX * SCHMAL_SCHRIFT_PX // HANDY_MIN_SCHRIFT_PX
FORMEN = ("breit", "schmal")
# Feste Breite statt 100 %: Die Seite entscheidet mit CSS, wie weit sie verkleinert. Teilnehmer
# 120 px statt Mermaids 150 px breit: Ihre Namen sind kurz, und so passen vier auf den Laptop.
_GEMEINSAM = {
    "startOnLoad": False,
    "fontFamily": "arial, sans-serif",
    "fontSize": SCHRIFT_PX,
    "sequence": {"useMaxWidth": False, "actorFontSize": SCHRIFT_PX, "messageFontSize": SCHRIFT_PX,
                 "noteFontSize": SCHRIFT_PX, "width": 120, "diagramMarginX": 10},
    "flowchart": {"useMaxWidth": False},
}
# Die schmale Form: kleinere Schrift und Abstände. Sequenzdiagramme brechen Nachrichten und
# Notizen um (wrap), Namen nie; die Breite der Teilnehmer rechnet `einstellungen` aus ihrer Zahl.
# Flussdiagramme brechen jede Beschriftung nach 130 px um, Gruppen lassen Platz für zwei Zeilen Titel.
_SCHMAL = {
    "fontSize": SCHMAL_SCHRIFT_PX,
    "sequence": {"actorFontSize": SCHMAL_SCHRIFT_PX, "messageFontSize": SCHMAL_SCHRIFT_PX,
                 "noteFontSize": SCHMAL_SCHRIFT_PX, "wrap": True, "actorMargin": 16, "diagramMarginX": 8,
                 "noteMargin": 6, "boxMargin": 6, "mirrorActors": False},
    "flowchart": {"nodeSpacing": 12, "rankSpacing": 25, "padding": 6, "diagramPadding": 4, "wrappingWidth": 130},
}
# Jede Farbe, hinter der Text steht, ist hier festgelegt, wo Mermaids Thema nicht 4,5:1 schafft
# oder durchscheint; tests/browser/test_diagramme_gezeichnet.py prüft jede Art Text jeder Art
# Diagramm, die der Kurs benutzt (MUSTER), in beiden Schemata.
SCHEMATA = {
    # Text an Kanten: Mermaids Hintergrund ist zu 80 % deckend, darunter schiene eine Gruppe durch.
    "hell": {**_GEMEINSAM, "theme": "default", "themeVariables": {"edgeLabelBackground": "#e8e8e8"}},
    # Mermaids Notizen im dunklen Schema hätten 4,49:1 Kontrast, Text an Kanten (#ccc auf #585858)
    # 4,43:1; 4,5:1 ist das Mindeste.
    "dunkel": {**_GEMEINSAM, "theme": "dark",
               "themeVariables": {"noteTextColor": "#e6e6e6", "edgeLabelBackground": "#333333"}},
}

@functools.cache
def mermaid_version() -> str:
    (version,) = {e["version"] for e in vendor.lies_manifest() if e["name"] == "@mermaid-js/tiny"}
    return version


@functools.cache
def verarbeitung() -> str:
    """Der Code, der Quelltext und SVG für den Leser noch ändert: Ändert er sich, gilt jedes SVG als alt."""
    return "".join(inspect.getsource(f) for f in (fuer_leser, feste_ids, nachrichten_freigestellt,
                                                   ohne_unbenutzte_symbole, ohne_unbenutzte_regeln, _regeln, schmal_gesetzt,
                                                   _teilnehmer, _umbrechen))


GRUPPENTITEL = re.compile(r'^\s*subgraph\s+\S+\s*\["(.+)"\]\s*$', re.M)
FLUSS_QUER = re.compile(r"^(\s*(?:flowchart|graph))\s+(LR|RL)\b", re.M)


@dataclass(frozen=True)
class Zeichnung:
    quelle: str
    schema: str
    form: str = "breit"

    @property
    def einstellungen(self) -> dict:
        if self.form == "breit":
            return SCHEMATA[self.schema]
        einstellungen = json.loads(json.dumps(SCHEMATA[self.schema]))
        for schluessel, wert in _SCHMAL.items():
            if isinstance(wert, dict):
                einstellungen[schluessel] = {**einstellungen.get(schluessel, {}), **wert}
            else:
                einstellungen[schluessel] = wert
        # Jeder Teilnehmer bekommt gleich viel der Breite, die auf das Handy passt (mit etwas Luft
        # für Notizen am Rand), höchstens Mermaids 150 px, mindestens 70 px für kurze Namen.
        sequenz = einstellungen["sequence"]
        anzahl = max(len(_teilnehmer(self.quelle)), 1)
        frei = SCHMAL_MAX_BREITE * 0.9 - 2 * sequenz["diagramMarginX"] - (anzahl - 1) * sequenz["actorMargin"]
        sequenz["width"] = int(min(150, max(70, frei / anzahl)))
        # Mermaid lässt unter dem Titel einer Gruppe Platz für eine Zeile; jede weitere braucht mehr.
        zeilen = max((t.count("<br/>") + 1 for t in GRUPPENTITEL.findall(self.kandidaten[0])), default=1)
        einstellungen["flowchart"]["subGraphTitleMargin"] = {"top": 0, "bottom": 45 * (zeilen - 1)}
        return einstellungen

    @property
    def kandidaten(self) -> list[str]:
        """Was Mermaid zeichnet; von mehreren nimmt `zeichne` das schmalste."""
        if self.form == "breit":
            return [self.quelle]
        quelle = schmal_gesetzt(self.quelle)
        # Ein Fluss von links nach rechts ist oft von oben nach unten schmaler.
        return [quelle, FLUSS_QUER.sub(r"\1 TB", quelle)] if FLUSS_QUER.search(quelle) else [quelle]

    @property
    def schluessel(self) -> str:
        daten = json.dumps([mermaid_version(), verarbeitung(), self.einstellungen, self.kandidaten],
                           sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(daten.encode("utf-8")).hexdigest()[:20]

    def datei(self, kurs: Kurs) -> Path:
        return kurs.wurzel / ORDNER / f"{self.schluessel}.svg"


def _teilnehmer(quelle: str) -> list[str]:
    """Die Teilnehmer eines Sequenzdiagramms: erklärte und solche, die nur in Nachrichten vorkommen."""
    namen = re.findall(r"^\s*(?:participant|actor)\s+([^\s:]+)", quelle, re.M)
    for a, b in re.findall(r"^\s*([^\s:>-]+)\s*[-=]+[>x)]+[+-]?\s*([^\s:]+)\s*:", quelle, re.M):
        namen += [n for n in (a, b) if n not in namen]
    return list(dict.fromkeys(namen))


def _umbrechen(text: str, zeichen: int = 20) -> str:
    zeilen = [z for teil in re.split(r"<br\s*/?>", text) for z in textwrap.wrap(teil, zeichen) or [""]]
    return "<br/>".join(zeilen)


def schmal_gesetzt(quelle: str) -> str:
    """Der Quelltext der schmalen Form. Sequenzdiagramm: Mermaid bricht Nachrichten und Notizen
    selbst um (wrap), darum ohne die Zeilenumbrüche der breiten Form; Namen der Teilnehmer nie
    (nowrap:), sie sollen ganz dastehen. Flussdiagramm: lange Titel von Gruppen umbrochen, die
    bricht Mermaid nicht selbst um."""
    art = quelle.split(maxsplit=1)[0]
    zeilen = []
    for zeile in quelle.splitlines():
        if re.match(r"^\s*acc(Title|Descr)\b", zeile):
            pass
        elif art == "sequenceDiagram":
            if m := re.match(r"^(\s*(?:participant|actor)\s+)(\S+)(?:\s+as\s+(.+))?$", zeile):
                zeile = f"{m[1]}{m[2]} as nowrap:{m[3] or m[2]}"
            elif ":" in zeile:
                zeile = re.sub(r"\s*<br\s*/?>\s*", " ", zeile)
        elif m := GRUPPENTITEL.match(zeile):
            zeile = zeile.replace(m[1], _umbrechen(m[1]))
        zeilen.append(zeile)
    return "\n".join(zeilen)


def zeichnungen(quelle: str) -> list[Zeichnung]:
    return [Zeichnung(quelle.strip(), schema, form) for form in FORMEN for schema in SCHEMATA]


def alle_zeichnungen(kurs: Kurs) -> list[Zeichnung]:
    return [z for d in kurs.diagramme for z in zeichnungen(d.quelle)]


def fehlende(kurs: Kurs) -> list[Zeichnung]:
    return [z for z in alle_zeichnungen(kurs) if not z.datei(kurs).is_file()]


def verwaiste(kurs: Kurs) -> list[Path]:
    gebraucht = {z.datei(kurs) for z in alle_zeichnungen(kurs)}
    return sorted(p for p in (kurs.wurzel / ORDNER).glob("*.svg") if p not in gebraucht)


def zeichne(liste: list[Zeichnung]) -> dict[Zeichnung, str]:
    """Zeichnet alle in einem Chromium; braucht Playwright und Chromium (kurs/chromium.py)."""
    from playwright.sync_api import Error as PlaywrightFehler
    from playwright.sync_api import sync_playwright

    from kurs import chromium

    ergebnis = {}
    with sync_playwright() as playwright:
        browser = chromium.starte_browser(playwright)
        page = browser.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_script_tag(path=str(MERMAID_JS))
        try:
            for z in liste:
                try:
                    svgs = [page.evaluate("""async ([id, quelle, einstellungen]) => {
                        mermaid.initialize(einstellungen);
                        return (await mermaid.render(id, quelle)).svg;
                    }""", [f"diagramm-{z.schluessel}", quelle, z.einstellungen]) for quelle in z.kandidaten]
                except PlaywrightFehler as fehler:
                    raise MermaidFehler(z, fehler.message) from None
                svg = fuer_leser(feste_ids(min(svgs, key=breite)))
                ergebnis[z] = ohne_unbenutzte_regeln(ohne_unbenutzte_symbole(nachrichten_freigestellt(svg, z.schema)))
        finally:
            browser.close()
    return ergebnis


class MermaidFehler(Exception):
    """Mermaid konnte eine Zeichnung nicht zeichnen, meist ein Syntaxfehler im Diagramm."""

    def __init__(self, zeichnung: Zeichnung, meldung: str):
        self.zeichnung = zeichnung
        # Mermaids Meldung steht über mehrere Zeilen (Zeile, Stelle mit ^, Erwartetes): eine Zeile daraus.
        zeilen = [z.strip() for z in meldung.split("Error: ", 1)[-1].splitlines() if z.strip() and set(z.strip()) != {"-", "^"}]
        self.meldung = " ".join(z for z in zeilen if not z.startswith("at "))[:300]
        super().__init__(self.meldung)


def chromium_fehlt() -> str | None:
    from kurs import chromium

    return None if chromium.CHROMIUM.exists() else f"{chromium.CHROMIUM} fehlt"


def aktualisieren(kurs: Kurs, speichern: bool = True) -> dict[Zeichnung, str]:
    """Zeichnet, was fehlt (leer, wenn nichts fehlt: dann ohne Browser); mit `speichern`
    landen die SVGs in diagramme/, und verwaiste verschwinden."""
    try:
        neu = zeichne(fehlende(kurs)) if fehlende(kurs) else {}
    except MermaidFehler as fehler:
        diagramm = next(d for d in kurs.diagramme if d.quelle.strip() == fehler.zeichnung.quelle)
        # Mermaid zählt die Zeilen des Diagramms; die erste steht unter ```mermaid.
        zeile = diagramm.zeile + (int(m[1]) if (m := re.search(r"(?:Parse|Lexical) error on line (\d+)",
                                                                fehler.meldung)) else 0)
        pfad = diagramm.seite.relative_to(kurs.wurzel).as_posix()
        erste = fehler.zeichnung.quelle.splitlines()[0]
        text = f"Mermaid kann das Diagramm „{erste}“ nicht zeichnen: {fehler.meldung}"
        # Ein fehlendes `end` merkt Mermaid erst am Ende des Diagramms: gemeint ist die Änderung davor.
        if (a := davor(kurs.wurzel, pfad, zeile)) and a.zeile > diagramm.zeile:
            raise QuellenFehler(f"{pfad}:{a.zeile}", f"{beschreiben(a)}; danach meldet Mermaid in Zeile {zeile}: {text}") from None
        raise QuellenFehler(f"{pfad}:{zeile}", text) from None
    if speichern:
        for z, svg in neu.items():
            z.datei(kurs).parent.mkdir(exist_ok=True)
            z.datei(kurs).write_text(svg, encoding="utf-8")
        for datei in verwaiste(kurs):
            datei.unlink()
    return neu


def speichern_erlaubt() -> bool:
    return not os.environ.get("CI")


def main() -> None:
    kurs = Kurs()
    if fehlende(kurs) and (grund := chromium_fehlt()):
        sys.exit(f"{len(fehlende(kurs))} SVGs fehlen, und zum Zeichnen fehlt Chromium ({grund}). "
                 "Installieren: sudo apt-get install chromium")
    weg = verwaiste(kurs)
    try:
        neu = aktualisieren(kurs)
    except QuellenFehler as fehler:
        sys.exit(str(fehler))
    print(f"{ORDNER}/: {len(neu)} SVGs gezeichnet, {len(weg)} verwaiste gelöscht, "
          f"{len(alle_zeichnungen(kurs))} aktuell.")


if __name__ == "__main__":
    main()
