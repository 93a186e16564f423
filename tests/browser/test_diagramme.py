"""Ohne SVG und ohne Chromium beim Bauen: Der strenge Build gelingt, meldet es in einer Zeile,
und die Seite zeichnet die Diagramme wie früher mit Mermaid im Browser (kurs/diagramme.py)."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from kurs import browser, diagramme
from kurs.modell import WURZEL

_kopie = {}


def im_hintergrund():
    """Eine Kopie des Kurses ohne diagramme/, gebaut mit verstecktem Chromium (tests/conftest.py)."""
    ziel = Path(tempfile.mkdtemp(prefix="kurs-ohne-svg-"))
    for teil in ("docs", "snippets", "overrides", "kurs"):
        shutil.copytree(WURZEL / teil, ziel / teil, ignore=shutil.ignore_patterns("pyodide", "__pycache__"))
    shutil.copy(WURZEL / "mkdocs.yml", ziel)
    _kopie["ziel"] = ziel
    _kopie["bau"] = subprocess.Popen(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(ziel / "site")],
        cwd=ziel, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "KURS_CHROMIUM": str(ziel / "kein-chromium")})


@pytest.fixture(scope="module")
def ohne_svg():
    ausgabe, _ = _kopie["bau"].communicate(timeout=300)
    yield _kopie["ziel"], _kopie["bau"].returncode, ausgabe
    shutil.rmtree(_kopie["ziel"], ignore_errors=True)


def test_strenger_build_ohne_svg_und_chromium_gelingt_mit_einer_zeile(ohne_svg):
    ziel, status, ausgabe = ohne_svg
    assert status == 0, ausgabe
    zeilen = [z for z in ausgabe.splitlines() if "Diagramme:" in z]
    assert len(zeilen) == 1 and "uv run python -m kurs.diagramme" in zeilen[0], ausgabe
    assert not (ziel / diagramme.ORDNER).exists(), "Ohne Chromium entsteht kein Ordner mit leeren SVGs"


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


def test_ohne_svg_zeichnet_mermaid_im_browser(ohne_svg, chromium):
    ziel, status, ausgabe = ohne_svg
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
