"""snippets/fallen.toml (kurs/modell/fallen.py): Jede Falle und jede falsche Option „Kurz geprüft“
ist ein typischer Fehler einer Übung, oder der Eintrag sagt, warum keine Übung sie zeigt. Dass jeder
genannte Fehler mit seiner eigenen Meldung durchfällt, prüft tests/modell/test_uebungen.py."""

import pytest

from kurs.modell import Kurs
from kurs.modell.fallen import falsche_optionen, fallen_der_seiten, zuordnungen

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


@pytest.mark.parametrize(("frage", "wahl", "text"), OPTIONEN, ids=[f"{f}:{w}" for f, w, _ in OPTIONEN])
def test_jede_falsche_option_ist_zugeordnet(frage, wahl, text):
    assert (frage, wahl) in ZUORDNUNGEN, (
        f"snippets/{frage.replace('/', '/kurz-geprueft/')}.toml: Die falsche Option {wahl} („{text}“) fehlt in "
        "snippets/fallen.toml. Beschreibt sie Code, nenn den typischen Fehler, der sie zeigt; sonst ohne_uebung.")


def test_keine_zuordnung_ohne_falle_oder_option():
    bekannt = {(_seite(wo), titel) for wo, titel in FALLEN} | {(f, w) for f, w, _ in OPTIONEN}
    veraltet = sorted(set(ZUORDNUNGEN) - bekannt)
    assert not veraltet, f"snippets/fallen.toml nennt Fallen oder Optionen, die es nicht gibt: {veraltet}"


ALLE_FEHLER = sorted({f for eintrag in ZUORDNUNGEN.values() for f in eintrag.get("fehler", [])})


@pytest.mark.parametrize("verweis", ALLE_FEHLER)
def test_genannter_fehler_gibt_es(verweis):
    uebung, _, name = verweis.partition(": ")
    assert uebung in KURS.uebungen, f"snippets/fallen.toml: Die Übung {uebung} gibt es nicht."
    namen = [f.name for f in KURS.uebung(uebung).fehler]
    assert name in namen, f"snippets/fallen.toml: {uebung} hat keinen typischen Fehler „{name}“; es gibt {namen}."
