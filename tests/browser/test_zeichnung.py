"""Dein Lauf, gezeichnet (Issue 48; docs/assets/kurs-zeichnung.js): Die Zeichnung lädt erst mit der ersten
Aufzeichnung, zeigt bei einem typischen Fehler von Teil 2, Übung 2 die wiederholten Zustellungen (in
Worten, lange Wiederholungen zusammengefasst), führt von einem Schritt in seine Zeile im Editor, passt
auf 390 und 320 px ohne seitliches Scrollen, mit Text ab 11 px und 4,5:1 in beiden Schemata, und
axe-core findet nichts. Für den Screenreader ist sie eine geordnete Liste von Sätzen.

Übung 2 läuft Ende zu Ende (Prüfen in Pyodide, der Rekorder kurs/aufzeichnung.py schickt, was geschah).
Die übrigen Tests schicken Aufzeichnungen aus tests/zeichnung_beispiele.py als Ereignis „kurs:aufzeichnung“
an den Block, wie kurs-lauf.js nach einem Lauf: ohne Python, und mit Fällen, die ein Lauf selten hat.
"""

import re

import pytest
import zeichnung_beispiele as beispiele
from im_browser import block, ergebnis, in_variante, klicke_und_warte, kontrast, programme, setze_code

from kurs.modell import WURZEL

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"
UEBUNG = "teil-2/uebung-2"
ZEICHNUNG = ("/kurs-zeichnung.js", "/kurs-zeichnung.css")
MIN_SCHRIFT_PX = 11
# Die Zeichnung ist fertig, wenn auch die Zeilen nach dem ersten Bild da sind.
FERTIG = "d => !d.querySelector('[aria-busy]')"


def vorlage(page) -> int:
    return next(i for i, b in enumerate(programme(page)["bloecke"])
                if b.get("uebung") == UEBUNG and b["rolle"] == "vorlage")


def schicke(page, nummer: int, aufzeichnung: dict) -> None:
    """Schickt die Aufzeichnung an den Block, wie kurs-lauf.js nach einem Lauf, und wartet auf die Zeichnung."""
    vorher = ergebnis(page, nummer).locator(".kurs-zeichnung").count()
    block(page, nummer).evaluate("(b, a) => b.dispatchEvent(new CustomEvent('kurs:aufzeichnung', { detail: a }))",
                                 aufzeichnung)
    if aufzeichnung["schritte"]:
        warte_bis_fertig(ergebnis(page, nummer).locator(".kurs-zeichnung").nth(vorher))


def warte_bis_fertig(zeichnung) -> None:
    zeichnung.wait_for()
    zeichnung.page.wait_for_function(FERTIG, arg=zeichnung.element_handle())


def teil_2(neuer_besuch) -> tuple:
    """Ein neuer Tab mit Teil 2 und die Nummer des Blocks, an den die Aufzeichnungen gehen."""
    besuch = neuer_besuch("light")
    besuch.oeffne("teil-2/")
    return besuch.page, vorlage(besuch.page)


def geladen(besuch) -> list[str]:
    return [u for u in besuch.anfragen if u.endswith(ZEICHNUNG)]


@pytest.fixture(scope="module")
def uebung_tab(geteilte_kapitel_tabs):
    """Teil 2 mit einem typischen Fehler von Übung 2, geprüft (Python läuft), und seiner Aufzeichnung."""
    besuch = geteilte_kapitel_tabs("teil-2/")
    page = besuch.page
    nummer = vorlage(page)
    u = beispiele.UEBUNG_2
    setze_code(page, nummer, u.kandidat(next(f for f in u.fehler if f.name == "kein Ack nach der DLQ")))
    assert klicke_und_warte(page, nummer, "Prüfen").titel == "Nicht bestanden"
    warte_bis_fertig(ergebnis(page, nummer).locator(".kurs-zeichnung").first)
    return besuch, nummer


def test_vor_einem_lauf_mit_schritten_laedt_keine_zeichnung(neuer_besuch):
    besuch = neuer_besuch("light")
    besuch.oeffne("teil-2/")
    page = besuch.page
    assert "kurs-zeichnung" not in page.content(), "Die Seite nennt die Zeichnung schon beim Laden"
    assert not geladen(besuch), "Zeichnung beim Laden der Seite geholt"
    # Ein Lauf ohne Schritte zeigt nur seinen Grund und lädt nichts.
    nummer = vorlage(page)
    grund = "Für diesen Lauf gibt es keine Zeichnung: Dein Code setzt selbst sys.settrace."
    schicke(page, nummer, {"teilnehmer": [], "schritte": [], "teilweise": False, "grund": grund})
    assert ergebnis(page, nummer).locator(".kurs-zeichnung-grund").text_content() == grund
    besuch.bis_nichts_mehr_laedt()
    assert not geladen(besuch), "Zeichnung geholt, obwohl der Lauf keine Schritte hat"
    schicke(page, nummer, beispiele.queue_demo())
    assert sorted(u.rsplit("/", 1)[1] for u in geladen(besuch)) == ["kurs-zeichnung.css", "kurs-zeichnung.js"]
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


def test_typischer_fehler_zeigt_die_wiederholten_zustellungen(uebung_tab):
    """Ende zu Ende: Die Prüfung lief in Pyodide, der Rekorder (kurs/aufzeichnung.py) schickte, was geschah."""
    besuch, nummer = uebung_tab
    zeichnung = ergebnis(besuch.page, nummer).locator(".kurs-zeichnung")
    # Nicht bestanden: Die Zeichnung steht offen da.
    assert zeichnung.evaluate("d => d.open")
    saetze = zeichnung.locator("ol > li").all_text_contents()
    gift = [s for s in saetze if s.startswith("Queue an Konsument: Zustellung ID 2,")]
    # In Worten, nicht nur in Farbe: Jede erneute Zustellung heißt „erneut“, mit dem Zähler der Queue (den nennt
    # der Text des Rekorders, die Zeichnung wiederholt ihn nicht), weit über max_versuche = 3.
    assert "erneut" not in gift[0] and all(", erneut" in z for z in gift[1:]), gift
    zaehler = [int(re.search(r"versuche\s=\s(\d+)", z)[1]) for z in gift]
    assert zaehler[:4] == [1, 2, 3, 4] and zaehler == sorted(zaehler) and zaehler[-1] > 100, gift
    assert all(len(re.findall(r"\d+", z.split(" Zeile ")[0])) == 2 for z in gift), "Zähler doppelt genannt"
    mehr = [s for s in saetze if s.startswith("…")]
    assert len(mehr) == 1 and re.fullmatch(r"… \d+-mal dieselben 8 Schritte \(leere Abfrage, Tick, leere Abfrage, "
                                           r"Tick, wieder sichtbar, Zustellung, Absturz, in die DLQ\), "
                                           r"5\. bis \d+\. Zustellung", mehr[0]), mehr
    # Der Rekorder hörte nach seiner Grenze auf; das steht da.
    assert zeichnung.locator(".kurs-zeichnung-teilweise").text_content().startswith("Nur ein Teil des Laufs: ")
    # Die Zeichnung sagt nichts, was nicht aufgezeichnet ist.
    text = zeichnung.text_content()
    assert "verloren" not in text and "doppelt" not in text
    assert not besuch.fehler, besuch.fehler


def test_screenreader_liest_eine_geordnete_liste_von_saetzen(uebung_tab):
    besuch, nummer = uebung_tab
    # Der Punkt steht für sich (kurs-unsichtbar); Chromium setzt ein Leerzeichen davor.
    baum = ergebnis(besuch.page, nummer).locator(".kurs-zeichnung-schritte").aria_snapshot().replace(" .", ".")
    zeilen = baum.splitlines()
    assert zeilen[0] == "- list:"
    assert zeilen[1] == '  - listitem: "Producer an Queue: send -> ID 1."', zeilen[:3]
    assert '    - text: "Konsument: ValueError: kaputtes Format: gift."\n    - button "Zeile 8"' in baum
    # Die Namen über den Spalten liest er nicht: Jeder Satz nennt seine Teilnehmer selbst.
    assert ergebnis(besuch.page, nummer).locator(".kurs-zeichnung-kopf").get_attribute("aria-hidden") == "true"


def test_ein_schritt_fuehrt_in_seine_zeile_im_editor(uebung_tab):
    besuch, nummer = uebung_tab
    page = besuch.page
    ergebnis(page, nummer).get_by_role("button", name="Zeile 8").first.click()
    markiert = block(page, nummer).locator(".cm-line.kurs-schrittzeile")
    markiert.wait_for()
    assert markiert.text_content().strip() == 'handler(m["body"])'
    # Die Schreibmarke steht dort, und der Editor hat den Fokus.
    assert page.evaluate("""() => {
        const s = getSelection();
        return document.activeElement.matches('.cm-content') && s.anchorNode.parentElement.closest('.cm-line')
            .classList.contains('kurs-schrittzeile');
    }""")


def test_bestanden_je_szenario_eine_zeichnung_zugeklappt(uebung_tab):
    besuch, nummer = uebung_tab
    page = besuch.page
    setze_code(page, nummer, beispiele.UEBUNG_2.loesung)
    assert klicke_und_warte(page, nummer, "Prüfen").titel == "Bestanden"
    zeichnungen = ergebnis(page, nummer).locator(".kurs-zeichnung")
    zeichnungen.nth(1).wait_for()
    assert [z.evaluate("d => [d.open, d.querySelector('summary').textContent.split(' (')[0]]")
            for z in zeichnungen.all()] == [[False, "Dein Lauf, gezeichnet: Mit max_versuche = 3"],
                                            [False, "Dein Lauf, gezeichnet: Mit max_versuche = 1"]]


def test_veroeffentlichen_zeigt_den_inhalt(neuer_besuch):
    """Teil 2, Übung 4: Ob die nachricht_id nach dem Absturz dieselbe bleibt, steht nur im Inhalt."""
    page, nummer = teil_2(neuer_besuch)
    schicke(page, nummer, beispiele.pruefen("teil-2/uebung-4"))
    zeichnung = ergebnis(page, nummer).locator(".kurs-zeichnung", has_text="Absturz nach dem Senden")
    inhalte = zeichnung.locator(".kurs-schritt-veroeffentliche code").all_text_contents()
    assert len(inhalte) == 3 and inhalte[0] == inhalte[1] != inhalte[2], inhalte
    assert all(i.startswith("{'nachricht_id': '") for i in inhalte), inhalte


def test_erst_ein_bildschirm_dann_der_rest(neuer_besuch):
    """Ins erste Bild kommen nur die ersten Zeilen (schnell bis zur Zeichnung); der Screenreader hört bis zum
    Rest „beschäftigt“ (aria-busy), danach steht jeder Schritt in der Liste."""
    page, nummer = teil_2(neuer_besuch)
    schicke(page, nummer, beispiele.queue_demo())  # lädt die Zeichnung
    aufzeichnung = beispiele.uebung_2(None)
    zeilen = block(page, nummer).evaluate("""(b, a) => new Promise((fertig) => {
        const ergebnis = b.nextElementSibling.nextElementSibling;
        const vorher = ergebnis.querySelectorAll("ol").length;
        new MutationObserver((_, beobachter) => {
            const liste = ergebnis.querySelectorAll("ol")[vorher];
            if (!liste) return;
            beobachter.disconnect();
            const erst = [liste.children.length, liste.getAttribute("aria-busy")];
            requestAnimationFrame(() => setTimeout(() => fertig([...erst, liste.children.length, liste.getAttribute("aria-busy")])));
        }).observe(ergebnis, { childList: true, subtree: true });
        b.dispatchEvent(new CustomEvent("kurs:aufzeichnung", { detail: a }));
    })""", aufzeichnung)
    assert zeilen == [16, "true", len(aufzeichnung["schritte"]), None], zeilen


def test_lange_wiederholungen_zusammengefasst(neuer_besuch):
    page, nummer = teil_2(neuer_besuch)
    schicke(page, nummer, beispiele.uebung_2("kein tick() bei None"))
    saetze = ergebnis(page, nummer).locator(".kurs-zeichnung ol > li").all_text_contents()
    leer = "Queue an Konsument: receive(): nichts sichtbar. Zeile 3"
    i = saetze.index(leer)
    assert saetze[i:] == [leer, leer, "… 98 weitere leere Abfragen", leer], saetze[i:]
    # Eine Aufzeichnung, die vor dem Ende des Laufs aufhört, sagt es.
    schicke(page, nummer, beispiele.uebung_2(None, grenze=30))
    teilweise = ergebnis(page, nummer).locator(".kurs-zeichnung-teilweise").last
    assert teilweise.text_content() == "Nur ein Teil des Laufs: Nach 30 Schritten endet die Aufzeichnung."


# Jedes Element der Zeichnung mit eigenem Text: Schriftgröße, Farbe und was hinter seiner Mitte liegt,
# von oben bis zur ersten deckenden Farbe (wie test_diagramme_gezeichnet.py), und ob es über den Rand ragt.
MESSEN = """z => {
    const texte = [...z.querySelectorAll("*")].filter(e => e.checkVisibility()
        && [...e.childNodes].some(k => k.nodeType === 3 && k.textContent.trim()));
    return {
        breit: document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ueber_den_rand: [...z.querySelectorAll("*")].filter(e => e.getBoundingClientRect().right
            > document.documentElement.clientWidth).map(e => e.className),
        texte: texte.map(e => {
            e.scrollIntoView({ block: "center" });
            const r = e.getBoundingClientRect();
            const farben = [];
            for (const hinten of document.elementsFromPoint(r.x + r.width / 2, r.y + r.height / 2)) {
                if (hinten !== e && e.contains(hinten)) continue;
                const farbe = getComputedStyle(hinten).backgroundColor;
                if (farbe === "transparent" || farbe.endsWith(", 0)")) continue;
                farben.push(farbe);
                if (!farbe.startsWith("rgba")) break;
            }
            return { text: e.textContent.trim().slice(0, 40), farbe: getComputedStyle(e).color,
                     schrift: parseFloat(getComputedStyle(e).fontSize), schichten: farben };
        }),
    };
}"""


def test_auf_dem_handy_lesbar_und_ohne_seitliches_scrollen(neuer_besuch):
    """Auf 320 und 390 px, hell und dunkel, nacheinander im selben Tab (Issue 50): Je Variante zeichnet
    der Block neu, in der Breite und im Schema, die dann gelten."""
    besuch = neuer_besuch("light")
    besuch.oeffne("teil-2/")
    page = besuch.page
    besuch.alles_rechnen()
    nummer = vorlage(page)
    page.add_script_tag(path=AXE)
    for farbschema in ("light", "dark"):
        for breite in (320, 390):
            with in_variante(farbschema, breite):
                page.set_viewport_size({"width": breite, "height": 800})
                besuch.farbschema(farbschema)
                # Wie nach einem Lauf, der nicht bestand: Die Zeichnung steht offen im roten Ergebnis.
                ergebnis(page, nummer).evaluate("e => { e.className = 'kurs-ergebnis kurs-fehler'; "
                                                "e.innerHTML = '<p class=\"kurs-ergebnis-titel\">Nicht bestanden</p>'; }")
                schicke(page, nummer, beispiele.uebung_2("kein Ack nach der DLQ"))
                zeichnung = ergebnis(page, nummer).locator(".kurs-zeichnung")
                m = zeichnung.evaluate(MESSEN)
                assert not m["breit"] and not m["ueber_den_rand"], m["ueber_den_rand"][:5]
                assert len(m["texte"]) > 100, "Findet der Test die Texte der Zeichnung noch?"
                klein = [(t["text"], t["schrift"]) for t in m["texte"] if t["schrift"] < MIN_SCHRIFT_PX]
                assert not klein, klein[:5]
                seite = page.evaluate("getComputedStyle(document.body).backgroundColor")
                blass = {(t["text"], round(kontrast(t["farbe"], t["schichten"], seite), 2)) for t in m["texte"]}
                assert not [b for b in blass if b[1] < 4.5], sorted(b for b in blass if b[1] < 4.5)[:5]
                verstoesse = page.evaluate("""async () => {
                    const { violations } = await axe.run({ include: [".kurs-zeichnung"] }, { resultTypes: ["violations"] });
                    return violations.map(v => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join("; ")})`);
                }""")
                assert not verstoesse, "axe-core meldet:\n" + "\n".join(verstoesse)
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)
