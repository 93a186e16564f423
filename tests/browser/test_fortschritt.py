"""Dein Fortschritt im Browser (docs/assets/kurs-fortschritt.js): Was „Prüfen“ besteht und
welche Auswahlfrage richtig beantwortet ist, merkt sich der Browser; die Startseite zählt
es je Teil, das Inhaltsverzeichnis zeigt ein Häkchen, und „Fortschritt zurücksetzen“ löscht es.
Die richtige Wahl in der Auswahl einer Übung besteht sie; Pfeiltasten im Quiz antworten nicht."""

import re

from kurs.fortschritt import uebungen_je_teil
from kurs.modell import WURZEL, Kurs

AXE = WURZEL / "tests" / "browser" / "vendor" / "axe.min.js"
KURS = Kurs()
TEILE = uebungen_je_teil(KURS)
# Der Schlüssel, unter dem kurs-fortschritt.js alles ablegt (README, „Dein Fortschritt“).
FORTSCHRITT = "kurs:fortschritt"


def uebung_daten(name: str) -> dict:
    return next(u for teil in TEILE for u in teil["uebungen"] if u["name"] == name)


def vorlage(page, name: str):
    return page.locator(f'.language-python.highlight[data-uebung="{name}"][data-rolle="vorlage"]')


def setze_code(page, name: str, code: str) -> None:
    # Wie Tippen: kurs-lauf.js speichert den Text (block.kursSetze), mit Editor oder ohne.
    vorlage(page, name).evaluate("(b, t) => b.kursSetze(t)", code)


def toc_eintrag(page, name: str):
    """Der Eintrag der Übung im rechten Inhaltsverzeichnis."""
    return page.locator(".md-sidebar--secondary a.md-nav__link").filter(
        has_text=uebung_daten(name)["titel"])


def zeilen(page) -> list[str]:
    page.wait_for_selector(".kurs-fortschritt:not([hidden])")
    return page.locator(".kurs-fortschritt-teile > li").all_inner_texts()


def offene_links(page, teil: int) -> list[str]:
    return page.locator(".kurs-fortschritt-teile > li").nth(teil).locator("a").all_inner_texts()


def axe(page) -> list[str]:
    """axe-core nur dort, wo der Fortschritt etwas zeigt (Häkchen in den Seitenleisten, der
    Kasten der Startseite): Die ganze Seite prüft test_seiten.py, je Seite und Farbschema."""
    page.add_script_tag(path=AXE)
    return page.evaluate("""async () => (await axe.run({ include: [".md-sidebar", ".kurs-fortschritt"] },
        { resultTypes: ["violations"] })).violations
        .filter(v => ["moderate", "serious", "critical"].includes(v.impact)).map(v => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map(n => n.target.join(" ") + " " + (n.failureSummary || "")).join("; ")})`)""")


def bestanden(page, name: str) -> None:
    """Das Ereignis, das kurs-lauf.js nach bestandenem „Prüfen“ sendet. Den echten Weg mit
    Python prüft test_uebungen_im_browser.py::test_uebung_im_browser_richtig_vorlage_und_typischer_fehler:
    Hier genügt das Ereignis, und kein Test dieser Datei wartet 3 s auf den Start von Python."""
    page.evaluate("n => document.dispatchEvent(new CustomEvent('kurs:bestanden', { detail: { uebung: n } }))", name)


def test_bestanden_gibt_haekchen_und_die_startseite_zaehlt_es(neuer_besuch):
    besuch = neuer_besuch("dark")
    page = besuch.page
    name = "teil-1/uebung-1"
    page.goto(besuch.basis + "teil-1/", wait_until="load")
    assert toc_eintrag(page, name).locator(".kurs-haken").count() == 0

    bestanden(page, name)
    assert toc_eintrag(page, name).locator(".kurs-haken").count() == 1
    assert toc_eintrag(page, name).inner_text().startswith("✓")
    # Neu geladen: Das Häkchen bleibt.
    # Bereit für die Instant-Navigation (Besuch.oeffne wartet auf Materials Sitemap).
    besuch.oeffne("teil-1/")
    assert toc_eintrag(page, name).locator(".kurs-haken").count() == 1
    assert not axe(page)

    # Zur Startseite mit der Instant-Navigation, dann neu geladen: Beide Male zählt sie die Übung.
    page.evaluate("window.__ohne_neuladen = true")
    page.locator("nav.md-nav--primary a.md-nav__link").first.click()
    page.wait_for_selector(".kurs-fortschritt:not([hidden])")
    assert page.evaluate("window.__ohne_neuladen === true")
    for _ in range(2):
        assert zeilen(page) == [
            f"Teil 1: 1 von {len(TEILE[0]['uebungen'])} Übungen bestanden. Offen: "
            + ", ".join(u["titel"] for u in TEILE[0]["uebungen"][1:]),
            f"Teil 2: 0 von {len(TEILE[1]['uebungen'])} Übungen bestanden. Offen: "
            + ", ".join(u["titel"] for u in TEILE[1]["uebungen"]),
        ]
        page.reload(wait_until="load")
    assert not axe(page)

    # Ein offener Link führt zur Überschrift seiner Übung, und dort steht das Häkchen der ersten.
    page.get_by_role("link", name=TEILE[0]["uebungen"][1]["titel"]).click()
    page.wait_for_url(f"**/teil-1/#{TEILE[0]['uebungen'][1]['anker']}")
    page.wait_for_selector(".md-sidebar--secondary .kurs-haken")
    assert toc_eintrag(page, name).locator(".kurs-haken").count() == 1
    assert page.locator(".md-sidebar--secondary .kurs-haken").count() == 1
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


def test_richtige_antwort_im_quiz_wird_gemerkt_falsche_nicht(neuer_besuch):
    besuch = neuer_besuch("light")
    page = besuch.page
    uebung = "teil-2/uebung-3"
    quiz = KURS.uebung(uebung).quiz
    optionen, richtig = quiz.optionen, quiz.richtig
    falsch = next(o for o in optionen if o != richtig)
    frage = f"quiz-{uebung.replace('/', '-')}"
    page.goto(besuch.basis + "teil-2/", wait_until="load")
    gemerkt = f"() => JSON.parse(localStorage.getItem('{FORTSCHRITT}') ?? '{{}}').fragen ?? {{}}"

    page.locator(f"#{frage}-{falsch}").check()
    assert page.evaluate(gemerkt) == {}
    # Ein Screenreader hört die Erklärung der gewählten Option (die Ansage der Auswahl).
    assert page.locator(f"#{frage} .quiz-ansage").text_content() == f"Passt nicht. {optionen[falsch]['erklaerung']}"
    page.locator(f"#{frage}-{richtig}").check()
    assert page.evaluate(gemerkt) == {frage: True}

    # Eine Frage „Kurz geprüft“ nach einem Schritt zählt genauso, mit ihrer eigenen id.
    kurz = KURS.kapitel[1].fragen[0]
    kurz_falsch = next(o for o in kurz.optionen if o != kurz.richtig)
    page.locator(f"#{kurz.gruppe}-{kurz_falsch}").check()
    assert kurz.gruppe not in page.evaluate(gemerkt)
    page.locator(f"#{kurz.gruppe}-{kurz.richtig}").check()
    assert page.evaluate(gemerkt) == {frage: True, kurz.gruppe: True}

    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


def test_richtige_wahl_im_quiz_einer_uebung_besteht_die_uebung(neuer_besuch):
    """Übung 3 wird einmal beantwortet: Die richtige Wahl in der Auswahl besteht sie, wie „Prüfen“
    mit der Musterlösung (die Auswahl entsteht aus OPTIONEN und RICHTIG ihrer Prüfung, die in den
    Tests mit antwort = "B" besteht: tests/modell/test_uebungen.py); eine falsche nicht."""
    besuch = neuer_besuch("light")
    page = besuch.page
    for uebung in (u for u in KURS.uebungen.values() if u.quiz):
        quiz = uebung.quiz
        frage = f"quiz-{uebung.name.replace('/', '-')}"
        teil = next(i for i, t in enumerate(TEILE) if uebung.name in [u["name"] for u in t["uebungen"]])
        besuch.oeffne(uebung_daten(uebung.name)["seite"])
        for falsch in (o for o in quiz.optionen if o != quiz.richtig):
            page.locator(f"#{frage}-{falsch}").check()
        assert toc_eintrag(page, uebung.name).locator(".kurs-haken").count() == 0
        page.locator(f"#{frage}-{quiz.richtig}").check()
        assert toc_eintrag(page, uebung.name).locator(".kurs-haken").count() == 1
        assert page.locator(f"#{frage} .quiz-ansage").text_content().endswith("Damit hast du die Übung bestanden.")
        page.goto(besuch.basis, wait_until="load")
        titel = uebung_daten(uebung.name)["titel"]
        assert zeilen(page)[teil].startswith(f"Teil {teil + 1}: 1 von ")
        assert titel not in offene_links(page, teil), "Die Startseite nennt die Übung noch als offen"
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


def test_pfeiltasten_im_quiz_bewegen_den_fokus_ohne_zu_antworten(neuer_besuch):
    besuch = neuer_besuch("light")
    page = besuch.page
    besuch.oeffne("teil-2/")
    quiz = KURS.kapitel[1].fragen[0]
    optionen = list(quiz.optionen)
    gemerkt = f"() => JSON.parse(localStorage.getItem('{FORTSCHRITT}') ?? '{{}}').fragen ?? {{}}"
    page.locator(f"#{quiz.gruppe}-{optionen[0]}").focus()
    for taste, erwartet in [("ArrowDown", 1), ("ArrowRight", 2), ("ArrowUp", 1), ("ArrowLeft", 0), ("ArrowUp", -1)]:
        page.keyboard.press(taste)
        assert page.evaluate("document.activeElement.id") == f"{quiz.gruppe}-{optionen[erwartet]}", taste
        assert page.locator(f"#{quiz.gruppe} input:checked").count() == 0, f"{taste} hat eine Option gewählt"
        assert page.locator(f"#{quiz.gruppe} .quiz-erklaerung").filter(visible=True).count() == 0
    assert page.evaluate(gemerkt) == {}
    # Die Leertaste wählt die Option mit dem Fokus; erst dann erscheint ihre Begründung.
    page.keyboard.press("Space")
    assert page.locator(f"#{quiz.gruppe}-{optionen[-1]}").is_checked()
    assert page.locator(f"#{quiz.gruppe} .quiz-erklaerung").filter(visible=True).count() == 1


def test_zuruecksetzen_loescht_nach_bestaetigung_und_sonst_nichts(neuer_besuch):
    besuch = neuer_besuch("light")
    page = besuch.page
    name = "teil-2/uebung-1"
    eigene = "# meine halbe Lösung\n"
    page.goto(besuch.basis + "teil-2/", wait_until="load")
    setze_code(page, name, eigene)
    bestanden(page, name)
    page.goto(besuch.basis, wait_until="load")
    vorher = zeilen(page)
    assert vorher[1].startswith("Teil 2: 1 von "), vorher
    knopf = page.get_by_role("button", name="Fortschritt zurücksetzen")

    meldungen = []
    page.once("dialog", lambda dialog: (meldungen.append(dialog.message), dialog.dismiss()))
    knopf.click()
    assert meldungen and "löschen" in meldungen[0], meldungen
    assert zeilen(page) == vorher
    # Die eigene Lösung liegt noch da, wo kurs-lauf.js sie beim Laden der Seite sucht (dass
    # sie dann im Block steht, prüft test_uebungen_im_browser.py::test_eigene_loesung_ueberlebt_…).
    assert page.evaluate("k => localStorage.getItem(k)", f"kurs:{name}") == eigene

    page.once("dialog", lambda dialog: dialog.accept())
    knopf.click()
    assert all(re.match(r"Teil \d+: 0 von \d+ Übungen bestanden", z) for z in zeilen(page)), zeilen(page)
    assert page.get_by_role("status").inner_text() == "Gelöscht: Fortschritt und gespeicherte Lösungen."
    page.reload(wait_until="load")
    assert zeilen(page)[1].startswith("Teil 2: 0 von ")
    page.goto(besuch.basis + "teil-2/", wait_until="load")
    assert vorlage(page, name).locator("code").text_content() == KURS.uebung(name).vorlage
    assert not besuch.fremde and not besuch.fehler, (besuch.fremde, besuch.fehler)


def test_ohne_javascript_liest_sich_die_startseite_wie_vorher(chromium, basis):
    kontext = chromium.new_context(java_script_enabled=False)
    try:
        page = kontext.new_page()
        page.goto(basis)
        assert page.locator(".kurs-fortschritt").is_hidden()
        assert "Dein Fortschritt" not in page.inner_text("article")
        assert page.get_by_role("button", name="Fortschritt zurücksetzen").count() == 0
    finally:
        kontext.close()


def test_gewaehlte_antwort_steht_nach_dem_neuladen_wieder_da(neuer_besuch):
    """Issue 51: Die Wahl in der Auswahl einer Übung (auch eine falsche) bleibt nach dem Neuladen
    gewählt, mit ihrer Begründung, wie der Fortschritt."""
    besuch = neuer_besuch("light")
    page = besuch.page
    uebung = "teil-2/uebung-3"
    quiz = KURS.uebung(uebung).quiz
    falsch = next(o for o in quiz.optionen if o != quiz.richtig)
    frage = f"quiz-{uebung.replace('/', '-')}"
    page.goto(besuch.basis + "teil-2/", wait_until="load")
    page.locator(f"#{frage}-{falsch}").check()
    page.reload(wait_until="load")
    page.wait_for_function("id => document.getElementById(id).checked", arg=f"{frage}-{falsch}")
    assert page.locator(f"#{frage} .quiz-option:has(input:checked) .quiz-erklaerung").is_visible()
    page.locator(f"#{frage}-{quiz.richtig}").check()
    page.reload(wait_until="load")
    page.wait_for_function("id => document.getElementById(id).checked", arg=f"{frage}-{quiz.richtig}")
    assert not besuch.fehler, besuch.fehler
