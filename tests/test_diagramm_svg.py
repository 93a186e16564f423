"""Die SVGs für Leserinnen (kurs/diagramm_svg.py): nichts, was im Bild nichts trifft."""

import re

from kurs import diagramm_svg
from kurs.diagramm_svg import nachrichten_freigestellt


def test_nur_verwendete_symbole_bleiben_im_svg():
    svg = ('<svg id="d"><defs><symbol id="d-computer"><path d="M1"/></symbol>'
           '<symbol id="d-clock"><path d="M2"/></symbol><symbol id="d-database"><path d="M3"/></symbol></defs>'
           '<use href="#d-clock"/><rect fill="url(#d-database)"/></svg>')
    assert diagramm_svg.ohne_unbenutzte_symbole(svg) == svg.replace('<symbol id="d-computer"><path d="M1"/></symbol>', "")


def test_ohne_unbenutzte_regeln():
    svg = ('<svg id="d"><style>#d{fill:#333;}@keyframes dash{to{x:0;}}#d .edge-animation-slow{animation:dash 5s;}'
           '#d .actor{fill:red;}#d .note,#d .katex path{fill:blue;}#d .x:not(.y){fill:green;}</style>'
           '<g class="actor top"></g><rect class="note"/></svg>')
    assert diagramm_svg.ohne_unbenutzte_regeln(svg) == (
        '<svg id="d"><style>#d{fill:#333;}#d .actor{fill:red;}#d .note{fill:blue;}#d .x:not(.y){fill:green;}</style>'
        '<g class="actor top"></g><rect class="note"/></svg>')


def test_nachrichten_freigestellt():
    svg = ('<line class="actor-line"></line><text x="100" y="50" text-anchor="middle" dominant-baseline="middle" '
           'class="messageText" dy="1em" style="font-size: 16px;">Absturz &amp; Ack</text>')
    rect, rest = nachrichten_freigestellt(svg, "dunkel").split("</rect>")
    assert rest == svg.split("</line>", 1)[1] and rect.startswith('<line class="actor-line"></line><rect ')
    # Breit wie 13 Zeichen Text, mittig um x, hoch wie eine Zeile um ihre Mitte (y + 1em).
    werte = dict(re.findall(r'(x|y|width|height)="([\d.]+)"', rect))
    assert float(werte["width"]) >= 13 * 0.5 * 16 and float(werte["x"]) + float(werte["width"]) / 2 == 100
    assert float(werte["y"]) < 50 + 16 < float(werte["y"]) + float(werte["height"]) < 50 + 2 * 16
    assert "var(--md-default-bg-color, #1e2129)" in rect
