"""Keine Ratehilfe in den Auswahlfragen (Übungen und „Kurz geprüft“, alle Kapitel): Die richtige
Option ist nicht meist die längste (oder die kürzeste), und sie steht nicht immer an derselben
Stelle. Sonst besteht, wer nur die Länge oder den Buchstaben ansieht."""

from collections import Counter

from kurs.modell import Kurs

KURS = Kurs()
FRAGEN = [u.quiz for u in KURS.uebungen.values() if u.quiz] + [q for k in KURS.kapitel for q in k.fragen]


def _laengen(quiz) -> dict[str, int]:
    return {wahl: len(option["text"]) for wahl, option in quiz.optionen.items()}


def test_die_richtige_option_ist_selten_die_laengste_oder_kuerzeste():
    assert len(FRAGEN) >= 10
    for extrem, name in ((max, "längste"), (min, "kürzeste")):
        treffer = [q.gruppe for q in FRAGEN if extrem(_laengen(q).values()) == _laengen(q)[q.richtig]]
        assert len(treffer) * 3 <= len(FRAGEN), (
            f"Die richtige Option ist in {len(treffer)} von {len(FRAGEN)} Fragen die {name} (erlaubt: ein Drittel): "
            f"{treffer}. Schreib die falschen Optionen so genau und lang wie die richtige.")


def test_die_richtige_option_steht_an_wechselnden_stellen():
    stellen = Counter(q.richtig for q in FRAGEN)
    angeboten = {wahl for q in FRAGEN for wahl in q.optionen}
    assert set(stellen) == angeboten, (
        f"Nie richtig: {sorted(angeboten - set(stellen))}. Verteil die richtige Option auf alle Buchstaben.")
    haeufigste, anzahl = stellen.most_common(1)[0]
    assert anzahl * 5 <= len(FRAGEN) * 2, (
        f"Richtig ist {anzahl}-mal {haeufigste} von {len(FRAGEN)} Fragen (erlaubt: zwei Fünftel): {dict(stellen)}")
