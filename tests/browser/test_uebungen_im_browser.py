"""Übungen im Browser prüfen (docs/assets/kurs-lauf.js): Die Lösung besteht und setzt das Häkchen,
die Vorlage und jeder typische Fehler (fehler.toml) scheitern mit derselben Meldung wie in CPython.
Die eigene Lösung überlebt das Neuladen, und jede Notebook-Seite prüft wie ihr Kapitel. Das Ausführen der Beispiele prüft test_ausfuehren.py.

Je Kapitel ein Tab (geteilte_kapitel_tabs, conftest.py), für alle Notebook-Seiten einer (notebook_tab):
Python startet je Tab nur einmal.
"""

import pytest
from im_browser import KURS, block, klicke_und_warte, programme, setze_code

from kurs.fortschritt import uebungen_je_teil

UEBUNGEN = list(KURS.uebungen)


def nummer_von(daten: dict, uebung: str, rolle: str) -> int:
    return next(i for i, b in enumerate(daten["bloecke"]) if b.get("uebung") == uebung and b["rolle"] == rolle)


def typische_fehler(uebung: str) -> dict:
    """Die typischen Fehler der Übung (fehler.toml): Name -> (Code, erwartete Meldung)."""
    u = KURS.uebung(uebung)
    # Die Seite setzt `Backticks` als Code: Im Text der Meldung stehen sie nicht mehr.
    return {f.name: (u.kandidat(f), f.meldung.replace("`", "")) for f in u.fehler}


def haekchen(page, uebung: str):
    """Das Häkchen am Eintrag der Übung im Inhaltsverzeichnis (kurs-fortschritt.js)."""
    titel = next(u["titel"] for teil in uebungen_je_teil(KURS) for u in teil["uebungen"] if u["name"] == uebung)
    return page.locator(".md-sidebar--secondary a.md-nav__link").filter(has_text=titel).locator(".kurs-haken")


@pytest.mark.parametrize("uebung", UEBUNGEN)
def test_uebung_im_browser_richtig_vorlage_und_typischer_fehler(geteilte_kapitel_tabs, uebung):
    from playwright.sync_api import expect  # erst hier: Ohne Chromium lädt niemand Playwright
    page = geteilte_kapitel_tabs(uebung.split("/")[0] + "/").page
    u = KURS.uebung(uebung)
    nummer = nummer_von(programme(page), uebung, "vorlage")

    assert haekchen(page, uebung).count() == 0
    setze_code(page, nummer, u.loesung)
    assert klicke_und_warte(page, nummer, "Prüfen")[0] == "Bestanden"
    # Bestanden zählt für deinen Fortschritt (test_fortschritt.py prüft, was daraus folgt).
    expect(haekchen(page, uebung), f"{uebung}: bestanden, aber kein Häkchen im Inhaltsverzeichnis").to_have_count(1)

    setze_code(page, nummer, u.vorlage)
    titel, _, meldung = klicke_und_warte(page, nummer, "Prüfen")
    assert titel == "Nicht bestanden"
    assert meldung == _meldung(u, u.vorlage)

    for name, (code, meldung) in typische_fehler(uebung).items():
        setze_code(page, nummer, code)
        titel, _, text = klicke_und_warte(page, nummer, "Prüfen")
        assert (titel, meldung in text) == ("Nicht bestanden", True), f"{name}: {text}"
    # Ehrlich heißt: Einmal bestanden bleibt bestanden, auch wenn die Lösung danach nicht mehr stimmt.
    assert haekchen(page, uebung).count() == 1


def _meldung(u, kandidat: str) -> str:
    try:
        u.pruefe(kandidat)
    except Exception as fehler:  # dieselbe Meldung wie in CPython
        return str(fehler).replace("`", "")  # die Seite setzt `…` als Code
    raise AssertionError("Kandidat besteht unerwartet")


def test_eigene_loesung_ueberlebt_neu_laden(neuer_besuch):
    """Was nach „Zurücksetzen“ geschieht, prüft test_uebungsschleife.py."""
    besuch = neuer_besuch("light")
    page = besuch.page
    page.goto(besuch.basis + "teil-2/", wait_until="load")
    nummer = nummer_von(programme(page), "teil-2/uebung-3", "vorlage")
    setze_code(page, nummer, 'antwort = "D"\n')
    page.reload(wait_until="load")
    assert block(page, nummer).locator("code").text_content() == 'antwort = "D"\n'
    assert not besuch.fremde


@pytest.fixture(scope="module")
def notebook_tab(besuch_oeffnen):
    """Ein Tab für alle Notebook-Seiten: Die erste lädt direkt, zu jeder weiteren führt die
    Navigation ohne Neuladen. Python startet nur einmal, der Worker bleibt."""
    tab = {}

    def oeffnen(seite) -> object:
        if not tab:
            tab["besuch"] = besuch_oeffnen("light")
            tab["besuch"].oeffne(seite.url)
            tab["besuch"].page.evaluate("window.__ohne_neuladen = true")
        else:
            tab["besuch"].vorn().instant_nach(seite.url)
            tab["besuch"].page.wait_for_selector(".kurs-leiste")
            assert tab["besuch"].page.evaluate("window.__ohne_neuladen === true"), f"{seite.url}: neu geladen"
        return tab["besuch"]

    yield oeffnen
    if tab:
        tab["besuch"].schliessen()


@pytest.mark.parametrize("kapitel,seite", KURS.notebook_seiten, ids=[k.name for k, _ in KURS.notebook_seiten])
def test_notebook_seite_prueft_wie_das_kapitel(notebook_tab, kapitel, seite):
    besuch = notebook_tab(seite)
    page = besuch.page
    teil = kapitel.name
    daten = programme(page)
    for uebung in [u for u in UEBUNGEN if u.startswith(teil + "/")]:
        assert KURS.uebung(uebung).loesung.strip() not in str(daten), f"{uebung}: Die Seite verrät die Lösung"
        u = KURS.uebung(uebung)
        vorlage = nummer_von(daten, uebung, "vorlage")
        assert klicke_und_warte(page, vorlage, "Prüfen")[0] == "Nicht bestanden"
        setze_code(page, vorlage, u.loesung)
        assert klicke_und_warte(page, vorlage, "Prüfen")[0] == "Bestanden"
        # Die Prüfzelle prüft, was in der Vorlage steht (sie ist eingeklappt wie im Kapitel).
        pruefung = nummer_von(daten, uebung, "pruefung")
        block(page, pruefung).evaluate("el => el.closest('details').open = true")
        assert klicke_und_warte(page, pruefung)[0] == "Bestanden"
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)
