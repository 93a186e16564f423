"""Jede Seite im echten Browser: bleibt auf diesem Rechner, läuft ohne Fehler, hat keine mittleren
oder ernsten Barrierefreiheitsfehler, zeigt Code wie ohne Eindämmung und wechselt das Farbschema.
Diagramme prüft test_diagramme_gezeichnet.py, die Suche test_suche.py."""

import base64
from collections import defaultdict

import im_browser as browser
from im_browser import MERMAID_QUELLTEXT, SITE_URL, VARIANTEN, ZWEI_BILDER_SPAETER, nav_seiten, variante

from kurs import codefarben
from kurs.modell import WURZEL, Kurs

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"


KURS = Kurs()


def test_jede_gebaute_seite_wird_geprueft(site):
    """Die Tests gehen die Navigation durch; die Sitemap darf keine Seite mehr haben."""
    assert sorted(browser.seiten(site, SITE_URL)) == sorted(nav_seiten())


def test_keine_anfrage_verlaesst_den_rechner(geladen):
    assert not geladen.fremde, f"Anfragen an andere Hosts (blockiert): {geladen.fremde}"
    assert geladen.anfragen, "Keine einzige Anfrage gezählt: Greift das Routing noch?"


def test_keine_konsolenfehler_und_keine_fehlgeschlagenen_anfragen(geladen):
    assert not geladen.fehler, "\n".join(geladen.fehler)


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


def test_eingedaemmt_ist_nur_ein_teil_der_seite_nie_ihr_titel(neuer_besuch):
    """content-visibility (kurs.css) darf nur Teile einer Seite überspringen. Lag ein Block um die
    ganze Seite (das Notebook von mkdocs-jupyter), stand er beim ersten Bild mit der
    Platzhalterhöhe da, und danach sprang alles: Lighthouse maß Layout Shift 0,36."""
    besuch = neuer_besuch("light", viewport={"width": 412, "height": 823})
    for pfad in nav_seiten():
        besuch.page.goto(besuch.basis + pfad)
        zu_gross = besuch.page.evaluate("""() => {
            const bloecke = [...document.querySelectorAll("article *")]
                .filter(e => getComputedStyle(e).contentVisibility === "auto");
            for (const e of bloecke) e.style.contentVisibility = "visible";  // echte Höhe messen
            const seite = document.querySelector("article").getBoundingClientRect().height;
            return bloecke.filter(e => e.querySelector("h1") || e.getBoundingClientRect().height > seite / 2)
                .map(e => `${e.tagName}.${e.className}`);
        }""")
        assert not zu_gross, f"{pfad or 'Start'}: eingedämmt ist fast die ganze Seite oder ihr Titel: {zu_gross}"


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
    // Oben blendet Material den Titel der Seite im Kopf wieder aus und den des Kurses ein: axe prüft
    // erst danach, sonst misst es den Kontrast einer halb durchsichtigen Schrift.
    await new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)));
    const fertig = Promise.all(document.getAnimations().filter(a => a.effect?.getTiming().iterations !== Infinity)
        .map(a => a.finished.catch(() => {})));
    await Promise.race([fertig, new Promise(r => setTimeout(r, 2000))]);
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
    # Dunkel ist derselbe Besuch mit anderen Farben: Nur die Regeln, die Farben prüfen, können
    # anders ausgehen. Alle Regeln laufen hell.
    nur = ["color-contrast", "link-in-text-block"] if farbschema == "dark" else None
    verstoesse = page.evaluate("""async (nur) => {
        const optionen = { resultTypes: ["violations"] };
        if (nur) optionen.runOnly = { type: "rule", values: nur };
        const { violations } = await axe.run(document, optionen);
        return violations.filter(v => ["moderate", "serious", "critical"].includes(v.impact)).map(v =>
            `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")})`);
    }""", nur)
    assert not verstoesse, "axe-core meldet:\n" + "\n".join(verstoesse)


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
