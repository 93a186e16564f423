"""Die SVGs für Leserinnen (kurs/diagramm_svg.py): nichts, was im Bild nichts trifft."""

from kurs import diagramm_svg


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
