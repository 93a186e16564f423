"""Die Übungs-Notebooks (kurs/notebooks.py): aus dem Kursmodell, gültig nach nbformat, in
einem echten Kernel ausgeführt, und als Seite im Stil der übrigen Seiten.

Der Kernel läuft einmal für alles, in einem eigenen Prozess, der beim Sammeln startet
(im_hintergrund): Er führt jedes Notebook zweimal aus, mit den Vorlagen und mit den
Musterlösungen.
"""

import copy
import html as html_module
import re
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import nbformat
import pytest
import werkzeuge

from kurs import notebooks
from kurs.modell import Kurs

KURS = Kurs()
SITE_URL = KURS.site_url
KAPITEL = [k for k, _ in KURS.notebook_seiten]


def zellen(nb, rolle):
    return [z for z in nb["cells"] if z["metadata"].get("kurs", {}).get("rolle") == rolle]


def rollen(nb, uebung):
    return [z["metadata"]["kurs"]["rolle"] for z in nb["cells"]
            if z["metadata"].get("kurs", {}).get("uebung") == uebung]


# --- Aufbau: dieselben Quellen, keine Lösung, kein `kurs` -------------------------


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_notebook_ist_gueltig_und_bei_gleichen_quellen_gleich(kapitel):
    text = notebooks.als_text(notebooks.notebook(KURS, kapitel))
    nbformat.validate(nbformat.reads(text, as_version=4))
    assert text == notebooks.als_text(notebooks.notebook(KURS, kapitel))


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_jede_uebung_hat_kontext_vorlage_und_pruefung_in_dieser_folge(kapitel):
    nb = notebooks.notebook(KURS, kapitel)
    for u in kapitel.uebungen:
        assert rollen(nb, u.name) == (["kontext"] if u.kontext else []) + ["vorlage", "pruefung"], u.name
        for rolle in ("kontext", "vorlage", "pruefung"):
            assert [z["source"] for z in zellen(nb, rolle) if z["metadata"]["kurs"]["uebung"] == u.name] == (
                [getattr(u, rolle).rstrip("\n")] if getattr(u, rolle) else []), (u.name, rolle)


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_notebook_verraet_keine_loesung_und_braucht_kein_kurs_paket(kapitel):
    nb = notebooks.notebook(KURS, kapitel)
    quellen = "\n".join(z["source"] for z in nb["cells"])
    for u in kapitel.uebungen:
        assert u.loesung.strip() not in quellen, u.name
    for zelle in nb["cells"]:
        if zelle["cell_type"] == "code":
            assert not re.search(r"^\s*(import|from)\s+kurs\b", zelle["source"], re.M), zelle["source"]


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_aufgabentext_kommt_aus_dem_kapitel(kapitel):
    """Der Text jeder Übung steht im Notebook, ohne Prüfbefehl und ohne Lösungskasten."""
    markdown = "\n".join(z["source"] for z in notebooks.notebook(KURS, kapitel)["cells"]
                         if z["cell_type"] == "markdown")
    for nummer, titel, zeilen in kapitel.abschnitte():
        assert f"## Übung {nummer}: {titel}" in markdown
        erster_absatz = next(z for z in zeilen if z.strip())
        assert notebooks.absolute_links(erster_absatz, kapitel.name, SITE_URL) in markdown
    assert "uv run pytest" not in markdown and "--8<--" not in markdown and "???" not in markdown


def test_kontext_steht_vor_der_vorlage_auch_ohne_kasten_im_kapitel():
    teil_1 = KAPITEL[0]
    zeilen = ["Die Aufgabe.", "", "Vorlage:", "", f'--8<-- "{teil_1.name}/uebung-1/vorlage.md"', "",
              "Prüfen: `uv run …`"]
    nb_zellen = notebooks.uebung_zellen(KURS, teil_1, "1", "Titel", zeilen, SITE_URL)
    arten = [z["metadata"]["kurs"]["rolle"] if z["cell_type"] == "code" else "text" for z in nb_zellen]
    assert arten == ["text", "kontext", "vorlage", "text", "pruefung"]
    assert "Die Aufgabe." in nb_zellen[0]["source"] and "Prüfen: `uv" not in nb_zellen[3]["source"]


def test_links_zeigen_auf_die_seite():
    text = "[A](teil-1.md#schritt-2) [B](#ubung-1) [C](index.md) [D](https://anderswo.invalid/x)"
    assert notebooks.absolute_links(text, "teil-2", SITE_URL) == (
        f"[A]({SITE_URL}teil-1/#schritt-2) [B]({SITE_URL}teil-2/#ubung-1) [C]({SITE_URL}) "
        "[D](https://anderswo.invalid/x)"
    )


# --- Ausführen in einem echten Kernel ---------------------------------------------

_kernel = {}


def im_hintergrund():
    """Alle Notebooks, mit Vorlagen und mit Lösungen, hintereinander in einem Kernel.

    Ein eigener Prozess (jupyter execute), gestartet beim Sammeln: Er läuft nebenher.
    """
    teile, zellen_alle = [], []
    for kapitel in KAPITEL:
        nb = notebooks.notebook(KURS, kapitel)
        for art in ("vorlage", "loesung"):
            kopie = copy.deepcopy(nb)
            if art == "loesung":
                for zelle in zellen(kopie, "vorlage"):
                    zelle["source"] = KURS.uebung(zelle["metadata"]["kurs"]["uebung"]).loesung
            teile.append(((kapitel.name, art), len(zellen_alle), len(kopie["cells"])))
            zellen_alle += kopie["cells"]
    for nummer, zelle in enumerate(zellen_alle):
        zelle["id"] = f"z{nummer}"
    ordner = werkzeuge.temp_ordner("kurs-kernel-")
    (ordner / "alle.ipynb").write_text(notebooks.als_text({**nb, "cells": zellen_alle}), encoding="utf-8")
    _kernel["teile"], _kernel["ordner"] = teile, ordner
    _kernel["prozess"] = subprocess.Popen(
        [sys.executable, "-c", "from nbclient.cli import main; main()", "--allow-errors", "--inplace", "--timeout=60", "alle.ipynb"],
        cwd=ordner, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


@pytest.fixture(scope="module")
def ausgefuehrt():
    if not _kernel:
        im_hintergrund()
    ausgabe, _ = _kernel["prozess"].communicate(timeout=120)
    assert _kernel["prozess"].returncode == 0, ausgabe
    nb = nbformat.read(_kernel["ordner"] / "alle.ipynb", as_version=4)
    shutil.rmtree(_kernel["ordner"], ignore_errors=True)
    return {name: nb.cells[start:start + anzahl] for name, start, anzahl in _kernel["teile"]}


def fehler(zelle):
    return [a for a in zelle.get("outputs", []) if a.output_type == "error"]


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_mit_vorlagen_scheitert_jede_pruefung_mit_ihrer_meldung(ausgefuehrt, kapitel):
    for zelle in ausgefuehrt[kapitel.name, "vorlage"]:
        rolle = zelle.metadata.get("kurs", {}).get("rolle")
        if rolle != "pruefung":
            assert not fehler(zelle), f"Diese Zelle soll ohne Fehler laufen:\n{zelle.source[:200]}"
            continue
        uebung = KURS.uebung(zelle.metadata.kurs.uebung)
        ((ename, evalue),) = [(f.ename, f.evalue) for f in fehler(zelle)]
        assert ename == "AssertionError" and uebung.vorlage_meldung in evalue, uebung.name


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_mit_musterloesungen_laeuft_jede_zelle(ausgefuehrt, kapitel):
    for zelle in ausgefuehrt[kapitel.name, "loesung"]:
        if zelle.cell_type == "code":
            assert not fehler(zelle), f"{fehler(zelle)[0].ename}: {fehler(zelle)[0].evalue}\n{zelle.source[:200]}"
        if zelle.metadata.get("kurs", {}).get("rolle") == "pruefung":
            gedruckt = "".join(a.text for a in zelle.outputs if a.output_type == "stream")
            assert re.search(r"bestanden|Richtig", gedruckt), (zelle.metadata.kurs.uebung, gedruckt)


# --- Die Seite ----------------------------------------------------------------------


def seite(site, kapitel):
    return (site / "notebooks" / f"uebungen-{kapitel.name}" / "index.html").read_text(encoding="utf-8")


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags, self.text_in, self._offen = [], {"script": [], "style": []}, None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._offen = tag if tag in self.text_in else None

    def handle_data(self, data):
        if self._offen:
            self.text_in[self._offen].append(data)

    def handle_endtag(self, tag):
        self._offen = None


def fremde_adressen(html: str, eigener_host: str) -> list[str]:
    """Adressen anderer Hosts, die der Browser laden würde: in Skripten, Stilen, Bildern."""
    tags = _Tags()
    tags.feed(html)
    adressen = [attrs.get("src") or "" for tag, attrs in tags.tags if tag in ("script", "img", "iframe", "source")]
    adressen += [attrs.get("href") or "" for tag, attrs in tags.tags if tag == "link" and attrs.get("rel") != "canonical"]
    # Auch im Text: ein `import … from "https://…"` oder `@import url(https://…)`.
    adressen += re.findall(r"https?://[^\s\"')]+", "".join(tags.text_in["script"] + tags.text_in["style"]))
    # Relative Adressen haben keinen Host; "//host/…" schon.
    return [a for a in adressen if urlsplit(a).hostname not in (None, eigener_host)]


def test_fremde_adressen_werden_erkannt():
    html = (
        '<link rel="canonical" href="https://example.invalid/kurs/"><link rel="stylesheet" href="../a.css">'
        '<script src="https://cdn.invalid/require.js"></script><link rel="stylesheet" href="//x.invalid/a.css">'
        '<script type="module">import m from "https://cdn.invalid/mermaid.mjs"</script>'
        '<a href="https://anderswo.invalid/">nur ein Link</a>'
    )
    assert fremde_adressen(html, "example.invalid") == [
        "https://cdn.invalid/require.js", "//x.invalid/a.css", "https://cdn.invalid/mermaid.mjs"
    ]


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_seite_laedt_nichts_von_anderen_hosts(site, kapitel):
    assert fremde_adressen(seite(site, kapitel), urlsplit(SITE_URL).hostname) == []


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_download_link_fuehrt_unter_dem_pfad_der_seite_zum_notebook(site, kapitel):
    (href,) = re.findall(r'<a [^>]*href="([^"]+)"[^>]*>Notebook herunterladen</a>', seite(site, kapitel))
    # So liegt die Seite später im Netz: unter dem Pfad aus site_url, nicht an der Wurzel.
    praefix = urlsplit(SITE_URL).path
    adresse = urljoin(f"https://kurs.invalid{praefix}notebooks/uebungen-{kapitel.name}/", href)
    datei = site / urlsplit(adresse).path.removeprefix(praefix)
    assert datei.read_text(encoding="utf-8") == notebooks.als_text(notebooks.notebook(KURS, kapitel))


@pytest.mark.parametrize("kapitel", KAPITEL, ids=lambda k: k.name)
def test_jede_codezelle_ist_ein_ausfuehrbarer_block_und_die_pruefung_eingeklappt(site, kapitel):
    html = seite(site, kapitel)
    nb = notebooks.notebook(KURS, kapitel)
    rollen_im_html = re.findall(r'<div class="language-python highlight" data-search-exclude data-lauf="\d+" '
                                r'data-uebung="[^"]+" data-rolle="(\w+)">', html)
    assert rollen_im_html == [z["metadata"]["kurs"]["rolle"] for z in nb["cells"] if z["cell_type"] == "code"]
    assert len(re.findall(r'<details class="example">\s*<summary>So wird geprüft</summary>\s*'
                          r'<div class="language-python highlight"[^>]*data-rolle="pruefung"', html)) == len(
        zellen(nb, "pruefung"))
    assert 'rel="edit"' not in html, "Das Notebook wird gebaut: Zu bearbeiten sind docs/ und snippets/."
    # Jede Zelle steht einmal auf der Seite, nicht noch einmal als Text für nbconverts Kopierknopf.
    erste_zeile = html_module.escape(zellen(nb, "vorlage")[0]["source"].splitlines()[0], quote=False)
    assert re.sub(r"<[^>]+>", "", html).count(erste_zeile) == 1
