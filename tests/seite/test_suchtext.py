"""kurs/seite/suchtext.py: Die Suche liest nur Text; die fertige Seite bleibt, wie sie war."""

import json

import pytest

from kurs.seite import suchtext

SEITE = ('<h1>Titel</h1><p>Text</p>'
         '<div class="language-python highlight" data-search-exclude data-lauf="0"><pre><span></span><code>'
         '<span class="k">print</span>(&quot;&lt;/div&gt;&quot;)</code></pre></div>'
         '<p>Mehr</p><div class="kurs-diagramm kurs-diagramm--breit"><div class="kurs-diagramm-flaeche">'
         '<div class="kurs-diagramm-hell"><svg><title id="t">Ablauf</title><desc id="d">Der Broker stellt zu.</desc>'
         '<text>Broker</text></svg></div></div>'
         '<p class="kurs-diagramm-hinweis" aria-hidden="true">Seitlich wischen.</p></div><p>Ende</p>')


def test_auslagern_nimmt_code_und_diagramme_und_einsetzen_stellt_alles_her():
    text, teile = suchtext.auslagern(SEITE)
    # Vom Diagramm bleiben für die Suche Titel und Beschreibung, vom Code nichts.
    assert text == ("<h1>Titel</h1><p>Text</p><!--kurs-ausgelagert 0--><!--/kurs-ausgelagert--><p>Mehr</p>"
                    "<!--kurs-ausgelagert 1--><p>Ablauf Der Broker stellt zu.</p><!--/kurs-ausgelagert--><p>Ende</p>")
    assert suchtext.hat_codebloecke(teile)
    assert suchtext.einsetzen(text, teile) == SEITE


def seiten(site):
    return [p for p in site.rglob("*.html")]


def test_keine_marke_bleibt_in_der_fertigen_seite(site):
    for seite in seiten(site):
        assert "kurs-ausgelagert" not in seite.read_text(encoding="utf-8"), seite


def test_das_skript_der_knoepfe_genau_auf_seiten_mit_code(site):
    for seite in seiten(site):
        html = seite.read_text(encoding="utf-8")
        assert ('assets/kurs-lauf.js"' in html) == ('class="language-' in html), seite


@pytest.fixture(scope="module")
def index(site):
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_im_suchindex_kein_code_und_kein_diagramm(index):
    text = " ".join(d["text"] for d in index)
    assert "<svg" not in text and "Seitlich wischen" not in text
    assert "def verarbeite_alle" not in text and "print(" not in text
    assert "Dedup-Tabelle" in text  # der Text der Seiten ist da
