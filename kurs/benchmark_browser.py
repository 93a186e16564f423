"""Was eine Leserin beim ersten Besuch lädt: Zahlen je Seite, kein Test.

    uv run python -m kurs.benchmark_browser

Baut die Seite (strikt) und zum Vergleich eine nackte Material-Seite (eine Seite,
Material ohne Einstellungen), öffnet jede Seite mit leerem Cache in Debians Chromium
und druckt je Seite: Anfragen, Bytes (roh, wie dieser Server sie schickt, und gzip,
wie ein Webserver sie komprimiert schicken würde), blockierte Anfragen an fremde
Hosts, ob Mermaid geladen wurde, und die Zeit, bis jedes Diagramm gezeichnet ist.

Ziel: Eine Kapitelseite ohne Diagramm wiegt höchstens 1,1-mal so viel wie die nackte
Material-Seite; Mermaid kommt nur, wo ein Diagramm ist.
"""

import gzip
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from kurs import browser

ZIEL = 1.1
# Material zeigt das, sobald der Such-Worker seinen Index gebaut hat (language: de bzw. en).
SUCHE_BEREIT = """() => ["Suchbegriff eingeben", "Type to start searching"]
    .includes(document.querySelector('.md-search-result__meta')?.innerText)"""


def nackte_material_seite(ordner: Path) -> Path:
    (ordner / "docs").mkdir(parents=True)
    (ordner / "docs" / "index.md").write_text("# Eine Seite\n\nEin Absatz Text.\n", encoding="utf-8")
    (ordner / "mkdocs.yml").write_text("site_name: Nackt\ntheme:\n  name: material\n", encoding="utf-8")
    return browser.bauen(ordner / "site", ordner / "mkdocs.yml")


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
    page.wait_for_function(SUCHE_BEREIT)
    page.wait_for_load_state("networkidle")
    koerper = {a.url: a.body() for a in antworten if a.status == 200}
    kontext.close()
    index = [k for url, k in koerper.items() if url.endswith("/search/search_index.json")]
    return {
        "anfragen": len(antworten),
        "roh": sum(len(k) for k in koerper.values()),
        "gzip": sum(len(gzip.compress(k, 6)) for k in koerper.values()),
        # Der Suchindex des ganzen Kurses: Material lädt ihn auf jeder Seite sofort.
        "index_roh": sum(len(k) for k in index),
        "index_gzip": sum(len(gzip.compress(k, 6)) for k in index),
        "fremde": len(fremde),
        "mermaid": any(a.url.endswith("/mermaid.min.js") for a in antworten),
        "ms": ms,
    }


def zeile(name: str, diagramme: int, m: dict) -> str:
    gezeichnet = f"{m['ms']:8.0f} ms" if m["ms"] is not None else ("     fehlt" if diagramme else "         –")
    return (f"{name:34} {m['anfragen']:5} {m['roh'] / 1024:9.1f} {m['gzip'] / 1024:9.1f} {m['fremde']:6}"
            f" {'ja' if m['mermaid'] else 'nein':>7} {diagramme:5} {gezeichnet}")


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        tmp = Path(tmp)
        kurs = browser.bauen(tmp / "kurs")
        nackt = nackte_material_seite(tmp / "nackt")
        chromium = browser.starte_browser(playwright)
        print(f"{'Seite':34} {'Anfr.':>5} {'roh KiB':>9} {'gzip KiB':>9} {'fremd':>6} {'Mermaid':>7}"
              f" {'Diag.':>5} {'gezeichnet':>11}")
        with browser.ausliefern(nackt, "/") as basis:
            bezug = messen(chromium, basis, "", 0)
        print(zeile("(nackte Material-Seite)", 0, bezug))
        ergebnisse = {}
        with browser.ausliefern(kurs) as basis:
            for pfad in browser.nav_seiten():
                diagramme = browser.diagramme_im_html((kurs / pfad / "index.html").read_text(encoding="utf-8"))
                ergebnisse[pfad] = diagramme, messen(chromium, basis, pfad, diagramme)
                print(zeile(pfad or "(Start)", *ergebnisse[pfad]))
        chromium.close()

    print("\nfremd: blockierte Anfragen an andere Hosts (die nackte Seite will Google Fonts;")
    print("deren Bytes fehlen oben, ihr Gewicht ist also eher zu klein).")
    print(f"\nGewicht im Verhältnis zur nackten Material-Seite (Ziel für Seiten ohne Diagramm: ≤ {ZIEL});")
    print("dahinter dasselbe ohne den Suchindex, der mit dem ganzen Kurs wächst, nicht mit der Seite:")
    print(f"  {'':34} {'roh':>5} {'gzip':>5}   {'roh':>5} {'gzip':>5}  (Suchindex {ergebnisse[''][1]['index_gzip'] / 1024:.1f} KiB gzip)"
          if "" in ergebnisse else "")
    for pfad, (diagramme, m) in ergebnisse.items():
        roh, gz = m["roh"] / bezug["roh"], m["gzip"] / bezug["gzip"]
        ohne_roh = (m["roh"] - m["index_roh"]) / (bezug["roh"] - bezug["index_roh"])
        ohne_gz = (m["gzip"] - m["index_gzip"]) / (bezug["gzip"] - bezug["index_gzip"])
        urteil = "mit Diagramm" if diagramme else ("ok" if max(roh, gz) <= ZIEL else "über dem Ziel")
        print(f"  {pfad or '(Start)':34} {roh:5.2f} {gz:5.2f}   {ohne_roh:5.2f} {ohne_gz:5.2f}  {urteil}")
    falsch = [p for p, (d, m) in ergebnisse.items() if m["mermaid"] != bool(d)]
    print("\nMermaid nur, wo ein Diagramm ist:", "ja" if not falsch else f"nein, falsch auf {falsch}")


if __name__ == "__main__":
    main()
