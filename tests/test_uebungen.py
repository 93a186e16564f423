"""Jede Übung (snippets/<kapitel>/uebung-M/): Die Musterlösung besteht, die Vorlage fällt
durch, jeder typische Fehler aus fehler.toml bekommt seine eigene Meldung, und jede
richtige Variante besteht. Wie bei Exercism laufen für jede Übung dieselben Tests;
die Daten stehen beim Code der Übung, nicht hier.
"""

import pytest

from kurs.lauf import Fehlermeldung
from kurs.modell import Kurs

KURS = Kurs()
UEBUNGEN = list(KURS.uebungen.values())
QUIZZE = [u for u in UEBUNGEN if u.quiz]


def meldung(uebung, kandidat: str) -> str:
    with pytest.raises(Fehlermeldung) as fehler:
        uebung.pruefe(kandidat)
    return str(fehler.value)


def faelle(art: str):
    return [pytest.param(u, f, id=f"{u.name}: {f.name}") for u in UEBUNGEN for f in getattr(u, art)]


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_musterloesung_besteht(uebung):
    uebung.pruefe(uebung.loesung)


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_vorlage_faellt_mit_ihrer_meldung_durch(uebung):
    assert uebung.vorlage_meldung in meldung(uebung, uebung.vorlage)


@pytest.mark.parametrize("uebung, fehler", faelle("fehler"))
def test_typischer_fehler_bekommt_seine_meldung(uebung, fehler):
    assert fehler.meldung in meldung(uebung, uebung.kandidat(fehler))


@pytest.mark.parametrize("uebung, variante", faelle("varianten"))
def test_richtige_variante_besteht(uebung, variante):
    uebung.pruefe(uebung.kandidat(variante))


@pytest.mark.parametrize("uebung", UEBUNGEN, ids=lambda u: u.name)
def test_jeder_fehler_hat_eine_eigene_meldung(uebung):
    erwartet = [f.meldung for f in uebung.fehler] + [uebung.vorlage_meldung]
    assert len(uebung.fehler) >= 2, f"{uebung.name}: fehler.toml nennt weniger als zwei typische Fehler"
    for erste in erwartet:
        for zweite in erwartet:
            assert erste is zweite or erste not in zweite, f"{uebung.name}: {erste!r} steckt in {zweite!r}"


# --- Auswahlfragen (snippets/uebungen/quiz_auswertung.md) -------------------------------


@pytest.mark.parametrize("uebung", QUIZZE, ids=lambda u: u.name)
def test_quiz_kleinbuchstabe_und_leerzeichen_zaehlen_als_dieselbe_wahl(uebung):
    uebung.pruefe(f'antwort = " {uebung.quiz.richtig.lower()} "\n')


@pytest.mark.parametrize("kandidat", ['antwort = "B oder C"\n', "antwort = 2\n"])
@pytest.mark.parametrize("uebung", QUIZZE, ids=lambda u: u.name)
def test_quiz_ohne_eindeutige_option_faellt_durch(uebung, kandidat):
    assert "Wähle genau eine Option" in meldung(uebung, kandidat)


@pytest.mark.parametrize("uebung", QUIZZE, ids=lambda u: u.name)
def test_quiz_ohne_antwort_faellt_durch(uebung):
    assert 'fehlt die Zeile antwort = "..."' in meldung(uebung, "x = 1\n")
