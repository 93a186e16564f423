"""Jede Seite im echten Browser: bleibt auf diesem Rechner, läuft ohne Fehler,
zeichnet jedes Diagramm (hell, dunkel, nach Instant-Navigation), hat keine mittleren oder ernsten
Barrierefreiheitsfehler, und die Suche findet die richtige Seite."""

import re
import tomllib

import pytest

from kurs import browser
from kurs.browser import SITE_URL, SUCHE_BEREIT, nav_seiten
from kurs.modell import WURZEL

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"
# So beginnt der Quelltext eines Diagramms; steht er als Text auf der Seite, ist es nicht gezeichnet.
MERMAID_QUELLTEXT = re.compile(r"^\s*(sequenceDiagram|flowchart|graph|classDiagram|stateDiagram|erDiagram)\b", re.M)


def test_jede_gebaute_seite_wird_geprueft(site):
    """Die Tests gehen die Navigation durch; die Sitemap darf keine Seite mehr haben."""
    assert sorted(browser.seiten(site, SITE_URL)) == sorted(nav_seiten())


def test_keine_anfrage_verlaesst_den_rechner(geladen):
    assert not geladen.fremde, f"Anfragen an andere Hosts (blockiert): {geladen.fremde}"
    assert geladen.anfragen, "Keine einzige Anfrage gezählt: Greift das Routing noch?"


def test_keine_konsolenfehler_und_keine_fehlgeschlagenen_anfragen(geladen):
    assert not geladen.fehler, "\n".join(geladen.fehler)


def test_jedes_diagramm_ist_gezeichnet(geladen, pfad, diagramme):
    text = geladen.page.inner_text("body")
    roh = MERMAID_QUELLTEXT.findall(text)
    assert not roh, f"Mermaid-Quelltext steht als Text auf der Seite: {roh}"
    gezeichnet = geladen.page.evaluate(
        "() => [...document.querySelectorAll('article div.mermaid')].map(h => h.getBoundingClientRect().height)")
    assert geladen.diagramme_ms is not None, (
        f"Erwartet {diagramme[pfad]} gezeichnete Diagramme (höher als {browser.DIAGRAMM_MIN_HOEHE} px), "
        f"gefunden: Höhen {gezeichnet}")


# Material zeichnet jedes Diagramm in einen geschlossenen Shadow Root; für diesen Test offen,
# damit er in die Zeichnung sehen kann. Sonst ändert sich nichts.
SHADOW_ROOT_OFFEN = """{
    const anhaengen = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (optionen) {
        return anhaengen.call(this, { ...optionen, mode: "open" });
    };
}"""
PFEILE = """() => [...document.querySelectorAll("article div.mermaid")].flatMap((diagramm, nummer) =>
    [...diagramm.shadowRoot.querySelectorAll("[marker-end]")].map(linie => {
        const id = linie.getAttribute("marker-end").match(/#([^)"]+)/)[1];
        const spitze = diagramm.shadowRoot.getElementById(id).querySelector("path");
        const farbe = getComputedStyle(linie).stroke;
        return { diagramm: nummer, text: linie.previousElementSibling?.textContent ?? "", spitze: id.replace(/^.*?-/, ""),
                 linie: farbe, fuellung: getComputedStyle(spitze).fill };
    }))"""


def test_pfeilspitzen_haben_die_farbe_ihrer_linie(neuer_besuch, diagramme, farbschema):
    """Die Richtung eines Pfeils ist die Aussage des Diagramms: Wer schickt wem? Im dunklen
    Schema blieben die Spitzen schwarz auf fast schwarzem Grund (overrides/partials/mermaid.html)."""
    besuch = neuer_besuch(farbschema)
    besuch.page.add_init_script(SHADOW_ROOT_OFFEN)
    geprueft = 0
    for pfad in [p for p in nav_seiten() if diagramme[p]]:
        besuch.page.goto(besuch.basis + pfad)
        assert browser.warte_auf_diagramme(besuch.page, diagramme[pfad]) is not None
        pfeile = besuch.page.evaluate(PFEILE)
        falsch = [p for p in pfeile if p["fuellung"] != p["linie"]]
        assert not falsch, f"{pfad}: Spitze anders gefärbt als ihre Linie: {falsch[:3]}"
        geprueft += len(pfeile)
    assert geprueft >= 10, f"Nur {geprueft} Pfeile gefunden: Findet der Test die Zeichnung noch?"


def test_mermaid_wird_nur_geladen_wo_ein_diagramm_ist(geladen, pfad, diagramme):
    erwartet = 1 if diagramme[pfad] else 0
    assert geladen.mermaid_geladen() == erwartet, (
        f"{pfad or 'Start'}: {diagramme[pfad]} Diagramme, Mermaid {geladen.mermaid_geladen()}-mal geladen")


def test_axe_findet_keine_mittleren_oder_ernsten_verstoesse(geladen):
    page = geladen.page
    page.add_script_tag(path=AXE)  # als Inline-Skript: keine Anfrage, nichts auf der Seite selbst
    verstoesse = page.evaluate("""async () => {
        const { violations } = await axe.run(document, { resultTypes: ["violations"] });
        return violations.filter(v => ["moderate", "serious", "critical"].includes(v.impact)).map(v =>
            `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")})`);
    }""")
    assert not verstoesse, "axe-core meldet:\n" + "\n".join(verstoesse)


# --- Instant-Navigation ---------------------------------------------------


def titel(site, pfad: str) -> str:
    html = (site / pfad / "index.html").read_text(encoding="utf-8")
    return re.search(r"<title>(.*?)</title>", html, re.S)[1].replace("&amp;", "&").strip()


def klicke_in_der_navigation(page, basis: str, ziel: str, erwarteter_titel: str) -> None:
    # Der Link der Navigation, dessen aufgelöste Adresse das Ziel ist (href ist relativ).
    # Liegt er in einem zugeklappten Abschnitt, klappt ihn ein Klick auf den Abschnitt auf.
    page.evaluate("""url => {
        const link = [...document.querySelectorAll("nav.md-nav--primary a.md-nav__link")].find(a => a.href === url);
        for (let li = link.closest(".md-nav__item--nested"); li; li = li.parentElement.closest(".md-nav__item--nested")) {
            const schalter = li.querySelector(":scope > input.md-nav__toggle");
            if (schalter && !schalter.checked) schalter.click();
        }
        link.setAttribute("data-testziel", "");
    }""", basis + ziel)
    page.click("[data-testziel]")
    page.wait_for_function("t => document.title === t", arg=erwarteter_titel)


def test_instant_navigation_durch_alle_seiten(farbschema, neuer_besuch, diagramme, site):
    """Per Klick in der Navigation durch alle Seiten, ohne Neuladen, am Ende zurück auf die
    erste Diagrammseite. Jede Seite zeichnet ihre Diagramme; Mermaid lädt höchstens einmal."""
    seiten = nav_seiten()
    # Am härtesten ist der Start auf einer Seite ohne Diagramm: Mermaid ist dann noch nicht da.
    start = next((p for p in seiten if not diagramme[p]), seiten[0])
    mit_diagramm = [p for p in seiten if diagramme[p]]
    besuch = neuer_besuch(farbschema)
    page = besuch.page
    page.goto(besuch.basis + start, wait_until="networkidle")
    page.evaluate("window.__ohne_neuladen = true")
    for ziel in [p for p in seiten if p != start] + mit_diagramm[:1]:
        klicke_in_der_navigation(page, besuch.basis, ziel, titel(site, ziel))
        assert page.evaluate("window.__ohne_neuladen === true"), f"{ziel}: neu geladen statt instant"
        assert browser.warte_auf_diagramme(page, diagramme[ziel]) is not None, (
            f"{ziel}: {diagramme[ziel]} Diagramme nach Instant-Navigation nicht gezeichnet")
        assert not MERMAID_QUELLTEXT.findall(page.inner_text("body")), f"{ziel}: Mermaid-Quelltext sichtbar"
    assert not besuch.fremde, f"Anfragen an andere Hosts (blockiert): {besuch.fremde}"
    assert not besuch.fehler, "\n".join(besuch.fehler)
    # Zurück auf einer Diagrammseite lädt und startet Mermaid nicht ein zweites Mal.
    assert besuch.mermaid_geladen() == (1 if mit_diagramm else 0), (
        f"Mermaid {besuch.mermaid_geladen()}-mal geladen, erwartet {1 if mit_diagramm else 0}")


def test_farbschema_umschalten_und_neu_laden(neuer_besuch, diagramme):
    """Der Schalter im Kopf wechselt auf dunkel; Material merkt es sich (localStorage)."""
    pfad = max(diagramme, key=diagramme.get)  # die Seite mit den meisten Diagrammen
    besuch = neuer_besuch("light")
    page = besuch.page
    page.goto(besuch.basis + pfad, wait_until="networkidle")
    assert page.get_attribute("body", "data-md-color-scheme") == "default"
    page.locator("form[data-md-component=palette] label:visible").click()
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    assert browser.warte_auf_diagramme(page, diagramme[pfad]) is not None
    page.reload(wait_until="networkidle")
    assert page.get_attribute("body", "data-md-color-scheme") == "slate", "Die Wahl ging beim Neuladen verloren"
    assert browser.warte_auf_diagramme(page, diagramme[pfad]) is not None
    assert not besuch.fremde and not besuch.fehler, besuch.fremde + besuch.fehler


# --- Suche ----------------------------------------------------------------

# Was die Suche lädt: Index, Such-Worker (Materials und unserer), lunr (Stemmer-Unterstützung und Deutsch).
SUCHDATEIEN = ("/search/search_index.json", "/assets/javascripts/workers/", "/assets/javascripts/lunr/")
SUCHANFRAGEN = tomllib.loads((WURZEL / "tests" / "browser" / "suchanfragen.toml").read_text(encoding="utf-8"))


def suchanfragen(besuch) -> list[str]:
    return [url for url in besuch.anfragen if any(teil in url for teil in SUCHDATEIEN)]


def test_suche_laedt_erst_beim_oeffnen(geladen):
    """Wer nicht sucht, lädt die Suche nicht (overrides/partials/suche-bei-bedarf.html)."""
    assert not suchanfragen(geladen), f"Schon beim Laden der Seite geholt: {suchanfragen(geladen)}"


@pytest.mark.parametrize("weg", ["Taste /", "Klick ins Suchfeld", "Suchknopf, schmaler Bildschirm", "?q= in der Adresse"])
def test_suche_oeffnen_laedt_sie_einmal(neuer_besuch, weg):
    besuch = neuer_besuch()
    page = besuch.page
    if weg == "?q= in der Adresse":  # Material öffnet damit die Suche gleich beim Laden
        page.goto(besuch.basis + "glossar/?q=Outbox")
    else:
        if weg == "Suchknopf, schmaler Bildschirm":
            page.set_viewport_size({"width": 400, "height": 800})  # Suchfeld versteckt, nur der Knopf
        page.goto(besuch.basis + "glossar/", wait_until="networkidle")
        assert not suchanfragen(besuch)
        if weg == "Taste /":
            page.keyboard.press("/")
        elif weg == "Klick ins Suchfeld":
            page.click(browser.SUCHFELD)
        else:
            page.click("header label[for=__search]")
        page.wait_for_function(SUCHE_BEREIT)
        page.fill(browser.SUCHFELD, "Outbox")
        page.press(browser.SUCHFELD, "End")
    page.wait_for_selector(".md-search-result__item")
    geholt = suchanfragen(besuch)
    assert sorted(set(geholt)) == sorted(geholt), f"Doppelt geholt: {geholt}"
    assert any(url.endswith("/search/search_index.json") for url in geholt), geholt
    assert any(url.endswith("/lunr.de.min.js") for url in geholt), f"Deutsches lunr fehlt: {geholt}"
    assert any("/kurs-suche.js?" in url for url in geholt), f"Worker mit den Wortformen fehlt: {geholt}"
    assert not besuch.fehler, "\n".join(besuch.fehler)


@pytest.fixture(scope="module")
def suche(neuer_besuch, site):
    """Eine offene Suche, erst nach einem Klick in der Navigation: Sie muss auch nach der
    Instant-Navigation gehen, ohne die Seite neu zu laden."""
    besuch = neuer_besuch()
    besuch.page.goto(besuch.basis, wait_until="networkidle")
    klicke_in_der_navigation(besuch.page, besuch.basis, "glossar/", titel(site, "glossar/"))
    besuch.page.keyboard.press("s")
    besuch.page.wait_for_function(SUCHE_BEREIT)
    return besuch


def suche_nach(suche, begriff: str) -> tuple[str, list[str]]:
    return browser.suche_nach(suche.page, suche.basis, begriff)


def test_suche_findet_jede_wortform(suche):
    """Jede Anfrage aus tests/browser/suchanfragen.toml, getippt wie von einer Leserin, in
    einem Tab: Die erwartete Seite steht unter den ersten drei (Glossar und Startseite
    dürfen das Wort auch führen)."""
    verfehlt = []
    for begriff, seite in SUCHANFRAGEN["anfragen"]:
        meldung, seiten = suche_nach(suche, begriff)
        if seite not in seiten[:3]:
            verfehlt.append(f"{begriff!r}: erwartet {seite or '(Start)'}, erste drei {seiten[:3]} ({meldung})")
    assert not verfehlt, f"{len(verfehlt)} von {len(SUCHANFRAGEN['anfragen'])} verfehlt:\n" + "\n".join(verfehlt)
    assert not suche.fehler, "\n".join(suche.fehler)


def fehlende_begriffe(suche) -> set[str]:
    """Was Material unter den Treffern als „Es fehlt: …“ nennt."""
    zeilen = suche.page.eval_on_selector_all(".md-search-result__terms", "ps => ps.map(p => p.innerText)")
    return {wort for zeile in zeilen if zeile for wort in zeile.removeprefix("Es fehlt:").split()}


def test_suche_nennt_als_fehlend_nur_getippte_woerter(suche):
    """Die Suche fragt nach mehreren Formen eines Worts; fehlen darf aber nur, was getippt ist."""
    suche_nach(suche, "Zustellungen")
    assert not fehlende_begriffe(suche), "Eine Form des Worts fehlt angeblich, obwohl das Wort gefunden ist"
    suche_nach(suche, "Quxxelwort Outbox")
    assert fehlende_begriffe(suche) == {"quxxelwort"}


def test_suche_meldet_wenn_nichts_passt(suche):
    meldung, seiten = suche_nach(suche, "Quxxelwort")
    assert meldung == "Keine Suchergebnisse" and not seiten
