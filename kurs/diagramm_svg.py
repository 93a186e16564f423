"""Die SVGs von Mermaid für Leserinnen (kurs/diagramme.py): vorlesbar, mit festen IDs und ohne,
was nichts im Bild trifft. Ändert sich hier Code, gilt jedes SVG als alt (`verarbeitung`)."""

import html
import re


def fuer_leser(svg: str) -> str:
    """role="img": Ein Screenreader liest Titel und Beschreibung (accTitle, accDescr) statt jedes
    Kästchens; Mermaids englische Rollenbeschreibung „sequence“ passt nicht auf eine deutsche Seite."""
    svg = re.sub(r' role="[^"]*"', "", svg, count=1)
    svg = re.sub(r' aria-roledescription="[^"]*"', "", svg, count=1)
    return svg.replace("<svg ", '<svg role="img" ', 1)


def feste_ids(svg: str) -> str:
    """Mermaid zählt die IDs der Lebenslinien (actor0, actor1, …) über alle Zeichnungen einer
    Sitzung hoch: Je nachdem, was vorher gezeichnet wurde, hieße dasselbe Diagramm anders,
    und zwei Diagramme einer Seite könnten dieselbe ID tragen. Darum je SVG neu gezählt,
    mit der ID des Diagramms davor."""
    svg_id = re.search(r'<svg id="([^"]+)"', svg)[1]
    neu = {}
    return re.sub(r'id="(actor\d+)"', lambda m: f'id="{svg_id}-{neu.setdefault(m[1], f"actor{len(neu)}")}"', svg)


def nachrichten_freigestellt(svg: str, schema: str) -> str:
    """Keine Lebenslinie läuft durch den Text einer Nachricht (Issue 51): Mermaid setzt den Text
    einer Nachricht an sich selbst mitten auf die Lebenslinie. Hinter jeder Zeile einer Nachricht
    liegt darum ein Kästchen in der Farbe der Seite, so breit wie der Text, eher breiter (Arial:
    kein Zeichen breiter als 0,6 em im Mittel). Es endet über dem Pfeil, der unter dem Text steht.
    Außerhalb der Seite (Materials --md-default-bg-color) nimmt es die Farbe ihres Schemas."""
    seite = {"hell": "#fff", "dunkel": "#1e2129"}[schema]
    nachricht = (r'<text x="([\d.]+)" y="([\d.]+)" text-anchor="middle"[^>]*class="messageText"[^>]*'
                 r'font-size: ([\d.]+)px[^>]*>([^<]*)</text>')

    def freistellen(m):
        x, y, groesse, text = float(m[1]), float(m[2]), float(m[3]), html.unescape(m[4])
        breite = len(text) * 0.6 * groesse
        # Mermaid setzt die Mitte der Zeile (dominant-baseline="middle") eine Zeile (dy="1em") unter y.
        return (f'<rect class="kurs-hinter-text" x="{x - breite / 2:.1f}" y="{y + 0.4 * groesse:.1f}" '
                f'width="{breite:.1f}" height="{1.2 * groesse:.1f}" '
                f'style="fill: var(--md-default-bg-color, {seite}); stroke: none"></rect>{m[0]}')
    return re.sub(nachricht, freistellen, svg)


def ohne_unbenutzte_symbole(svg: str) -> str:
    """Mermaid legt in jedes Sequenzdiagramm die Symbole computer, database und clock, auch wenn
    keine Lebenslinie sie zeigt: lange Pfade, auf Teil 2 ein Sechstel der Seite (gzip), die der
    Browser laden und parsen muss. Was nichts verwendet (href="#…", url(#…)), fällt weg."""
    def unbenutzt(m):
        return m[0] if re.search(rf'(?:href="|url\()#{re.escape(m[1])}\b', svg) else ""
    return re.sub(r'<symbol id="([^"]+)".*?</symbol>', unbenutzt, svg, flags=re.S)


def _regeln(css: str) -> list[str]:
    """Die Regeln eines Stylesheets auf oberster Ebene, @keyframes samt Inhalt als eine."""
    regeln, tiefe, anfang = [], 0, 0
    for stelle, zeichen in enumerate(css):
        if zeichen == "{":
            tiefe += 1
        elif zeichen == "}":
            tiefe -= 1
            if tiefe == 0:
                regeln.append(css[anfang:stelle + 1])
                anfang = stelle + 1
    return regeln


def ohne_unbenutzte_regeln(svg: str) -> str:
    """Mermaid legt in jedes SVG die Stile aller Arten Text und Form seiner Diagrammart (Fehler,
    Animationen, KaTeX, Klick …), gut 5 KB. Ein Selektor, der eine Klasse verlangt, die im SVG
    nirgends steht, trifft nichts und fällt weg, ebenso @keyframes, die keine Regel mehr nennt: je
    SVG ein Fünftel weniger (gzip), bei vier Varianten je Diagramm. Selektoren mit Klammern
    (:not(…)) bleiben: Dort hieße eine fehlende Klasse nicht, dass nichts trifft."""
    stil = re.search(r"<style>(.*?)</style>", svg, re.S)
    if not stil:
        return svg
    koerper = svg[:stil.start()] + svg[stil.end():]
    klassen = {k for attribut in re.findall(r'class="([^"]*)"', koerper) for k in attribut.split()}
    behalten = []
    for regel in _regeln(stil[1]):
        selektoren, rumpf = regel.split("{", 1)
        if regel.startswith("@"):
            behalten.append(regel)
            continue
        treffen = [s for s in selektoren.split(",")
                   if "(" in s or all(k in klassen for k in re.findall(r"\.([-\w]+)", s))]
        if treffen:
            behalten.append(",".join(treffen) + "{" + rumpf)
    regeln = [r for r in behalten if not r.startswith("@keyframes")]
    genannt = "".join(regeln)
    behalten = [r for r in behalten if not r.startswith("@keyframes")
                or re.search(rf"animation[^;{{}}]*\b{re.escape(r.split()[1].split('{')[0])}\b", genannt)]
    return svg[:stil.start(1)] + "".join(behalten) + svg[stil.end(1):]


def breite(svg: str) -> float:
    return float(re.search(r'<svg [^>]*?width="([\d.]+)"', svg)[1])
