"""Was die Suche liest (Materials Suche, data-search-exclude): Text, nicht Code und nicht die Zeichnung
der Diagramme; von einem Diagramm nur Titel und Beschreibung (kurs/diagramm_html.py, als_html)."""

import json
import re

import pytest

from kurs.modell import Kurs


def seiten(site):
    return [p for p in site.rglob("*.html")]


def test_das_skript_der_knoepfe_genau_auf_seiten_mit_code(site):
    for seite in seiten(site):
        html = seite.read_text(encoding="utf-8")
        assert ('assets/kurs-lauf.js"' in html) == ('class="language-' in html), seite


@pytest.fixture(scope="module")
def index(site):
    return json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]


def test_im_suchindex_kein_code_und_keine_zeichnung(index):
    text = " ".join(d["text"] for d in index)
    assert "<svg" not in text and "Seitlich wischen" not in text
    assert "def verarbeite_alle" not in text and "print(" not in text
    assert "Dedup-Tabelle" in text  # der Text der Seiten ist da


def test_von_jedem_diagramm_titel_und_beschreibung_einmal(index):
    quellen = "\n".join(p.read_text(encoding="utf-8") for p in Kurs().docs.glob("*.md"))
    paare = re.findall(r"^\s*accTitle:\s*(.+)\n\s*accDescr:\s*(.+)$", quellen, re.M)
    assert len(paare) == quellen.count("accTitle:") > 0
    for titel, beschreibung in paare:
        gesucht = [s.strip().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") for s in (titel, beschreibung)]
        treffer = [d["text"] for d in index if gesucht[1] in d["text"]]
        assert len(treffer) == 1 and treffer[0].count(gesucht[1]) == 1, beschreibung
        assert f"{gesucht[0]} {gesucht[1]}" in treffer[0], titel
