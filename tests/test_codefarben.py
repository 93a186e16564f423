"""kurs/codefarben.py: Farbgruppen aus Materials CSS, und das Zusammenfassen gleich
gefärbter Spans im Code behält jedes Zeichen."""

import re

from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from kurs import codefarben
from kurs.modell import WURZEL, Kurs

KURS = Kurs()


def seite(site, name):
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_code_farbgruppen_aus_materials_css():
    """Was zusammengefasst wird, sieht in beiden Schemata gleich aus (kurs/codefarben.py); der
    Browsertest test_seiten.py::test_gleiche_farbgruppe_gleiche_farbe prüft es an der Seite."""
    gruppen = codefarben.gruppen_der_seite(KURS)
    assert gruppen["p"] == gruppen["o"] != gruppen["k"] != gruppen["s2"]
    assert gruppen["n"] == gruppen["w"] == codefarben.SCHLICHT
    # Hintergrund (gd, gi) und Kommentare (Code-Anmerkungen) bleiben für sich.
    assert {gruppen[k] for k in ("gd", "gi", "c1", "hll")} == {"eigen:gd", "eigen:gi", "eigen:c1", "eigen:hll"}


def test_zusammenfassen_behaelt_jedes_zeichen_und_trennt_farben():
    gruppen = codefarben.gruppen_der_seite(KURS)
    vorher = ('<code><span class="k">def</span> <span class="nf">f</span><span class="p">(</span>'
              '<span class="n">x</span><span class="p">):</span> <span class="o">=</span> <span class="p">(</span>'
              '<span class="s2">&quot;a&quot;</span><span class="p">)</span>  <span class="c1"># (1)</span></code>')
    assert codefarben.zusammenfassen(vorher, gruppen) == (
        '<code><span class="k">def</span> <span class="nf">f</span><span class="p">(</span>x'
        '<span class="p">): = (</span><span class="s2">&quot;a&quot;</span><span class="p">)</span>  '
        '<span class="c1"># (1)</span></code>')
    text = lambda h: re.sub(r"<[^>]+>", "", h)  # noqa: E731
    bloecke = [b for datei in sorted((WURZEL / "snippets").rglob("*.md"))
               for b in re.findall(r"^```python\n(.*?)^```", datei.read_text(encoding="utf-8"), re.S | re.M)]
    assert len(bloecke) > 20, "Findet der Test die Codeblöcke der Snippets noch?"
    for code in bloecke:
        pyg = "<code>" + highlight(code, PythonLexer(), HtmlFormatter(nowrap=True)) + "</code>"
        assert text(codefarben.zusammenfassen(pyg, gruppen)) == text(pyg), code


def test_der_build_fasst_den_code_zusammen(site):
    gruppen = codefarben.gruppen_der_seite(KURS)
    html = seite(site, "teil-2")
    assert '<span class="n">' not in html and '<span class="k">' in html
    assert codefarben.zusammenfassen(html, gruppen) == html, "Im gebauten Code ist noch etwas zusammenzufassen"
