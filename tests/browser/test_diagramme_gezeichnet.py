"""Jedes Diagramm als SVG in der Seite: gezeichnet, in der Variante seines Farbschemas, mit
Pfeilspitzen in der Farbe ihrer Linie, lesbarem Text (4,5:1), auf dem Handy (360 px) in seiner
schmalen Form ganz im Bild mit mindestens 11 px Schrift, auf dem Laptop (1280 px) mit mindestens
12 px Schrift und ohne seitliches Scrollen, ohne Lebenslinie durch den Text einer Nachricht, auch
ohne JavaScript, und ohne Mermaid."""


import im_browser as browser
from im_browser import MERMAID_QUELLTEXT, VARIANTEN, ZWEI_BILDER_SPAETER, kontrast, variante

from kurs.diagramm_html import als_html
from kurs.diagramme import SCHEMATA, breite, zeichnungen
from kurs.modell import Kurs


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






def test_jedes_diagramm_zeigt_genau_die_variante_seines_schemas(lade, diagrammseiten, diagramme, farbschema):
    for pfad in diagrammseiten:
        sichtbar = lade(pfad, farbschema).page.evaluate(VARIANTEN)
        assert sichtbar == [[variante(farbschema)]] * diagramme[pfad], f"{pfad}: sichtbar sind {sichtbar}"


# Jeder Text der sichtbaren SVGs mit seiner Farbe und allem, was unter seiner Mitte liegt und
# eine Farbe hat, von oben nach unten bis zur ersten deckenden: der eigene Hintergrund eines
# HTML-Labels (Knoten, Kante), halb durchsichtige Hintergründe darunter (labelBkg an Kanten),
# Kästchen (rect, path, …) und am Ende die Seite. Was im Text selbst liegt, zählt nicht.
# Kein Diagramm darf dafür breiter sein als die Seite.
KONTRASTE = f"""() => {{
    const FORMEN = ["rect", "path", "polygon", "circle", "ellipse"];
    const mitte = el => {{ const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }};
    const schichten = el => {{
        const farben = [];
        for (const e of el.ownerDocument.elementsFromPoint(...mitte(el))) {{
            if (e !== el && el.contains(e)) continue;
            if (e instanceof SVGElement && (e === el || !FORMEN.includes(e.tagName))) continue;
            const farbe = e instanceof SVGElement ? getComputedStyle(e).fill : getComputedStyle(e).backgroundColor;
            if (!farbe || farbe === "none" || farbe === "transparent" || farbe.endsWith(", 0)")) continue;
            farben.push(farbe);
            if (!farbe.startsWith("rgba")) break;
        }}
        return farben;
    }};
    return {SICHTBARE_SVGS}.flatMap(svg => {{
        svg.scrollIntoView({{ block: "center" }});
        const texte = [...svg.querySelectorAll("text"), ...[...svg.querySelectorAll("foreignObject *")]
            .filter(e => [...e.childNodes].some(k => k.nodeType === 3 && k.textContent.trim()))];
        return texte.filter(t => t.textContent.trim()).map(t => ({{
            text: t.textContent.trim().slice(0, 40),
            farbe: t instanceof SVGElement ? getComputedStyle(t.querySelector("tspan") ?? t).fill : getComputedStyle(t).color,
            schichten: schichten(t),
        }}));
    }});
}}"""


def zu_blass(page) -> tuple[list[str], list[tuple[str, float]]]:
    """(alle Texte der sichtbaren Diagramme, die unter 4,5:1 mit ihrem Kontrast)."""
    page.add_style_tag(content=".kurs-diagramm svg { min-width: 0 !important; }")
    seite = page.evaluate("getComputedStyle(document.body).backgroundColor")
    texte = page.evaluate(KONTRASTE)
    werte = [(t["text"], round(kontrast(t["farbe"], t["schichten"], seite), 2)) for t in texte]
    return [t["text"] for t in texte], [(text, wert) for text, wert in werte if wert < 4.5]


def test_diagrammtext_hebt_sich_ab(lade, diagrammseiten, farbschema):
    """Mindestens 4,5:1 zwischen Text und dem, was hinter ihm liegt (WCAG 1.4.3); axe-core
    prüft Text in SVG nicht."""
    geprueft = 0
    for pfad in diagrammseiten:
        texte, blass = zu_blass(lade(pfad, farbschema).page)
        assert not blass, f"{pfad}: Text unter 4,5:1: {blass[:5]}"
        geprueft += len(texte)
    assert geprueft >= 30, f"Nur {geprueft} Texte gefunden: Findet der Test die Zeichnung noch?"


# Jede Art Diagramm, die der Kurs benutzt, mit jeder Art Text, die sie kennt: auch mit dem, was
# heute in keinem Diagramm steht (Text an einer Kante, Schleife, Alternative). Es muss sich
# abheben, sobald jemand es schreibt. Gezeichnet wie von kurs/diagramme.py, mit seinen Schemata.
MUSTER = {
    "sequenceDiagram": """sequenceDiagram
    actor L as Leserin
    participant B as Broker
    L->>B: Nachricht
    B-->>L: Antwort gestrichelt
    B-xL: Abbruch
    Note over L,B: Notiz über beiden
    Note right of B: Notiz rechts
    loop Schleife
        L->>B: Versuch
    end
    alt Fall eins
        B->>L: eins
    else Fall zwei
        B->>L: zwei
    end
    opt Option
        L->>L: selbst
    end""",
    "flowchart": """flowchart LR
    subgraph G["Gruppe"]
        A["Knoten"] -->|Kante durchgezogen| R("Rund")
    end
    R -.->|Kante gestrichelt| F{"Frage"}
    F ==>|Kante dick| S(["Stadion"])
    F -- Kante mit Text --> D[("Datenbank")]""",
}
MUSTER_TEXTE = ["Leserin", "Broker", "Nachricht", "Antwort gestrichelt", "Abbruch", "Notiz über beiden",
                "Notiz rechts", "Schleife", "Versuch", "Fall eins", "Fall zwei", "Option", "Gruppe", "Knoten",
                "Rund", "Frage", "Stadion", "Datenbank", "Kante durchgezogen", "Kante gestrichelt",
                "Kante dick", "Kante mit Text"]
ZEICHNEN = """async ([id, quelle, einstellungen]) => {
    mermaid.initialize(einstellungen);
    return (await mermaid.render(id, quelle)).svg;
}"""


def test_jede_diagrammart_hebt_sich_ab(neuer_besuch):
    """Hell und dunkel im selben Tab (Issue 50): Gezeichnet sind die Muster einmal, in beiden Schemata
    (SCHEMATA); welche Variante zu sehen ist, entscheidet das Schema der Seite."""
    arten = {d.quelle.split()[0] for d in Kurs().diagramme}
    assert arten <= MUSTER.keys(), f"Kein Muster für {arten - MUSTER.keys()}: Ergänze MUSTER"
    besuch = neuer_besuch("light")
    page = besuch.page
    page.goto(besuch.basis + "glossar/")  # eine Seite ohne Diagramm: Sichtbar sind nur die Muster
    page.add_script_tag(url=besuch.basis + "assets/vendor/mermaid/mermaid.tiny.js")
    bloecke = ""
    for nummer, quelle in enumerate(MUSTER.values()):
        svgs = {schema: page.evaluate(ZEICHNEN, [f"muster-{nummer}-{schema}", quelle, einstellungen])
                for schema, einstellungen in SCHEMATA.items()}
        bloecke += als_html({"breit": svgs}, "Muster")
    page.evaluate("html => document.querySelector('article').insertAdjacentHTML('beforeend', html)", bloecke)
    for farbschema in ("light", "dark"):
        with browser.in_variante(farbschema):
            besuch.farbschema(farbschema)
            texte, blass = zu_blass(page)
            fehlt = [t for t in MUSTER_TEXTE if not any(t in gefunden for gefunden in texte)]
            assert not fehlt, f"Diese Texte der Muster findet der Test nicht: {fehlt}"
            assert not blass, f"Text unter 4,5:1 im Schema {farbschema}: {blass}"


def test_kein_mermaid_skript(geladen, pfad):
    """Die Diagramme sind gezeichnet, bevor die Seite kommt (kurs/diagramme.py)."""
    assert geladen.mermaid_geladen() == 0, f"{pfad or 'Start'}: Mermaid geladen"


def test_diagramme_sind_ohne_javascript_da(neuer_besuch, diagrammseiten, diagramme):
    besuch = neuer_besuch("light", java_script_enabled=False)
    for pfad in diagrammseiten:
        besuch.page.goto(besuch.basis + pfad)
        besuch.alles_rechnen()
        hoehen = besuch.page.evaluate(f"() => {SICHTBARE_SVGS}.map(s => s.getBoundingClientRect().height)")
        assert len(hoehen) == diagramme[pfad] and min(hoehen) > browser.DIAGRAMM_MIN_HOEHE, (pfad, hoehen)


# Ein Diagramm, so wie es auf dem Bildschirm steht: Höhe und kleinste Schrift der sichtbaren
# Variante in Pixeln (Schriftgröße mal Skalierung), ob es ganz im Bild steht, und wie seine Fläche scrollt.
DIAGRAMM_IM_BILD = """block => {
    const svg = [...block.querySelectorAll("svg")].find(s => s.checkVisibility());
    if (!svg) return { hoehe: 0 };
    const rahmen = svg.getBoundingClientRect();
    const skala = rahmen.width / svg.viewBox.baseVal.width;
    const texte = [...svg.querySelectorAll("text, tspan, foreignObject *")].filter(t => t.textContent.trim());
    const flaeche = block.querySelector(".kurs-diagramm-flaeche");
    return { hoehe: rahmen.height, links: rahmen.left, rechts: rahmen.right, bild: document.documentElement.clientWidth,
             schrift: Math.min(...texte.map(t => parseFloat(getComputedStyle(t).fontSize) * skala)),
             variante: svg.parentElement.className, mit_schmal: block.classList.contains("kurs-diagramm--mit-schmal"),
             scrollt: flaeche.scrollWidth > flaeche.clientWidth, tabindex: flaeche.tabIndex,
             name: flaeche.getAttribute("aria-label"),
             hinweis: block.querySelector(".kurs-diagramm-hinweis").checkVisibility() };
}"""
HANDY = {"width": 390, "height": 844}
# Das schmalste Handy, für das die schmale Form gezeichnet ist (kurs/diagramme.py, HANDY_SPALTE_PX).
SCHMALES_HANDY = {"width": 360, "height": 780}

# Wo eine Lebenslinie durch den Text einer Nachricht liefe: Die Linie kreuzt den Text, und an der
# Kreuzung liegt keine deckende Fläche, die nach der Linie gezeichnet ist (kurs/diagramme.py,
# nachrichten_freigestellt). Gemessen mit Flächen statt mit der Linie selbst: Eine 0,5 px dünne
# Linie trifft elementsFromPoint nicht verlässlich.
LINIE_DURCH_TEXT = """svg => {
    const FORMEN = ["rect", "path", "polygon"];
    const deckt = e => FORMEN.includes(e.tagName) && !["none", "transparent", "rgba(0, 0, 0, 0)"].includes(getComputedStyle(e).fill);
    const linien = [...svg.querySelectorAll('[data-et="life-line"]')];
    return [...svg.querySelectorAll("text.messageText")].filter(t => t.textContent.trim()).flatMap(t => {
        const r = t.getBoundingClientRect();
        return linien.flatMap(linie => {
            const l = linie.getBoundingClientRect();
            const x = l.x + l.width / 2;
            const kreuzt = [r.y + r.height * 0.3, r.y + r.height * 0.5, r.y + r.height * 0.7]
                .filter(y => x > r.left + 1 && x < r.right - 1 && y > l.top && y < l.bottom);
            const frei = kreuzt.filter(y => !document.elementsFromPoint(x, y).some(e =>
                svg.contains(e) && deckt(e) && linie.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING));
            return frei.length ? [`${t.textContent.trim()} (Linie ${linie.getAttribute("data-id")})`] : [];
        });
    });
}"""


def test_auf_dem_laptop_hat_jedes_diagramm_12_px_schrift_und_keine_linie_durch_text(lade, diagrammseiten, farbschema):
    """Issue 51: Bei 1280 px verkleinert die Seite kein Diagramm unter 12 px Schrift (Outbox und
    Dedup-Tabelle hatten 10 px), und keine Lebenslinie läuft durch den Text einer Nachricht."""
    geprueft = 0
    for pfad in diagrammseiten:
        page = lade(pfad, farbschema).page
        assert page.viewport_size["width"] == 1280
        bloecke = page.locator("article .kurs-diagramm")
        for nummer in range(bloecke.count()):
            bloecke.nth(nummer).evaluate("b => b.scrollIntoView()")
            page.evaluate(ZWEI_BILDER_SPAETER)
            d = bloecke.nth(nummer).evaluate(DIAGRAMM_IM_BILD)
            wo = f"{pfad}, Diagramm {nummer + 1}"
            assert d["variante"] == variante(farbschema), (wo, d)
            assert d["schrift"] >= 12, f"{wo}: kleinste Schrift {d['schrift']:.1f} px"
            svg = bloecke.nth(nummer).locator("svg").filter(visible=True)
            assert not (durch := svg.evaluate(LINIE_DURCH_TEXT)), f"{wo}: Lebenslinie durch den Text {durch}"
            browser.foto(bloecke.nth(nummer), f"laptop-{pfad.strip('/')}-diagramm-{nummer + 1}-{farbschema}.png")
            geprueft += 1
    assert geprueft == sum(1 for d in Kurs().diagramme)


def test_auf_dem_handy_steht_jedes_diagramm_ganz_mit_11_px_schrift(neuer_besuch, diagrammseiten, farbschema):
    """Issue 42, 51: Auf dem Handy, bis hinab zu 360 px, steht die schmale Form jedes Diagramms
    (kurs/diagramme.py), fürs Handy gezeichnet: ganz im Bild, ohne Wischen, mit mindestens 11 px
    Schrift, ohne Lebenslinie durch den Text einer Nachricht, in beiden Schemata, und jeder Text hebt
    sich ab. Gemessen wie bei einer Leserin, die hinscrollt: kurs.css überspringt Blöcke weit
    außerhalb des Bildschirms (content-visibility), das spart beim Laden Rechenzeit."""
    besuch = neuer_besuch(farbschema, viewport=SCHMALES_HANDY)
    page = besuch.page
    geprueft = 0
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
            wo = f"{pfad}, Diagramm {nummer + 1}"
            assert d["hoehe"] > browser.DIAGRAMM_MIN_HOEHE, f"{wo}: nur {d['hoehe']} px hoch"
            assert d["variante"] == variante(farbschema, "schmal" if d["mit_schmal"] else "breit"), (wo, d)
            assert d["schrift"] >= 11, f"{wo}: kleinste Schrift {d['schrift']:.1f} px"
            assert 0 <= d["links"] and d["rechts"] <= d["bild"], f"{wo}: nicht ganz im Bild: {d}"
            assert not d["scrollt"] and not d["hinweis"], f"{wo}: scrollt seitlich: {d}"
            assert d["tabindex"] == 0 and d["name"].startswith("Diagramm: "), (wo, d)
            svg = bloecke.nth(nummer).locator("svg").filter(visible=True)
            assert not (durch := svg.evaluate(LINIE_DURCH_TEXT)), f"{wo}: Lebenslinie durch den Text {durch}"
            browser.foto(bloecke.nth(nummer), f"handy-{pfad.strip('/')}-diagramm-{nummer + 1}-{farbschema}.png")
            geprueft += 1
        texte, blass = zu_blass(page)
        assert not blass, f"{pfad}: Text unter 4,5:1 in der schmalen Form: {blass[:5]}"
    assert geprueft == sum(1 for d in Kurs().diagramme)


def test_ein_zu_breites_diagramm_scrollt_mit_hinweis_auch_per_tastatur(neuer_besuch):
    """Passt ein Diagramm auch schmal gezeichnet nicht (das meldet tests/test_diagramme.py), scrollt es
    auf dem Handy seitlich, mit einem Hinweis darunter und per Tastatur (Tab, dann Pfeil nach rechts).
    Ein Kurs-Diagramm tut das nicht mehr; darum ein breites ohne schmale Form als Muster."""
    breitestes = max((z for d in Kurs().diagramme for z in zeichnungen(d.quelle) if z.form == "breit"),
                     key=lambda z: breite(z.datei(Kurs()).read_text(encoding="utf-8")))
    svg = breitestes.datei(Kurs()).read_text(encoding="utf-8")
    besuch = neuer_besuch("light", viewport=HANDY)
    page = besuch.page
    page.goto(besuch.basis + "glossar/")
    page.evaluate("html => document.querySelector('article').insertAdjacentHTML('afterbegin', html)",
                  als_html({"breit": {"hell": svg, "dunkel": svg}}, "Muster"))
    block = page.locator("article .kurs-diagramm").first
    d = block.evaluate(DIAGRAMM_IM_BILD)
    assert d["scrollt"] and d["hinweis"] and d["schrift"] >= 10, d
    flaeche = block.locator(".kurs-diagramm-flaeche")
    flaeche.focus()
    page.keyboard.press("ArrowRight")
    # Der Browser scrollt weich, also erst einen Moment nach dem Tastendruck.
    page.wait_for_function("f => f.scrollLeft > 0", arg=flaeche.element_handle(), timeout=2_000)


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
