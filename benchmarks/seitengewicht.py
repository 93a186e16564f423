"""Was eine Leserin beim ersten Besuch lädt: Zahlen je Seite, kein Test.

    uv run python benchmarks/seitengewicht.py

Baut die Seite (strikt) und zum Vergleich eine nackte Material-Seite aus denselben
Markdown-Dateien (Material ohne unsere Hooks und Einstellungen, wie benchmarks/suite.py), öffnet jede Seite mit leerem Cache in Debians Chromium
und druckt je Seite: Anfragen, Bytes (roh, wie dieser Server sie schickt, und gzip,
wie ein Webserver sie komprimiert schicken würde), blockierte Anfragen an fremde
Hosts, ob Mermaid geladen wurde, und die Zeit, bis jedes Diagramm gezeichnet ist.
Danach öffnet er die Suche (Taste /) und druckt, was sie nachlädt: Der Kurs holt Index,
Such-Worker und lunr erst dann (overrides/partials/suche-bei-bedarf.html), die nackte
Material-Seite schon beim Laden.

Ziel (Issue 13): Jede Seite wiegt beim Laden (gzip) höchstens 1,0-mal so viel wie dieselbe
Seite nackt gebaut; Diagramme kommen als SVG mit der Seite, Mermaid lädt nirgends. Die
Notebook-Seiten gibt es nackt nicht; sie stehen neben der nackten Startseite.
"""

import gzip
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from suite import nackte_kopie

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import im_browser as browser  # noqa: E402 (liegt in tests/)

ZIEL = 1.0


def nackte_material_seite(ordner: Path) -> Path:
    return browser.bauen(ordner / "site", nackte_kopie(ordner) / "mkdocs.yml", streng=False)


def messen(chromium, basis: str, pfad: str, diagramme: int) -> dict:
    # Eigener Kontext je Seite: leerer Cache, wie beim ersten Besuch.
    kontext = chromium.new_context(viewport={"width": 1280, "height": 900})
    host = urlsplit(basis).netloc
    antworten, fremde = [], []

    def anfrage(route):
        if urlsplit(route.request.url).netloc == host:
            route.continue_()
        else:
            fremde.append(route.request.url)
            route.abort("blockedbyclient")

    kontext.route("**/*", anfrage)
    kontext.on("response", lambda antwort: antworten.append(antwort))
    page = kontext.new_page()
    page.goto(basis + pfad)
    ms = browser.warte_auf_diagramme(page, diagramme) if diagramme else None
    page.wait_for_load_state("networkidle")
    beim_laden = len(antworten)
    page.keyboard.press("/")  # Materials Tastenkürzel für die Suche
    page.wait_for_function(browser.SUCHE_BEREIT)
    page.wait_for_load_state("networkidle")
    koerper = [a.body() if a.status == 200 else b"" for a in antworten]
    kontext.close()
    roh = [len(k) for k in koerper]
    gz = [len(gzip.compress(k, 6)) for k in koerper]
    return {
        "anfragen": beim_laden,
        "roh": sum(roh[:beim_laden]),
        "gzip": sum(gz[:beim_laden]),
        "suche_anfragen": len(antworten) - beim_laden,
        "suche_gzip": sum(gz[beim_laden:]),
        "fremde": len(fremde),
        "mermaid": any(a.url.endswith(browser.MERMAID) for a in antworten),
        "ms": ms,
    }


def zeile(name: str, diagramme: int, m: dict) -> str:
    gezeichnet = f"{m['ms']:8.0f} ms" if m["ms"] is not None else ("     fehlt" if diagramme else "         –")
    return (f"{name:34} {m['anfragen']:5} {m['roh'] / 1024:9.1f} {m['gzip'] / 1024:9.1f} {m['fremde']:6}"
            f" {'ja' if m['mermaid'] else 'nein':>7} {diagramme:5} {gezeichnet}"
            f" {m['suche_anfragen']:6} {m['suche_gzip'] / 1024:9.1f}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        tmp = Path(tmp)
        kurs = browser.bauen(tmp / "kurs")
        nackt = nackte_material_seite(tmp / "nackt")
        chromium = browser.starte_browser(playwright)
        print(f"{'Seite':34} {'Anfr.':>5} {'roh KiB':>9} {'gzip KiB':>9} {'fremd':>6} {'Mermaid':>7}"
              f" {'Diag.':>5} {'gezeichnet':>11} {'Suche: Anfr.':>12} {'gzip KiB':>9}")
        bezug = {}
        with browser.ausliefern(nackt, "/") as basis:
            for pfad in browser.nav_seiten():
                if (nackt / pfad / "index.html").is_file():
                    bezug[pfad] = messen(chromium, basis, pfad, 0)
                    print(zeile(f"nackt: {pfad or '(Start)'}", 0, bezug[pfad]))
        ergebnisse = {}
        with browser.ausliefern(kurs) as basis:
            for pfad in browser.nav_seiten():
                diagramme = browser.diagramme_im_html((kurs / pfad / "index.html").read_text(encoding="utf-8"))
                ergebnisse[pfad] = diagramme, messen(chromium, basis, pfad, diagramme)
                print(zeile(pfad or "(Start)", *ergebnisse[pfad]))
        chromium.close()

    print("\nfremd: blockierte Anfragen an andere Hosts (die nackte Seite will Google Fonts;")
    print("deren Bytes fehlen oben, ihr Gewicht ist also eher zu klein).")
    print("Suche: was das Öffnen der Suche nachlädt (die nackte Seite hat alles schon beim Laden).")
    print(f"\nGewicht beim Laden im Verhältnis zur selben Seite nackt gebaut (Ziel gzip ≤ {ZIEL});")
    print("dahinter dasselbe, nachdem beide die Suche geöffnet haben:")
    print(f"  {'':34} {'roh':>5} {'gzip':>5}   {'gzip mit Suche':>14}")
    for pfad, (_diagramme, m) in ergebnisse.items():
        b = bezug.get(pfad, bezug[""])
        roh, gz = m["roh"] / b["roh"], m["gzip"] / b["gzip"]
        mit_suche = (m["gzip"] + m["suche_gzip"]) / (b["gzip"] + b["suche_gzip"])
        urteil = "ok" if gz <= ZIEL else "ÜBER DEM ZIEL"
        gegenueber = "" if pfad in bezug else " (neben der nackten Startseite)"
        print(f"  {pfad or '(Start)':34} {roh:5.2f} {gz:5.2f}   {mit_suche:14.2f}  {urteil}{gegenueber}")
    # Issue „The design card, honored“: eine Notebook-Seite wiegt nicht mehr als das schwerste Kapitel.
    kapitel = max((m["gzip"], p) for p, (_, m) in ergebnisse.items() if not p.startswith("notebooks/"))
    for pfad, (_, m) in ergebnisse.items():
        if pfad.startswith("notebooks/"):
            anteil = m["gzip"] / kapitel[0]
            print(f"  {pfad:34} ÷ {kapitel[1]} (schwerstes Kapitel), gzip: {anteil:.2f}  "
                  f"{'ok' if anteil <= 1.0 else 'ÜBER DEM ZIEL'} (Ziel ≤ 1,0)")
    geladen = [p for p, (_, m) in ergebnisse.items() if m["mermaid"]]
    print("\nMermaid lädt nirgends:", "ja" if not geladen else f"nein, auf {geladen}")


if __name__ == "__main__":
    main()
