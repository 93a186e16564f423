"""Browsertests: die gebaute Seite in Debians Chromium, so wie Leserinnen sie sehen.

Einmal je Lauf: ein strenger Build in ein tmp-Verzeichnis, ein lokaler Server auf
127.0.0.1 mit freiem Port, ein Browser mit einem Profil (Cache wie bei einer Leserin, die
wiederkommt; Speicher der Seite je Besuch leer). Jede Anfrage an einen anderen Host wird
notiert und scheitert.

Ohne /usr/bin/chromium überspringt ein Lauf auf dem eigenen Rechner diese Tests
(Installation: `apt-get install chromium`). In CI (CI gesetzt) ist das ein Fehler.
"""

import os
import re
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import im_browser as browser
import kapitel_tab
import pytest
import werkzeuge

SCREENSHOTS = browser.BILDSCHIRMFOTOS


@pytest.fixture(scope="session")
def profil(tmp_path_factory):
    """Ein Chromium-Profil für alle Besuche (tests/im_browser.py, starte_profil): Python startet im
    zweiten Tab mit dem übersetzten WebAssembly des ersten, in halber Zeit."""
    if not browser.CHROMIUM.exists():
        werkzeuge.fehlt("chromium", f"{browser.CHROMIUM} fehlt")
    from playwright.sync_api import sync_playwright  # erst hier: Ohne Chromium lädt niemand Playwright

    with sync_playwright() as playwright:
        kontext = browser.starte_profil(playwright, tmp_path_factory.mktemp("chromium-profil"))
        yield kontext
        kontext.close()


@pytest.fixture(scope="session")
def chromium(profil):
    """Derselbe Browser, für Kontexte mit eigenen Optionen (etwa ohne JavaScript)."""
    return profil.browser


@pytest.fixture(scope="session")
def basis(site):
    with browser.ausliefern(site) as url:
        yield url


@pytest.fixture(scope="session")
def diagramme(site):
    """Wie viele Diagramme jede Seite hat, gezählt im gebauten HTML."""
    return {pfad: browser.diagramme_im_html((site / pfad / "index.html").read_text(encoding="utf-8"))
            for pfad in browser.nav_seiten()}


@dataclass
class Besuch:
    """Ein Browser-Tab mit allem, was er angefragt hat und was schiefging."""

    page: object
    basis: str
    site: object  # das gebaute Verzeichnis: Titel der Seiten
    anfragen: list = field(default_factory=list)
    fremde: list = field(default_factory=list)
    fehler: list = field(default_factory=list)
    diagramme_ms: float | None = None  # bis alle Diagramme gezeichnet waren
    offen: int = 0  # Anfragen, die noch laufen
    eigener_kontext: object = None  # nur mit eigenen Optionen (etwa ohne JavaScript)

    def schliessen(self) -> None:
        (self.eigener_kontext or self.page).close()

    def vorn(self) -> "Besuch":
        """Holt den Tab nach vorn. Chromium zeichnet nur den vordersten Tab: Dahinter
        laufen weder requestAnimationFrame noch IntersectionObserver."""
        self.page.bring_to_front()
        return self

    def alles_rechnen(self) -> "Besuch":
        """Lässt den Browser auch die Blöcke rechnen, die kurs.css mit content-visibility
        überspringt, solange sie weit außerhalb des Bildschirms liegen. Wer prüft, was eine
        Leserin beim Hinscrollen sieht (axe, Farben, Maße der Diagramme), misst sonst
        Platzhalter: axe meldete im dunklen Schema Kontrastfehler, die es nicht gibt, und
        Diagramme waren 0 px hoch. Das echte Überspringen prüft
        test_diagramme_gezeichnet.py::test_auf_dem_handy_mindestens_10_px_schrift_und_breite_diagramme_scrollen."""
        # Nicht add_style_tag: Das wartet auf ein load-Ereignis, das ohne JavaScript nie kommt.
        self.page.evaluate("""() => document.head.append(Object.assign(document.createElement("style"),
            { textContent: ".md-typeset * { content-visibility: visible !important; }" }))""")
        return self

    def farbschema(self, farbschema: str) -> "Besuch":
        """Schaltet das Schema ohne Neuladen, wie eine Leserin mit dem Schalter im Kopf, und das
        System mit (emulate_media): Material folgt dem System nur beim Laden. Dasselbe wie eine
        Seite, die im Schema des Systems lädt (palette.html setzt dieselben Attribute); den Start im
        Schema des Systems prüft test_seiten.py::test_farbschema_des_systems_und_umschalten."""
        self.page.emulate_media(color_scheme=farbschema)
        schema = MATERIAL_SCHEMA[farbschema]
        if self.page.get_attribute("body", "data-md-color-scheme") != schema:
            # Der Knopf im Kopf ist ein Label für dieses Radio-Feld; der Klick darauf ist derselbe.
            self.page.evaluate("s => document.querySelector(`input[data-md-color-scheme='${s}']`).click()", schema)
            self.page.wait_for_function("s => document.body.dataset.mdColorScheme === s", arg=schema)
        return self

    def mermaid_geladen(self) -> int:
        return sum(url.endswith(browser.MERMAID) for url in self.anfragen)

    def bis_nichts_mehr_laedt(self, stille_ms: int = 200) -> None:
        """Wie Playwrights "networkidle", das 500 ms Stille abwartet: Nach dem load-Ereignis
        kommt hier nur noch das Favicon (gemessen), 200 ms genügen. Das spart je Besuch
        eine Drittelsekunde, bei 16 Besuchen fünf Sekunden."""
        still_seit = None
        while True:
            if self.offen:
                still_seit = None
            elif still_seit is None:
                still_seit = time.monotonic()
            elif time.monotonic() - still_seit >= stille_ms / 1000:
                return
            self.page.wait_for_timeout(20)

    def oeffne(self, pfad: str) -> None:
        """Lädt `pfad`, bereit für die Instant-Navigation: Die greift erst, wenn Material seine
        Sitemap geladen hat. Danach 200 ms Ruhe im Netz (statt 500 ms wie "networkidle")."""
        sitemaps = lambda: sum(url.endswith("/sitemap.xml") for url in self.anfragen)  # noqa: E731
        vorher = sitemaps()
        self.page.goto(self.basis + pfad, wait_until="load")
        ende = time.monotonic() + 15
        while sitemaps() == vorher:
            assert time.monotonic() < ende, f"{pfad or 'Start'}: Material holt seine Sitemap nicht"
            self.page.wait_for_timeout(20)
        self.bis_nichts_mehr_laedt()

    def instant_nach(self, ziel: str) -> None:
        """Ein Klick in der Navigation auf die Seite `ziel`, ohne Neuladen (Instant-Navigation).
        Zurück kommt er, wenn der Titel der neuen Seite dasteht."""
        # Der Link, dessen aufgelöste Adresse das Ziel ist (href ist relativ). Liegt er in
        # einem zugeklappten Abschnitt, klappt ihn ein Klick auf den Abschnitt auf.
        self.page.evaluate("""url => {
            const link = [...document.querySelectorAll("nav.md-nav--primary a.md-nav__link")].find(a => a.href === url);
            for (let li = link.closest(".md-nav__item--nested"); li; li = li.parentElement.closest(".md-nav__item--nested")) {
                const schalter = li.querySelector(":scope > input.md-nav__toggle");
                if (schalter && !schalter.checked) schalter.click();
            }
            link.setAttribute("data-testziel", "");
        }""", self.basis + ziel)
        self.page.click("[data-testziel]")
        html = (self.site / ziel / "index.html").read_text(encoding="utf-8")
        titel = re.search(r"<title>(.*?)</title>", html, re.S)[1].replace("&amp;", "&").strip()
        self.page.wait_for_function("t => document.title === t", arg=titel)


@pytest.fixture(scope="session")
def besuch_oeffnen(profil, chromium, basis, site):
    """Öffnet einen Tab im gegebenen Farbschema, der mit leerem Speicher der Seite beginnt
    (localStorage, IndexedDB, Cookies), wie bei einer neuen Leserin. Den Cache teilen alle.
    Ohne JavaScript (java_script_enabled=False) geht das nur in einem eigenen Kontext. Einen Kontext,
    den ein Test selbst hält, nimmt `kontext` (test_uebungsschleife.py: Playwrights Uhr gilt für alle
    Tabs eines Kontexts, im Profil also auch für die geteilten und die aller späteren Tests).
    Schließen muss ihn, wer ihn öffnet (Besuch.schliessen); in einem Test tut das `neuer_besuch`.

    Ein Tab, kein eigenes Fenster: Ein Fenster kostet 0,9 CPU-s mehr (gemessen, je Besuch der
    Startseite 1,7 statt 0,8 CPU-s). Gezeichnet wird aber nur der vorderste Tab. Ein neuer Tab
    ist vorn; wer einen älteren wieder benutzt, holt ihn mit `Besuch.vorn()` nach vorn."""
    eigener_host = urlsplit(basis).netloc
    herkunft = f"{urlsplit(basis).scheme}://{eigener_host}"

    def oeffnen(farbschema: str = "light", viewport: dict | None = None, kontext=None, **optionen) -> Besuch:
        eigener = None
        if optionen:
            eigener = chromium.new_context(**optionen)
            page = eigener.new_page()
        else:
            kontext = kontext or profil
            page = kontext.new_page()
            cdp = kontext.new_cdp_session(page)
            cdp.send("Storage.clearDataForOrigin",
                     {"origin": herkunft, "storageTypes": "local_storage,indexeddb,cookies,service_workers"})
            cdp.detach()
        page.set_viewport_size(viewport or {"width": 1280, "height": 900})
        page.emulate_media(color_scheme=farbschema)
        page.set_default_timeout(15_000)
        besuch = Besuch(page, basis, site, eigener_kontext=eigener)

        def anfrage(request):
            # Auch die Anfragen der Worker (Suche, Python) kommen hier an.
            besuch.offen += 1
            if urlsplit(request.url).netloc == eigener_host:
                besuch.anfragen.append(request.url)
            elif not request.url.startswith(("data:", "blob:")):
                besuch.fremde.append(request.url)  # browser.NUR_DIESER_RECHNER lässt sie scheitern

        page.on("request", anfrage)
        for ende in ("requestfinished", "requestfailed"):
            page.on(ende, lambda r: setattr(besuch, "offen", besuch.offen - 1))
        page.on("console", lambda m: m.type == "error" and besuch.fehler.append(f"Konsole: {m.text}"))
        page.on("pageerror", lambda e: besuch.fehler.append(f"JavaScript: {e}"))
        page.on("requestfailed", lambda r: besuch.fehler.append(f"fehlgeschlagen: {r.url} ({r.failure})"))
        page.on("response", lambda r: r.status >= 400 and besuch.fehler.append(f"HTTP {r.status}: {r.url}"))
        return besuch

    return oeffnen


@pytest.fixture
def neuer_besuch(besuch_oeffnen):
    """Wie `besuch_oeffnen`, und am Ende des Tests schließt es die Tabs: Offene Tabs
    rechnen weiter (gemessen: 30 offene Fenster hielten im Leerlauf 0,3 Kerne beschäftigt)."""
    besuche = []

    def oeffnen(*args, **optionen) -> Besuch:
        besuche.append(besuch_oeffnen(*args, **optionen))
        return besuche[-1]

    yield oeffnen
    for besuch in besuche:
        besuch.schliessen()


@pytest.fixture(scope="module")
def kapitel_tabs(besuch_oeffnen):
    """Ein frischer Tab je Kapitel und Testdatei, in dem Python einmal lädt, für Tests, die das erste
    Laden, den ersten Klick oder einen Neustart von Python prüfen (test_ausfuehren.py). Die übrigen
    teilen sich Tabs über Dateien hinweg: `geteilte_kapitel_tabs`."""
    tabs = {}

    def oeffnen(kapitel):
        if kapitel not in tabs:
            tabs[kapitel] = kapitel_tab.oeffnen(besuch_oeffnen, kapitel)
        return tabs[kapitel].vorn()

    yield oeffnen
    for besuch in tabs.values():
        besuch.schliessen()


@pytest.fixture(scope="session")
def kapitel_pool(profil):
    """Je Kapitel ein Tab für den ganzen Lauf, in dem Python einmal startet (Issue 50: ein Start
    kostet auf 2 Kernen 1,5 bis 4 s). Ausgeliehen wird er je Testdatei (`geteilte_kapitel_tabs`).
    Hängt am Profil, damit es seine Tabs schließt, bevor der Browser geht."""
    tabs = {}
    yield tabs
    for besuch, _anfang in tabs.values():
        besuch.schliessen()


@pytest.fixture(scope="module")
def geteilte_kapitel_tabs(kapitel_pool, besuch_oeffnen):
    """Je Kapitel ein Tab, in dem Python schon läuft, wenn eine andere Testdatei ihn vorher hatte.
    Die Tests einer Datei teilen ihn in ihrer Reihenfolge; die nächste Datei bekommt ihn aufgeräumt
    (tests/kapitel_tab.py), und was in ihm schiefging, lässt die Datei scheitern, nicht die nächste.
    Nur für Tests, die keinen frischen Tab brauchen: Das erste Laden, den ersten Klick und den
    Neustart von Python prüft test_ausfuehren.py mit `kapitel_tabs`."""
    geliehen = set()

    def oeffnen(kapitel):
        if kapitel not in kapitel_pool:
            besuch = kapitel_tab.oeffnen(besuch_oeffnen, kapitel)
            kapitel_pool[kapitel] = (besuch, kapitel_tab.anfang(besuch))
        elif kapitel not in geliehen:
            kapitel_tab.ausleihen(*kapitel_pool[kapitel])
        geliehen.add(kapitel)
        return kapitel_pool[kapitel][0].vorn()

    yield oeffnen
    for kapitel in geliehen:
        kapitel_tab.zurueckgeben(kapitel_pool[kapitel][0])


def seitenname(pfad: str) -> str:
    return pfad.strip("/").replace("/", "-") or "start"


def pytest_generate_tests(metafunc):
    # Jede Seite der Navigation, in beiden Farbschemata; keine Liste von Hand.
    if "pfad" in metafunc.fixturenames:
        metafunc.parametrize("pfad", browser.nav_seiten(), ids=seitenname)
    if "farbschema" in metafunc.fixturenames:
        metafunc.parametrize("farbschema", ["light", "dark"], ids=["hell", "dunkel"])


# Was Material beim Umschalten setzt: hell "default", dunkel "slate" (mkdocs.yml, palette).
MATERIAL_SCHEMA = {"light": "default", "dark": "slate"}


@pytest.fixture(scope="session")
def lade(besuch_oeffnen, diagramme):
    """Lädt jede Seite einmal je Lauf (hell), bis jedes Diagramm zu sehen ist oder 15 s
    vergangen sind; mehrere Tests prüfen denselben Besuch. Dunkel schaltet derselbe Besuch
    mit dem Schalter im Kopf um, wie eine Leserin: Ein zweiter Besuch je Seite kostete
    eine Sekunde und prüfte nichts anderes. Den Start im dunklen Schema des Systems
    prüft test_seiten.py::test_farbschema_des_systems_und_umschalten."""
    geladene, fotografiert = {}, set()

    def laden(pfad: str, farbschema: str = "light") -> Besuch:
        if pfad not in geladene:
            besuch = besuch_oeffnen("light")
            besuch.page.goto(besuch.basis + pfad)
            besuch.alles_rechnen()
            besuch.diagramme_ms = browser.warte_auf_diagramme(besuch.page, diagramme[pfad])
            # Bis nichts mehr lädt: So sind alle Anfragen der Seite gezählt. Die Suche lädt
            # erst beim Öffnen (overrides/partials/suche-bei-bedarf.html).
            besuch.page.wait_for_load_state("load")
            besuch.bis_nichts_mehr_laedt()
            geladene[pfad] = besuch
        besuch = geladene[pfad].vorn().farbschema(farbschema)
        if os.environ.get("KURS_BILDSCHIRMFOTOS") and (pfad, farbschema) not in fotografiert:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)  # nur auf Wunsch: 16 Fotos kosten 5 s
            name = f"{seitenname(pfad)}-{'hell' if farbschema == 'light' else 'dunkel'}.jpg"
            # JPEG: halb so lange wie PNG bei einer ganzen Seite, und zum Ansehen genügt es.
            besuch.page.screenshot(path=SCREENSHOTS / name, full_page=True, type="jpeg", quality=80)
            fotografiert.add((pfad, farbschema))
        return besuch

    yield laden
    for besuch in geladene.values():
        besuch.schliessen()


@pytest.fixture
def geladen(pfad, lade) -> Besuch:
    """Der Besuch der Seite, hell. Was am Besuch hängt (Anfragen, Fehler, Mermaid), ändert das
    Farbschema nicht; wo es zählt, nimmt ein Test `lade(pfad, farbschema)`."""
    return lade(pfad)


@pytest.fixture(scope="session")
def diagrammseiten(diagramme) -> list[str]:
    return [p for p in browser.nav_seiten() if diagramme[p]]
