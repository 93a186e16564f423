"""kurs/modell/fallen.py: Jede Falle (snippets/fallen.toml) und jede falsche Option „Kurz geprüft“
nennt typische Fehler einer Übung, oder sagt, warum keine Übung sie zeigt. Dass jeder
genannte Fehler mit seiner eigenen Meldung durchfällt, prüft tests/modell/test_uebungen.py."""

import pytest

from kurs.modell import Kurs
from kurs.modell.fallen import fallen_der_seiten, falsche_optionen, fehler_oder_grund, zuordnungen

KURS = Kurs()
ZUORDNUNGEN = zuordnungen(KURS)
FALLEN = fallen_der_seiten(KURS)
OPTIONEN = falsche_optionen(KURS)


def _seite(wo: str) -> str:
    return wo.split(":")[0].removeprefix("docs/")


@pytest.mark.parametrize(("wo", "titel"), FALLEN, ids=[t for _, t in FALLEN])
def test_jede_falle_ist_zugeordnet(wo, titel):
    assert (_seite(wo), titel) in ZUORDNUNGEN, (
        f"{wo}: Die Falle „{titel}“ fehlt in snippets/fallen.toml. Nenn dort den typischen Fehler der Übung, "
        "der sie zeigt (fehler), oder warum keine Übung sie zeigen kann (ohne_uebung).")


@pytest.mark.parametrize(("datei", "wahl", "option"), OPTIONEN, ids=[f"{d}:{w}" for d, w, _ in OPTIONEN])
def test_jede_falsche_option_ist_zugeordnet(datei, wahl, option):
    assert fehler_oder_grund(option), (
        f"{datei}: Die falsche Option {wahl} („{option['text']}“) braucht fehler (die typischen Fehler einer Übung, "
        "die sie zeigen, wenn sie Code beschreibt) oder ohne_uebung (warum keine Übung sie zeigt), nicht beides.")


def test_keine_zuordnung_ohne_falle():
    veraltet = sorted(set(ZUORDNUNGEN) - {(_seite(wo), titel) for wo, titel in FALLEN})
    assert not veraltet, f"snippets/fallen.toml nennt Fallen, die es auf keiner Seite gibt: {veraltet}"


ALLE_FEHLER = sorted({f for eintrag in [*ZUORDNUNGEN.values(), *(o for _, _, o in OPTIONEN)]
                      for f in eintrag.get("fehler", [])})


@pytest.mark.parametrize("verweis", ALLE_FEHLER)
def test_genannter_fehler_gibt_es(verweis):
    uebung, _, name = verweis.partition(": ")
    assert uebung in KURS.uebungen, f"snippets/fallen.toml: Die Übung {uebung} gibt es nicht."
    namen = [f.name for f in KURS.uebung(uebung).fehler]
    assert name in namen, f"snippets/fallen.toml: {uebung} hat keinen typischen Fehler „{name}“; es gibt {namen}."
