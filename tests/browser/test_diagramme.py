"""Ohne SVG und ohne Chromium beim Bauen: Der strenge Build gelingt, meldet es in einer Zeile,
und die Seite zeichnet die Diagramme wie früher mit Mermaid im Browser (kurs/diagramme.py).
Gebaut wird eine Kopie des Kurses ohne diagramme/, mit verstecktem Chromium (tests/kurs_kopie.py)."""

import im_browser as browser

from kurs import diagramme


def test_strenger_build_ohne_svg_und_chromium_gelingt_mit_einer_zeile(kurs_kopie):
    ziel, status, ausgabe = kurs_kopie
    assert status == 0, ausgabe
    zeilen = [z for z in ausgabe.splitlines() if "Diagramme:" in z]
    assert len(zeilen) == 1 and "uv run python -m kurs.diagramme" in zeilen[0], ausgabe
    # Die Kopie hat einen leeren Ordner diagramme/ (mkdocs.yml beobachtet ihn für `mkdocs serve`).
    assert not list((ziel / diagramme.ORDNER).iterdir()), "Ohne Chromium entstehen keine leeren SVGs"


# Material zeichnet jedes Diagramm in einen geschlossenen Shadow Root; für diesen Test offen,
# damit er in die Zeichnung sehen kann. Sonst ändert sich nichts.
SHADOW_ROOT_OFFEN = """{
    const anhaengen = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (optionen) {
        return anhaengen.call(this, { ...optionen, mode: "open" });
    };
}"""
# Pfeilspitzen mit anderer Farbe als ihre Linie (overrides/partials/mermaid.html färbt sie).
FALSCHE_SPITZEN = """() => [...document.querySelectorAll("article div.mermaid")].flatMap(d =>
    [...d.shadowRoot.querySelectorAll("[marker-end]")].map(linie => {
        const id = linie.getAttribute("marker-end").match(/#([^)"]+)/)[1];
        return [getComputedStyle(linie).stroke, getComputedStyle(d.shadowRoot.getElementById(id).querySelector("path")).fill];
    }))"""


def test_ohne_svg_zeichnet_mermaid_im_browser(kurs_kopie, chromium):
    ziel, status, ausgabe = kurs_kopie
    assert status == 0, ausgabe
    html = (ziel / "site" / "teil-2" / "index.html").read_text(encoding="utf-8")
    anzahl = html.count(browser.IM_BROWSER)
    assert anzahl == browser.diagramme_im_html(html) > 0
    with browser.ausliefern(ziel / "site") as basis:
        page = chromium.new_page(color_scheme="dark")
        page.add_init_script(SHADOW_ROOT_OFFEN)
        geladen, fehler = [], []
        page.on("request", lambda r: geladen.append(r.url))
        page.on("pageerror", lambda e: fehler.append(str(e)))
        page.goto(basis + "teil-2/")
        assert browser.warte_auf_diagramme(page, anzahl) is not None, "Mermaid zeichnet nicht"
        spitzen = page.evaluate(FALSCHE_SPITZEN)
        assert len(spitzen) >= 5 and all(linie == spitze for linie, spitze in spitzen), spitzen
        page.close()
    assert sum(url.endswith(browser.MERMAID) for url in geladen) == 1, geladen
    assert not fehler, fehler
