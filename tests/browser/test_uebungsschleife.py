"""Die Schleife einer Übung im Browser (docs/assets/kurs-lauf.js, kurs-editor.js): Zurücksetzen
verliert nichts, Bestanden und Nicht bestanden sind unverwechselbar, ein Fehler zeigt auf seine
Zeile und spricht Deutsch, und das Ergebnis eines Laufs ersetzt die Ausgabe der Seite.

Für die Läufe mit Python je Kapitel ein Tab (geteilte_kapitel_tabs, conftest.py)."""

import pytest
from im_browser import KURS, block, ergebnis, klicke_und_warte, leiste, programme, setze_code
from lesefehler import VORHER, alle_faelle
from test_lauf import FAELLE

from kurs.lauf import Fehlermeldung, lauf
from kurs.modell import WURZEL

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"
BREITEN = {"handy": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
MATERIAL_SCHEMA = {"light": "default", "dark": "slate"}
GESPEICHERT = "n => localStorage.getItem(`kurs:${n}`)"


def nummer_von(page, uebung: str, rolle: str = "vorlage") -> int:
    return next(i for i, b in enumerate(programme(page)["bloecke"]) if b.get("uebung") == uebung and b["rolle"] == rolle)


def text_von(page, nummer: int) -> str:
    return block(page, nummer).evaluate("b => b.kursText()")


def knopf(page, nummer: int, name: str):
    return leiste(page, nummer).get_by_role("button", name=name, exact=True)


def rueckgaengig(page, nummer: int):
    return block(page, nummer).locator("xpath=following-sibling::p[contains(@class,'kurs-rueckgaengig')][1]")


# --- Zurücksetzen verliert nichts ---------------------------------------------------------


@pytest.fixture(scope="module")
def mit_uhr(chromium):
    """Ein Kontext mit Playwrights Uhr: So vergeht die Zeit für das Angebot „Rückgängig“ im Test
    sofort. Nicht im Profil: Die Uhr gilt für jeden Tab eines Kontexts, bis er schließt; im Profil
    liefe sie auch in den geteilten Tabs (kapitel_pool) und allen späteren Tests."""
    kontext = chromium.new_context()
    kontext.clock.install()
    yield kontext
    kontext.close()


@pytest.mark.parametrize("breite", BREITEN, ids=list(BREITEN))
def test_zuruecksetzen_laesst_sich_rueckgaengig_machen_und_behaelt_die_loesung(neuer_besuch, mit_uhr, breite):
    besuch = neuer_besuch("light", viewport=BREITEN[breite], kontext=mit_uhr)
    page = besuch.page
    besuch.oeffne("teil-2/")
    uebung = "teil-2/uebung-1"
    vorlage = KURS.uebung(uebung).vorlage
    nummer = nummer_von(page, uebung)
    # Wie eine Leserin: in den Block klicken und tippen.
    block(page, nummer).locator("code").click()
    page.wait_for_function("b => b.querySelector('.cm-content') === document.activeElement",
                           arg=block(page, nummer).element_handle())
    page.keyboard.press("Control+End")
    page.keyboard.type("# meine Lösung")
    eigene = text_von(page, nummer)
    assert eigene.endswith("# meine Lösung") and page.evaluate(GESPEICHERT, uebung) == eigene

    knopf(page, nummer, "Zurücksetzen").click()
    assert text_von(page, nummer) == vorlage
    angebot = rueckgaengig(page, nummer)
    assert angebot.get_attribute("role") == "status"
    assert "Deine Fassung bleibt gespeichert" in angebot.inner_text()
    # Das Angebot bleibt stehen, auch nach mehr als 10 s, und die Lösung gespeichert.
    page.clock.run_for(11_000)
    assert angebot.get_by_role("button", name="Rückgängig").is_visible()
    assert page.evaluate(GESPEICHERT, uebung) == eigene

    angebot.get_by_role("button", name="Rückgängig").click()
    assert text_von(page, nummer) == eigene
    assert angebot.count() == 0
    assert page.evaluate("document.activeElement.textContent") == "Zurücksetzen"

    # Strg+Z im Editor macht das Zurücksetzen ebenso rückgängig.
    knopf(page, nummer, "Zurücksetzen").click()
    block(page, nummer).locator(".cm-content").focus()
    page.keyboard.press("Control+z")
    assert text_von(page, nummer) == eigene

    # Neu geladen, ohne etwas zu ändern: Die Lösung ist noch da.
    knopf(page, nummer, "Zurücksetzen").click()
    # Der Klick in den Block lud Python vor; in diesem Kontext ohne Cache dauert das, und Neuladen
    # bräche es ab (eine fehlgeschlagene Anfrage).
    besuch.bis_nichts_mehr_laedt()
    page.reload(wait_until="load")
    page.wait_for_function("b => b.kursText && b.querySelector('.cm-content')", arg=block(page, nummer).element_handle())
    assert text_von(page, nummer) == eigene

    # Erst eine Änderung nach dem Zurücksetzen bestätigt den Neuanfang.
    knopf(page, nummer, "Zurücksetzen").click()
    block(page, nummer).locator(".cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("# neu")
    assert page.evaluate(GESPEICHERT, uebung) == vorlage + "# neu"
    assert rueckgaengig(page, nummer).count() == 0
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


# --- Bestanden und nicht bestanden --------------------------------------------------------

AUSSEHEN = """el => {
    const stil = (e) => e && getComputedStyle(e);
    const zeichen = el.querySelector('.kurs-zeichen');
    return {
        zeichen: zeichen?.textContent, zeichen_sichtbar: !!zeichen?.checkVisibility(),
        zeichen_versteckt_fuer_screenreader: zeichen?.getAttribute('aria-hidden') === 'true',
        grund: stil(el).backgroundColor, rand: stil(el).borderLeftColor,
        titelfarbe: stil(el.querySelector('.kurs-ergebnis-titel')).color,
        meldung_schrift: stil(el.querySelector('.kurs-meldung'))?.fontFamily ?? null,
        text_schrift: stil(document.querySelector('article p')).fontFamily,
        code_schrift: stil(document.querySelector('article pre code')).fontFamily,
        ansage: el.getAttribute('role'),
    };
}"""


def test_bestanden_und_nicht_bestanden_sind_unverwechselbar(geteilte_kapitel_tabs, farbschema):
    besuch = geteilte_kapitel_tabs("teil-1/")
    page = besuch.page
    schema = MATERIAL_SCHEMA[farbschema]
    page.evaluate("s => document.querySelector(`input[data-md-color-scheme='${s}']`).click()", schema)
    page.wait_for_function("s => document.body.dataset.mdColorScheme === s", arg=schema)
    uebung = KURS.uebung("teil-1/uebung-3")
    nummer = nummer_von(page, uebung.name)

    setze_code(page, nummer, uebung.vorlage)
    assert klicke_und_warte(page, nummer, "Prüfen").titel == "Nicht bestanden"
    falsch = ergebnis(page, nummer).evaluate(AUSSEHEN)
    setze_code(page, nummer, uebung.loesung)
    assert klicke_und_warte(page, nummer, "Prüfen").titel == "Bestanden"
    richtig = ergebnis(page, nummer).evaluate(AUSSEHEN)

    assert (falsch["zeichen"], richtig["zeichen"]) == ("✗", "✓")
    for aussehen in (falsch, richtig):
        assert aussehen["zeichen_sichtbar"] and aussehen["zeichen_versteckt_fuer_screenreader"]
        assert aussehen["ansage"] == "status"  # Der Screenreader hört Titel und Meldung.
    assert falsch["grund"] != richtig["grund"] and falsch["rand"] != richtig["rand"]
    assert falsch["titelfarbe"] != richtig["titelfarbe"]
    # Die Meldung ist ein Satz: in der Schrift des Textes, nicht in der des Codes.
    assert falsch["meldung_schrift"] == falsch["text_schrift"] != falsch["code_schrift"]
    # Jede Farbe hebt sich ab, in beiden Schemata (nur dieses Ergebnis; die Seite prüft test_seiten.py).
    setze_code(page, nummer, uebung.vorlage)
    klicke_und_warte(page, nummer, "Prüfen")
    page.add_script_tag(path=AXE)
    for _ in ("nicht bestanden", "bestanden"):
        verstoesse = page.evaluate("""async el => (await axe.run(el, { resultTypes: ["violations"] })).violations
            .map(v => `${v.id}: ${v.nodes.map(n => n.failureSummary).join('; ')}`)""", ergebnis(page, nummer).element_handle())
        assert not verstoesse, verstoesse
        setze_code(page, nummer, uebung.loesung)
        klicke_und_warte(page, nummer, "Prüfen")
    page.evaluate("() => document.querySelector(`input[data-md-color-scheme='default']`).click()")


# --- Fehler: deutsch, mit markierter Zeile -------------------------------------------------


def test_haeufige_fehler_im_browser_auf_deutsch(geteilte_kapitel_tabs):
    """Dieselben Fälle wie tests/test_lauf.py und alle des Erzeugers tests/lesefehler.py, in Pyodide
    (dort läuft eine neuere Python-Version): dieselbe deutsche Erklärung und dieselbe Zeile wie in
    CPython, Pythons Meldung in Klammern."""
    page = geteilte_kapitel_tabs("teil-1/").page
    faelle = [("", code, zeile) for code, (_, zeile) in FAELLE.items()] + [
        (VORHER, fall.code, fall.zeile) for fall in alle_faelle()]
    ergebnisse = page.evaluate("""async faelle => {
        const worker = new Worker(new URL("../assets/kurs-worker.js", location.href), { type: "module" });
        const ergebnisse = [];
        for (const [id, [vorher, code]] of faelle.entries()) {
            ergebnisse.push(await new Promise(weiter => {
                worker.onmessage = ({ data }) => data.status === "fertig" && weiter(data.ergebnis);
                worker.postMessage({ id, auftrag: "lauf", teile: [vorher, code, ""] });
            }));
        }
        worker.terminate();
        return ergebnisse;
    }""", [list(f[:2]) for f in faelle])
    for (vorher, code, zeile), im_browser in zip(faelle, ergebnisse, strict=True):
        with pytest.raises(Fehlermeldung) as in_cpython:
            lauf(vorher, code)
        deutsch = str(in_cpython.value).partition(" (Python: ")[0]
        assert im_browser["meldung"].partition(" (Python: ")[0] == deutsch, im_browser["meldung"]
        assert " (Python: " in im_browser["meldung"] and im_browser["zeile"] == zeile, im_browser


def zeilen_markiert(page, nummer: int) -> list[int]:
    """Die Nummern (ab 1) der Zeilen, die der Editor als Fehlerzeile markiert."""
    return block(page, nummer).evaluate("""b => [...b.querySelectorAll('.cm-line')]
        .map((z, i) => z.classList.contains('kurs-fehlerzeile') ? i + 1 : 0).filter(Boolean)""")


def test_die_zeile_eines_fehlers_ist_im_editor_markiert(geteilte_kapitel_tabs):
    page = geteilte_kapitel_tabs("teil-2/").page
    # Ein Beispiel, dessen Editor noch nicht offen ist: Er öffnet sich für die Markierung.
    nummer = 2
    assert not block(page, nummer).locator(".cm-editor").count(), "Der Editor ist schon offen; der Test prüft nichts"
    setze_code(page, nummer, "x = 1\ny = 2\nprint('Summe: ' + x)\n")
    assert klicke_und_warte(page, nummer).meldung.startswith("Falscher Typ in Zeile 3:")
    # Namen in `Backticks` setzt die Seite als Code (kurs-lauf.js, mitCode).
    assert ergebnis(page, nummer).locator(".kurs-meldung code").all_text_contents()[:4] == ["str", "int", "+", "str(...)"]
    page.wait_for_function("b => b.querySelector('.kurs-fehlerzeile')", arg=block(page, nummer).element_handle())
    assert zeilen_markiert(page, nummer) == [3]
    # Eine Änderung am Code nimmt die Markierung weg.
    block(page, nummer).locator(".cm-content").click()
    page.keyboard.type("#")
    assert zeilen_markiert(page, nummer) == []
    # Beim Prüfen zeigt ein Fehler in deiner Funktion auf ihre Zeile in deiner Lösung.
    uebung = nummer_von(page, "teil-2/uebung-2")
    setze_code(page, uebung, "def verarbeite_alle(q, handler, max_versuche, dlq):\n    return 1 / 0\n")
    meldung = klicke_und_warte(page, uebung, "Prüfen").meldung
    assert meldung.startswith("Beim Prüfen scheitert deine Lösung. Division durch null in Zeile 2:"), meldung
    page.wait_for_function("b => b.querySelector('.kurs-fehlerzeile')", arg=block(page, uebung).element_handle())
    assert zeilen_markiert(page, uebung) == [2]
    for n in (nummer, uebung):
        knopf(page, n, "Zurücksetzen").click()


# --- Das Ergebnis ersetzt die Ausgabe der Seite -------------------------------------------


def seitenausgabe(page, nummer: int):
    return block(page, nummer).locator("xpath=following-sibling::div[contains(@class,'language-text')][1]")


def test_ergebnis_ersetzt_die_ausgabe_der_seite_solange_es_dasteht(geteilte_kapitel_tabs):
    page = geteilte_kapitel_tabs("teil-2/").page
    daten = programme(page)
    nummer = next(i for i, b in enumerate(daten["bloecke"]) if b.get("ausgabe") and "uebung" not in b)
    seite = daten["bloecke"][nummer]["ausgabe"]
    knopf(page, nummer, "Zurücksetzen").click()
    assert seitenausgabe(page, nummer).is_visible()

    assert klicke_und_warte(page, nummer) == ("Ausgabe (wie auf der Seite)", seite, "")
    assert seitenausgabe(page, nummer).is_hidden(), "Zwei Ausgaben übereinander"
    # Anders als auf der Seite: Die Ausgabe der Seite steht zum Vergleich darunter, eingeklappt.
    setze_code(page, nummer, text_von(page, nummer) + "print('noch etwas')\n")
    assert klicke_und_warte(page, nummer) == ("Ausgabe (anders als auf der Seite)", seite + "noch etwas\n", "")
    assert ergebnis(page, nummer).locator(".kurs-vergleich pre").text_content() == seite
    assert seitenausgabe(page, nummer).is_hidden()
    # Zurücksetzen: Das Ergebnis geht, die Ausgabe der Seite kommt wieder.
    knopf(page, nummer, "Zurücksetzen").click()
    assert ergebnis(page, nummer).inner_text() == ""
    assert seitenausgabe(page, nummer).is_visible()


# --- Hinweise: einzeln, auf Nachfrage, vor der Lösung ---------------------------------------


def test_hinweise_kommen_einzeln_und_vor_der_loesung(neuer_besuch, farbschema):
    besuch = neuer_besuch(farbschema, viewport=BREITEN["handy"])
    besuch.oeffne("teil-2/")
    besuch.alles_rechnen()  # sonst misst der Test die Platzhalter der Blöcke weit unten
    page = besuch.page
    for uebung in (u for u in KURS.uebungen.values() if u.kapitel == "teil-2"):
        anzahl = len(uebung.hinweise)
        rahmen = page.locator(f"h3#{uebung.anker} ~ .kurs-hinweise").first
        assert sichtbar(rahmen) == [f"Hinweis 1 von {anzahl}"], uebung.name
        # Die Hinweise stehen vor dem Kasten „Lösung“ dieser Übung.
        assert rahmen.evaluate("""r => {
            let e = r.nextElementSibling;
            while (e && !(e.matches('details.success') && e.querySelector('summary').textContent === 'Lösung')) e = e.nextElementSibling;
            return !!e;
        }""")
        # Mit der Tastatur, wie jeder Kasten: Tab auf den Titel, Enter öffnet.
        for nummer in range(1, anzahl + 1):
            rahmen.locator("summary").nth(nummer - 1).focus()
            page.keyboard.press("Enter")
            assert rahmen.locator("p").nth(nummer - 1).inner_text() == _ohne_code(uebung.hinweise[nummer - 1].text)
            assert sichtbar(rahmen) == [f"Hinweis {n} von {anzahl}" for n in range(1, min(nummer + 1, anzahl) + 1)]
    page.add_script_tag(path=AXE)
    verstoesse = page.evaluate("""async () => (await axe.run(".kurs-hinweise", { resultTypes: ["violations"] }))
        .violations.map(v => `${v.id}: ${v.nodes.map(n => n.failureSummary).join('; ')}`)""")
    assert not verstoesse, verstoesse
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


def sichtbar(rahmen) -> list[str]:
    """Die Titel der Hinweise, die gerade zu sehen sind."""
    return rahmen.locator("summary").filter(visible=True).all_inner_texts()


def _ohne_code(text: str) -> str:
    """Der Text eines Hinweises, wie er dasteht: `Code` ohne die Backticks."""
    return text.replace("`", "")
