"""Alles passt aufs Handy (Issue 42), 390 × 844 px, hell und dunkel, und der Desktop bleibt, wie er
war: jede Tabelle ohne seitliches Wischen (breite gestapelt, kurs/seite/tabellen.py; das Glossar
als Liste), Schrift überall mindestens 11 px, Code, der breiter ist als der Bildschirm, mit einem
sichtbaren Zeichen am Rand, der Editor in der Schrift des Blocks, Knöpfe zum Antippen groß genug.
Die Diagramme prüft test_diagramme_gezeichnet.py."""

import base64

import im_browser as browser
import pytest
from im_browser import ZWEI_BILDER_SPAETER

from kurs.modell import WURZEL, Kurs
from kurs.seite.suchindex import anker

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"

HANDY = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
MIN_SCHRIFT_PX = 11

# Jede Tabelle und jede Begriffsliste im Artikel: ob sie seitlich scrollt (Materials Rahmen um die
# Tabelle), ganz im Bild steht, wie groß ihre kleinste Schrift ist, auch die der Spaltenköpfe über
# gestapelten Zellen (::before), und welcher Kopf über welcher Zelle steht.
TABELLEN = """() => [...document.querySelectorAll("article table, article dl")].map(t => {
    t.scrollIntoView();
    const rahmen = t.closest(".md-typeset__scrollwrap") ?? t;
    const texte = [...t.querySelectorAll("*")].filter(e => [...e.childNodes].some(k => k.nodeType === 3 && k.textContent.trim()));
    const koepfe = [...t.querySelectorAll("td[data-spalte]")].map(td => getComputedStyle(td, "::before"));
    const r = t.getBoundingClientRect();
    return {
        art: t.tagName.toLowerCase(), gestapelt: t.hasAttribute("data-kurs-stapel"),
        immer_gestapelt: t.dataset.kursStapel === "immer",
        text: t.innerText.slice(0, 60).replace(/\\s+/g, " "),
        scrollt: rahmen.scrollWidth > rahmen.clientWidth + 1,
        im_bild: r.left >= 0 && r.right <= document.documentElement.clientWidth,
        schrift: Math.min(...texte.map(e => parseFloat(getComputedStyle(e).fontSize)),
                          ...koepfe.filter(k => k.content !== "none").map(k => parseFloat(k.fontSize))),
        zellen_als_block: [...t.querySelectorAll("td")].every(td => getComputedStyle(td).display === "block"),
        koepfe_sichtbar: koepfe.map(k => k.display !== "none" && k.content !== "none"
            && k.content.replace(/^"|"$/g, "")),
        koepfe_erwartet: [...t.querySelectorAll("td[data-spalte]")].map(td => td.dataset.spalte),
    };
})"""


# axe-core auf den Tabellen und Listen des Artikels, so wie das Handy sie zeigt.
AXE_TABELLEN = """async () => {
    const { violations } = await axe.run({ include: [["article table"], ["article dl"]] }, { resultTypes: ["violations"] });
    return violations.filter(v => ["moderate", "serious", "critical"].includes(v.impact))
        .map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")})`);
}"""


# Was im Artikel über den rechten Rand des Handys ragt, außer in Flächen, die selbst seitlich scrollen
# (Code, Diagramm, Materials Rahmen um eine Tabelle, Ausgabe eines Notebooks).
UEBER_DEN_RAND = """() => [...document.querySelectorAll("article *")]
    .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1
                 && !e.closest("pre, .kurs-diagramm-flaeche, .md-typeset__scrollwrap, .cm-editor, .jp-OutputArea"))
    .map(e => `${e.tagName.toLowerCase()}.${e.className}`)"""


def test_jede_seite_und_tabelle_passt_aufs_handy(neuer_besuch):
    """Jede Seite einmal geladen, hell und dunkel nacheinander (Issue 50: Besuch.farbschema schaltet
    ohne Neuladen, wie der Schalter im Kopf)."""
    besuch = neuer_besuch("light", viewport=HANDY)
    page = besuch.page
    gestapelt = {"light": 0, "dark": 0}
    for pfad in browser.nav_seiten():
        page.goto(besuch.basis + pfad)
        besuch.alles_rechnen()
        if page.locator("article table, article dl").count():
            page.add_script_tag(path=AXE)
        for farbschema in ("light", "dark"):
            with browser.in_variante(farbschema):
                besuch.farbschema(farbschema)
                gestapelt[farbschema] += auf_dem_handy(page, pfad, farbschema)
    # Die Übersicht auf „Praxis“, die erste Tabelle von Teil 2 und jede andere mit drei Spalten.
    for farbschema, anzahl in gestapelt.items():
        assert anzahl >= 4, f"{farbschema}: Nur {anzahl} gestapelte Tabellen gefunden"


def auf_dem_handy(page, pfad: str, farbschema: str) -> int:
    """Prüft die offene Seite im gerade gezeigten Schema; ergibt, wie viele Tabellen gestapelt sind."""
    gestapelt = 0
    assert page.evaluate("document.documentElement.scrollWidth") <= HANDY["width"], f"{pfad}: Seite wischt seitlich"
    assert not (raus := page.evaluate(UEBER_DEN_RAND)), f"{pfad}: ragt über den Rand: {raus[:5]}"
    if page.locator("article table, article dl").count():
        assert not (verstoesse := page.evaluate(AXE_TABELLEN)), f"{pfad}: axe-core meldet {verstoesse}"
    for t in page.evaluate(TABELLEN):
        wo = f"{pfad or 'Start'}: {t['art']} „{t['text']}“"
        assert not t["scrollt"] and t["im_bild"], f"{wo}: breiter als das Handy"
        assert t["schrift"] >= MIN_SCHRIFT_PX, f"{wo}: Schrift {t['schrift']} px"
        if t["gestapelt"]:
            gestapelt += 1
            assert t["zellen_als_block"], f"{wo}: nicht gestapelt"
            assert t["koepfe_sichtbar"] == t["koepfe_erwartet"], f"{wo}: Spaltenkopf fehlt über einer Zelle"
    tabellen = page.locator("article table[data-kurs-stapel]")
    for nummer in range(tabellen.count()):
        browser.foto(tabellen.nth(nummer), f"handy-tabelle-{pfad.strip('/') or 'start'}-{nummer + 1}-{farbschema}.png")
    return gestapelt


def test_das_glossar_ist_eine_liste_der_begriffe(neuer_besuch, farbschema):
    besuch = neuer_besuch(farbschema, viewport=HANDY)
    page = besuch.page
    page.goto(besuch.basis + "glossar/")
    assert page.locator("article table").count() == 0
    eintraege = page.locator("article dl.kurs-glossar > div")
    assert eintraege.count() == len(Kurs().glossar)
    erster = Kurs().glossar[0]
    text = eintraege.first.inner_text()
    assert text.startswith(erster["Begriff"]) and erster["Bedeutung"].replace("`", "") in text and "Im Kurs:" in text, text
    # Jeder Begriff hat einen Anker, etwa glossar/#begriff-ack (dorthin führt die Suche).
    assert eintraege.first.get_attribute("id") == anker(erster["Begriff"])
    browser.foto(eintraege.first, f"handy-glossar-{farbschema}.png")


def test_auf_dem_desktop_bleiben_tabellen_tabellen(lade):
    """Außer denen mit fünf und mehr Spalten (kurs/seite/tabellen.py; test_tabellen.py)."""
    for pfad in browser.nav_seiten():
        page = lade(pfad).page
        assert page.viewport_size == DESKTOP
        for t in page.evaluate(TABELLEN):
            if t["immer_gestapelt"]:
                continue
            assert not t["zellen_als_block"] or t["art"] == "dl", f"{pfad}: „{t['text']}“ ist gestapelt"
            assert all(k is False for k in t["koepfe_sichtbar"]), f"{pfad}: Spaltenköpfe über Zellen"


# Mittlere Helligkeit jeder Pixelspalte eines PNG, gerechnet vom Browser selbst (canvas): So braucht
# der Test keine Bildbibliothek.
SPALTEN_HELLIGKEIT = """async png => {
    const bild = new Image();
    bild.src = "data:image/png;base64," + png;
    await bild.decode();
    const leinwand = new OffscreenCanvas(bild.width, bild.height);
    const g = leinwand.getContext("2d");
    g.drawImage(bild, 0, 0);
    const d = g.getImageData(0, 0, bild.width, bild.height).data;
    return [...Array(bild.width).keys()].map(x => {
        let summe = 0;
        for (let y = 0; y < bild.height; y++) summe += d[(y * bild.width + x) * 4] + d[(y * bild.width + x) * 4 + 1] + d[(y * bild.width + x) * 4 + 2];
        return summe / 3 / bild.height;
    });
}"""
# Ohne Text (durchsichtig) und ohne Kopierknopf: Was am Rand bleibt, ist der Hintergrund des Blocks.
NUR_HINTERGRUND = """.md-typeset pre > code, .md-typeset pre > code *, .cm-content, .cm-content * { color: transparent !important; }
.md-code__nav, .cm-cursorLayer { display: none !important; }"""


def rand_und_mitte(page, scroller) -> tuple[float, float, float]:
    """Helligkeit am linken Rand, in der Mitte und am rechten Rand des sichtbaren Teils von
    `scroller`, gemessen im mittleren Drittel der Höhe (unten läge die Bildlaufleiste)."""
    r = scroller.evaluate("e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }")
    links, oben, breite, hoehe = r
    png = page.screenshot(clip={"x": links, "y": oben + hoehe / 3, "width": breite, "height": hoehe / 3})
    spalten = page.evaluate(SPALTEN_HELLIGKEIT, base64.b64encode(png).decode())
    mitte = sum(spalten[len(spalten) // 3: 2 * len(spalten) // 3]) / (len(spalten) // 3)
    return sum(spalten[:3]) / 3, mitte, sum(spalten[-3:]) / 3


def zeichen_am_rand(page, scroller, wo: str, links_auch: bool = True) -> None:
    """Scrollt `scroller` seitlich, zeigt der Rand, auf dessen Seite noch Text ist, einen Schatten:
    am Anfang rechts, am Ende links, und nie dort, wo nichts mehr kommt. Im Editor liegen links die
    Zeilennummern über dem Schatten (`links_auch=False`); dass vorn noch Text ist, sieht man dort am
    eingerückten Code."""
    scroller.evaluate("e => { e.scrollLeft = 0; }")
    page.evaluate(ZWEI_BILDER_SPAETER)
    links, mitte, rechts = rand_und_mitte(page, scroller)
    assert abs(rechts - mitte) >= 10, f"{wo}: kein Zeichen am rechten Rand (Helligkeit {rechts:.0f} gegen {mitte:.0f})"
    scroller.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.evaluate(ZWEI_BILDER_SPAETER)
    links, mitte, rechts = rand_und_mitte(page, scroller)
    assert abs(rechts - mitte) < 3, f"{wo}: Am Ende zeigt der rechte Rand noch ein Zeichen ({rechts:.0f} gegen {mitte:.0f})"
    if links_auch:
        assert abs(links - mitte) >= 10, f"{wo}: Am Ende kein Zeichen am linken Rand ({links:.0f} gegen {mitte:.0f})"
    scroller.evaluate("e => { e.scrollLeft = 0; }")


# Jede umbrochene Zeile des Editors: Ihre zweite Zeile auf dem Bildschirm beginnt rechts vom ersten
# Zeichen Code (nach der Einrückung) der ersten.
FORTSETZUNG_EINGERUECKT = """scroller => {
    const umbrochen = [...scroller.querySelectorAll(".cm-line")].filter(z => z.getClientRects().length && z.offsetHeight > 1.5 * parseFloat(getComputedStyle(z).lineHeight));
    if (!umbrochen.length) return false;
    return umbrochen.every(z => {
        const text = z.textContent, einzug = text.length - text.trimStart().length;
        const bereich = document.createRange(), knoten = document.createTreeWalker(z, NodeFilter.SHOW_TEXT);
        const zeichen = [];
        for (let n = knoten.nextNode(); n; n = knoten.nextNode())
            for (let i = 0; i < n.length; i++) { bereich.setStart(n, i); bereich.setEnd(n, i + 1); zeichen.push(bereich.getBoundingClientRect()); }
        const erste = zeichen[einzug], zweite = zeichen.find(r => r.top > erste.bottom - 1);
        return zweite && zweite.left > erste.left + 1;
    });
}"""


@pytest.mark.parametrize("kapitel", browser.KAPITEL)
def test_code_auf_dem_handy_in_lesbarer_schrift_und_mit_zeichen_am_rand(neuer_besuch, farbschema, kapitel):
    """Jeder Codeblock mindestens 11 px; wer breiter ist als das Handy, scrollt mit einem Schatten am
    Rand (kurs.css). Der Editor (kurs-editor.js) steht in derselben Schrift wie der Block davor und
    bricht lange Zeilen um, statt seitlich zu scrollen."""
    besuch = neuer_besuch(farbschema, viewport=HANDY)
    page = besuch.page
    page.goto(besuch.basis + kapitel)
    besuch.alles_rechnen()
    bloecke = page.evaluate("""() => [...document.querySelectorAll("article pre > code")].map(c => ({
        schrift: parseFloat(getComputedStyle(c).fontSize), breit: c.scrollWidth > c.clientWidth,
        lauf: c.closest("[data-lauf]")?.dataset.lauf ?? null,
        text: c.textContent.slice(0, 40) }))""")
    assert all(b["schrift"] >= MIN_SCHRIFT_PX for b in bloecke), [b for b in bloecke if b["schrift"] < MIN_SCHRIFT_PX]
    breit = [b for b in bloecke if b["breit"] and b["lauf"] is not None]
    assert breit, f"{kapitel}: kein Python-Block breiter als das Handy; prüft der Test noch etwas?"
    block = browser.block(page, int(breit[0]["lauf"]))
    block.evaluate("b => b.scrollIntoView({ block: 'center' })")
    browser.foto(block, f"handy-code-{kapitel.strip('/')}-{farbschema}.png")
    nur_hintergrund = page.add_style_tag(content=NUR_HINTERGRUND)
    zeichen_am_rand(page, block.locator("code"), f"{kapitel}, Block {breit[0]['lauf']}")
    schrift_statisch = block.locator("code").evaluate("c => getComputedStyle(c).fontSize")
    block.locator("code").click()
    editor = block.locator(".cm-scroller")
    editor.wait_for()
    assert block.locator(".cm-content").evaluate("c => getComputedStyle(c).fontSize") == schrift_statisch
    # Der Editor bricht auf dem Handy um (Issue 51): nichts seitlich, Fortsetzungen weiter eingerückt
    # als der Code ihrer Zeile.
    assert editor.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), f"{kapitel}: Der Editor scrollt seitlich"
    nur_hintergrund.evaluate("s => s.remove()")
    assert editor.evaluate(FORTSETZUNG_EINGERUECKT), f"{kapitel}: Fortsetzung nicht rechts vom Code ihrer Zeile"
    browser.foto(block, f"handy-editor-{kapitel.strip('/')}-{farbschema}.png")


def test_editor_in_einem_kasten_in_der_schrift_des_blocks(neuer_besuch):
    """In einem Kasten (Lösung) ist Code kleiner gesetzt (kurs.css); der Editor dort auch."""
    besuch = neuer_besuch("light", viewport=HANDY)
    page = besuch.page
    page.goto(besuch.basis + browser.KAPITEL[0])
    block = page.locator("article details [data-lauf]").first
    block.evaluate("b => { b.closest('details').open = true; b.scrollIntoView({ block: 'center' }); }")
    schrift = block.locator("code").evaluate("c => getComputedStyle(c).fontSize")
    block.locator("code").click()
    block.locator(".cm-content").wait_for()
    assert block.locator(".cm-content").evaluate("c => getComputedStyle(c).fontSize") == schrift


KNOEPFE = """() => [...document.querySelectorAll("article .kurs-leiste")].map(leiste => {
    leiste.closest("details")?.setAttribute("open", "");  // auch die unter einer Lösung
    for (const k of leiste.querySelectorAll("button[hidden]")) k.hidden = false;  // Stopp, wie während eines Laufs
    const r = [...leiste.querySelectorAll("button")].map(k => k.getBoundingClientRect());
    const abstaende = r.slice(1).map((b, i) => Math.abs(b.top - r[i].top) < 1 ? b.left - r[i].right : b.top - r[i].bottom);
    return { namen: [...leiste.querySelectorAll("button")].map(k => k.innerText), hoehen: r.map(b => b.height),
             abstaende, im_bild: r.every(b => b.left >= 0 && b.right <= document.documentElement.clientWidth) };
})"""


@pytest.mark.parametrize("kapitel", browser.KAPITEL)
def test_knoepfe_zum_antippen_gross_genug(neuer_besuch, kapitel):
    """Ausführen, Prüfen, Zurücksetzen und Stopp mindestens 44 px hoch, mindestens 8 px voneinander."""
    besuch = neuer_besuch("light", viewport=HANDY)
    page = besuch.page
    page.goto(besuch.basis + kapitel)
    besuch.alles_rechnen()
    leisten = page.evaluate(KNOEPFE)
    assert any("Prüfen" in leiste["namen"] for leiste in leisten), "Keine Übung mit „Prüfen“ gefunden"
    for leiste in leisten:
        assert min(leiste["hoehen"]) >= 44, f"{kapitel}: {leiste}"
        assert min(leiste["abstaende"]) >= 8, f"{kapitel}: {leiste}"
        assert leiste["im_bild"], f"{kapitel}: {leiste}"
    browser.foto(page.locator("article .kurs-leiste").last, f"handy-knoepfe-{kapitel.strip('/')}.png")
