"""Diagramme in der Seite (kurs/diagramm_html.py): mit allen SVGs statisch, in der Form, die aufs
Handy passt; ohne SVG bleibt es für Mermaid im Browser."""

import html

from kurs import diagramme
from kurs.diagramm_html import Ablage, einsetzen
from kurs.modell import Kurs

QUELLE = "sequenceDiagram\n    accTitle: Ein Test\n    accDescr: A ruft B.\n    A->>B: Hallo"
PRE = f'<p>Text</p><pre class="mermaid"><code>{html.escape(QUELLE)}\n</code></pre>'


def test_ohne_svg_bleibt_das_diagramm_fuer_mermaid_im_browser(tmp_path):
    assert einsetzen(PRE, Kurs(tmp_path), {}) == PRE


def statisch(tmp_path, breite: dict[str, int]) -> str:
    """Das HTML zu QUELLE, wenn ihre SVGs `breite[form]` Pixel breit sind."""
    kurs = Kurs(tmp_path)
    (tmp_path / diagramme.ORDNER).mkdir()
    for z in diagramme.zeichnungen(QUELLE):
        z.datei(kurs).write_text(f'<svg width="{breite[z.form]}" data-variante="{z.form}-{z.schema}"></svg>',
                                 encoding="utf-8")
    return einsetzen(PRE, kurs, {})


def test_mit_allen_svgs_wird_das_diagramm_statisch(tmp_path):
    ergebnis = statisch(tmp_path, {"breit": 800, "schmal": 400})
    assert "<pre" not in ergebnis
    assert 'aria-label="Diagramm: Ein Test"' in ergebnis and 'tabindex="0"' in ergebnis
    for form in diagramme.FORMEN:
        for schema in diagramme.SCHEMATA:
            assert (f'<div class="kurs-diagramm-{schema} kurs-diagramm-{form}"><svg data-search-exclude '
                    f'width="{800 if form == "breit" else 400}" data-variante="{form}-{schema}">') in ergebnis
    assert '<div class="kurs-diagramm kurs-diagramm--mit-schmal">' in ergebnis
    # 800 px bei 16 px Schrift: höchstens auf 500 px verkleinert, dann ist die Schrift 10 px. Die
    # schmale Form (14 px Schrift) höchstens auf 11 px: 400 · 11 / 14 = 315 px, passt aufs Handy (328 px).
    assert "--kurs-min-breite: 500px; --kurs-min-breite-schmal: 315px" in ergebnis


def test_passt_die_breite_form_aufs_handy_bleibt_die_schmale_weg(tmp_path):
    # 470 px bei 16 px: auf 328 px verkleinert 11,2 px Schrift.
    ergebnis = statisch(tmp_path, {"breit": 470, "schmal": 300})
    assert "kurs-diagramm-schmal" not in ergebnis and "--mit-schmal" not in ergebnis
    assert "kurs-diagramm--wischen" not in ergebnis


def test_ist_auch_die_schmale_form_zu_breit_zeigt_das_handy_den_hinweis(tmp_path):
    ergebnis = statisch(tmp_path, {"breit": 900, "schmal": 600})
    assert '<div class="kurs-diagramm kurs-diagramm--mit-schmal kurs-diagramm--wischen">' in ergebnis


def test_nur_eine_variante_reicht_nicht(tmp_path):
    kurs = Kurs(tmp_path)
    (tmp_path / diagramme.ORDNER).mkdir()
    hell = diagramme.zeichnungen(QUELLE)[0]
    hell.datei(kurs).write_text('<svg width="800"></svg>', encoding="utf-8")
    assert einsetzen(PRE, kurs, {}) == PRE


def test_abgelegt_steht_nur_eine_marke_in_der_seite_und_danach_dieselbe_seite(tmp_path):
    statisch(tmp_path, {"breit": 800, "schmal": 400})
    ablage = Ablage()
    mit = einsetzen(PRE + PRE, Kurs(tmp_path), {}, ablage)
    assert "<svg" not in mit and mit.count(f"<!--{ablage.marke}") == 2
    assert ablage.einsetzen(mit) == einsetzen(PRE + PRE, Kurs(tmp_path), {})
    # Eine Marke eines anderen Builds bleibt, was sie ist: ein Kommentar.
    assert Ablage().einsetzen(mit) == mit
