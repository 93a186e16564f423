"""docs/glossar.md: vollständige Einträge, jeder Begriff kommt im Kurs vor."""

import re

import pytest

from kurs.mkdocs_hooks import glossar
from kurs.modell import WURZEL

DOCS = WURZEL / "docs"
EINTRAEGE = glossar(DOCS)
KAPITEL = ["teil-1.md", "teil-2.md", "praxis.md"]


def test_glossar_hat_die_begriffe_des_kurses():
    begriffe = {e["Begriff"] for e in EINTRAEGE}
    for begriff in ("Outbox", "Relay", "Broker", "Dedup-Tabelle", "Dead Letter Queue", "DLQ",
                    "Consumer Group", "Partition", "Offset", "Replay"):
        assert begriff in begriffe, f"{begriff} fehlt im Glossar"


@pytest.mark.parametrize("eintrag", EINTRAEGE, ids=[e["Begriff"] for e in EINTRAEGE])
def test_eintrag_ist_vollstaendig_und_verweist_auf_ein_kapitel(eintrag):
    leer = [spalte for spalte, wert in eintrag.items() if not wert]
    assert not leer, f"{eintrag['Begriff']}: leere Spalte(n) {leer}"
    assert re.fullmatch(r"\[[^\]]+\]\((teil-[12]|praxis)\.md#[\w-]+\)", eintrag["Im Kurs"]), (
        f"{eintrag['Begriff']}: „Im Kurs“ soll auf einen Abschnitt eines Kapitels verlinken"
    )


@pytest.mark.parametrize("eintrag", EINTRAEGE, ids=[e["Begriff"] for e in EINTRAEGE])
def test_jeder_begriff_kommt_im_kurs_vor(eintrag):
    text = "\n".join((DOCS / k).read_text(encoding="utf-8") for k in KAPITEL)
    assert re.search(rf"\b{re.escape(eintrag['Begriff'])}\b", text), (
        f"{eintrag['Begriff']} steht im Glossar, aber in keinem Kapitel"
    )
