"""Jede Übung (snippets/<kapitel>/uebung-M/): Die Vorlage fällt durch, jeder typische Fehler
aus fehler.toml bekommt seine eigene Meldung, und jede richtige Variante besteht. Wie bei
Exercism laufen für jede Übung dieselben Tests; die Daten stehen beim Code der Übung, nicht hier.

Dass die Musterlösung besteht, prüft pytest-codeblocks: pruefung.md ist die Lösung samt
Prüfung, mit der Ausgabe der bestandenen Prüfung. Vorlage, Fehler und Varianten sind
Lösungen wie die einer Leserin; sie prüft kurs/lauf.py wie `--uebung … --loesung …`.
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


def test_musterloesung_mit_pruefung_ist_ein_test_von_pytest_codeblocks():
    tests = {b.datei.relative_to(KURS.snippets.ordner).as_posix(): b for b in KURS.beispiele_aller_dateien}
    for uebung in UEBUNGEN:
        beispiel = tests[f"{uebung.name}/pruefung.md"]
        assert beispiel.code == uebung.kontext + uebung.loesung + uebung.pruefung
        assert beispiel.ausgabe, f"{uebung.name}: pruefung.md zeigt nicht, was die bestandene Prüfung druckt"


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
