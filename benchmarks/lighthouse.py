"""Lighthouse (mobil) auf jeder Seite: Zahlen, kein Test.

    uv run python benchmarks/lighthouse.py

Baut die Seite (strikt), liefert sie lokal aus und lässt Lighthouse 12.2.3 (läuft auf
Node 20) mit Debians Chromium jede Seite der Navigation prüfen. Lighthouse kommt mit npm in
einen temporären Ordner; im Repository bleibt nichts davon.

Je Seite drei Läufe, gedruckt wird der Median: Lighthouse schwankt auf der geteilten
Maschine um mehrere Punkte. Ausgeliefert wird komprimiert und mit Cache-Control wie auf
GitHub Pages (tests/im_browser.py, wie_github_pages).

Daneben steht die Total Blocking Time derselben Seite als nackte Material-Seite (dieselben
Markdown-Dateien ohne unsere Hooks, Skripte und Erweiterungen; benchmarks/seitengewicht.py),
abwechselnd mit unserer gemessen: Die geteilten Rechner sind mal schneller, mal langsamer,
und erst der Vergleich zeigt, was von der Zeit unsere ist und was Materials und des Rechners.

Ziele (Issue 13): Leistung ≥ 95, Total Blocking Time ≤ 200 ms, Barrierefreiheit, Best
Practices und SEO je 100.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from seitengewicht import nackte_material_seite

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import im_browser as browser  # noqa: E402 (liegt in tests/)

LIGHTHOUSE = "lighthouse@12.2.3"
KATEGORIEN = ("performance", "accessibility", "best-practices", "seo")
LAEUFE = 3


def installieren(ordner: Path) -> Path:
    subprocess.run(["npm", "install", "--prefix", str(ordner), "--no-save", "--no-package-lock",
                    "--no-audit", "--no-fund", LIGHTHOUSE], check=True, capture_output=True)
    return ordner / "node_modules" / ".bin" / "lighthouse"


def pruefen(lighthouse: Path, url: str) -> dict:
    lauf = subprocess.run(
        [str(lighthouse), url, "--output=json", "--output-path=stdout", "--quiet",
         f"--only-categories={','.join(KATEGORIEN)}",
         "--chrome-flags=" + " ".join(browser.CHROMIUM_ARGS)],
        capture_output=True, text=True, env={**os.environ, "CHROME_PATH": str(browser.CHROMIUM)})
    if lauf.returncode != 0:
        sys.exit(f"Lighthouse scheiterte an {url}:\n{lauf.stderr[-3000:]}")
    return json.loads(lauf.stdout)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        lighthouse = installieren(tmp / "npm")
        site = browser.bauen(tmp / "site")
        nackt = nackte_material_seite(tmp / "nackt")
        print(f"{'Seite':34} {'Leistung':>8} {'TBT ms':>7} {'nackt':>6} {'Barrierefr.':>11} {'Best Pr.':>8} {'SEO':>4}")
        verfehlt = []
        with browser.ausliefern(site, wie_github_pages=True) as basis, \
                browser.ausliefern(nackt, wie_github_pages=True) as nackt_basis:
            for pfad in browser.nav_seiten():
                berichte, nackte = [], []
                for _ in range(LAEUFE):  # abwechselnd: Beide sehen dieselbe Last der Maschine
                    berichte.append(pruefen(lighthouse, basis + pfad))
                    if (nackt / pfad / "index.html").exists():  # die Notebook-Seiten hat nur unser Build
                        nackte.append(pruefen(lighthouse, nackt_basis + pfad))
                werte = {k: round(statistics.median(b["categories"][k]["score"] for b in berichte) * 100)
                         for k in KATEGORIEN}
                tbt = statistics.median(b["audits"]["total-blocking-time"]["numericValue"] for b in berichte)
                nackt_tbt = (f"{statistics.median(b['audits']['total-blocking-time']['numericValue'] for b in nackte):6.0f}"
                             if nackte else f"{'–':>6}")
                bericht = berichte[0]
                print(f"{pfad or '(Start)':34} {werte['performance']:8} {tbt:7.0f} {nackt_tbt} {werte['accessibility']:11}"
                      f" {werte['best-practices']:8} {werte['seo']:4}")
                if werte["performance"] < 95 or tbt > 200 or min(werte[k] for k in KATEGORIEN[1:]) < 100:
                    durchgefallen = [a["title"] for a in bericht["audits"].values()
                                     if a.get("score") is not None and a["score"] < 1
                                     and a.get("scoreDisplayMode") in ("binary", "metricSavings")]
                    verfehlt.append(f"{pfad or '(Start)'}: {'; '.join(durchgefallen[:6])}")
    print("\nZiele: Leistung ≥ 95, TBT ≤ 200 ms, Barrierefreiheit, Best Practices und SEO 100.")
    print("„nackt“: TBT derselben Seite als nackte Material-Seite, im selben Lauf gemessen.")
    print("Alle erreicht." if not verfehlt else "Verfehlt:\n  " + "\n  ".join(verfehlt))


if __name__ == "__main__":
    main()
