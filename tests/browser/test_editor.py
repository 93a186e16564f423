"""Der Editor jedes Python-Blocks (docs/assets/kurs-editor.js, CodeMirror 6), auf dem Handy
(390 px) und am Desktop (1280 px): Einzug, Tab, keine Tastaturfalle, Farben, die bleiben; eine
Vorlage sieht bearbeitbar aus, und der Kopierknopf verdeckt keinen Code (320 und 390 px)."""

import im_browser as browser
import pytest
from im_browser import ZWEI_BILDER_SPAETER

from kurs.modell import WURZEL

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"
SEITE = "teil-2/"  # Beispiele und Übungen
VORLAGE = '.language-python.highlight[data-rolle="vorlage"]'
BEISPIEL = ".language-python.highlight[data-lauf]:not([data-uebung])"
MATERIAL_SCHEMA = {"light": "default", "dark": "slate"}
BREITEN = {"handy": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def geladene_editoren(besuch) -> list[str]:
    return [u for u in besuch.anfragen if u.endswith(("/codemirror.js", "/kurs-editor.js"))]


def oeffne_editor(page, auswahl: str):
    """Klick in den Block wie eine Leserin; zurück kommt der Editor, wenn er den Fokus hat."""
    block = page.locator(auswahl).first
    block.locator("code").click()
    page.wait_for_function("b => b.querySelector('.cm-content') === document.activeElement",
                           arg=block.element_handle())
    # Der Code steht dann einmal da, im Editor: Der Block aus dem HTML ist weg.
    assert block.locator("code").is_hidden(), "Der Code steht doppelt da: über dem Editor der alte Block"
    return block


def farbe_von(page, css: str) -> str:
    return page.eval_on_selector(css, "el => getComputedStyle(el).color")


def aktiv_im_editor(page, block) -> bool:
    return block.evaluate("b => b.querySelector('.cm-editor').contains(document.activeElement)")


@pytest.fixture(params=BREITEN, ids=list(BREITEN))
def breite(request) -> dict:
    return BREITEN[request.param]


def test_editor_laedt_erst_beim_ersten_bearbeiten(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    assert not geladene_editoren(besuch), "Der Editor lädt schon vor dem ersten Bearbeiten"
    # Bis dahin steht der von Pygments gefärbte Block da.
    assert page.locator(f"{BEISPIEL} code span.k").count() > 0
    oeffne_editor(page, BEISPIEL)
    assert len(geladene_editoren(besuch)) == 2
    assert not besuch.fremde and not besuch.fehler, besuch.fremde + besuch.fehler


def test_einzug_nach_doppelpunkt_tab_und_escape_tab_verlaesst_den_editor(neuer_besuch, breite):
    besuch = neuer_besuch("light", viewport=breite)
    besuch.oeffne(SEITE)
    page = besuch.page
    block = oeffne_editor(page, VORLAGE)
    page.keyboard.press("Control+End")
    page.keyboard.press("Enter")
    page.keyboard.type("def f():")
    page.keyboard.press("Enter")
    assert block.evaluate("b => b.kursText()").endswith("def f():\n    ")
    page.keyboard.press("Tab")
    assert block.evaluate("b => b.kursText()").endswith("def f():\n        ")
    assert aktiv_im_editor(page, block), "Tab ohne Escape hat den Editor verlassen"
    page.keyboard.press("Shift+Tab")
    assert block.evaluate("b => b.kursText()").endswith("def f():\n    ")
    page.keyboard.type("return (1")
    assert block.evaluate("b => b.kursText()").endswith("return (1)"), "Klammerpaar fehlt"
    page.keyboard.press("Control+z")
    assert not block.evaluate("b => b.kursText()").endswith("return (1)"), "Rückgängig wirkt nicht"
    # Keine Tastaturfalle (WCAG 2.1.2): Escape, dann Tab führt zum nächsten Knopf.
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert not aktiv_im_editor(page, block)
    assert page.evaluate("document.activeElement.textContent") == "Ausführen"


def test_farben_bleiben_beim_tippen_und_nach_neuladen(neuer_besuch, breite):
    besuch = neuer_besuch("light", viewport=breite)
    besuch.oeffne(SEITE)
    page = besuch.page
    # Die Farbe eines Schlüsselworts, wie Pygments sie im HTML setzt.
    pygments = farbe_von(page, f"{BEISPIEL} code span.k")
    block = oeffne_editor(page, VORLAGE)
    page.keyboard.press("Control+End")
    page.keyboard.type("\nfor x in 'abc':\n# Kommentar")
    eigene = block.evaluate("b => b.kursText()")
    zeile = page.locator(f"{VORLAGE} .cm-line").filter(has_text="for x in 'abc':")
    schluesselwort = f"{VORLAGE} .cm-content .tok-keyword"
    assert zeile.locator(".tok-keyword").all_text_contents() == ["for", "in"]
    assert zeile.locator(".tok-string").all_text_contents() == ["'abc'"]
    assert farbe_von(page, schluesselwort) == pygments
    assert farbe_von(page, f"{VORLAGE} .cm-content .tok-comment") != farbe_von(page, f"{VORLAGE} .cm-content")

    page.reload(wait_until="load")
    # Die gespeicherte Lösung steht gleich im Editor, ohne Klick, gefärbt.
    page.wait_for_selector(f"{VORLAGE} .cm-content .tok-keyword")
    assert page.locator(VORLAGE).first.evaluate("b => b.kursText()") == eigene
    assert zeile.locator(".tok-keyword").all_text_contents() == ["for", "in"]
    assert farbe_von(page, schluesselwort) == pygments


def test_offener_editor_passt_zum_schema_und_axe_findet_nichts_ernstes(neuer_besuch, farbschema):
    besuch = neuer_besuch(farbschema)
    besuch.oeffne(SEITE)
    page = besuch.page
    schema = MATERIAL_SCHEMA[farbschema]
    page.wait_for_function("s => document.body.dataset.mdColorScheme === s", arg=schema)
    oeffne_editor(page, VORLAGE)
    hintergrund = "sel => getComputedStyle(document.querySelector(sel)).backgroundColor"
    assert page.evaluate(hintergrund, f"{VORLAGE} .cm-editor") == page.evaluate(hintergrund, f"{BEISPIEL} pre code")
    page.add_script_tag(path=AXE)
    verstoesse = page.evaluate("""async () => {
        const { violations } = await axe.run({ include: [".kurs-editor"] }, { resultTypes: ["violations"] });
        return violations.filter(v => ["serious", "critical"].includes(v.impact)).map(v =>
            `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")})`);
    }""")
    assert not verstoesse, "axe-core meldet:\n" + "\n".join(verstoesse)


def test_ausfuehren_nimmt_den_text_des_editors(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    block = oeffne_editor(page, BEISPIEL)
    page.keyboard.press("Control+a")
    page.keyboard.type("print(6 * 7)")
    ergebnis = block.locator("xpath=following-sibling::div[contains(@class,'kurs-ergebnis')][1]")
    page.keyboard.press("Control+Enter")  # im Editor, wie der Knopf „Ausführen“
    ergebnis.locator(".kurs-ergebnis-titel").wait_for(timeout=60_000)
    page.wait_for_function("el => !el.classList.contains('kurs-wartet')", arg=ergebnis.element_handle(),
                           timeout=60_000)
    assert ergebnis.locator(".kurs-ausgabe").text_content() == "42\n"


def seite_mit_langsamem_editor(neuer_besuch):
    """Die Seite, auf der kurs-editor.js 0,8 s braucht, wie beim ersten Mal auf dem Handy."""
    besuch = neuer_besuch("light")
    page = besuch.page
    # Vor dem Öffnen: Auch ein früher Abruf (Zeigen, Fokus beim Laden) kommt langsam.
    page.route("**/kurs-editor.js", lambda route: (page.wait_for_timeout(800), route.continue_()))
    besuch.oeffne(SEITE)
    return page


def test_was_du_tippst_waehrend_der_editor_laedt_bleibt(neuer_besuch):
    """Auf dem Handy lädt der Editor beim ersten Mal vielleicht eine Sekunde: Was du in der Zeit
    tippst, steht danach im Editor, an der Stelle, wo du getippt hast, und ist gespeichert."""
    page = seite_mit_langsamem_editor(neuer_besuch)
    block = page.locator(VORLAGE).first
    name = block.get_attribute("data-uebung")
    block.locator("code").focus()  # mit der Tastatur: Die Schreibmarke steht am Anfang
    page.keyboard.type("# schnell\n")
    assert not block.locator(".cm-editor").count(), "Der Editor war schon da; der Test prüft nichts"
    page.wait_for_function("b => b.querySelector('.cm-content') === document.activeElement",
                           arg=block.element_handle())
    assert block.evaluate("b => b.kursText()").startswith("# schnell\n")
    assert page.evaluate("n => localStorage.getItem(`kurs:${n}`)", name).startswith("# schnell\n")
    page.keyboard.type("x")  # weiter an derselben Stelle
    assert block.evaluate("b => b.kursText()").startswith("# schnell\nx")


def test_ohne_editor_bleibt_der_block_ein_textfeld(neuer_besuch):
    """Lädt der Editor nicht (etwa offline), tippst du wie früher direkt in den Block: Der Text
    wird gespeichert, und die Seite wirft keinen Fehler."""
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    page.route("**/kurs-editor.js", lambda route: route.abort())
    block = page.locator(VORLAGE).first
    name = block.get_attribute("data-uebung")
    with page.expect_event("requestfailed", lambda r: r.url.endswith("/kurs-editor.js")):
        block.locator("code").focus()
        page.keyboard.type("# offline\n")
    page.evaluate(ZWEI_BILDER_SPAETER)  # Zeit für den gescheiterten Import, statt 300 ms zu warten
    assert not block.locator(".cm-editor").count()
    assert block.evaluate("b => b.kursText()").startswith("# offline\n")
    assert page.evaluate("n => localStorage.getItem(`kurs:${n}`)", name).startswith("# offline\n")
    assert not [f for f in besuch.fehler if f.startswith("JavaScript")], besuch.fehler


def test_fokus_bleibt_wo_die_leserin_ihn_hinsetzt_waehrend_der_editor_laedt(neuer_besuch):
    """Tab aus dem Block, während sein Editor zum ersten Mal lädt: Der Fokus bleibt auf „Ausführen“
    und springt nicht zurück in den Editor, wenn der fertig ist."""
    page = seite_mit_langsamem_editor(neuer_besuch)
    block = page.locator(BEISPIEL).first
    block.locator("code").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Ausführen"
    assert not block.locator(".cm-editor").count(), "Der Editor war schon da; der Test prüft nichts"
    block.locator(".cm-editor").wait_for()
    page.evaluate(ZWEI_BILDER_SPAETER)
    assert page.evaluate("document.activeElement.textContent") == "Ausführen"
    assert not aktiv_im_editor(page, block)


# Eine Vorlage, wie sie vor dem ersten Antippen dasteht: der Kopierknopf, die erste Zeile Code (ein
# Range bis zum ersten Zeilenumbruch) und die Zeile „✎ Deine Lösung“ darüber (pre::before, kurs.css).
VORLAGE_IM_BILD = """b => {
    b.scrollIntoView({ block: "center" });
    const code = b.querySelector("code");
    const gang = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    const zeile = document.createRange();
    zeile.setStart(code, 0);
    for (let k = gang.nextNode(); k; k = gang.nextNode()) {
        const ende = k.textContent.indexOf("\\n");
        zeile.setEnd(k, ende < 0 ? k.textContent.length : ende);
        if (ende >= 0) break;
    }
    const knopf = b.querySelector(".md-code__button")?.getBoundingClientRect();
    const vorn = getComputedStyle(b.querySelector("pre"), "::before");
    const ueber = (a, z) => a.left < z.right && z.left < a.right && a.top < z.bottom && z.top < a.bottom;
    return { knopf: Boolean(knopf), text: zeile.toString(),
             verdeckt: knopf ? [...zeile.getClientRects()].some(z => z.width && ueber(knopf, z)) : null,
             zeile_oben: zeile.getBoundingClientRect().top - b.querySelector("pre").getBoundingClientRect().top,
             hinweis: vorn.display !== "none" ? vorn.content : null, hinweis_hoehe: parseFloat(vorn.height) || 0 };
}"""


def test_eine_vorlage_sieht_auf_dem_handy_bearbeitbar_aus_und_der_kopierknopf_verdeckt_keinen_code(neuer_besuch):
    """Issue 51: Über jeder Vorlage steht „✎ Deine Lösung: hier tippen und ändern“, bevor du sie antippst,
    und Materials Kopierknopf sitzt in dieser Zeile, nicht über der ersten Zeile Code. Auf 320 und 390 px,
    hell und dunkel, nacheinander im selben Tab (Issue 50)."""
    besuch = neuer_besuch("light")
    besuch.oeffne(SEITE)
    page = besuch.page
    vorlagen = page.locator(VORLAGE)
    assert vorlagen.count() >= 3
    for farbschema in ("light", "dark"):
        for breite in (320, 390):
            with browser.in_variante(farbschema, breite):
                page.set_viewport_size({"width": breite, "height": 800})
                besuch.farbschema(farbschema)
                for nummer in range(vorlagen.count()):
                    vorlage = vorlagen.nth(nummer)
                    vorlage.evaluate("b => b.scrollIntoView({ block: 'center' })")
                    # Material setzt den Kopierknopf erst, wenn der Block zu sehen ist (content.lazy).
                    page.wait_for_function("b => b.querySelector('.md-code__button')", arg=vorlage.element_handle())
                    d = vorlage.evaluate(VORLAGE_IM_BILD)
                    wo = f"Vorlage {nummer + 1} bei {breite} px: {d['text']!r}"
                    assert d["hinweis"] and "Deine Lösung" in d["hinweis"], (wo, d)
                    assert d["zeile_oben"] >= 20, f"{wo}: Die Zeile „Deine Lösung“ steht nicht über dem Code: {d}"
                    assert d["verdeckt"] is False, f"{wo}: Der Kopierknopf liegt auf der ersten Zeile Code"
                    if nummer == 0:
                        browser.foto(vorlage, f"vorlage-{breite}-{farbschema}.png")


# Fängt jeden Klick vor seinem Ziel ab und merkt sich, wo er ankam: Der Test misst, ob ein Klick
# trifft, ohne dass der Knopf etwas tut (einen Lauf startet, zurücksetzt).
KLICKS_MERKEN = """() => {
    window.__klicks = [];
    window.addEventListener("click", (e) => {
        window.__klicks.push(e.target.closest("button")?.textContent ?? e.target.tagName);
        e.stopImmediatePropagation();
        e.preventDefault();
    }, { capture: true });
}"""


def test_ein_langsamer_klick_trifft_jeden_knopf_unter_dem_editor(neuer_besuch, breite):
    """Eine Maus drückt etwa 100 ms. Verlässt der Fokus dabei den Editor, darf unter dem Zeiger nichts
    rutschen (etwa, weil der Tastenhinweis verschwindet): Sonst landet das Loslassen neben dem Knopf,
    und „Prüfen“ tut nichts."""
    besuch = neuer_besuch("light", viewport=breite)
    page = besuch.page
    besuch.oeffne(SEITE)
    page.evaluate(KLICKS_MERKEN)
    for auswahl in (BEISPIEL, VORLAGE):
        block = oeffne_editor(page, auswahl)
        knoepfe = block.locator("xpath=following-sibling::div[contains(@class,'kurs-leiste')][1]//button")
        namen = [k.inner_text() for k in knoepfe.all() if k.is_visible()]
        assert len(namen) >= 2, f"{auswahl}: keine Knöpfe unter dem Editor? {namen}"
        for name in namen:
            knopf = knoepfe.filter(has_text=name).first
            block.locator(".cm-content").click()
            knopf.scroll_into_view_if_needed()
            vorher = knopf.bounding_box()
            page.mouse.move(vorher["x"] + vorher["width"] / 2, vorher["y"] + vorher["height"] / 2)
            page.mouse.down()
            page.wait_for_timeout(150)
            nachher = knopf.bounding_box()
            page.mouse.up()
            assert page.evaluate("window.__klicks.pop()") == name, (
                f"{auswahl}: Ein Klick von 150 ms auf „{name}“ geht daneben; der Knopf rückte von y={vorher['y']}"
                f" nach y={nachher['y']}")
