"""Die Suche: lädt erst beim Öffnen, findet jede Anfrage aus suchanfragen.toml unter den ersten
drei, nennt nur getippte Wörter als fehlend und hebt Treffer hervor, ohne HTML zu zerbrechen.
Ein Treffer „Kurz geprüft“ nennt seinen Schritt, ein Treffer im Glossar Begriff und Bedeutung."""

import tomllib

import im_browser as browser
import pytest
from im_browser import SUCHE_BEREIT

from kurs.modell import WURZEL, Kurs

# Was die Suche lädt: Index, Such-Worker (Materials und unserer), lunr (Stemmer-Unterstützung und Deutsch).
SUCHDATEIEN = ("/search/search_index.json", "/assets/javascripts/workers/", "/assets/javascripts/lunr/")


GLOSSAR = Kurs().glossar
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


# Zurückgehaltene Anfragen (Issue 51) sind nicht abgestimmt: Verlangt ist eine Quote, nicht jede.
QUOTE_ZURUECKGEHALTEN = 0.9


@pytest.mark.parametrize("liste", [name for name in SUCHANFRAGEN if name.startswith("zurueckgehalten")])
def test_zurueckgehaltene_anfragen_finden_ihr_kapitel(suche, liste):
    """Anfragen, die vor oder nach der Änderung am Rang aufgeschrieben und nicht abgestimmt sind:
    Mindestens QUOTE_ZURUECKGEHALTEN von ihnen finden das Kapitel, das den Begriff lehrt, unter
    den ersten drei."""
    anfragen = SUCHANFRAGEN[liste]
    verfehlt = []
    for begriff, seite in anfragen:
        _, seiten = suche_nach(suche, begriff)
        if seite not in seiten[:3]:
            verfehlt.append(f"{begriff!r}: erwartet {seite or '(Start)'}, erste drei {seiten[:3]}")
    quote = 1 - len(verfehlt) / len(anfragen)
    assert quote >= QUOTE_ZURUECKGEHALTEN, f"{liste}: {quote:.0%} unter den ersten drei, verfehlt:\n" + "\n".join(verfehlt)


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


def treffer(suche) -> list[tuple[str, str, str]]:
    """(Adresse, Titel, Text) jedes Treffers, wie er in der Liste steht."""
    return suche.page.eval_on_selector_all(".md-search-result__item a", """as => as.map(a => [a.href,
        a.querySelector('h1, h2')?.innerText ?? '', a.querySelector('article')?.innerText ?? ''])""")


def test_kurz_geprueft_nennt_seinen_schritt(suche):
    """Die Fragen nach den Schritten heißen alle „Kurz geprüft“; ein Treffer sagt, nach welchem Schritt."""
    suche_nach(suche, "Kurz geprüft")
    titel = [t for _, t, _ in treffer(suche) if t.startswith("Kurz geprüft")]
    assert titel and all(t.startswith("Kurz geprüft – Schritt ") for t in titel), titel


def test_glossar_treffer_lesen_sich_als_begriff_und_bedeutung(suche):
    bedeutung = {e["Begriff"]: e["Bedeutung"] for e in GLOSSAR}
    suche_nach(suche, "acknowledgement")
    glossar = [(href, titel, text) for href, titel, text in treffer(suche) if "/glossar/#" in href]
    # Jeder Treffer aus dem Glossar: ein Begriff als Titel, als Text seine Bedeutung (Material zeigt
    # bei längeren den Satz mit dem Treffer); Ack ist dabei, mit dem Anfang seiner Bedeutung.
    assert "Ack" in [titel for _, titel, _ in glossar], glossar
    for _, titel, text in glossar:
        gezeigt = text.removeprefix(titel).strip()
        assert gezeigt and gezeigt.split("Englisch:")[0].strip()[:30] in bedeutung[titel].replace("`", ""), (titel, text)
    ack = next(text for _, titel, text in glossar if titel == "Ack")
    assert ack.removeprefix("Ack").strip().startswith(bedeutung["Ack"][:40]), ack
    assert "Begriff Englisch Bedeutung" not in " ".join(text for _, _, text in treffer(suche))
    # Der Treffer führt zur Zeile des Begriffs (die Suche ist auf der Seite des Glossars offen).
    assert next(href for href, titel, _ in glossar if titel == "Ack").endswith("/glossar/#begriff-ack")
    assert suche.page.evaluate("document.getElementById('begriff-ack').textContent").strip().startswith("Ack")
