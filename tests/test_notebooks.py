"""Die Übungs-Notebooks (kurs/notebooks.py): aus denselben Quellen, in einem echten
Kernel ausgeführt, und als schlanke Seite ohne Anfragen an Dritte.

Jedes Notebook läuft genau zweimal (ein Kernelstart kostet Zeit): einmal mit den
Vorlagen, einmal mit den Musterlösungen. Alle vier Läufe laufen zugleich.
"""

import asyncio
import copy
import re
from concurrent.futures import ThreadPoolExecutor
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest
from nbclient import NotebookClient

from kurs import notebooks
from kurs.notebook_hooks import schlank
from kurs.pruefen import Uebung, alle_uebungen
from uebung_test_helfer import meldung

SITE_URL = notebooks.site_url()


def zellen(nb, rolle):
    return [z for z in nb.cells if z.metadata.get("kurs", {}).get("rolle") == rolle]


# --- Aufbau: dieselben Quellen, keine Lösung, kein `kurs` -------------------------


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_jede_uebung_hat_kontext_vorlage_und_pruefung_aus_den_snippets(teil):
    nb = notebooks.notebook(teil)
    uebungen = [u for u in alle_uebungen() if u.startswith(teil + "/")]
    for rolle in ("vorlage", "pruefung"):
        assert [(z.metadata.kurs.uebung, z.source) for z in zellen(nb, rolle)] == [
            (u, getattr(Uebung(u), rolle).rstrip("\n")) for u in uebungen
        ], rolle
    assert [(z.metadata.kurs.uebung, z.source) for z in zellen(nb, "kontext")] == [
        (u, Uebung(u).kontext.rstrip("\n")) for u in uebungen if Uebung(u).kontext
    ]
    # Der Kontext einer Übung steht vor ihrer Vorlage, die Prüfung nach ihr.
    folge = [(z.metadata.kurs.uebung, z.metadata.kurs.rolle) for z in nb.cells if "kurs" in z.metadata]
    for u in uebungen:
        eigene = [rolle for (uebung, rolle) in folge if uebung == u]
        assert eigene == (["kontext"] if Uebung(u).kontext else []) + ["vorlage", "pruefung"], u


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_notebook_verraet_keine_loesung_und_braucht_kein_kurs_paket(teil):
    nb = notebooks.notebook(teil)
    quellen = "\n".join(z.source for z in nb.cells)
    for u in alle_uebungen():
        if u.startswith(teil + "/"):
            assert Uebung(u).loesung.strip() not in quellen, u
    for zelle in nb.cells:
        if zelle.cell_type == "code":
            assert not re.search(r"^\s*(import|from)\s+kurs\b", zelle.source, re.M), zelle.source


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_aufgabentext_kommt_aus_dem_kapitel(teil):
    """Der Text jeder Übung steht im Notebook, ohne Prüfbefehl und ohne Lösungskasten."""
    markdown = "\n".join(z.source for z in notebooks.notebook(teil).cells if z.cell_type == "markdown")
    for nummer, titel, zeilen in notebooks.abschnitte(teil):
        assert f"## Übung {nummer}: {titel}" in markdown
        erster_absatz = next(z for z in zeilen if z.strip())
        assert notebooks.absolute_links(erster_absatz, teil, SITE_URL) in markdown
    assert "uv run pytest" not in markdown and "--8<--" not in markdown and "???" not in markdown


def test_kontext_steht_vor_der_vorlage_auch_ohne_kasten_im_kapitel():
    zeilen = ["Die Aufgabe.", "", "Vorlage:", "", '--8<-- "teil-1/uebung-1/vorlage.md"', "", "Prüfen: `uv run …`"]
    nb_zellen = notebooks.uebung_zellen("teil-1", "1", "Titel", zeilen, SITE_URL)
    rollen = [z.metadata.kurs.rolle if z.cell_type == "code" else "text" for z in nb_zellen]
    assert rollen == ["text", "kontext", "vorlage", "text", "pruefung"]
    assert "Die Aufgabe." in nb_zellen[0].source and "Prüfen: `uv" not in nb_zellen[3].source


def test_links_zeigen_auf_die_seite():
    text = "[A](teil-1.md#schritt-2) [B](#ubung-1) [C](index.md) [D](https://anderswo.invalid/x)"
    assert notebooks.absolute_links(text, "teil-2", SITE_URL) == (
        f"[A]({SITE_URL}teil-1/#schritt-2) [B]({SITE_URL}teil-2/#ubung-1) [C]({SITE_URL}) "
        "[D](https://anderswo.invalid/x)"
    )


def test_notebook_ist_bei_gleichen_quellen_gleich():
    assert notebooks.als_text("teil-1") == notebooks.als_text("teil-1")


# --- Ausführen in einem echten Kernel ---------------------------------------------


def mit_loesungen(nb):
    nb = copy.deepcopy(nb)
    for zelle in zellen(nb, "vorlage"):
        zelle.source = Uebung(zelle.metadata.kurs.uebung).loesung
    return nb


@pytest.fixture(scope="module")
def ausgefuehrt(tmp_path_factory):
    """{(teil, "vorlage"|"loesung"): ausgeführtes Notebook}; alle Kernel laufen zugleich."""
    laeufe = {}
    for teil in notebooks.TEILE:
        nb = notebooks.notebook(teil)
        laeufe[teil, "vorlage"] = nb
        laeufe[teil, "loesung"] = mit_loesungen(nb)

    async def alle():
        clients = [
            NotebookClient(nb, timeout=60, kernel_name="python3", allow_errors=True,
                           resources={"metadata": {"path": str(tmp_path_factory.mktemp("kernel"))}})
            for nb in laeufe.values()
        ]
        await asyncio.gather(*(c.async_execute() for c in clients))

    # Eigener Thread: Im Hauptthread kann schon eine Ereignisschleife laufen (Playwright).
    with ThreadPoolExecutor(1) as thread:
        thread.submit(asyncio.run, alle()).result()
    return laeufe


def fehler(zelle):
    return [a for a in zelle.get("outputs", []) if a.output_type == "error"]


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_mit_vorlagen_scheitert_jede_pruefung_mit_ihrer_meldung(ausgefuehrt, teil):
    nb = ausgefuehrt[teil, "vorlage"]
    for zelle in nb.cells:
        if zelle.metadata.get("kurs", {}).get("rolle") != "pruefung":
            assert not fehler(zelle), f"Diese Zelle soll ohne Fehler laufen:\n{zelle.source[:200]}"
    for zelle in zellen(nb, "pruefung"):
        uebung = Uebung(zelle.metadata.kurs.uebung)
        erwartet = meldung(uebung, uebung.vorlage)  # dieselbe Meldung wie `pytest --uebung …`
        assert [(f.ename, f.evalue) for f in fehler(zelle)] == [("AssertionError", erwartet)], uebung.name


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_mit_musterloesungen_laeuft_jede_zelle(ausgefuehrt, teil):
    nb = ausgefuehrt[teil, "loesung"]
    for zelle in nb.cells:
        if zelle.cell_type == "code":
            assert not fehler(zelle), f"{fehler(zelle)[0].ename}: {fehler(zelle)[0].evalue}\n{zelle.source[:200]}"
    for zelle in zellen(nb, "pruefung"):
        gedruckt = "".join(a.text for a in zelle.outputs if a.output_type == "stream")
        assert re.search(r"bestanden|Richtig", gedruckt), (zelle.metadata.kurs.uebung, gedruckt)


# --- Die Seite ----------------------------------------------------------------------


def seite(site, teil) -> Path:
    return site / notebooks.ORDNER / notebooks.dateiname(teil).removesuffix(".ipynb") / "index.html"


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


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_seite_laedt_nichts_von_anderen_hosts(site, teil):
    html = seite(site, teil).read_text(encoding="utf-8")
    assert fremde_adressen(html, urlsplit(SITE_URL).hostname) == []


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_download_link_fuehrt_unter_dem_pfad_der_seite_zum_notebook(site, teil):
    html = seite(site, teil).read_text(encoding="utf-8")
    (href,) = re.findall(r'<a href="([^"]+)" download[^>]*>Notebook herunterladen</a>', html)
    # So liegt die Seite später im Netz: unter dem Pfad aus site_url, nicht an der Wurzel.
    praefix = urlsplit(SITE_URL).path
    adresse = urljoin(f"https://kurs.invalid{praefix}{seite(site, teil).parent.relative_to(site).as_posix()}/", href)
    assert urlsplit(adresse).path.startswith(praefix), adresse
    datei = site / urlsplit(adresse).path.removeprefix(praefix)
    assert datei.read_text(encoding="utf-8") == notebooks.als_text(teil)


@pytest.mark.parametrize("teil", notebooks.TEILE)
def test_seite_ist_leicht_und_im_stil_der_seite(site, teil):
    html = seite(site, teil).read_text(encoding="utf-8")
    kapitel = (site / teil / "index.html").read_text(encoding="utf-8")
    assert len(html.encode()) <= 2 * len(kapitel.encode()), (
        f"Notebook-Seite {len(html.encode()) // 1024} KB, Kapitel {len(kapitel.encode()) // 1024} KB"
    )
    nb = notebooks.notebook(teil)
    codezellen = sum(z.cell_type == "code" for z in nb.cells)
    # Materials Codeblock (Farben je Farbschema, Kopierknopf), keine JupyterLab-Stile;
    # jede Codezelle mit „Ausführen“ (data-lauf) wie im Kapitel.
    assert len(re.findall(r'<div class="language-python highlight" data-lauf="\d+"[^>]*><pre><span></span><code>', html)) == codezellen
    assert "highlight-ipynb" not in html and "jp-RenderedHTMLCommon {" not in html
    assert html.count('<details class="example"><summary>So wird geprüft</summary>') == len(zellen(nb, "pruefung"))
    assert 'rel="edit"' not in html, "Das Notebook wird gebaut: Zu bearbeiten sind docs/ und snippets/."


def test_schlank_entfernt_skripte_stile_und_klappt_pruefung_ein():
    html = (
        '<script src="https://cdn.invalid/x.js"></script><style>.a{}</style>'
        '<div class="jp-Cell jp-CodeCell jp-mod-noOutputs celltag_pruefung"><div class="highlight-ipynb hl-python">'
        "<pre><span></span>assert x</pre></div></div><p>danach</p>"
    )
    assert schlank(html) == (
        '<details class="example"><summary>So wird geprüft</summary>'
        '<div class="jp-Cell jp-CodeCell jp-mod-noOutputs celltag_pruefung"><div class="highlight">'
        "<pre><span></span><code>assert x</code></pre></div></div></details><p>danach</p>"
    )
