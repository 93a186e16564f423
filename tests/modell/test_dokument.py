"""Das Dokument der Nutzerin (../shared/seeds/): Teil 2 ist ihr Text. Ihre Aufgaben und Lösungen
gelten, wie sie dort stehen; der Kurs baut darauf auf, statt sie zu ändern (Issue 49).

Ohne den Ordner shared/ neben dem Kurs (ein Klon ohne ihn) werden diese Tests übersprungen, in CI
(Variable CI gesetzt) sind sie rot: Dort liegt shared/ immer daneben.
"""

import os
import re

import pytest

from kurs import lauf
from kurs.modell import WURZEL, Kurs

KURS = Kurs()
SEEDS = WURZEL.parent / "shared" / "seeds"

# Übung des Kurses: wo ihre Lösung im Dokument beginnt und womit sie endet.
LOESUNGEN = {
    "teil-2/uebung-1": ("def bestellen(con, betrag):", "(bestellen, relay)"),
    "teil-2/uebung-2": ("def verarbeite_alle(q, handler, max_versuche, dlq):", "\nverarbeite_alle"),
}


def _dokument() -> str:
    dateien = sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []
    if not dateien:
        grund = f"Das Dokument der Nutzerin fehlt ({SEEDS} gibt es nicht)"
        if os.environ.get("CI"):
            pytest.fail(f"{grund}. In CI liegt shared/ neben dem Kurs.", pytrace=False)
        pytest.skip(grund)
    return dateien[0].read_text(encoding="utf-8")


def _loesung_im_dokument(name: str) -> str:
    anfang, ende = LOESUNGEN[name]
    text = _dokument()
    a = text.index(anfang)
    return text[a:text.index(ende, a) + len(ende)] + "\n"


def _ohne_leerzeilen(code: str) -> list[str]:
    return [z.rstrip() for z in code.splitlines() if z.strip()]


@pytest.mark.parametrize("name", LOESUNGEN)
def test_loesung_des_dokuments_besteht_wortgetreu(name):
    """Ihre Lösung, Zeichen für Zeichen aus dem Dokument kopiert, besteht die Prüfung des Kurses."""
    loesung = _loesung_im_dokument(name)
    try:
        KURS.uebung(name).pruefe(loesung)
    except lauf.Fehlermeldung as exc:
        pytest.fail(f"{name}: Die Lösung aus dem Dokument der Nutzerin besteht nicht mehr: {exc}. "
                    "Ihre Aufgabe gilt, wie sie steht; bau eine weitere Übung darauf auf.", pytrace=False)


@pytest.mark.parametrize("name", LOESUNGEN)
def test_musterloesung_ist_die_des_dokuments(name):
    """Die Musterlösung auf der Seite ist ihre, nicht eine geänderte (Leerzeilen zählen nicht)."""
    assert _ohne_leerzeilen(KURS.uebung(name).loesung) == _ohne_leerzeilen(_loesung_im_dokument(name)), (
        f"snippets/{name}/loesung.md weicht von der Lösung im Dokument der Nutzerin ab.")


def _ohne_markdown(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("`", "")).strip()


def test_aufgabe_von_uebung_1_steht_wie_im_dokument():
    """Was Übung 1 verlangt (die zwei Funktionen und die Szenarien), steht auf der Seite wie im Dokument."""
    dokument = _dokument()
    aufgabe = dokument[dokument.index("Schreibe zwei Funktionen:"):dokument.index("Bei bestellen zählt")]
    verlangt = [z.strip(" •") for z in aufgabe.splitlines() if z.strip().startswith("•")]
    verlangt.append(re.search(r"Die Prüfung testet [^.]+\.", aufgabe)[0])
    seite = _ohne_markdown((WURZEL / "docs" / "teil-2.md").read_text(encoding="utf-8"))
    assert len(verlangt) == 3
    for satz in verlangt:
        assert _ohne_markdown(satz) in seite, f"docs/teil-2.md sagt nicht mehr, was das Dokument verlangt: {satz}"
