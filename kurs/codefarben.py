"""Weniger Elemente im Code, dieselben Farben: Pygments setzt um jedes Wort und Zeichen ein
`<span>`; Material färbt viele davon gleich. Dieses Modul fasst im gebauten HTML zusammen,
was gleich aussieht, und lässt Spans weg, die in der Farbe des Codes stehen.

Welche Klassen gleich aussehen, liest es aus Materials eigenem CSS, für beide Farbschemata:
Ändert Material eine Farbe, trennt der nächste Build die Klassen wieder. Eine Kapitelseite
hat so ein Fünftel weniger Spans; Materials Stilberechnungen der ganzen Seite beim Laden
werden entsprechend kürzer (benchmarks/lighthouse.py).
"""

import functools
import re
from pathlib import Path

from pygments.token import STANDARD_TYPES

# Die Klassen, die Pygments vergibt: Nur um die geht es, nie um Spans anderer Herkunft.
PYGMENTS_KLASSEN = frozenset(k for k in STANDARD_TYPES.values() if k)
REGEL = re.compile(r"((?:\.highlight \.[a-z0-9]+,?)+)\{color:var\((--md-code-hl-[a-z]+-color)\)\}")
VARIABLE = re.compile(r"(--md-code-hl-[a-z]+-color):([^;}]+)")
# Ein Span ohne weitere Tags darin, Text dazwischen, und jedes andere Tag.
TEIL = re.compile(r'<span class="([a-z0-9]+)">([^<]*)</span>|([^<]+)|(<[^>]*>)')
CODE = re.compile(r"(<code>)(.*?)(</code>)", re.S)
SCHLICHT = "schlicht"  # in der Farbe des Codes, wie Text ohne Span
# In Kommentaren sucht Material Code-Anmerkungen „(1)“: Sie behalten ihren Span für sich.
KOMMENTARE = frozenset({"c", "c1", "ch", "cm", "cs", "sd"})


@functools.cache  # einmal je Prozess: Materials CSS ändert sich nicht, während `mkdocs serve` läuft
def material_css() -> tuple[str, str]:
    """Das Haupt-CSS (helles Schema) und das der Paletten (dunkles Schema) des installierten Material."""
    import material

    ordner = Path(material.__file__).parent / "templates" / "assets" / "stylesheets"
    return tuple(next(ordner.glob(f"{name}.*.min.css")).read_text(encoding="utf-8") for name in ("main", "palette"))


def gruppen_der_seite(kurs) -> dict[str, str]:
    """farbgruppen() mit Materials CSS und dem eigenen der Seite (extra_css in mkdocs.yml)."""
    eigenes = "".join((kurs.docs / datei).read_text(encoding="utf-8") for datei in kurs.konfiguration.config.get("extra_css", []))
    return farbgruppen(*material_css(), eigenes)


@functools.cache
def farbgruppen(haupt: str, palette: str, eigenes: str = "") -> dict[str, str]:
    """Pygments-Klasse -> ihre Farbe in beiden Schemata, als Schlüssel; SCHLICHT für die Farbe des
    Codes. `eigenes`: CSS der Seite, das Farben je Schema überschreibt (docs/assets/kurs.css)."""
    hell = dict(VARIABLE.findall(haupt))
    dunkel = {**hell, **dict(VARIABLE.findall(palette))}
    for auswahl, regeln in re.findall(r"([^{}]+)\{([^{}]*)\}", eigenes):
        werte = dict(VARIABLE.findall(regeln))
        for schema, farben in (("slate", dunkel), ("default", hell)):
            if schema in auswahl or not re.search("slate|default", auswahl):
                farben.update(werte)
    gruppen = dict.fromkeys(PYGMENTS_KLASSEN, SCHLICHT)  # ohne Regel: die Farbe des Codes
    for klassen, variable in REGEL.findall(haupt):
        farbe = f"{hell.get(variable)} / {dunkel.get(variable)}"
        for klasse in re.findall(r"\.highlight \.([a-z0-9]+)", klassen):
            gruppen[klasse] = farbe
    schlicht = "var(--md-code-fg-color) / var(--md-code-fg-color)"
    gruppen = {k: SCHLICHT if g == schlicht else g for k, g in gruppen.items()}
    # Wer mehr als eine Farbe hat (Hintergrund, Abstand: gd, gi, hll), bleibt, wie er ist.
    for auswahl, regeln in re.findall(r"([^{}]+)\{([^{}]*)\}", haupt + palette + eigenes):
        if not REGEL.fullmatch(f"{auswahl}{{{regeln}}}") or auswahl in eigenes:
            for klasse in re.findall(r"\.highlight \.([a-z0-9]+)\b", auswahl):
                gruppen[klasse] = "eigen:" + klasse
    return gruppen | {k: "eigen:" + k for k in KOMMENTARE}


def zusammenfassen(html: str, gruppen: dict[str, str]) -> str:
    """Jeder `<code>`-Inhalt: Spans der Farbe des Codes werden Text; aufeinanderfolgende Spans
    derselben Farbe, nur durch Leerraum getrennt, werden einer. Der Text bleibt Zeichen für Zeichen."""
    return CODE.sub(lambda m: m[1] + _code(m[2], gruppen) + m[3], html)


def _code(inhalt: str, gruppen: dict[str, str]) -> str:
    teile: list[list] = []  # [Farbe oder None (Text) oder "tag", Klasse, Text]
    for klasse, text, roh, tag in TEIL.findall(inhalt):
        if tag:
            teile.append(["tag", None, tag])
        elif roh:
            teile.append([None, None, roh])
        elif klasse not in gruppen or gruppen[klasse] != SCHLICHT:
            farbe = gruppen.get(klasse, "eigen:" + klasse)  # fremde Klasse: bleibt für sich
            vorige = _letzter_span(teile)
            if vorige is not None and teile[vorige][0] == farbe and not farbe.startswith("eigen:"):
                leer = "".join(t[2] for t in teile[vorige + 1:])
                teile[vorige][2] += leer + text
                del teile[vorige + 1:]
            else:
                teile.append([farbe, klasse, text])
        else:
            teile.append([None, None, text])
    return "".join(t[2] if t[0] in (None, "tag") else f'<span class="{t[1]}">{t[2]}</span>' for t in teile)


def _letzter_span(teile: list[list]) -> int | None:
    """Der Platz des letzten Spans, wenn danach nur Leerraum kommt."""
    for i in range(len(teile) - 1, -1, -1):
        farbe, _, text = teile[i]
        if farbe is None and not text.strip():
            continue
        return i if farbe not in (None, "tag") else None
    return None
