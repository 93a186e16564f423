"""Die Seite im echten Browser, für Tests und Messungen: bauen, lokal ausliefern, besuchen.

Gemeinsam für die Browsertests (tests/browser/) und die Benchmarks (benchmarks/). Den
Browser selbst startet kurs/chromium.py, wie beim Zeichnen der Diagramme.
"""

import contextlib
import functools
import gzip
import os
import re
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

from kurs.chromium import CHROMIUM, CHROMIUM_ARGS, starte_browser  # noqa: F401 (für Tests und Benchmarks)
from kurs.modell import WURZEL, Kurs

# Material zeigt „Suchindex wird initialisiert“, bis der Such-Worker seinen Index gebaut
# hat, dann diesen Text (language: de; en für die nackte Material-Seite im Benchmark).
SUCHE_BEREIT = """() => ["Suchbegriff eingeben", "Type to start searching"]
    .includes(document.querySelector('.md-search-result__meta')?.innerText)"""
SUCHE_LEER = "Suchbegriff eingeben"
SUCHFELD = "input.md-search__input"
# Die Datei, die overrides/main.html auf Seiten mit Diagramm lädt (gepinnt in kurs/vendor.json).
MERMAID = "/assets/vendor/mermaid/mermaid.tiny.js"
# Diagramm-Container ab dieser Höhe gelten als gezeichnet; leer ist er wenige Pixel hoch.
DIAGRAMM_MIN_HOEHE = 50

KURS = Kurs()
SITE_URL = KURS.site_url
# Mit KURS_BILDSCHIRMFOTOS=1 legen die Browsertests hier Bilder ab (README, „Im Browser geprüft“).
BILDSCHIRMFOTOS = WURZEL / "test-results" / "screenshots"
KAPITEL = [k.url for k in KURS.kapitel if k.im_browser]  # deren Beispiele im Browser laufen


def foto(ziel, name: str) -> None:
    """Ein Bild von `ziel` (Page oder Locator) nach BILDSCHIRMFOTOS, nur mit KURS_BILDSCHIRMFOTOS=1."""
    if os.environ.get("KURS_BILDSCHIRMFOTOS"):
        BILDSCHIRMFOTOS.mkdir(parents=True, exist_ok=True)
        ziel.screenshot(path=BILDSCHIRMFOTOS / name)


def praefix(site_url: str) -> str:
    """Der Pfad, unter dem die Seite liegt: "/messaging-kurs/" aus site_url."""
    return urlsplit(site_url).path or "/"


def nav_seiten() -> list[str]:
    """Die Pfade aller Seiten relativ zur Basis: "", "teil-1/", …, auch die Notebook-Seiten."""
    return [seite.url for seite in KURS.seiten]


def bauen(ziel: Path, config: Path = WURZEL / "mkdocs.yml", streng: bool = True) -> Path:
    """`mkdocs build --strict` nach `ziel`; bricht mit der Ausgabe von MkDocs ab. Nicht streng
    nur für die nackte Vergleichsseite: Ohne unsere Hooks fehlen ihr Notebooks und Anker."""
    lauf = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", *(["--strict"] if streng else []), "-f", str(config),
         "--site-dir", str(ziel)],
        cwd=config.parent, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    if lauf.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict scheitert:\n{lauf.stderr}")
    return ziel


# Was GitHub Pages komprimiert ausliefert; für Lighthouse soll die Seite so ankommen wie dort.
KOMPRIMIERT = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".wasm", ".ipynb"}


class _Handler(SimpleHTTPRequestHandler):
    praefix = "/"
    basis = ""
    wie_github_pages = False  # gzip und Cache-Control: max-age=600 wie GitHub Pages
    _gzip: dict = {}

    def do_GET(self):
        # Die Seite liegt unter dem Pfad aus site_url, wie später auf dem Server.
        if not self.path.startswith(self.praefix):
            self.send_error(404)
            return
        self.path = "/" + self.path[len(self.praefix):]
        if self.path == "/sitemap.xml":
            self.sitemap()
        elif self.wie_github_pages and "gzip" in self.headers.get("Accept-Encoding", "") and (datei := self.datei()):
            self.komprimiert(datei)
        else:
            super().do_GET()

    def datei(self) -> Path | None:
        pfad = Path(self.translate_path(self.path))
        pfad = pfad / "index.html" if pfad.is_dir() else pfad
        return pfad if pfad.is_file() and pfad.suffix in KOMPRIMIERT else None

    def komprimiert(self, datei: Path):
        if datei not in self._gzip:
            self._gzip[datei] = gzip.compress(datei.read_bytes(), 6)
        daten = self._gzip[datei]
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(str(datei)))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(daten)))
        self.end_headers()
        self.wfile.write(daten)

    def end_headers(self):
        if self.wie_github_pages:
            self.send_header("Cache-Control", "max-age=600")
        super().end_headers()

    def sitemap(self):
        # Material navigiert nur instant zu Adressen aus der Sitemap; es übernimmt dabei
        # Protokoll und Host der aktuellen Seite, nicht aber den Port. Wie `mkdocs serve`
        # steht hier darum unsere Adresse statt site_url.
        xml = (Path(self.directory) / "sitemap.xml").read_text(encoding="utf-8")
        daten = xml.replace(SITE_URL, self.basis).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(daten)))
        self.end_headers()
        self.wfile.write(daten)

    def log_message(self, *args):
        pass  # Ruhe in der Testausgabe.


@contextlib.contextmanager
def ausliefern(site: Path, praefix: str = praefix(SITE_URL), wie_github_pages: bool = False):
    """Liefert `site` auf 127.0.0.1 mit freiem Port aus; ergibt die Basis-URL. Mit
    `wie_github_pages` komprimiert und mit Cache-Control wie dort (für Lighthouse)."""
    handler = type("Handler", (_Handler,), {"praefix": praefix, "wie_github_pages": wie_github_pages, "_gzip": {}})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    handler.basis = f"http://127.0.0.1:{server.server_address[1]}{praefix}"
    faden = threading.Thread(target=server.serve_forever, daemon=True)
    faden.start()
    try:
        yield handler.basis
    finally:
        server.shutdown()
        server.server_close()


def seiten(site: Path, site_url: str) -> list[str]:
    """Die Pfade aller Seiten relativ zur Basis, aus der sitemap.xml der gebauten Seite."""
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    urls = [loc.text for loc in ET.parse(site / "sitemap.xml").getroot().iterfind("s:url/s:loc", ns)]
    return [url.removeprefix(site_url) for url in urls]


# Jeder andere Host als dieser Rechner ist für den Browser unbekannt: Keine Anfrage
# verlässt ihn, und die Tests sehen jeden Versuch als Anfrage, die scheitert.
NUR_DIESER_RECHNER = "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"


def starte_profil(playwright, ordner: Path):
    """Ein Chromium mit einem Profil auf der Platte (ein BrowserContext), wie das einer
    Leserin: Es behält den HTTP-Cache und übersetzten Code, auch Pyodides WebAssembly, von
    Tab zu Tab. Ein Kontext ohne Profil (Inkognito) übersetzt alles bei jedem Besuch neu."""
    return playwright.chromium.launch_persistent_context(
        ordner, executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, NUR_DIESER_RECHNER])


# Gibt die Zeit (performance.now(), ms) zurück, sobald alle `n` Diagramme zu sehen sind.
# Ein statisches Diagramm (kurs/diagramme.py) ist sofort da. Ohne SVG zeichnet Material: Es
# ersetzt jedes <pre class="mermaid"> durch ein <div class="mermaid">, dessen Zeichnung in
# einem geschlossenen Shadow Root steckt; sichtbar ist nur die Höhe des Hosts. Vorher trägt
# das <pre> die Klasse kurz nicht: Darum zählen wir die fertigen <div>.
DIAGRAMME_GEZEICHNET = f"""n => {{
  const hosts = [...document.querySelectorAll("article .kurs-diagramm-flaeche, article div.mermaid")];
  return hosts.length === n
    && hosts.every(h => h.getBoundingClientRect().height > {DIAGRAMM_MIN_HOEHE})
    && performance.now();
}}"""
STATISCH = re.compile(r'<div class="kurs-diagramm[ "]')
IM_BROWSER = '<pre class="mermaid">'  # pymdownx.superfences, wenn kein SVG da ist


# Kontrast nach WCAG, für Text, den axe-core nicht prüft (SVG) oder nicht sicher beurteilt (über Hintergrundbildern):
# test_diagramme_gezeichnet.py und test_zeichnung.py (tests/browser/).
def _rgb(farbe: str) -> tuple[float, ...]:
    werte = [float(w) for w in re.findall(r"[\d.]+", farbe)]
    return tuple(werte[:3]) + ((werte[3],) if len(werte) > 3 else (1.0,))


def _leuchtdichte(rgb) -> float:
    kanal = [(c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4) for c in rgb[:3]]
    return 0.2126 * kanal[0] + 0.7152 * kanal[1] + 0.0722 * kanal[2]


def kontrast(vorne: str, schichten: list[str], seite: str) -> float:
    """Kontrast nach WCAG gegen das, was hinter dem Text zu sehen ist: die Schichten von unten
    (zuunterst die Seite) übereinander, jede mit ihrer Deckkraft."""
    hinten = _rgb(seite)[:3]
    for schicht in reversed(schichten):
        farbe = _rgb(schicht)
        hinten = tuple(farbe[i] * farbe[3] + hinten[i] * (1 - farbe[3]) for i in range(3))
    hell, dunkel = sorted((_leuchtdichte(_rgb(vorne)), _leuchtdichte(hinten)), reverse=True)
    return (hell + 0.05) / (dunkel + 0.05)


def diagramme_im_html(html: str) -> int:
    """Wie viele Diagramme die gebaute Seite enthält, statisch oder zum Zeichnen im Browser."""
    return len(STATISCH.findall(html)) + html.count(IM_BROWSER)


def suche_nach(page, basis: str, begriff: str) -> tuple[str, list[str]]:
    """(Meldung, Seiten der Treffer in Rangfolge) für `begriff`, wie getippt, in der offenen
    Suche von `page`. Eine Seite ist ihr Pfad relativ zu `basis`, die Startseite ""."""
    meldung = ".md-search-result__meta"
    # Material reagiert auf Tasten, nicht auf gesetzten Text: darum fill und dann eine Taste.
    # Damit keine Treffer der vorigen Suche gelesen werden, leert der Test die Meldung; Material
    # schreibt sie neu, wenn die neuen Treffer dastehen. Dieselbe Anfrage noch einmal beantwortet
    # Material nicht neu: dann erst das Feld leeren.
    if page.input_value(SUCHFELD) == begriff:
        page.fill(SUCHFELD, "")
        page.press(SUCHFELD, "End")
        page.wait_for_function(f"() => document.querySelector('{meldung}').innerText === '{SUCHE_LEER}'")
    page.eval_on_selector(meldung, "m => { m.textContent = ''; }")
    page.fill(SUCHFELD, begriff)
    page.press(SUCHFELD, "End")
    page.wait_for_function(f"() => !['', '{SUCHE_LEER}'].includes(document.querySelector('{meldung}').innerText)")
    hrefs = page.eval_on_selector_all(".md-search-result__item > a", "as => as.map(a => a.href)")
    basis_pfad = urlsplit(basis).path
    seiten = []
    for href in hrefs:
        seite = urlsplit(href).path.removeprefix(basis_pfad)
        if seite not in seiten:
            seiten.append(seite)
    return page.inner_text(meldung), seiten


def warte_auf_diagramme(page, anzahl: int, timeout_ms: float = 15_000) -> float | None:
    """ms seit Navigationsbeginn, bis alle `anzahl` Diagramme gezeichnet sind; None, wenn nicht."""
    from playwright.sync_api import TimeoutError

    try:
        return page.wait_for_function(DIAGRAMME_GEZEICHNET, arg=anzahl, timeout=timeout_ms).json_value()
    except TimeoutError:
        return None


# Was nach dem Zeigen auf einen Glossarbegriff dasteht (docs/assets/kurs-begriffe.js): wie
# viele Tooltips es gibt (richtete Material selbst einen ein, wären es zwei), der Text, ob der
# Begriff auf ihn verweist und ob er deckend und mittig unter dem Begriff steht, ganz im Bild.
ERKLAERUNG_IM_BILD = """begriff => {
    const tooltips = [...document.querySelectorAll(".md-tooltip2")];
    const tooltip = tooltips.find(t => t.classList.contains("md-tooltip2--active"));
    if (!tooltip) return { tooltips: tooltips.length };
    const text = tooltip.firstElementChild.getBoundingClientRect(), wort = begriff.getBoundingClientRect();
    return {
        tooltips: tooltips.length,
        text: tooltip.innerText,
        beschreibt_den_begriff: begriff.getAttribute("aria-describedby") === tooltip.id,
        darunter: text.top >= wort.bottom && text.top - wort.bottom < 20,
        // Mittig unter dem Begriff; nur am Rand des Bildes (Materials 0,8rem) weicht sie aus.
        mittig: Math.abs((text.left + text.right) / 2 - (wort.left + wort.right) / 2) < 2
            || [text.left, document.documentElement.clientWidth - text.right].some(abstand =>
                Math.abs(abstand - 0.8 * parseFloat(getComputedStyle(document.documentElement).fontSize)) < 1),
        im_bild: text.left >= 0 && text.right <= document.documentElement.clientWidth,
        deckend: getComputedStyle(tooltip.firstElementChild).backgroundColor !== "rgba(0, 0, 0, 0)",
    };
}"""
ERKLAERUNG_EINGEBLENDET = """() => {
    const tooltip = document.querySelector(".md-tooltip2--active");
    return tooltip && getComputedStyle(tooltip).opacity === "1";
}"""


def begriff_zeigen(page, begriff) -> dict:
    """Zeigt mit der Maus auf den Glossarbegriff (Locator eines <abbr>) und gibt zurück, was
    dann dasteht (ERKLAERUNG_IM_BILD); ohne Tooltip nach 2 s nur, wie viele es gibt."""
    from playwright.sync_api import TimeoutError

    begriff.hover()
    try:
        page.wait_for_function(ERKLAERUNG_EINGEBLENDET, timeout=2000)
    except TimeoutError:
        pass
    return begriff.evaluate(ERKLAERUNG_IM_BILD)


# Gemeinsam für test_seiten.py und test_diagramme_gezeichnet.py (tests/browser/).
# So beginnt der Quelltext eines Diagramms; steht er als Text auf der Seite, ist es nicht gezeichnet.
MERMAID_QUELLTEXT = re.compile(r"^\s*(sequenceDiagram|flowchart|graph|classDiagram|stateDiagram|erDiagram)\b", re.M)

VARIANTEN = """() => [...document.querySelectorAll("article .kurs-diagramm")].map(d =>
    [...d.querySelectorAll(".kurs-diagramm-hell, .kurs-diagramm-dunkel")]
        .filter(v => v.checkVisibility() && v.querySelector("svg[role=img]")).map(v => v.className))"""


def variante(farbschema: str, form: str = "breit") -> str:
    """Die Klassen der Variante eines Diagramms (kurs/diagramm_html.py, als_html)."""
    return f"kurs-diagramm-{'hell' if farbschema == 'light' else 'dunkel'} kurs-diagramm-{form}"


# Breiten und Schemata, die ein Test nacheinander im selben Tab prüft, statt je eine Seite zu laden
# (Issue 50): `page.set_viewport_size` und Besuch.farbschema wechseln ohne Neuladen.
FARBSCHEMATA = {"light": "hell", "dark": "dunkel"}


@contextlib.contextmanager
def in_variante(*teile):
    """Nennt in jedem Fehler darin die Variante („dunkel, 360 px“), die ein Test gerade prüft."""
    try:
        yield
    except Exception as fehler:
        fehler.add_note("Variante: " + ", ".join(FARBSCHEMATA.get(t, f"{t} px" if isinstance(t, int) else str(t))
                                                 for t in teile))
        raise


ZWEI_BILDER_SPAETER = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


# Ausführen und Prüfen (kurs-lauf.js) für test_ausfuehren.py und test_uebungen_im_browser.py (tests/browser/).
def programme(page) -> dict:
    """programme.json der offenen Seite, wie kurs-lauf.js sie beim ersten Klick holt."""
    return page.evaluate("async () => (await fetch('programme.json')).json()")


def block(page, nummer: int):
    return page.locator(f'.language-python.highlight[data-lauf="{nummer}"]')


def leiste(page, nummer: int):
    return block(page, nummer).locator("xpath=following-sibling::div[contains(@class,'kurs-leiste')][1]")


def ergebnis(page, nummer: int):
    return block(page, nummer).locator("xpath=following-sibling::div[contains(@class,'kurs-ergebnis')][1]")


class Ergebnis(NamedTuple):
    """Was unter einem Block steht, nachdem er lief (kurs-lauf.js, zeige)."""

    titel: str  # ohne das Zeichen davor: "Bestanden", "Nicht bestanden", "Ausgabe (wie auf der Seite)", …
    ausgabe: str  # was der Code druckte
    meldung: str  # der Satz dazu, etwa die Meldung der Prüfung


# Ein Ergebnis ist fertig, sobald es eine dieser Klassen hat (nicht mehr kurs-wartet).
ERGEBNIS_LESEN = """el => ['kurs-ok', 'kurs-fehler', 'kurs-gestoppt'].some(k => el.classList.contains(k)) && [
    [...el.querySelector('.kurs-ergebnis-titel').childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
        .map(n => n.textContent).join(''),
    el.querySelector('.kurs-ausgabe')?.textContent ?? '', el.querySelector('.kurs-meldung')?.textContent ?? '']"""


def warte_auf_ergebnis(page, nummer: int) -> Ergebnis:
    return Ergebnis(*page.wait_for_function(ERGEBNIS_LESEN, arg=ergebnis(page, nummer).element_handle(),
                                            timeout=60_000).json_value())


def klicke_und_warte(page, nummer: int, knopf: str = "Ausführen") -> Ergebnis:
    """Das Ergebnis nach einem Klick auf `knopf`, sobald es fertig ist (ein Weg zum Browser)."""
    ergebnis(page, nummer).evaluate("el => { el.replaceChildren(); el.className = 'kurs-ergebnis'; }")
    leiste(page, nummer).get_by_role("button", name=knopf, exact=True).click()
    return warte_auf_ergebnis(page, nummer)


def setze_code(page, nummer: int, code: str) -> None:
    """Ersetzt den Code des Blocks, ob sein Editor (kurs-editor.js) schon offen ist oder nicht."""
    block(page, nummer).evaluate("(b, t) => b.kursSetze(t)", code)


# Führt Aufträge ([auftrag, *teile], wie kurs/lauf.py im_browser) nacheinander in einem neuen Worker
# aus, der lädt wie auf der Seite (kurs-lauf.js: zuerst „laden“ mit den Daten am Skript).
IM_WORKER = """async auftraege => {
    const skript = document.querySelector("script[data-python]");
    const worker = new Worker(new URL("kurs-worker.js", skript.src), { type: "module" });
    worker.postMessage({ auftrag: "laden", ...JSON.parse(skript.dataset.python) });
    const ergebnisse = [];
    for (const [id, [auftrag, ...teile]] of auftraege.entries()) {
        ergebnisse.push(await new Promise(weiter => {
            worker.onmessage = ({ data }) => data.status === "fertig" && weiter(data.ergebnis);
            worker.postMessage({ id, auftrag, teile });
        }));
    }
    worker.terminate();
    return ergebnisse;
}"""


def im_worker(page, auftraege: list[list[str]]) -> list[dict]:
    return page.evaluate(IM_WORKER, auftraege)
