"""Glossarbegriffe im Text (docs/assets/kurs-begriffe.js, overrides/main.html): Beim Zeigen
steht die Erklärung aus glossar.md unter dem Begriff, im Aussehen von Materials Tooltips, in
beiden Farbschemata und auf dem Handy ganz im Bild. Material selbst richtet für die Begriffe
keinen Tooltip ein (das kostete beim Laden Zeit), und ohne JavaScript zeigt der Browser den title."""

import im_browser as browser

from kurs.modell import Kurs

KURS = Kurs()
GLOSSAR = {zeile["Begriff"]: zeile["Bedeutung"] for zeile in KURS.glossar}
SEITE = "teil-2/"  # die Seite mit den meisten Begriffen
BEGRIFFE = "article abbr"


def erklaert(wort: str) -> dict:
    return {"tooltips": 1, "text": GLOSSAR[wort], "beschreibt_den_begriff": True,
            "darunter": True, "mittig": True, "im_bild": True, "deckend": True}


def pruefe_begriff(page, begriff) -> None:
    wort = begriff.inner_text()
    assert browser.begriff_zeigen(page, begriff) == erklaert(wort), f"„{wort}“"


def test_begriff_zeigt_seine_erklaerung_und_escape_schliesst(lade, farbschema):
    page = lade(SEITE, farbschema).page
    begriffe = page.locator(BEGRIFFE)
    # Hätte ein Begriff noch seinen title, hätte Material beim Laden für ihn einen Tooltip eingerichtet.
    assert begriffe.count() > 1 and page.locator(f"{BEGRIFFE}[title]").count() == 0
    try:
        for begriff in (begriffe.first, begriffe.last):
            pruefe_begriff(page, begriff)
        # Die Farben der Erklärung heben sich ab (axe-core, nur der Tooltip).
        page.add_script_tag(path=browser.WURZEL / "tests" / "browser" / "vendor" / "axe.min.js")
        verstoesse = page.evaluate("""async () => (await axe.run({ include: ["#kurs-erklaerung"] },
            { resultTypes: ["violations"] })).violations.map(v => `${v.id}: ${v.help}`)""")
        assert not verstoesse, verstoesse

        page.keyboard.press("Escape")
        page.wait_for_selector(".md-tooltip2", state="detached")
        assert begriffe.last.get_attribute("aria-describedby") is None
    finally:
        page.mouse.move(0, 0)
        page.keyboard.press("Escape")


def test_auf_dem_handy_erscheint_die_erklaerung_beim_antippen_ganz_im_bild(neuer_besuch):
    """Angetippt wird der Begriff, der am weitesten rechts steht: Mittig unter ihm ragte die
    Erklärung hinaus. Antippen anderswo schließt sie."""
    besuch = neuer_besuch("light", viewport={"width": 390, "height": 800}, is_mobile=True, has_touch=True)
    page = besuch.page
    page.goto(besuch.basis + SEITE, wait_until="load")
    # Blöcke, die kurs.css weit außerhalb des Bildes überspringt, ändern sonst ihre Höhe, während der
    # Test scrollt: Der Begriff rückt, nachdem die Erklärung unter ihm stand.
    besuch.alles_rechnen()
    begriffe = page.locator(BEGRIFFE)
    rechts = begriffe.nth(begriffe.evaluate_all(
        "bs => bs.map(b => b.getBoundingClientRect().right).reduce((i, r, j, alle) => r > alle[i] ? j : i, 0)"))
    # Safari auf dem iPhone schickt Mausereignisse nur an Elemente, die anklickbar aussehen (kurs.css).
    assert rechts.evaluate("b => getComputedStyle(b).cursor") == "pointer"
    # Mitten in den Bildschirm: Ganz unten am Rand stünde die Erklärung zu Recht darüber.
    rechts.evaluate("b => b.scrollIntoView({ block: 'center', behavior: 'instant' })")
    rechts.tap()
    page.wait_for_function(browser.ERKLAERUNG_EINGEBLENDET)
    assert rechts.evaluate(browser.ERKLAERUNG_IM_BILD) == erklaert(rechts.inner_text())
    page.locator("article h1").tap()
    page.wait_for_selector(".md-tooltip2", state="detached")


def test_ohne_javascript_zeigt_der_browser_den_title(chromium, basis):
    kontext = chromium.new_context(java_script_enabled=False)
    try:
        page = kontext.new_page()
        page.goto(basis + SEITE)
        titel = page.locator(BEGRIFFE).evaluate_all("bs => bs.map(b => [b.textContent, b.title])")
        assert titel and titel == [[wort, GLOSSAR[wort]] for wort, _ in titel]
    finally:
        kontext.close()


def test_die_erklaerung_geht_mit_der_seite(neuer_besuch):
    """Blättert die Instant-Navigation weiter (hier mit Materials Taste „n“), während die Maus
    noch auf einem Begriff ruht, verschwindet seine Erklärung mit der Seite: Der Browser meldet
    ein mouseover für das, was nun unter der Maus liegt, und das schließt sie."""
    besuch = neuer_besuch("light")
    page = besuch.page
    page.goto(besuch.basis + SEITE, wait_until="load")
    begriff = page.locator(BEGRIFFE).first
    assert browser.begriff_zeigen(page, begriff) == erklaert(begriff.inner_text())
    naechste = page.evaluate("document.querySelector('link[rel=next]').href")
    page.keyboard.press("n")
    page.wait_for_url(naechste)
    page.wait_for_selector(".md-tooltip2", state="detached")


def test_begriffe_sind_mit_der_tastatur_erreichbar(neuer_besuch):
    """Tab erreicht den ersten Begriff jedes Absatzes, die Pfeiltasten die anderen (Issue 51,
    test_tastatur.py); dann steht seine Erklärung da, und sie geht mit dem Fokus. Hell und dunkel
    nacheinander im selben Tab (Issue 50)."""
    besuch = neuer_besuch("light")
    page = besuch.page
    besuch.oeffne(SEITE)
    begriffe = page.locator(BEGRIFFE)
    halt = begriffe.evaluate_all("""bs => bs.every(b => b.hasAttribute('tabindex')
        && (b.tabIndex === 0) === (b.closest('p, li, td, dd, dt, th, h1, h2, h3, h4').querySelector('abbr') === b))""")
    assert halt, "Tab hält nicht genau am ersten Begriff jedes Absatzes, oder ein Begriff ist nicht fokussierbar"
    erster = begriffe.first
    for farbschema in ("light", "dark"):
        with browser.in_variante(farbschema):
            besuch.farbschema(farbschema)
            # Der Absatz des Begriffs ist der Ausgangspunkt; Tab geht von dort durch Links und Begriffe.
            erster.evaluate("b => { const p = b.closest('p'); p.tabIndex = -1; p.focus(); p.removeAttribute('tabindex'); }")
            for _ in range(20):
                page.keyboard.press("Tab")
                if erster.evaluate("b => b === document.activeElement"):
                    break
            else:
                raise AssertionError("Tab erreicht den ersten Begriff nicht")
            page.wait_for_function(browser.ERKLAERUNG_EINGEBLENDET)
            erwartet = erklaert(erster.inner_text())
            if erster.evaluate("b => b.closest('p, li').querySelectorAll('abbr').length > 1"):
                erwartet["text"] += " (← → weitere Begriffe im Absatz)"  # mit der Tastatur: die Pfeiltasten
            assert erster.evaluate(browser.ERKLAERUNG_IM_BILD) == erwartet
            # Der Fokus ist sichtbar: ein Rahmen um den Begriff.
            assert erster.evaluate("b => getComputedStyle(b).outlineStyle") != "none"
            # Zurück mit Umschalt+Tab (davor steht kein Begriff, es ist der erste): Die Erklärung geht.
            page.keyboard.press("Shift+Tab")
            assert page.evaluate("document.activeElement.tagName") != "ABBR"
            page.wait_for_selector("#kurs-erklaerung", state="detached")  # nicht Materials Tooltips anderer Knöpfe
            assert erster.get_attribute("aria-describedby") is None
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)
