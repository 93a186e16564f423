"""Jede Seite im echten Browser: bleibt auf diesem Rechner, läuft ohne Fehler,
zeigt jedes Diagramm als SVG (hell, dunkel, auf dem Handy, nach Instant-Navigation), hat keine mittleren oder ernsten
Barrierefreiheitsfehler, und die Suche findet die richtige Seite."""

import base64
import re
import tomllib
from collections import defaultdict

import im_browser as browser
import pytest
from im_browser import SITE_URL, SUCHE_BEREIT, nav_seiten

from kurs import codefarben
from kurs.modell import WURZEL, Kurs

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"
KURS = Kurs()
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


# Die sichtbare Variante jedes Diagramms: kurs.css blendet die des anderen Schemas aus.
SICHTBARE_SVGS = "[...document.querySelectorAll('article .kurs-diagramm svg')].filter(s => s.checkVisibility())"
PFEILE = f"""() => {SICHTBARE_SVGS}.flatMap((svg, nummer) =>
    [...svg.querySelectorAll("[marker-end]")].map(linie => {{
        const id = linie.getAttribute("marker-end").match(/#([^)"]+)/)[1];
        const spitze = svg.querySelector(`[id="${{id}}"] path`);
        return {{ diagramm: nummer, spitze: id, linie: getComputedStyle(linie).stroke,
                 fuellung: getComputedStyle(spitze).fill }};
    }}))"""


def test_pfeilspitzen_haben_die_farbe_ihrer_linie(lade, diagrammseiten, farbschema):
    """Die Richtung eines Pfeils ist die Aussage des Diagramms: Wer schickt wem? Im dunklen
    Schema waren die Spitzen einmal schwarz auf fast schwarzem Grund."""
    geprueft = 0
    for pfad in diagrammseiten:
        pfeile = lade(pfad, farbschema).page.evaluate(PFEILE)
        falsch = [p for p in pfeile if p["fuellung"] != p["linie"]]
        assert not falsch, f"{pfad}: Spitze anders gefärbt als ihre Linie: {falsch[:3]}"
        geprueft += len(pfeile)
    assert geprueft >= 10, f"Nur {geprueft} Pfeile gefunden: Findet der Test die Zeichnung noch?"


VARIANTEN = """() => [...document.querySelectorAll("article .kurs-diagramm")].map(d =>
    [...d.querySelectorAll(".kurs-diagramm-hell, .kurs-diagramm-dunkel")]
        .filter(v => v.checkVisibility() && v.querySelector("svg[role=img]")).map(v => v.className))"""


def variante(farbschema: str) -> str:
    return "kurs-diagramm-hell" if farbschema == "light" else "kurs-diagramm-dunkel"


def test_jedes_diagramm_zeigt_genau_die_variante_seines_schemas(lade, diagrammseiten, diagramme, farbschema):
    for pfad in diagrammseiten:
        sichtbar = lade(pfad, farbschema).page.evaluate(VARIANTEN)
        assert sichtbar == [[variante(farbschema)]] * diagramme[pfad], f"{pfad}: sichtbar sind {sichtbar}"


# Jeder Text der sichtbaren SVGs mit Farbe und Hintergrund: dem obersten gefüllten Element
# unter seiner Mitte, sonst der Seite. Kein Diagramm darf dafür breiter sein als die Seite.
KONTRASTE = f"""() => {{
    const hintergrund = el => {{
        for (const e of el.ownerDocument.elementsFromPoint(...mitte(el))) {{
            if (e === el || el.contains(e) || e.contains(el) && e.tagName !== "svg" && !e.closest("foreignObject")) continue;
            const farbe = e instanceof SVGElement ? getComputedStyle(e).fill : getComputedStyle(e).backgroundColor;
            if (e instanceof SVGElement && !["rect", "path", "polygon", "circle", "ellipse"].includes(e.tagName)) continue;
            if (farbe && farbe !== "none" && !farbe.endsWith(", 0)") && farbe !== "transparent") return farbe;
        }}
        return getComputedStyle(document.body).backgroundColor;
    }};
    const mitte = el => {{ const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }};
    return {SICHTBARE_SVGS}.flatMap(svg => {{
        svg.scrollIntoView({{ block: "center" }});
        const texte = [...svg.querySelectorAll("text"), ...[...svg.querySelectorAll("foreignObject *")]
            .filter(e => [...e.childNodes].some(k => k.nodeType === 3 && k.textContent.trim()))];
        return texte.filter(t => t.textContent.trim()).map(t => ({{
            text: t.textContent.trim().slice(0, 40),
            farbe: t instanceof SVGElement ? getComputedStyle(t.querySelector("tspan") ?? t).fill : getComputedStyle(t).color,
            hintergrund: t.closest("foreignObject") && getComputedStyle(t).backgroundColor !== "rgba(0, 0, 0, 0)"
                ? getComputedStyle(t).backgroundColor : hintergrund(t),
        }}));
    }});
}}"""


def _rgb(farbe: str) -> tuple[float, ...]:
    werte = [float(w) for w in re.findall(r"[\d.]+", farbe)]
    return tuple(werte[:3]) + ((werte[3],) if len(werte) > 3 else (1.0,))


def _leuchtdichte(rgb) -> float:
    kanal = [(c / 255 / 12.92 if c / 255 <= 0.03928 else ((c / 255 + 0.055) / 1.055) ** 2.4) for c in rgb[:3]]
    return 0.2126 * kanal[0] + 0.7152 * kanal[1] + 0.0722 * kanal[2]


def kontrast(vorne: str, hinten: str, seite: str) -> float:
    """Kontrast nach WCAG; ein halb durchsichtiger Hintergrund liegt auf der Seite."""
    h, s = _rgb(hinten), _rgb(seite)
    h = tuple(h[i] * h[3] + s[i] * (1 - h[3]) for i in range(3))
    hell, dunkel = sorted((_leuchtdichte(_rgb(vorne)), _leuchtdichte(h)), reverse=True)
    return (hell + 0.05) / (dunkel + 0.05)


def test_diagrammtext_hebt_sich_ab(lade, diagrammseiten, farbschema):
    """Mindestens 4,5:1 zwischen Text und dem, was hinter ihm liegt (WCAG 1.4.3); axe-core
    prüft Text in SVG nicht."""
    geprueft = 0
    for pfad in diagrammseiten:
        page = lade(pfad, farbschema).page
        page.add_style_tag(content=".kurs-diagramm svg { min-width: 0 !important; }")
        seite = page.evaluate("getComputedStyle(document.body).backgroundColor")
        texte = page.evaluate(KONTRASTE)
        zu_blass = [(t["text"], round(kontrast(t["farbe"], t["hintergrund"], seite), 2)) for t in texte
                    if kontrast(t["farbe"], t["hintergrund"], seite) < 4.5]
        assert not zu_blass, f"{pfad}: Text unter 4,5:1: {zu_blass[:5]}"
        geprueft += len(texte)
    assert geprueft >= 30, f"Nur {geprueft} Texte gefunden: Findet der Test die Zeichnung noch?"


# Die Farbe jeder Pygments-Klasse im Code der Seite, dazu "" für Code ohne Span.
FARBEN_JE_KLASSE = """klassen => {
    const probe = document.createElement("span");
    document.querySelector("article .highlight code").append(probe);
    const farben = {};
    for (const k of [...klassen, ""]) { probe.className = k; farben[k] = getComputedStyle(probe).color; }
    probe.remove();
    return farben;
}"""


def test_gleiche_farbgruppe_gleiche_farbe(lade, farbschema):
    """kurs/codefarben.py fasst Spans einer Farbgruppe zusammen und lässt schlichte weg. Das ist
    unsichtbar, solange im Browser jede Klasse einer Gruppe dieselbe Farbe hat und jede schlichte
    die Farbe des Codes."""
    gruppen = codefarben.gruppen_der_seite(KURS)
    farben = lade(KURS.kapitel[0].url, farbschema).page.evaluate(FARBEN_JE_KLASSE, sorted(gruppen))
    je_gruppe = defaultdict(set)
    for klasse, gruppe in gruppen.items():
        if not gruppe.startswith("eigen:"):
            je_gruppe[gruppe].add(farben[klasse])
    assert je_gruppe[codefarben.SCHLICHT] == {farben[""]}, "Eine schlichte Klasse hat eine eigene Farbe"
    assert all(len(f) == 1 for f in je_gruppe.values()), f"Eine Gruppe hat mehrere Farben: {dict(je_gruppe)}"
    assert len(je_gruppe) > 5, "Findet der Test die Farben noch?"


def test_kein_mermaid_skript(geladen, pfad):
    """Die Diagramme sind gezeichnet, bevor die Seite kommt (kurs/diagramme.py)."""
    assert geladen.mermaid_geladen() == 0, f"{pfad or 'Start'}: Mermaid geladen"


def stilrechnungen_beim_laden(page, url: str) -> list[int]:
    """Wie viele Elemente der Browser bei jeder Stilrechnung während des Ladens neu rechnet
    (Chromium-Trace, UpdateLayoutTree): Anzahlen, keine Zeiten."""
    cdp = page.context.new_cdp_session(page)
    ereignisse, fertig = [], []
    cdp.on("Tracing.dataCollected", lambda daten: ereignisse.extend(daten["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: fertig.append(True))
    cdp.send("Tracing.start", {"categories": "devtools.timeline", "transferMode": "ReportEvents"})
    page.goto(url, wait_until="load")
    page.wait_for_timeout(500)  # was nach load noch läuft: Materials Einrichten, kurs-lauf.js
    cdp.send("Tracing.end")
    while not fertig:
        page.wait_for_timeout(20)
    cdp.detach()
    return [e["args"]["elementCount"] for e in ereignisse
            if e.get("name") == "UpdateLayoutTree" and "elementCount" in e.get("args", {})]


def test_beim_laden_rechnet_der_browser_hoechstens_dreieinhalb_seiten_stile(neuer_besuch):
    """Alle Stilrechnungen beim Laden zusammen, gemessen in ganzen Seiten (der größten Rechnung):
    die erste Rechnung, bis zu zweimal, wenn der Browser schon beim Lesen des HTML rechnet
    und am Ende alles noch einmal; einmal, wenn Material Tabellen zum Scrollen einpackt;
    dazu Kleines. Gemessen 2,2 bis 2,9. Früher rechneten Materials Farbschema-Komponente,
    das Neuladen der Stylesheets durch die Instant-Navigation und Knöpfe, die kurs-lauf.js
    einfügte, die ganze Seite je einmal neu: 5 bis 6,8 (overrides/main.html,
    partials/javascripts/palette.html). Jede solche Rechnung ist Blockierzeit (Lighthouse).
    Ein Kapitel hat alles davon: Tabellen, Code zum Ausführen, den Schalter im Kopf."""
    pfad = KURS.kapitel[0].url
    besuch = neuer_besuch("light")
    anzahlen = stilrechnungen_beim_laden(besuch.page, besuch.basis + pfad)
    seiten = sum(anzahlen) / max(anzahlen)
    assert seiten <= 3.5, (f"{pfad}: Stile für {seiten:.1f} ganze Seiten gerechnet; "
                           f"die größten Rechnungen: {sorted(anzahlen, reverse=True)[:8]}")


def test_diagramme_sind_ohne_javascript_da(neuer_besuch, diagrammseiten, diagramme):
    besuch = neuer_besuch("light", java_script_enabled=False)
    for pfad in diagrammseiten:
        besuch.page.goto(besuch.basis + pfad)
        besuch.alles_rechnen()
        hoehen = besuch.page.evaluate(f"() => {SICHTBARE_SVGS}.map(s => s.getBoundingClientRect().height)")
        assert len(hoehen) == diagramme[pfad] and min(hoehen) > browser.DIAGRAMM_MIN_HOEHE, (pfad, hoehen)


# Ein Diagramm, so wie es auf dem Bildschirm steht: Höhe und kleinste Schrift der sichtbaren
# Variante in Pixeln (Schriftgröße mal Skalierung), und wie seine Fläche scrollt.
DIAGRAMM_IM_BILD = """block => {
    const svg = [...block.querySelectorAll("svg")].find(s => s.checkVisibility());
    if (!svg) return { hoehe: 0 };
    const skala = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    const texte = [...svg.querySelectorAll("text, tspan, foreignObject *")].filter(t => t.textContent.trim());
    const flaeche = block.querySelector(".kurs-diagramm-flaeche");
    return { hoehe: svg.getBoundingClientRect().height,
             schrift: Math.min(...texte.map(t => parseFloat(getComputedStyle(t).fontSize) * skala)),
             scrollt: flaeche.scrollWidth > flaeche.clientWidth, tabindex: flaeche.tabIndex,
             name: flaeche.getAttribute("aria-label"),
             hinweis: block.querySelector(".kurs-diagramm-hinweis").checkVisibility() };
}"""
ZWEI_BILDER_SPAETER = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def test_auf_dem_handy_mindestens_10_px_schrift_und_breite_diagramme_scrollen(neuer_besuch, diagrammseiten):
    """Gemessen wie bei einer Leserin, die hinscrollt: kurs.css überspringt Blöcke weit außerhalb
    des Bildschirms (content-visibility), das spart beim Laden Rechenzeit. Kommt sie hin, steht
    jedes Diagramm ganz da, mit mindestens 10 px Schrift; ein breites scrollt seitlich."""
    besuch = neuer_besuch("light", viewport={"width": 390, "height": 844})
    page = besuch.page
    for pfad in diagrammseiten:
        page.goto(besuch.basis + pfad)
        bloecke = page.locator("article .kurs-diagramm")
        # Übersprungen ist der Inhalt des Blocks, nicht der Block selbst.
        assert not bloecke.last.evaluate("b => b.firstElementChild.checkVisibility({ contentVisibilityAuto: true })"), (
            f"{pfad}: Der Browser rechnet schon beim Laden das letzte Diagramm, weit unten")
        for nummer in range(bloecke.count()):
            bloecke.nth(nummer).evaluate("b => b.scrollIntoView()")
            page.evaluate(ZWEI_BILDER_SPAETER)
            d = bloecke.nth(nummer).evaluate(DIAGRAMM_IM_BILD)
            assert d["hoehe"] > browser.DIAGRAMM_MIN_HOEHE, f"{pfad}, Diagramm {nummer}: nur {d['hoehe']} px hoch"
            assert d["schrift"] >= 10, f"{pfad}, Diagramm {nummer}: kleinste Schrift {d['schrift']} px"
            assert d["tabindex"] == 0 and d["name"].startswith("Diagramm: "), (pfad, nummer, d)
            assert d["hinweis"] == d["scrollt"], f"{pfad}, Diagramm {nummer}: Hinweis passt nicht zum Scrollen: {d}"
    # Mit der Tastatur: Tab auf das Diagramm, dann Pfeil nach rechts.
    flaeche = page.locator("article .kurs-diagramm-flaeche").first
    flaeche.focus()
    page.keyboard.press("ArrowRight")
    # Der Browser scrollt weich, also erst einen Moment nach dem Tastendruck.
    page.wait_for_function("f => f.scrollLeft > 0", arg=flaeche.element_handle(), timeout=2_000)


# Wie viele Pixel zweier gleich großer PNG-Bilder sich deutlich unterscheiden (ein Kanal um mehr als 48).
PIXEL_UNTERSCHIEDE = """async bilder => {
    const pixel = await Promise.all(bilder.map(async b => {
        const bild = await createImageBitmap(await (await fetch(`data:image/png;base64,${b}`)).blob());
        const leinwand = new OffscreenCanvas(bild.width, bild.height).getContext("2d");
        leinwand.drawImage(bild, 0, 0);
        return leinwand.getImageData(0, 0, bild.width, bild.height).data;
    }));
    let anders = 0;
    for (let i = 0; i < pixel[0].length; i += 4)
        if ([0, 1, 2].some(k => Math.abs(pixel[0][i + k] - pixel[1][i + k]) > 48)) anders++;
    return anders;
}"""


# Die Höhe jedes Blocks im Artikel. Ein übersprungener Block behält die Höhe, mit der er
# zuletzt gerechnet war (contain-intrinsic-block-size: auto): Nach einem Mal Durchscrollen
# Bildschirm für Bildschirm ist jede echt.
HOEHEN = """() => [...document.querySelector("article").children].map(b =>
    [b.tagName.toLowerCase() + "." + b.className.split(" ")[0], b.getBoundingClientRect().height])"""
DURCHSCROLLEN = """async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight) {
        scrollTo(0, y);
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
}"""


def test_eingedaemmte_bloecke_sehen_aus_wie_ohne_eindaemmung(neuer_besuch):
    """Was content-visibility überspringen darf, ist eingedämmt, auch wenn es zu sehen ist. Zwei
    Folgen dürfen nicht sichtbar werden:
    - Der Browser schneidet ab, was über den Block hinausragt, auch den Fokusrahmen an seinem
      Rand (etwa um den Titel einer Lösung). Der Fokus muss also ebenso viele Pixel ändern wie
      in einem Block ohne Eindämmung. Pixelgleich sind die beiden nicht: Ein eingedämmter
      Block landet auf ganzen Pixeln.
    - Ränder der Kinder fallen nicht mehr mit denen der Nachbarn zusammen; um Codeblöcke
      standen so einmal 32 px mehr. Jeder Block muss so hoch sein wie ohne Eindämmung."""
    besuch = neuer_besuch("light")
    page = besuch.page
    page.goto(besuch.basis + KURS.kapitel[1].url)

    def was_der_fokus_aendert(element) -> int:
        element.evaluate("e => e.scrollIntoView({ block: 'center' })")
        page.evaluate(ZWEI_BILDER_SPAETER)
        box = element.bounding_box()
        ausschnitt = {"x": box["x"] - 8, "y": box["y"] - 8, "width": box["width"] + 16, "height": box["height"] + 16}
        bilder = []
        for fokus in (element.focus, element.blur):
            fokus()
            bilder.append(base64.b64encode(page.screenshot(animations="disabled", clip=ausschnitt)).decode())
        return page.evaluate(PIXEL_UNTERSCHIEDE, bilder)

    for auswahl in ("article > details > summary", "article .kurs-diagramm-flaeche"):
        element = page.locator(auswahl).first
        eingedaemmt = was_der_fokus_aendert(element)
        element.evaluate("e => { for (; e.parentElement.tagName !== 'ARTICLE'; e = e.parentElement); e.style.contentVisibility = 'visible'; }")
        frei = was_der_fokus_aendert(element)
        assert eingedaemmt > 0.9 * frei, (
            f"{auswahl}: Der Fokusrahmen ist abgeschnitten; er ändert {eingedaemmt} Pixel statt {frei}")

    page.reload()
    page.evaluate(DURCHSCROLLEN)
    eingedaemmt = page.evaluate(HOEHEN)
    besuch.alles_rechnen()
    frei = page.evaluate(HOEHEN)
    anders = [f"{name}: {h:.1f} statt {f:.1f} px" for (name, h), (_, f) in zip(eingedaemmt, frei, strict=True) if abs(h - f) > 0.5]
    assert not anders, "Eingedämmt ist ein Block anders hoch:\n" + "\n".join(anders)


ALLE_CODEBLOECKE_ZEIGEN = """async () => {
    if (window.__alle_codebloecke_gezeigt) return;
    const bloecke = [...document.querySelectorAll("article pre > code")].filter(c => c.checkVisibility());
    for (const code of bloecke) {
        code.scrollIntoView();
        await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    }
    window.scrollTo(0, 0);
    const fehlt = bloecke.filter(c => !c.parentElement.querySelector(".md-code__nav")).length;
    if (fehlt) throw new Error(`${fehlt} sichtbare Codeblöcke hat Material nicht eingerichtet`);
    window.__alle_codebloecke_gezeigt = true;
}"""


def test_axe_findet_keine_mittleren_oder_ernsten_verstoesse(lade, pfad, farbschema):
    page = lade(pfad, farbschema).page
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(path=AXE)  # als Inline-Skript: keine Anfrage, nichts auf der Seite selbst
    # Material richtet Codeblöcke erst ein, wenn sie sichtbar werden (content.lazy): Wie eine
    # Leserin scrollt der Test durch die Seite, damit axe jeden eingerichteten Block sieht. Einmal
    # je Besuch: Hell und dunkel sind derselbe Besuch.
    page.evaluate(ALLE_CODEBLOECKE_ZEIGEN)
    verstoesse = page.evaluate("""async () => {
        const { violations } = await axe.run(document, { resultTypes: ["violations"] });
        return violations.filter(v => ["moderate", "serious", "critical"].includes(v.impact)).map(v =>
            `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")})`);
    }""")
    assert not verstoesse, "axe-core meldet:\n" + "\n".join(verstoesse)


# --- Instant-Navigation ---------------------------------------------------


def test_instant_navigation_durch_alle_seiten(neuer_besuch, diagramme):
    """Per Klick in der Navigation durch alle Seiten, ohne Neuladen, am Ende zurück auf die
    erste Diagrammseite. Jede Seite zeigt ihre Diagramme in der Variante des Schemas; Mermaid
    lädt nie. Auf halbem Weg schaltet der Knopf im Kopf auf dunkel: So gilt beides für beide
    Schemata, in einem Tab."""
    seiten = nav_seiten()
    # Am härtesten ist der Start auf einer Seite ohne Diagramm.
    start = next((p for p in seiten if not diagramme[p]), seiten[0])
    mit_diagramm = [p for p in seiten if diagramme[p]]
    ziele = [p for p in seiten if p != start] + mit_diagramm[:1]
    besuch = neuer_besuch("light")
    page = besuch.page
    besuch.oeffne(start)
    page.evaluate("window.__ohne_neuladen = true")
    farbschema = "light"
    for nummer, ziel in enumerate(ziele):
        if nummer == len(ziele) // 2:
            page.locator("form[data-kurs-farbschema] label:visible").click()
            farbschema = "dark"
        besuch.instant_nach(ziel)
        assert page.evaluate("window.__ohne_neuladen === true"), f"{ziel}: neu geladen statt instant"
        assert browser.warte_auf_diagramme(page, diagramme[ziel]) is not None, (
            f"{ziel}: {diagramme[ziel]} Diagramme nach Instant-Navigation nicht gezeichnet")
        assert page.evaluate(VARIANTEN) == [[variante(farbschema)]] * diagramme[ziel], f"{ziel} ({farbschema})"
        assert not MERMAID_QUELLTEXT.findall(page.inner_text("body")), f"{ziel}: Mermaid-Quelltext sichtbar"
        # Auch nach der Instant-Navigation erklärt sich ein Glossarbegriff beim Zeigen, und
        # Material hat für keinen einen Tooltip eingerichtet (test_begriffe.py).
        if (begriffe := page.locator("article abbr")).count():
            assert page.locator("article abbr[title]").count() == 0, f"{ziel}: Begriffe mit title"
            assert browser.begriff_zeigen(page, begriffe.first)["tooltips"] == 1, f"{ziel}: keine Erklärung"
            page.keyboard.press("Escape")
    assert farbschema == "dark" and mit_diagramm[0] in ziele[len(ziele) // 2:], "Dunkel kam keine Diagrammseite"
    assert not besuch.fremde, f"Anfragen an andere Hosts (blockiert): {besuch.fremde}"
    assert not besuch.fehler, "\n".join(besuch.fehler)
    assert besuch.mermaid_geladen() == 0, f"Mermaid {besuch.mermaid_geladen()}-mal geladen"


# Das Schema des body, sobald der Inhalt der Seite ins Dokument kommt.
SCHEMA_BEIM_INHALT = """new MutationObserver((_, beobachter) => {
    if (!document.querySelector(".md-content")) return
    window.__schema_beim_inhalt = document.body.dataset.mdColorScheme
    beobachter.disconnect()
}).observe(document, { childList: true, subtree: true })"""


def test_farbschema_des_systems_und_umschalten(neuer_besuch, diagramme):
    """Ist das System dunkel, kommt die Seite dunkel, schon bevor ihr Inhalt da ist (kein
    helles Aufblitzen); der Schalter im Kopf wechselt auf hell, und die Seite merkt sich die
    Wahl im Format von Material (localStorage)."""
    pfad = max(diagramme, key=diagramme.get)  # die Seite mit den meisten Diagrammen
    besuch = neuer_besuch("dark")
    page = besuch.page
    page.add_init_script(SCHEMA_BEIM_INHALT)
    page.goto(besuch.basis + pfad, wait_until="load")
    assert page.evaluate("window.__schema_beim_inhalt") == "slate", "Der Inhalt kam erst hell"
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
    # Auch der Grund hinter der Seite und die Bildlaufleisten sind dunkel.
    assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == "dark"
    assert page.evaluate(VARIANTEN) == [[variante("dark")]] * diagramme[pfad]
    page.locator("form[data-kurs-farbschema] label:visible").click()
    assert page.get_attribute("body", "data-md-color-scheme") == "default"
    assert page.evaluate(VARIANTEN) == [[variante("light")]] * diagramme[pfad]
    page.reload(wait_until="load")
    assert page.get_attribute("body", "data-md-color-scheme") == "default", "Die Wahl ging beim Neuladen verloren"
    assert page.evaluate(VARIANTEN) == [[variante("light")]] * diagramme[pfad]
    # Mit der Tastatur: Enter auf dem Schalter wechselt das Schema.
    page.focus("form[data-kurs-farbschema] input:checked")
    page.keyboard.press("Enter")
    assert page.get_attribute("body", "data-md-color-scheme") == "slate"
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
        # "load" genügt: Dass nichts von der Suche lädt, solange niemand sucht, prüft
        # test_suche_laedt_erst_beim_oeffnen auf jeder Seite bis zur Ruhe im Netz.
        page.goto(besuch.basis + "glossar/", wait_until="load")
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
def suche(besuch_oeffnen):
    """Eine offene Suche, erst nach einem Klick in der Navigation: Sie muss auch nach der
    Instant-Navigation gehen, ohne die Seite neu zu laden."""
    besuch = besuch_oeffnen()
    besuch.oeffne("")
    besuch.instant_nach("glossar/")
    besuch.page.keyboard.press("s")
    besuch.page.wait_for_function(SUCHE_BEREIT)
    yield besuch
    besuch.schliessen()


def suche_nach(suche, begriff: str) -> tuple[str, list[str]]:
    return browser.suche_nach(suche.vorn().page, suche.basis, begriff)


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


@pytest.mark.parametrize("begriff", ["Logs", "Dual-Write", "Replays", "Zustellungen"])
def test_hervorhebung_der_treffer_zerbricht_kein_html(suche, begriff):
    """Ein Wort und sein Stamm stehen an derselben Stelle im Index; Material setzte früher für
    jede Form ein <mark> in dieselben Zeichen („k>Logs“, „Dual->Write“)."""
    suche_nach(suche, begriff)
    kaputt = suche.page.evaluate("""() => {
      const treffer = document.querySelector(".md-search-result__list");
      return {verschachtelt: treffer.querySelectorAll("mark mark").length,
              reste: (treffer.innerText.match(/mar?k?>|&[lg]t;/g) || []).length,
              fremde_tags: [...treffer.querySelectorAll("*")].filter((e) => !/^[A-Z][A-Z0-9]*$/.test(e.tagName)).length,
              markiert: treffer.querySelectorAll("mark").length};
    }""")
    assert kaputt["markiert"] and not (kaputt["verschachtelt"] or kaputt["reste"] or kaputt["fremde_tags"]), kaputt


def test_kein_diagramm_scrollt_auf_dem_desktop(lade, diagrammseiten):
    """Bei 1280 px passt jedes Diagramm in die Spalte; seitlich scrollen darf es nur auf dem Handy."""
    zu_breit = []
    for pfad in diagrammseiten:
        page = lade(pfad).page
        assert page.viewport_size["width"] == 1280
        breiten = page.eval_on_selector_all("article .kurs-diagramm", """ds => ds.map(d => {
            d.scrollIntoView();
            const f = d.querySelector(".kurs-diagramm-flaeche") || d;
            return [f.scrollWidth, f.clientWidth];
        })""")
        zu_breit += [f"{pfad} Diagramm {n + 1}: {s} statt {c} px" for n, (s, c) in enumerate(breiten) if s > c + 1]
    assert not zu_breit, zu_breit
