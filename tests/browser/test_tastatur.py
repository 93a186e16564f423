"""Nur mit der Tastatur (Issue 51): Tab geht durch jeden Codeblock, ohne ihn zu ändern, bis die
Leserin tippt (kurs-editor.js, CodeMirrors tabFocusMode); was Tab gerade tut, steht sichtbar unter
dem Editor; jeder Knopf ist erreichbar; der Fokus bleibt während und nach einem Lauf auf dem Knopf,
mit sichtbarem Rahmen und Kontrast von mindestens 4,5:1; Begriffe halten Tab nur einmal je Absatz."""

import re

import im_browser as browser
from im_browser import ZWEI_BILDER_SPAETER
from playwright.sync_api import expect

from kurs.modell import WURZEL

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"

SEITE = "teil-2/"
BLOCK = '.language-python.highlight[data-lauf]'

# Was gerade den Fokus hat: ein Schlüssel, der es wiederfindet, und was sichtbar dazu steht.
FOKUS = """() => {
    const e = document.activeElement;
    const block = e.closest(".language-python.highlight[data-lauf]");
    const hinweis = block?.querySelector(".kurs-tastenhinweis");
    window.__nummer ??= 0;
    e.__nummer ??= ++window.__nummer;
    return {
        nummer: e.__nummer,
        was: e.tagName.toLowerCase() + (e.dataset.kursKnopf ? ":" + e.dataset.kursKnopf : ""),
        block: block?.dataset.lauf ?? e.closest(".kurs-leiste")?.previousElementSibling?.dataset.lauf ?? null,
        hinweis: hinweis && hinweis.checkVisibility() ? hinweis.innerText : null,
        sichtbar: e.checkVisibility(),
    };
}"""

# Jeder Knopf unter einem Block, den eine Leserin sieht (nicht in einer zugeklappten Lösung, nicht „Stopp“).
KNOEPFE = """() => [...document.querySelectorAll("article .kurs-leiste button")]
    .filter(k => k.checkVisibility()).map(k => k.closest(".kurs-leiste").previousElementSibling.dataset.lauf + ":" + k.dataset.kursKnopf)"""

# Kontrast zweier Farben „rgb(r, g, b)“ nach WCAG.
KONTRAST = """([vorn, hinten]) => {
    const kanal = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    const hell = (farbe) => { const [r, g, b] = farbe.match(/[\\d.]+/g).map(Number); return 0.2126 * kanal(r) + 0.7152 * kanal(g) + 0.0722 * kanal(b); };
    const [a, b] = [hell(vorn), hell(hinten)].sort((x, y) => y - x);
    return (a + 0.05) / (b + 0.05);
}"""


def test_tab_geht_durch_die_ganze_seite_ohne_den_code_zu_aendern(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    vorher = page.evaluate(f"() => [...document.querySelectorAll('{BLOCK}')].map(b => b.kursText())")
    knoepfe = set(page.evaluate(KNOEPFE))
    erreicht, hinweise, letzte = set(), {}, None
    for _ in range(400):
        page.keyboard.press("Tab")
        fokus = page.evaluate(FOKUS)
        if fokus["was"] == "body" and letzte:  # am Ende der Seite angekommen
            break
        schluessel = fokus["nummer"]
        assert fokus["sichtbar"], f"Der Fokus steht auf etwas Unsichtbarem: {fokus}"
        if fokus["was"] in ("code", "div") and fokus["block"] is not None:
            # Im Block: Sein Editor lädt (beim ersten Mal) und nimmt den Fokus.
            page.wait_for_function("() => document.activeElement.matches('.kurs-editor .cm-content')")
            page.evaluate(ZWEI_BILDER_SPAETER)
            im_editor = page.evaluate(FOKUS)
            hinweise[fokus["block"]] = im_editor["hinweis"]
            schluessel = im_editor["nummer"]
        if fokus["was"].startswith("button:"):
            erreicht.add(f"{fokus['block']}:{fokus['was'].split(':')[1]}")
        assert schluessel != letzte, f"Tab bleibt stehen bei {fokus}"
        letzte = schluessel
    nachher = page.evaluate(f"() => [...document.querySelectorAll('{BLOCK}')].map(b => b.kursText())")
    assert nachher == vorher, "Tab hat Code geändert"
    assert knoepfe <= erreicht, f"Nicht per Tab erreicht: {sorted(knoepfe - erreicht)}"
    assert hinweise, "Kein Editor bekam den Fokus; prüft der Test noch etwas?"
    for block, hinweis in hinweise.items():
        assert hinweis and "Tab springt weiter" in hinweis, f"Block {block}: kein sichtbarer Hinweis ({hinweis!r})"
    browser.foto(page, "tastatur-ende.png")


def test_tippen_schaltet_auf_einruecken_und_escape_tab_fuehrt_hinaus(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    block = browser.block(page, 0)
    block.locator("code").focus()
    page.wait_for_function("b => b.querySelector('.cm-content') === document.activeElement", arg=block.element_handle())
    page.keyboard.type("x")
    page.keyboard.press("Tab")
    assert block.evaluate("b => b.kursText()").startswith("    x"), "Nach dem Tippen rückt Tab nicht ein"
    hinweis = block.locator(".kurs-tastenhinweis")
    assert hinweis.is_visible() and "Escape, dann Tab" in hinweis.inner_text()
    browser.foto(block, "tastatur-hinweis-bearbeiten.png")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Ausführen"
    # CodeMirror setzt .cm-focused erst 10 ms nach focus/blur (setTimeout), der Hinweis folgt ihm.
    expect(hinweis, "Der Tastenhinweis bleibt stehen, nachdem der Fokus den Editor verließ").to_be_hidden()


def deckend(farbe: str, hinten: str) -> str:
    """Eine halb durchsichtige Farbe („rgba(0, 0, 0, 0.54)“), wie sie über `hinten` zu sehen ist."""
    werte = [float(w) for w in re.findall(r"[\d.]+", farbe)]
    rgb, alpha = werte[:3], (werte[3] if len(werte) > 3 else 1.0)
    unten = [float(w) for w in re.findall(r"[\d.]+", hinten)][:3]
    return "rgb({}, {}, {})".format(*(round(v * alpha + u * (1 - alpha)) for v, u in zip(rgb, unten, strict=True)))


# Breite und Schema prüft jeder der beiden Tests nacheinander im selben Tab (Issue 50): je Variante
# eine neue Seite, ein neuer Editor, ein neues axe-core und ein neuer Start von Python kosteten 25 s.
VARIANTEN = [(farbschema, breite) for farbschema in ("light", "dark") for breite in (1280, 360)]


def test_der_tastenhinweis_ist_lesbar_und_axe_findet_nichts(neuer_besuch):
    """Die Zeile unter dem Editor, die sagt, was Tab tut: sichtbar, sobald der Editor per Tastatur den
    Fokus hat, mindestens 4,5:1 gegen die Seite, und axe-core findet an ihr nichts, in beiden Modi,
    hell und dunkel, auf 1280 und 360 px."""
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    block = browser.block(page, 0)
    code = block.evaluate("b => b.kursText()")
    hinweis = block.locator(".kurs-tastenhinweis")
    page.add_script_tag(path=AXE)
    for farbschema, breite in VARIANTEN:
        with browser.in_variante(farbschema, breite):
            page.set_viewport_size({"width": breite, "height": 800})
            besuch.farbschema(farbschema)
            # Wie neu: der Code der Seite, und der Fokus kommt per Tastatur, nicht vom Zeiger (Tab-Modus „weiter“).
            page.evaluate("() => document.activeElement?.blur()")
            block.evaluate("(b, t) => b.kursSetze(t)", code)
            block.evaluate("b => (b.querySelector('.cm-content') ?? b.querySelector('code')).focus()")
            page.wait_for_function("b => b.querySelector('.cm-content') === document.activeElement",
                                   arg=block.element_handle())
            for modus, text in (("weiter", "Tab springt weiter"), ("einruecken", "Tab rückt ein")):
                if modus == "einruecken":
                    page.keyboard.type("x")
                expect(hinweis, f"{modus}: Tastenhinweis fehlt").to_be_visible()
                expect(hinweis, f"{modus}: Tastenhinweis sagt nicht „{text}“").to_contain_text(text)
                vorn, hinten = hinweis.evaluate(
                    "h => [getComputedStyle(h).color, getComputedStyle(document.body).backgroundColor]")
                assert page.evaluate(KONTRAST, [deckend(vorn, hinten), hinten]) >= 4.5, (modus, vorn, hinten)
                verstoesse = page.evaluate("""async () => {
                    const { violations } = await axe.run({ include: [".kurs-tastenhinweis"] }, { resultTypes: ["violations"] });
                    return violations.map(v => `${v.impact} ${v.id}: ${v.help}`);
                }""")
                assert not verstoesse, f"{modus}: axe-core meldet {verstoesse}"
                browser.foto(block, f"tastenhinweis-{modus}-{breite}-{farbschema}.png")


# Merkt, ob der Knopf während des Laufs (aria-disabled) den Fokus verliert: jede Änderung von
# aria-disabled und jedes blur, mit dem Fokus in diesem Moment. Ein warmes Python ist schneller
# fertig, als ein Test nachsehen kann; so sieht er den Lauf trotzdem.
WAEHREND_DES_LAUFS = """k => {
    const fokus = () => k === document.activeElement && k.matches(':focus-visible');
    window.__waehrend = [];
    const merken = () => { if (k.getAttribute('aria-disabled') === 'true') window.__waehrend.push(fokus()); };
    new MutationObserver(merken).observe(k, { attributes: true, attributeFilter: ['aria-disabled'] });
    k.addEventListener("blur", merken);
}"""


def test_fokus_bleibt_waehrend_und_nach_dem_lauf_auf_dem_knopf(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    nummer = 2
    knopf = browser.leiste(page, nummer).get_by_role("button", name="Ausführen", exact=True)
    knopf.evaluate(WAEHREND_DES_LAUFS)
    for farbschema, breite in VARIANTEN:
        with browser.in_variante(farbschema, breite):
            page.set_viewport_size({"width": breite, "height": 800})
            besuch.farbschema(farbschema)
            # Wie neu: oben auf der Seite, ohne Ergebnis (es soll wieder ins Bild rücken).
            page.evaluate("() => { document.activeElement?.blur(); scrollTo(0, 0); window.__waehrend = []; }")
            browser.ergebnis(page, nummer).evaluate("el => { el.replaceChildren(); el.className = 'kurs-ergebnis'; }")
            browser.block(page, nummer).evaluate("b => (b.querySelector('.cm-content') ?? b.querySelector('code')).focus()")
            page.keyboard.press("Escape")
            page.keyboard.press("Tab")
            assert knopf.evaluate("k => k === document.activeElement")
            page.keyboard.press("Enter")
            browser.warte_auf_ergebnis(page, nummer)
            waehrend = page.evaluate("window.__waehrend")
            assert waehrend, "Der Lauf hat den Knopf nicht gesperrt (aria-disabled)"
            assert all(waehrend), "Fokus weg während des Laufs"
            page.evaluate(ZWEI_BILDER_SPAETER)
            stil = knopf.evaluate("""k => { const s = getComputedStyle(k);
                return { fokus: k === document.activeElement && k.matches(':focus-visible'), rahmen: parseFloat(s.outlineWidth),
                         rahmenart: s.outlineStyle, vorn: s.color, hinten: s.backgroundColor, blass: s.opacity }; }""")
            assert stil["fokus"], "Nach dem Lauf hat der Knopf den Fokus nicht mehr"
            assert stil["rahmen"] >= 1 and stil["rahmenart"] != "none", stil
            assert page.evaluate(KONTRAST, [stil["vorn"], stil["hinten"]]) >= 4.5, stil
            # Das Ergebnis rückt ins Bild (sanft gescrollt), auch auf dem Handy: sein Anfang bis zur Ausgabe. Die
            # Zeichnung des Laufs darunter (kurs-zeichnung.js) kommt später und darf über den Rand reichen.
            page.wait_for_function("""e => { const r = e.getBoundingClientRect(), a = (e.querySelector('pre') || e).getBoundingClientRect();
                                             return r.top >= 0 && a.bottom <= innerHeight + 1; }""",
                                   arg=browser.ergebnis(page, nummer).element_handle(), timeout=3000)
            browser.foto(page, f"tastatur-nach-lauf-{breite}-{farbschema}.png")


def test_begriffe_halten_tab_einmal_je_absatz_pfeiltasten_zu_den_anderen(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    absatz = page.locator("article p:has(abbr + abbr), article p:has(abbr ~ abbr)").first
    begriffe = absatz.locator("abbr")
    assert begriffe.count() >= 2
    assert begriffe.evaluate_all("bs => bs.map(b => b.tabIndex)")[:2] == [0, -1]
    begriffe.first.focus()
    page.keyboard.press("ArrowRight")
    assert begriffe.nth(1).evaluate("b => b === document.activeElement")
    page.wait_for_function("() => document.querySelector('.md-tooltip2--active')")
    assert "Begriffe im Absatz" in page.inner_text("#kurs-erklaerung")
    page.keyboard.press("ArrowLeft")
    assert begriffe.first.evaluate("b => b === document.activeElement")
