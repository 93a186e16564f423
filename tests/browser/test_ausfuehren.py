"""Beispiele ausführen im Browser (docs/assets/kurs-lauf.js, Pyodide im Web Worker): Python lädt
erst beim ersten Klick, jedes Beispiel druckt seine Ausgabe, Fehler zeigen deutsche Meldungen,
Strg+Enter und die Knöpfe gehen per Tastatur, Stopp und Zeitlimit beenden eine Endlosschleife.
Das Prüfen der Übungen prüft test_uebungen_im_browser.py.

Je Kapitel ein Tab (kapitel_tabs, conftest.py): Python lädt einmal (kalt), danach laufen alle
Blöcke warm. Der Start von Python kostet auf 2 Kernen rund 1 s: Darum teilen sich die Tests die
Tabs, in der Reihenfolge dieser Datei.
"""

import re

import pytest
from im_browser import (
    KAPITEL,
    KURS,
    block,
    ergebnis,
    im_worker,
    klicke_und_warte,
    leiste,
    programme,
    setze_code,
    warte_auf_ergebnis,
)

from kurs import vendor
from pflege.vendor_holen import auftraege


@pytest.mark.parametrize("kapitel", KAPITEL)
def test_python_laedt_erst_beim_ersten_klick(kapitel_tabs, kapitel):
    besuch = kapitel_tabs(kapitel)
    assert not [u for u in besuch.anfragen if "/pyodide/" in u], "Pyodide wurde beim Laden der Seite geholt"
    assert not [u for u in besuch.anfragen if u.endswith("/programme.json")], "programme.json beim Laden geholt"
    # Was erst nach einem Lauf zählt (kurs-ergebnis.js), kostet das Laden der Seite kein Byte.
    assert not [u for u in besuch.anfragen if u.endswith("/kurs-ergebnis.js")], "kurs-ergebnis.js beim Laden geholt"
    assert besuch.page.locator(".kurs-leiste").count() == len(programme(besuch.page)["bloecke"])


def test_ohne_javascript_keine_knoepfe_die_nichts_tun(neuer_besuch):
    """Die Knöpfe stehen schon im HTML (kurs/seite/codebloecke.py); ohne JavaScript sind sie unsichtbar."""
    besuch = neuer_besuch("light", java_script_enabled=False)
    for kapitel in KAPITEL:
        besuch.page.goto(besuch.basis + kapitel)
        leisten = besuch.page.locator(".kurs-leiste")
        assert leisten.count() > 0, f"{kapitel}: keine Knöpfe im HTML"
        sichtbar = leisten.evaluate_all("ls => ls.filter(l => l.checkVisibility()).length")
        assert sichtbar == 0, f"{kapitel}: {sichtbar} Knopfleisten ohne JavaScript sichtbar"


def test_ohne_daten_der_seite_eine_meldung_und_beim_naechsten_klick_geht_es(kapitel_tabs):
    # Vor jedem anderen Lauf in diesem Tab: Der erste Klick holt programme.json.
    besuch = kapitel_tabs(KAPITEL[0])
    page = besuch.page
    page.route("**/programme.json", lambda route: route.abort("internetdisconnected"))
    titel, _, meldung = klicke_und_warte(page, 0)
    assert (titel, meldung) == ("Fehler", "Die Daten dieser Seite ließen sich nicht laden (keine Verbindung). "
                                          "Bist du offline? Versuch es noch einmal."), meldung
    # Die Meldung bleibt stehen; die Anzeige, wie weit Python geladen ist (alle 0,5 s), überschreibt sie nicht.
    page.wait_for_timeout(1200)
    assert ergebnis(page, 0).locator(".kurs-meldung").text_content() == meldung
    page.unroute("**/programme.json")
    # Die abgebrochene Anfrage war gewollt; spätere Tests in diesem Tab prüfen, dass sonst nichts scheitert.
    assert all("ERR_INTERNET_DISCONNECTED" in f for f in besuch.fehler) and besuch.fehler, besuch.fehler
    besuch.fehler.clear()
    assert klicke_und_warte(page, 0)[0].startswith("Ausgabe")


@pytest.mark.parametrize("kapitel", KAPITEL)
def test_jedes_beispiel_druckt_im_browser_seine_ausgabe(kapitel_tabs, kapitel):
    besuch = kapitel_tabs(kapitel)
    page = besuch.page
    for nummer, programm in enumerate(programme(page)["bloecke"]):
        if "uebung" in programm:
            continue
        titel, text, meldung = klicke_und_warte(page, nummer)
        assert titel.startswith("Ausgabe"), f"Block {nummer}: {titel}: {text} {meldung}"
        assert not leiste(page, nummer).get_by_role("button", name="Stopp").is_visible()
        if programm["ausgabe"] is not None:
            assert text == programm["ausgabe"], f"Block {nummer} druckt im Browser anderes als auf der Seite"
            # ... und die Seite zeigt genau diese Ausgabe im Block „Ausgabe“ darunter.
            gezeigt = block(page, nummer).locator(
                "xpath=following-sibling::div[contains(@class,'language-text')][1]//code").text_content()
            assert text == gezeigt
            assert titel == "Ausgabe (wie auf der Seite)"
    assert not besuch.fremde, f"Anfragen an fremde Hosts: {besuch.fremde}"
    assert not besuch.fehler, besuch.fehler

def test_syntaxfehler_zeigt_deutsche_meldung_mit_zeile(kapitel_tabs):
    page = kapitel_tabs("teil-2/").page
    setze_code(page, 2, "x = 1\nprint(x\n")
    titel, _, meldung = klicke_und_warte(page, 2)
    assert titel == "Fehler"
    assert meldung.startswith("Syntaxfehler in Zeile 2:")
    assert "Traceback" not in meldung and "pyodide" not in meldung.lower()


def test_ausnahme_zeigt_ausgabe_und_meldung(kapitel_tabs):
    page = kapitel_tabs("teil-2/").page
    setze_code(page, 2, "print('vorher')\nraise ValueError('kaputtes Format')\n")
    assert klicke_und_warte(page, 2) == ("Fehler", "vorher\n", "Unpassender Wert in Zeile 2: Der Typ passt, aber mit "
                                         "diesem Wert geht es nicht. (Python: ValueError: kaputtes Format)")


def test_strg_enter_fuehrt_aus_und_knoepfe_sind_per_tastatur_erreichbar(kapitel_tabs):
    page = kapitel_tabs("teil-2/").page
    leiste(page, 2).get_by_role("button", name="Zurücksetzen").click()  # der Code der Seite
    # In den Code, ob mit Editor (nach einem Fehler öffnet er sich für die Markierung) oder ohne.
    block(page, 2).evaluate("b => (b.querySelector('.cm-content') ?? b.querySelector('code')).focus()")
    erg = ergebnis(page, 2)
    erg.evaluate("el => el.replaceChildren()")
    page.keyboard.press("Control+Enter")
    page.wait_for_function("el => el.classList.contains('kurs-ok')", arg=erg.element_handle(), timeout=60_000)
    # Im Editor rückt Tab ein; nach Escape führt es hinaus (keine Tastaturfalle, test_editor.py).
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Ausführen"


def test_hinweise_der_knoepfe_zeigt_der_browser_ohne_tooltip_von_material(neuer_besuch):
    """Beim Zeigen oder Fokus nennt jeder Knopf seinen Hinweis als title, den der Browser zeigt.
    Richtete Material ihn als eigenen Tooltip ein (weil title schon im HTML stand), stünde statt
    title aria-describedby am Knopf: Das kostete beim Laden Blockierzeit (kurs/seite/codebloecke.py)."""
    besuch = neuer_besuch("light")
    besuch.oeffne("teil-2/")
    page = besuch.page
    # Erst der Fokus, solange die Maus noch über dem Kopf der Seite steht, dann die Maus.
    zuruecksetzen = leiste(page, 1).get_by_role("button", name="Zurücksetzen", exact=True)
    zuruecksetzen.focus()
    assert zuruecksetzen.evaluate("k => [k.title, k.getAttribute('aria-describedby')]") == [
        "Den ursprünglichen Code wiederherstellen", None]
    ausfuehren = leiste(page, 0).get_by_role("button", name="Ausführen", exact=True)
    ausfuehren.hover()
    assert ausfuehren.evaluate("k => [k.title, k.getAttribute('aria-describedby'), k.ariaKeyShortcuts]") == [
        "Strg+Enter", None, "Control+Enter"]

def test_code_im_zugeklappten_kasten_erscheint_beim_aufklappen(kapitel_tabs):
    """kurs.css rechnet Code in zugeklappten Kästen nicht (display: none); aufgeklappt ist er da."""
    page = kapitel_tabs("teil-2/").page
    loesung = KURS.uebung("teil-2/uebung-1").loesung
    kasten = page.locator("details").filter(has=page.locator(".highlight")).filter(has_text="def relay").first
    code = kasten.locator(".highlight code").first
    assert not code.is_visible()
    kasten.locator("summary").click()
    assert code.is_visible()
    assert code.text_content().strip() == loesung.strip()
    kasten.locator("summary").click()
    assert not code.is_visible()


def test_codebloecke_richtet_material_erst_beim_sichtbarwerden_ein(neuer_besuch):
    """content.lazy (mkdocs.yml): Beim Laden misst Material nur die sichtbaren Codeblöcke und
    gibt nur ihnen den Kopierknopf; die übrigen, sobald sie ins Bild kommen."""
    from playwright.sync_api import expect  # erst hier: Ohne Chromium lädt niemand Playwright
    besuch = neuer_besuch("light")
    page = besuch.page
    page.goto(besuch.basis + KAPITEL[0], wait_until="load")
    letzter = page.locator("article pre:has(> code)").filter(visible=True).last
    assert letzter.locator(".md-code__nav").count() == 0, "Material richtet auch unsichtbare Blöcke ein"
    letzter.scroll_into_view_if_needed()
    expect(letzter.locator(".md-code__nav")).to_have_attribute("role", "none")


# Zuletzt: Beide beenden Python im Tab von Teil 2; der erste startet es neu.


def test_endlosschleife_wird_gestoppt_und_die_seite_erholt_sich(kapitel_tabs):
    besuch = kapitel_tabs("teil-2/")
    page = besuch.page
    page.evaluate("window.kursZeitlimitS = 1")  # sonst 10 s
    wasm = lambda: sum(url.endswith("pyodide.asm.wasm") for url in besuch.anfragen)  # noqa: E731
    klicke_und_warte(page, 2)  # Python läuft schon
    vorher = wasm()
    setze_code(page, 2, "while True:\n    pass\n")
    titel, _, meldung = klicke_und_warte(page, 2)
    assert titel == "Fehler"
    assert "lief länger als 1 s und wurde gestoppt" in meldung
    # Die Seite reagiert, und der nächste Lauf klappt. Der neue Worker lädt Python gleich nach dem
    # Stopp (aus dem Cache), nicht erst beim nächsten Klick.
    assert page.evaluate("1 + 1") == 2
    for _ in range(100):
        if wasm() > vorher:
            break
        page.wait_for_timeout(50)
    assert wasm() > vorher, "Nach dem Stopp lädt der neue Worker Python nicht"
    leiste(page, 2).get_by_role("button", name="Zurücksetzen").click()
    assert klicke_und_warte(page, 2).titel == "Ausgabe (wie auf der Seite)"


def test_stopp_beendet_einen_lauf(kapitel_tabs):
    page = kapitel_tabs("teil-2/").page
    setze_code(page, 2, "while True:\n    pass\n")
    leiste(page, 2).get_by_role("button", name="Ausführen", exact=True).click()
    page.wait_for_function("el => el.querySelector('.kurs-ergebnis-titel')?.textContent === 'Läuft …'",
                           arg=ergebnis(page, 2).element_handle(), timeout=60_000)
    leiste(page, 2).get_by_role("button", name="Stopp").click()
    # Gestoppt hat die Leserin selbst: kein Fehler, keine rote Meldung.
    assert warte_auf_ergebnis(page, 2) == ("Gestoppt", "", "Du hast den Lauf gestoppt.")
    assert "kurs-fehler" not in ergebnis(page, 2).get_attribute("class")
    leiste(page, 2).get_by_role("button", name="Zurücksetzen").click()
    # Dass der nächste Lauf Python neu startet, zeigt der Test davor (derselbe Weg in
    # kurs-lauf.js). Darum steht dieser Test zuletzt: Kein Test danach braucht Python hier.


def test_code_laesst_sich_mit_maus_und_tastatur_bearbeiten(kapitel_tabs):
    """Den Editor bekommt ein Block erst beim ersten Klick oder Fokus (kurs-lauf.js); er hat dann
    die Schreibmarke, und Tippen ändert den Code."""
    page = kapitel_tabs("teil-1/").page
    for nummer, weg in [(3, "Klick"), (4, "Tab")]:
        code = block(page, nummer).locator("code")
        vorher = code.text_content()
        if weg == "Klick":
            code.click()
        else:
            code.focus()
        page.wait_for_function("b => b.querySelector('.cm-content') === document.activeElement",
                               arg=block(page, nummer).element_handle())
        page.keyboard.press("Control+End")
        page.keyboard.type("# neu")
        assert code.text_content().rstrip("\n").endswith("# neu"), (weg, code.text_content())
        setze_code(page, nummer, vorher)


def test_python_startet_mit_uebersetzter_standardbibliothek(neuer_besuch):
    """Die Standardbibliothek bringt .pyc mit (pflege/vendor_holen.py, vorkompilieren): Nach dem Start
    stammt kein Modul der Standardbibliothek aus dem Quelltext. Sonst übersetzt jeder Start
    rund 130 Module neu (2,5 s mehr auf 2 Kernen). Module, die erst ein Beispiel lädt, sind
    nicht verlangt: Ein neues Beispiel soll niemanden zu npm zwingen."""
    besuch = neuer_besuch("light")
    besuch.oeffne(KAPITEL[0])
    untersuchung = """
import sys, json.decoder
ZIP = "/lib/python{v.major}{v.minor}.zip/".format(v=sys.version_info)
herkunft = {n: getattr(getattr(m, "__spec__", None), "origin", None) or "" for n, m in list(sys.modules.items())}
aus_zip = {n: datei for n, datei in herkunft.items() if datei.startswith(ZIP)}  # ohne eingefrorene
print(len(aus_zip), sorted(n for n, datei in aus_zip.items() if not datei.endswith(".pyc")))
print(json.decoder.JSONDecoder.decode.__code__.co_filename)
"""
    (ergebnis,) = im_worker(besuch.page, [["lauf", "", untersuchung, ""]])
    assert ergebnis["ok"], ergebnis["meldung"]
    anzahl, aus_quelltext = ergebnis["ausgabe"].splitlines()[0].split(" ", 1)
    assert int(anzahl) > 100 and aus_quelltext == "[]", (
        f"Aus dem Quelltext übersetzt: {aus_quelltext}; neu ableiten mit `uv run python -m pflege.vendor_holen`")
    # Der Pfad, den auch das Übersetzen aus dem Quelltext einträgt: So finden Tracebacks ihre Zeilen.
    assert re.fullmatch(r"/lib/python3\d+\.zip/json/decoder\.py", ergebnis["ausgabe"].splitlines()[1])


def test_python_laedt_die_kleine_standardbibliothek_und_den_rest_erst_bei_bedarf(neuer_besuch):
    """Der Worker lädt python_stdlib_kurs.zip (kurs/vendor.py, kleine_stdlib) statt der ganzen
    Standardbibliothek und keine pyodide-lock.json: Jedes Beispiel und jede Übung des Kurses läuft
    damit, ebenso die oft gebrauchten Module (OFT_GEBRAUCHT). Erst ein Modul, das dort fehlt, holt die
    ganze (kurs/nachladen.py), und dann läuft auch das."""
    besuch = neuer_besuch("light")
    besuch.oeffne("teil-1/")
    vorher = len(besuch.anfragen)
    importe = "import " + ", ".join(m.replace("/", ".") for m in vendor.OFT_GEBRAUCHT) + "\nprint('ok')"
    ergebnisse = im_worker(besuch.page, [*auftraege(KURS), ["lauf", "", importe, ""]])
    falsch = [(a[0], e) for a, e in zip(auftraege(KURS), ergebnisse, strict=False) if not e["ok"]]
    assert not falsch, falsch[:3]
    assert (ergebnisse[-1]["ok"], ergebnisse[-1]["ausgabe"]) == (True, "ok\n"), ergebnisse[-1]
    geladen = [url.rsplit("/", 1)[-1] for url in besuch.anfragen[vorher:]]
    assert "python_stdlib_kurs.zip" in geladen
    assert not {"python_stdlib.zip", "pyodide-lock.json"} & set(geladen), geladen
    # Ein Modul (und ein Untermodul eines Pakets aus dem kleinen Zip), die kein Programm des Kurses braucht.
    (nachgeladen,) = im_worker(besuch.page, [["lauf", "", "import json.tool, zoneinfo\nprint(json.tool.__name__)", ""]])
    assert (nachgeladen["ok"], nachgeladen["ausgabe"]) == (True, "json.tool\n"), nachgeladen
    assert "python_stdlib.zip" in [url.rsplit("/", 1)[-1] for url in besuch.anfragen[vorher:]]
