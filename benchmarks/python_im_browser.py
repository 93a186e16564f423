"""Zahlen zum Ausführen im Browser, kein Test mit Zeitgrenze.

    uv run python benchmarks/python_im_browser.py

Misst in Debians Chromium auf Teil 2: die Zeit vom ersten Klick auf „Ausführen“ bis
zur ersten Ausgabe (kalt, Python lädt), die Zeit späterer Läufe (warm) und was beim
ersten Lauf geladen wird (roh und gzip). Ziele auf der 2-Kern-Maschine: kalt unter
6 s, warm unter 100 ms.
"""

import gzip
import statistics
import sys
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import im_browser as browser  # noqa: E402 (liegt in tests/)

BLOCK = 2  # die Partition-Demo: druckt sechs Zeilen


# Gemessen in der Seite, vom Klick bis zum nächsten Bild mit dem Ergebnis: Das sieht eine
# Leserin. Von Python aus gemessen kämen Playwrights Prüfungen vor dem Klick und das Abfragen
# danach hinzu (gemessen: 110 ms statt 25 ms für einen warmen Lauf).
MESSEN = f"""async () => {{
  const block = document.querySelector('.language-python.highlight[data-lauf="{BLOCK}"]');
  const knopf = block.nextElementSibling.querySelector('[data-kurs-knopf="ausfuehren"]');
  const ergebnis = block.nextElementSibling.nextElementSibling;
  ergebnis.replaceChildren();
  ergebnis.className = "kurs-ergebnis";
  const start = performance.now();
  await new Promise((fertig) => {{
    new MutationObserver((_, beobachter) => {{
      if (!ergebnis.classList.contains("kurs-ok") && !ergebnis.classList.contains("kurs-fehler")) return;
      beobachter.disconnect();
      requestAnimationFrame(() => requestAnimationFrame(fertig));  // das nächste Bild
    }}).observe(ergebnis, {{ attributes: true }});
    knopf.click();
  }});
  if (!ergebnis.classList.contains("kurs-ok")) throw new Error(ergebnis.innerText);
  return (performance.now() - start) / 1000;
}}"""


def messe_klick(page) -> float:
    return page.evaluate(MESSEN)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        site = browser.bauen(Path(tmp) / "site")
        with browser.ausliefern(site) as basis, sync_playwright() as playwright:
            chromium = browser.starte_browser(playwright)
            page = chromium.new_page()
            geladen = []
            page.goto(basis + "teil-2/", wait_until="networkidle")
            page.on("request", lambda r: geladen.append(r.url))
            kalt = messe_klick(page)
            warm = [messe_klick(page) for _ in range(10)]
            chromium.close()

        pfade = [urlsplit(url).path.removeprefix(browser.praefix(browser.SITE_URL)) for url in geladen]
        groessen = {p: ((site / p).stat().st_size, len(gzip.compress((site / p).read_bytes(), 6))) for p in pfade}
    roh = sum(r for r, _ in groessen.values())
    gz = sum(g for _, g in groessen.values())
    print(f"Erster Lauf (kalt, Python lädt): {kalt:.2f} s (Ziel < 6 s)")
    print(f"Spätere Läufe (warm), Median:    {statistics.median(warm) * 1000:.0f} ms (Ziel < 100 ms)")
    print(f"Beim ersten Lauf geladen:        {len(groessen)} Dateien, {roh / 1e6:.1f} MB roh, {gz / 1e6:.1f} MB gzip")
    for pfad, (r, g) in groessen.items():
        print(f"  {pfad}: {r / 1e6:.2f} MB roh, {g / 1e6:.2f} MB gzip")


if __name__ == "__main__":
    main()
