"""Wie gut die Suche deutsche Wortformen findet, und was sie beim Öffnen lädt: Zahlen, kein Test.

    uv run python benchmarks/suche.py
    uv run --with pagefind-bin==1.5.2 python benchmarks/suche.py   # dazu Pagefind
    KURS_SITE=/tmp/site uv run python benchmarks/suche.py         # eine schon gebaute Seite

Baut die Seite (strikt) und tippt jede Anfrage aus tests/browser/suchanfragen.toml in
Debians Chromium, je Kandidat in einem Tab:

- Material wie ausgeliefert: Wortanfänge, ohne Stemmer (der Stand vor Issue 15).
- Material mit den Wortformen des Kurses (docs/assets/javascripts/workers/kurs-suche.js).
- Pagefind (nur mit dem Paket pagefind-bin): Index über dieselben Seiten ohne Code und ohne
  Notebook-Seiten, gefragt über seine JavaScript-API; sein Suchfeld käme noch dazu.

Gedruckt werden je Kandidat und je Liste der Datei (die verlangten Anfragen und die
zurückgehaltenen aus Issue 51) die Trefferquote (erwartete Seite unter den ersten drei), wie oft
ein erwartetes Kapitel vor Labor und Praxis steht (die Seiten, die Begriffe anwenden), jede
verfehlte Anfrage und die Bytes (roh und gzip), die das Öffnen der Suche samt erster Anfrage
lädt.
"""

import gzip
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from itertools import islice
from pathlib import Path
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import im_browser as browser  # noqa: E402 (liegt in tests/)

from kurs.modell import NOTEBOOKS, WURZEL

# Die Anfragen, die test_suche.py verlangt, und dahinter die zurückgehaltenen (Issue 51): Jede
# Liste bekommt ihre eigene Trefferquote.
LISTEN = tomllib.loads((WURZEL / "tests" / "browser" / "suchanfragen.toml").read_text(encoding="utf-8"))
ANFRAGEN = [a for liste in LISTEN.values() for a in liste]
KURS_WORKER = "/assets/javascripts/workers/kurs-suche.js"
ANWENDEN = ("labor/", "praxis/")


class Zaehler:
    """Ein frischer Kontext (leerer Cache) mit allen Antworten, die er bekommt."""

    def __init__(self, chromium, basis: str):
        self.kontext = chromium.new_context(viewport={"width": 1280, "height": 900})
        self.antworten = []
        host = urlsplit(basis).netloc
        self.kontext.route("**/*", lambda r: r.continue_() if urlsplit(r.request.url).netloc == host
                           else r.abort("blockedbyclient"))
        self.kontext.on("response", lambda antwort: self.antworten.append(antwort))
        self.page = self.kontext.new_page()

    def bytes_ab(self, start: int) -> tuple[int, int]:
        koerper = [a.body() if a.status == 200 else b"" for a in self.antworten[start:]]
        return sum(map(len, koerper)), sum(len(gzip.compress(k, 6)) for k in koerper)


def material(chromium, basis: str, mit_formen: bool) -> tuple[list[list[str]], tuple[int, int]]:
    z = Zaehler(chromium, basis)
    if not mit_formen:  # statt des Kurs-Workers nur Materials eigener
        z.kontext.route(f"**{KURS_WORKER}*", lambda r: r.fulfill(
            content_type="text/javascript",
            body='importScripts(new URLSearchParams(location.search).get("material"))'))
    z.page.goto(basis, wait_until="networkidle")
    start = len(z.antworten)
    z.page.keyboard.press("/")
    z.page.wait_for_function(browser.SUCHE_BEREIT)
    treffer = [browser.suche_nach(z.page, basis, begriff)[1] for begriff, _ in ANFRAGEN[:1]]
    z.page.wait_for_load_state("networkidle")
    gewicht = z.bytes_ab(start)
    treffer += [browser.suche_nach(z.page, basis, begriff)[1] for begriff, _ in ANFRAGEN[1:]]
    z.kontext.close()
    return treffer, gewicht


PAGEFIND_SUCHE = """async ([modul, begriff]) => {
    const pagefind = await import(modul);
    const antwort = await pagefind.search(begriff);
    const daten = await Promise.all(antwort.results.slice(0, 10).map(r => r.data()));
    return daten.map(d => d.url);
}"""


def pagefind_index(site: Path, ziel: Path) -> Path | None:
    try:
        from pagefind_bin import get_executable
    except ImportError:
        return None
    shutil.copytree(site, ziel)
    shutil.rmtree(ziel / NOTEBOOKS)  # wie bei Material: Notebook-Seiten nicht im Index
    subprocess.run([str(get_executable()), "--site", str(ziel), "--root-selector", "article",
                    "--exclude-selectors", "[data-search-exclude]", "--quiet"], check=True)
    return ziel


def pagefind(chromium, basis: str) -> tuple[list[list[str]], tuple[int, int]]:
    z = Zaehler(chromium, basis)
    z.page.goto(basis, wait_until="networkidle")
    modul = basis + "pagefind/pagefind.js"
    basis_pfad = urlsplit(basis).path
    treffer = []
    for i, (begriff, _) in enumerate(ANFRAGEN):
        if i == 0:
            start = len(z.antworten)
        urls = z.page.evaluate(PAGEFIND_SUCHE, [modul, begriff])
        # Pagefind nennt den Pfad ab der Wurzel des Servers, samt Präfix aus site_url.
        seiten = [u.removeprefix(basis_pfad).removesuffix("index.html") for u in urls]
        treffer.append(list(dict.fromkeys(seiten)))
        if i == 0:
            z.page.wait_for_load_state("networkidle")
            gewicht = z.bytes_ab(start)
    z.kontext.close()
    return treffer, gewicht


def bericht(name: str, treffer: list[list[str]], gewicht: tuple[int, int], zusatz: str = "") -> None:
    roh, gz = gewicht
    print(f"\n{name}: Öffnen und erste Anfrage laden {roh / 1024:.1f} KiB roh, {gz / 1024:.1f} KiB gzip{zusatz}")
    treffer = iter(treffer)
    for liste, anfragen in LISTEN.items():
        gelesen = list(islice(treffer, len(anfragen)))
        verfehlt = [(b, s, t[:3]) for (b, s), t in zip(anfragen, gelesen, strict=True) if s not in t[:3]]
        print(f"  {liste}: {len(anfragen) - len(verfehlt)} von {len(anfragen)} unter den ersten drei")
        kapitel = [(s, t) for (_, s), t in zip(anfragen, gelesen, strict=True) if s not in ANWENDEN]
        vorn = sum(s in t and all(a not in t[:t.index(s)] for a in ANWENDEN) for s, t in kapitel)
        print(f"    Kapitel vor Labor und Praxis: {vorn} von {len(kapitel)}")
        for begriff, seite, erste in verfehlt:
            print(f"    verfehlt: {begriff!r} erwartet {seite or '(Start)'}, erste drei {erste}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        tmp = Path(tmp)
        # Mit KURS_SITE eine schon gebaute Seite, wie in den Tests.
        site = Path(os.environ["KURS_SITE"]) if os.environ.get("KURS_SITE") else browser.bauen(tmp / "kurs")
        chromium = browser.starte_browser(playwright)
        with browser.ausliefern(site) as basis:
            bericht("Material wie ausgeliefert", *material(chromium, basis, mit_formen=False))
            bericht("Material mit Wortformen (kurs-suche.js)", *material(chromium, basis, mit_formen=True))
        if mit_pagefind := pagefind_index(site, tmp / "pagefind"):
            ui = sum(len(gzip.compress(p.read_bytes(), 6)) for p in (mit_pagefind / "pagefind").glob("pagefind-ui.*"))
            with browser.ausliefern(mit_pagefind) as basis:
                bericht("Pagefind", *pagefind(chromium, basis), f" (ohne sein Suchfeld: noch {ui / 1024:.1f} KiB gzip)")
        else:
            print("\nPagefind: nicht gemessen (uv run --with pagefind-bin==1.5.2 python benchmarks/suche.py)")
        chromium.close()


if __name__ == "__main__":
    main()
