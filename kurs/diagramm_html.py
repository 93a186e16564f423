"""Die gezeichneten Diagramme in der Seite (kurs/diagramme.py zeichnet sie): jedes
<pre class="mermaid"> wird zu seinen SVGs in einem Rahmen, der seitlich scrollt; fehlt eines,
bleibt es für Mermaid im Browser."""

import html
import math
import re
import secrets

from kurs.diagramm_svg import breite
from kurs.diagramme import (
    FORMEN,
    HANDY_MIN_SCHRIFT_PX,
    HANDY_SPALTE_PX,
    MIN_SCHRIFT_PX,
    SCHEMATA,
    SCHMAL_SCHRIFT_PX,
    SCHRIFT_PX,
    Zeichnung,
    zeichnungen,
)
from kurs.modell import Kurs

PRE = re.compile(r'<pre class="mermaid"><code>(.*?)</code></pre>', re.S)


class Ablage:
    """Die SVGs der Diagramme einer Seite, bis MkDocs sie schreibt: In der Seite steht bis dahin nur eine
    Marke. Materials Suche liest jede Seite mit einem HTML-Parser, auch was sie auslässt; die vier
    Varianten jedes Diagramms waren über ein Drittel eines warmen Builds (benchmarks/build.py)."""

    def __init__(self):
        # Eine Marke, die im Text einer Seite nicht schon stehen kann: je Build neu.
        self.marke = f"kurs-svgs-{secrets.token_hex(6)}-"
        self.svgs: list[str] = []

    def ablegen(self, svgs: str) -> str:
        self.svgs.append(svgs)
        return f"<!--{self.marke}{len(self.svgs) - 1}-->"

    def einsetzen(self, seite: str) -> str:
        """Die Seite, wie sie ohne Ablage wäre."""
        return re.sub(rf"<!--{self.marke}(\d+)-->", lambda m: self.svgs[int(m[1])], seite)


def als_html(svgs: dict[str, dict[str, str]], titel: str, beschreibung: str = "", ablage: Ablage | None = None) -> str:
    """Alle Varianten (svgs[form][schema]) in einem Rahmen, der seitlich scrollt; kurs.css zeigt
    die zum Schema und zur Breite des Bildschirms. Die schmale Form kommt nur in die Seite, wenn die
    breite auf dem Handy nicht mit 11 px Schrift in die Spalte passt.

    Die Suche liest von der Zeichnung nichts (data-search-exclude), nur Titel und Beschreibung,
    einmal, aus einem Absatz, den niemand sieht und kein Screenreader vorliest: Der liest dieselben
    Sätze aus <title> und <desc> des SVGs. Die Marke steht am <svg>, nicht am Rahmen: Materials
    Suche vergleicht Elemente nur nach dem Tag, das erste </div> darin beendete das Auslassen.

    Mit `ablage` stehen die SVGs bis nach der Suche nur als Marke in der Seite (Ablage)."""
    def groesste(form):
        return max(breite(s) for s in svgs[form].values())

    min_breite = {"breit": math.ceil(groesste("breit") * MIN_SCHRIFT_PX / SCHRIFT_PX)}
    handy = "breit"
    if "schmal" in svgs and groesste("breit") * HANDY_MIN_SCHRIFT_PX / SCHRIFT_PX > HANDY_SPALTE_PX:
        handy = "schmal"
        min_breite["schmal"] = math.ceil(groesste("schmal") * HANDY_MIN_SCHRIFT_PX / SCHMAL_SCHRIFT_PX)
    klassen = "kurs-diagramm" + (" kurs-diagramm--mit-schmal" if handy == "schmal" else "")
    # Auf dem Handy zeigt der Hinweis, dass rechts noch etwas kommt (kurs.css).
    if min_breite[handy] > HANDY_SPALTE_PX:
        klassen += " kurs-diagramm--wischen"
    varianten = "".join(f'<div class="kurs-diagramm-{schema} kurs-diagramm-{form}">'
                        f'{svg.replace("<svg ", "<svg data-search-exclude ", 1)}</div>'
                        for form in min_breite for schema, svg in svgs[form].items())
    if ablage is not None:
        varianten = ablage.ablegen(varianten)
    stil = "; ".join(f"--kurs-min-breite{'' if form == 'breit' else '-schmal'}: {px}px" for form, px in min_breite.items())
    fuer_die_suche = html.escape(" ".join(t for t in (titel, beschreibung) if t), quote=False)
    return (f'<div class="{klassen}">'
            f'<div class="kurs-diagramm-flaeche" tabindex="0" role="group" '
            f'aria-label="Diagramm: {html.escape(titel)}" style="{stil}">'
            f"{varianten}</div>"
            '<p class="kurs-diagramm-hinweis" data-search-exclude aria-hidden="true">Seitlich wischen: Das Diagramm '
            "ist breiter als der Bildschirm.</p>"
            f'<p class="kurs-unsichtbar" aria-hidden="true">{fuer_die_suche}</p></div>')


def einsetzen(html_text: str, kurs: Kurs, gezeichnet: dict[Zeichnung, str], ablage: Ablage | None = None) -> str:
    """Ersetzt jedes <pre class="mermaid"> durch seine SVGs, wenn alle da sind."""
    def ersetze(m):
        quelle = html.unescape(m[1])
        svgs = {}
        for z in zeichnungen(quelle):
            if z in gezeichnet:
                svgs.setdefault(z.form, {})[z.schema] = gezeichnet[z]
            elif z.datei(kurs).is_file():
                svgs.setdefault(z.form, {})[z.schema] = z.datei(kurs).read_text(encoding="utf-8")
        if sum(map(len, svgs.values())) != len(FORMEN) * len(SCHEMATA):
            return m[0]
        titel, beschreibung = (re.search(rf"^\s*{art}:\s*(.+)$", quelle, re.M) for art in ("accTitle", "accDescr"))
        return als_html(svgs, titel[1].strip() if titel else "ohne Titel",
                        beschreibung[1].strip() if beschreibung else "", ablage)

    return PRE.sub(ersetze, html_text)
