"""Tabs mit einem Kapitel, in denen Python läuft, für die Browsertests (tests/browser/conftest.py):
öffnen, und nach einer Testdatei aufgeräumt zurückgeben, damit die nächste sie teilen kann."""

import im_browser as browser


def oeffnen(besuch_oeffnen, kapitel: str):
    """Ein neuer Tab mit dem Kapitel. Das erste Kapitel lädt direkt; jedes weitere erreicht sein Tab
    per Klick in der Navigation von der Startseite aus, ohne Neuladen (Instant-Navigation): Auch dann
    richtet kurs-lauf.js jeden Block ein, und alles läuft."""
    besuch = besuch_oeffnen("light")
    if kapitel == browser.KAPITEL[0]:
        besuch.page.goto(besuch.basis + kapitel, wait_until="load")
        besuch.bis_nichts_mehr_laedt()  # So zählt jede Anfrage beim Laden.
    else:
        besuch.oeffne("")
        besuch.page.evaluate("window.__ohne_neuladen = true")
        besuch.instant_nach(kapitel)
        besuch.page.wait_for_selector(".kurs-leiste")
        assert besuch.page.evaluate("window.__ohne_neuladen === true"), f"{kapitel}: neu geladen"
    return besuch


# Wie ein Tab nach dem Laden dastand: der Code jedes Blocks und welche Kästen offen waren.
ANFANG = """() => ({
    code: [...document.querySelectorAll(".language-python.highlight[data-lauf]")].map(b => b.kursText()),
    offen: [...document.querySelectorAll("article details")].map(d => d.open),
})"""
# Stellt den Anfang wieder her, soweit ihn ein Test ändern kann: Code, Ergebnisse (Zurücksetzen bei
# unverändertem Code leert nur, kurs-lauf.js), Angebote „Rückgängig“, Häkchen, offene Kästen,
# Zeitlimit, Fokus, Bildlauf und der Speicher der Seite (Lösungen, Fortschritt, Farbschema).
AUFRAEUMEN = """anfang => {
    delete window.kursZeitlimitS;
    document.querySelectorAll(".language-python.highlight[data-lauf]").forEach((b, i) => {
        if (b.kursText() !== anfang.code[i]) b.kursSetze(anfang.code[i]);
    });
    document.querySelectorAll("article .kurs-leiste [data-kurs-knopf=zuruecksetzen]").forEach(k => k.click());
    document.querySelectorAll(".kurs-rueckgaengig, .kurs-haken").forEach(e => e.remove());
    document.querySelectorAll("article details").forEach((d, i) => { d.open = anfang.offen[i]; });
    document.activeElement?.blur();
    scrollTo(0, 0);
    localStorage.clear();
    sessionStorage.clear();
}"""


def anfang(besuch) -> dict:
    return besuch.page.evaluate(ANFANG)


def ausleihen(besuch, anfang: dict) -> None:
    """Vor jeder Testdatei, die den Tab wieder nimmt: aufgeräumt (AUFRAEUMEN, Breite, Schema). Erst
    jetzt, nicht schon bei der Rückgabe: Auch ein ungenutzter Tab ändert sich, etwa setzt
    kurs-fortschritt.js Häkchen, wenn ein anderer Tab etwas besteht (Ereignis „storage“)."""
    fehler_pruefen(besuch, "während er ungenutzt war")
    page = besuch.page
    page.set_viewport_size({"width": 1280, "height": 900})
    besuch.farbschema("light")
    page.evaluate(AUFRAEUMEN, anfang)


def zurueckgeben(besuch) -> None:
    """Nach der Testdatei: ohne ihre Routen. Was in ihm schiefging, lässt sie scheitern, nicht die nächste."""
    besuch.page.unroute_all(behavior="ignoreErrors")
    fehler_pruefen(besuch, "in dieser Testdatei")


def fehler_pruefen(besuch, wann: str) -> None:
    fehler, besuch.fehler[:] = besuch.fehler[:], []
    fremde, besuch.fremde[:] = besuch.fremde[:], []
    assert not fehler and not fremde, f"Im geteilten Tab ging {wann} etwas schief: {(fehler + fremde)[:5]}"
