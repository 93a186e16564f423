"""Zahlen zur Zeichnung eines Laufs (Issue 48, docs/assets/kurs-zeichnung.js), kein Test mit Zeitgrenze.

    uv run python benchmarks/zeichnung.py            # Vergleich mit dem Stand vor der Zeichnung
    uv run python benchmarks/zeichnung.py <commit>   # kurs-lauf.js dieses Commits als „heute“

Misst in Debians Chromium auf Teil 2 (390 × 844 px), ausgeliefert wie von GitHub Pages (gzip,
tests/im_browser.py), gedrosselt wie benchmarks/python_im_browser.py („4G“: 9 Mbit/s, 60 ms, CPU 4-mal
langsamer, über das DevTools-Protokoll):

- Beim Laden der Seite, bevor die Leserin etwas tut: alle Anfragen und ihre Bytes übers Netz, heute und
  im Stand vor der Zeichnung (der Commit vor dem, der kurs-zeichnung.js anlegte, gebaut wie heute), dazu
  jede Datei, die sich dazwischen änderte. Keine Datei der Zeichnung und kein kurs-ergebnis.js (was erst
  nach einem Lauf zählt, lädt mit dem ersten Klick). kurs-lauf.js einzeln: wie es übers Netz geht, und
  beide Stände ohne Kommentare (der Build streicht sie seit heute auch dort), damit zu sehen ist, was der
  Code selbst wiegt.
- Der Code der Zeichnung: kurs-zeichnung.js und .css, wie sie übers Netz kommen (gzip; der Build
  streicht die Kommentare, kurs/seite/ohne_kommentare.py), daneben die Quelle mit Kommentaren.
- Vom Ergebnis bis zur Zeichnung: vom Ereignis „kurs:aufzeichnung“ am Block bis zum nächsten Bild mit der
  offenen Zeichnung, für Aufzeichnungen echter Läufe (tests/zeichnung_beispiele.py) mit 9 bis 5001
  Schritten. Das erste Mal mit Laden über 4G (kalt; es holt auch kurs-ergebnis.js, das nach einem echten
  Klick schon neben Python geladen hat), danach Median und p95 aus 20 Läufen (warm). Ins
  erste Bild kommt ein Bildschirm voll Zeilen (ERSTE_ZEILEN), der Rest ein Bild später: „ganz“ ist die
  Zeit, bis auch er gezeichnet ist. „Boden“ ist ein Lauf ohne Schritte (nur ein Satz): So lange dauert
  auf diesem Rechner jedes Bild nach einer Änderung; auf einem belasteten Rechner zählt, was darüber liegt.
- Zum Vergleich Mermaid (selbst gehostet, docs/assets/vendor/mermaid): dieselben Schritte als
  sequenceDiagram, Größe übers Netz und Zeit für mermaid.render bei gleicher Drosselung.

Ziele (Issue 48): 0 Anfragen der Zeichnung beim Laden, Code der Zeichnung ≤ 5 KB gzip, vom Ergebnis bis
zur Zeichnung ≤ 50 ms (p95, ≤ 150 Schritte, CPU 4×).
"""

import gzip
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import im_browser as browser  # noqa: E402 (liegt in tests/)
import zeichnung_beispiele as beispiele  # noqa: E402
from python_im_browser import NETZE, drosseln  # noqa: E402 (liegt neben dieser Datei)

from kurs.seite import ohne_kommentare  # noqa: E402

WURZEL = Path(__file__).resolve().parent.parent
WIEDERHOLUNGEN = 20
ZIEL_KB, ZIEL_MS, ZIEL_SCHRITTE = 5, 50, 150

# Vom Ereignis bis zum Bild mit der Zeichnung, in der Seite gemessen: bis nach dem nächsten
# requestAnimationFrame (dann ist das Bild mit ihr berechnet). Vorher steht das Ergebnis da wie nach
# einem Lauf, der nicht bestand: Die Zeichnung kommt offen. Zum Vergleich dasselbe für einen Lauf ohne
# Schritte (nur der Satz mit dem Grund): So lange dauert jedes Bild nach einer Änderung ohnehin.
MESSEN = """async ([nummer, aufzeichnung]) => {
  const block = document.querySelector(`.language-python.highlight[data-lauf="${nummer}"]`);
  const ergebnis = block.nextElementSibling.nextElementSibling;
  ergebnis.className = "kurs-ergebnis kurs-fehler";
  ergebnis.innerHTML = '<p class="kurs-ergebnis-titel">Nicht bestanden</p>';
  ergebnis.scrollIntoView();
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const start = performance.now();
  await new Promise((fertig) => {
    new MutationObserver((_, beobachter) => {
      if (!ergebnis.querySelector(".kurs-zeichnung, .kurs-zeichnung-grund")) return;
      beobachter.disconnect();
      requestAnimationFrame(() => setTimeout(fertig));
    }).observe(ergebnis, { childList: true });
    block.dispatchEvent(new CustomEvent("kurs:aufzeichnung", { detail: aufzeichnung }));
  });
  const erstesBild = performance.now() - start;
  while (ergebnis.querySelector("[aria-busy]")) await new Promise((r) => setTimeout(r));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));
  return [erstesBild, performance.now() - start];
}"""

# Dieselben Schritte als Mermaid-Sequenzdiagramm: Zeit für mermaid.render (Mermaid ist schon geladen).
MERMAID = """async (aufzeichnung) => {
  const zeilen = ["sequenceDiagram", ...aufzeichnung.teilnehmer.map((t) => `participant ${t}`)];
  for (const s of aufzeichnung.schritte) {
    const text = s.text.replace(/[;#:]/g, " ");
    zeilen.push(s.an && s.an !== s.von ? `${s.von}->>${s.an}: ${text}` : `Note over ${s.von}: ${text}`);
  }
  mermaid.initialize({ startOnLoad: false });
  const start = performance.now();
  await mermaid.render(`m${Math.round(start)}`, zeilen.join("\\n"));
  return performance.now() - start;
}"""


def vorher_commit() -> str:
    """Der Commit vor dem, der kurs-zeichnung.js anlegte: „heute“ ohne Zeichnung."""
    angelegt = subprocess.run(["git", "log", "--diff-filter=A", "--format=%H", "-1", "--",
                               "docs/assets/kurs-zeichnung.js"], cwd=WURZEL, capture_output=True, text=True).stdout
    return f"{angelegt.strip()[:12]}^"


def gzip_bytes(daten: bytes) -> int:
    return len(gzip.compress(daten, 6))  # wie tests/im_browser.py ausliefert


def vorher_bauen(vorher: str, ziel: Path) -> Path:
    """Die Seite im Stand `vorher`, gebaut mit dessen eigenem Paket kurs (PYTHONPATH vor dem installierten)."""
    quelle = ziel.parent / "quelle-vorher"
    quelle.mkdir()
    archiv = subprocess.run(["git", "archive", vorher], cwd=WURZEL, capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(quelle)], input=archiv, check=True)
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(ziel)], cwd=quelle, check=True,
                   capture_output=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": str(quelle)})
    return ziel


def beim_laden(chromium, site: Path) -> dict:
    """Jede Anfrage beim Laden von Teil 2 (390 px, ohne Cache) bis Ruhe ist, mit ihren Bytes übers Netz."""
    netz = {}
    with browser.ausliefern(site, wie_github_pages=True) as basis:
        kontext = chromium.new_context(viewport={"width": 390, "height": 844})
        page = kontext.new_page()
        page.on("requestfinished", lambda r: netz.__setitem__(r.url.removeprefix(basis), r.sizes()["responseBodySize"]))
        page.goto(basis + "teil-2/", wait_until="networkidle")
        kontext.close()
    return netz


def laden_drucken(vorher: str, alt: dict, neu: dict) -> None:
    print("Beim Laden von Teil 2, bevor die Leserin etwas tut (übers Netz, gzip wie GitHub Pages):")
    for name, netz in ((f"vor der Zeichnung ({vorher})", alt), ("heute", neu)):
        print(f"  {name:32} {len(netz):3} Anfragen, {sum(netz.values()):8} B")
    print(f"  Unterschied: {sum(neu.values()) - sum(alt.values()):+d} B; ohne die HTML-Seite (ihr Inhalt wächst mit dem "
          f"Kurs), nur Skripte, Stile und Bilder: {sum(g for u, g in alt.items() if u.startswith('assets/'))} -> "
          f"{sum(g for u, g in neu.items() if u.startswith('assets/'))} B; je Datei, die sich änderte:")
    for datei in sorted(set(alt) | set(neu)):
        if alt.get(datei) != neu.get(datei):
            print(f"    {datei:60} {alt.get(datei, 0):8} -> {neu.get(datei, 0):8} B")
    nachher = [u for u in neu if "kurs-zeichnung" in u or u.endswith("kurs-ergebnis.js")]
    print(f"  davon Zeichnung und kurs-ergebnis.js: {len(nachher)} Anfragen (Ziel 0)")


def faelle() -> dict:
    return {
        "ohne Schritte (nur der Grund)": {"teilnehmer": [], "schritte": [], "teilweise": False,
                                          "grund": "Für diesen Lauf gibt es keine Zeichnung."},
        "Queue-Demo (Teil 1)": beispiele.queue_demo(),
        "Übung 2, Musterlösung": beispiele.uebung_2(None),
        "Übung 2, kein Ack nach der DLQ, 150 Schritte": beispiele.uebung_2("kein Ack nach der DLQ", grenze=150),
        "Übung 2, kein Ack nach der DLQ, ganz": beispiele.uebung_2("kein Ack nach der DLQ"),
    }


def main() -> None:
    vorher = sys.argv[1] if len(sys.argv) > 1 else vorher_commit()
    last_vorher = os.getloadavg()[0]
    lauf_heute = subprocess.run(["git", "show", f"{vorher}:docs/assets/kurs-lauf.js"], cwd=WURZEL,
                                capture_output=True, check=True).stdout
    aufzeichnungen = faelle()
    with tempfile.TemporaryDirectory() as tmp:
        site = browser.bauen(Path(tmp) / "site")
        site_vorher = vorher_bauen(vorher, Path(tmp) / "site-vorher")
        lauf_jetzt = (site / "assets" / "kurs-lauf.js").read_bytes()
        with browser.ausliefern(site, wie_github_pages=True) as basis, sync_playwright() as playwright:
            chromium = browser.starte_browser(playwright)
            laden_alt, laden_neu = beim_laden(chromium, site_vorher), beim_laden(chromium, site)
            kontext = chromium.new_context(viewport={"width": 390, "height": 844})
            page = kontext.new_page()
            netz = {}
            page.on("requestfinished", lambda r: netz.__setitem__(r.url, r.sizes()["responseBodySize"]))
            page.goto(basis + "teil-2/", wait_until="networkidle")
            drosseln(page, NETZE["4G"])
            nummer = page.evaluate("""() => document.querySelector(
                '.language-python.highlight[data-rolle=vorlage][data-uebung="teil-2/uebung-2"]').dataset.lauf""")
            # Das erste Mal lädt die Zeichnung (über 4G), danach ist sie da.
            kalt = page.evaluate(MESSEN, [nummer, aufzeichnungen["Queue-Demo (Teil 1)"]])[0]
            # Abwechselnd, damit eine wechselnde Last des Rechners alle Fälle gleich trifft.
            zeiten = {name: [] for name in aufzeichnungen}
            for _ in range(WIEDERHOLUNGEN):
                for name, a in aufzeichnungen.items():
                    zeiten[name].append(page.evaluate(MESSEN, [nummer, a]))
            code = {url.rsplit("/", 1)[1]: groesse for url, groesse in netz.items() if "/kurs-zeichnung." in url}
            page.add_script_tag(url=basis + browser.MERMAID.lstrip("/"))
            page.wait_for_function("() => window.mermaid")
            mermaid_bytes = next(g for url, g in netz.items() if url.endswith(browser.MERMAID))
            mermaid_ms = {name: [page.evaluate(MERMAID, a) for _ in range(5)]
                          for name, a in aufzeichnungen.items() if 0 < len(a["schritte"]) <= ZIEL_SCHRITTE}
            chromium.close()

    print(f"Last des Rechners (1 min) vor der Messung: {last_vorher:.1f} auf {os.cpu_count()} Kernen\n")
    laden_drucken(vorher, laden_alt, laden_neu)
    ohne = ohne_kommentare.js
    print(f"  kurs-lauf.js übers Netz: {gzip_bytes(lauf_jetzt)} B gzip, vor der Zeichnung {gzip_bytes(lauf_heute)} B: "
          f"{gzip_bytes(lauf_jetzt) - gzip_bytes(lauf_heute):+d} B; beide ohne Kommentare: "
          f"{gzip_bytes(ohne(lauf_jetzt.decode()).encode())} B und {gzip_bytes(ohne(lauf_heute.decode()).encode())} B "
          f"(vor der Zeichnung strich der Build dort keine Kommentare)")
    quelle = sum(gzip_bytes((WURZEL / "docs" / "assets" / n).read_bytes()) for n in code)
    print(f"\nCode der Zeichnung übers Netz, erst mit der ersten Aufzeichnung: {sum(code.values())} B "
          f"(Ziel ≤ {ZIEL_KB * 1024} B); {', '.join(f'{n} {g} B' for n, g in sorted(code.items()))}; "
          f"die Quelle mit Kommentaren wöge {quelle} B")
    print(f"Mermaid zum Vergleich: {mermaid_bytes / 1e3:.0f} KB übers Netz\n")
    print(f"Vom Ergebnis bis zur Zeichnung, 4G und CPU 4× (Ziel p95 ≤ {ZIEL_MS} ms bis {ZIEL_SCHRITTE} Schritte):")
    print(f"  das erste Mal, mit Laden der Zeichnung (und kurs-ergebnis.js) über 4G: {kalt:.0f} ms (Queue-Demo)")
    boden = statistics.median(z[0] for z in zeiten["ohne Schritte (nur der Grund)"])
    for name, z in zeiten.items():
        ms, ganz = sorted(e for e, _ in z), sorted(g for _, g in z)
        p95 = ms[round(0.95 * (len(ms) - 1))]
        vergleich = (f"   Mermaid render: Median {statistics.median(mermaid_ms[name]):4.0f} ms"
                     if name in mermaid_ms else "")
        print(f"  {name:46} {len(aufzeichnungen[name]['schritte']):5} Schritte: Median {statistics.median(ms):4.0f} ms "
              f"({statistics.median(ms) - boden:+4.0f} über dem Boden), p95 {p95:4.0f} ms, "
              f"ganz {statistics.median(ganz):4.0f} ms{vergleich}")
    print(f"Last des Rechners (1 min) nach der Messung: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
