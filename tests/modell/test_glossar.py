"""kurs/modell/glossar.py liest docs/glossar.md: Jeder Eintrag ist vollständig, und sein Link
„Im Kurs“ führt zu einem Abschnitt, der den Begriff wirklich verwendet."""

import re

import pytest

from kurs.modell import Kurs, QuellenFehler
from kurs.modell.glossar import glossar_lesen

KURS = Kurs()
EINTRAEGE = KURS.glossar
LINK = re.compile(r"\[[^\]]+\]\((?P<seite>[\w-]+\.md)#(?P<anker>[\w-]+)\)")


def abschnitt(seite: str, anker: str) -> str | None:
    """Der Text unter der Überschrift mit diesem Anker, bis zur nächsten gleich hohen."""
    from markdown.extensions.toc import slugify

    zeilen = (KURS.docs / seite).read_text(encoding="utf-8").splitlines()
    for i, zeile in enumerate(zeilen):
        m = re.match(r"^(#+) (.+)$", zeile)
        if m and slugify(m[2], "-") == anker:
            ende = next((j for j in range(i + 1, len(zeilen))
                         if re.match(rf"^#{{1,{len(m[1])}}} ", zeilen[j])), len(zeilen))
            return KURS.zusammensetzen("\n".join(zeilen[i:ende]))
    return None


@pytest.mark.parametrize("eintrag", EINTRAEGE, ids=[e["Begriff"] for e in EINTRAEGE])
def test_eintrag_ist_vollstaendig_und_fuehrt_zu_einem_abschnitt_mit_dem_begriff(eintrag):
    leer = [spalte for spalte, wert in eintrag.items() if not wert]
    assert not leer, f"{eintrag['Begriff']}: leere Spalte(n) {leer}"
    link = LINK.fullmatch(eintrag["Im Kurs"])
    assert link, f"{eintrag['Begriff']}: „Im Kurs“ soll auf einen Abschnitt einer Seite verlinken"
    text = abschnitt(link["seite"], link["anker"])
    assert text is not None, f"{eintrag['Begriff']}: Den Abschnitt #{link['anker']} gibt es in {link['seite']} nicht"
    assert re.search(rf"\b{re.escape(eintrag['Begriff'])}", text, re.I), (
        f"{eintrag['Begriff']}: Der Abschnitt {link['seite']}#{link['anker']} verwendet den Begriff nicht"
    )


def test_abschnitt_findet_nur_echte_anker():
    kapitel = KURS.kapitel[0]
    assert abschnitt(kapitel.seite.name, "gibt-es-nicht") is None
    assert abschnitt(kapitel.seite.name, "merksatz").startswith("## Merksatz")


def test_glossar_lesen_macht_aus_jeder_zeile_ein_dict_nach_den_spalten(tmp_path):
    datei = tmp_path / "docs" / "glossar.md"
    datei.parent.mkdir()
    datei.write_text("# Glossar\n\n| Begriff | Bedeutung |\n|---|---|\n| Ack | Bestätigung |\n"
                     "| Queue | Warteschlange |\n\nText danach\n", encoding="utf-8")
    assert glossar_lesen(datei, tmp_path) == [{"Begriff": "Ack", "Bedeutung": "Bestätigung"},
                                               {"Begriff": "Queue", "Bedeutung": "Warteschlange"}]


def test_glossar_lesen_meldet_falsche_spaltenzahl_mit_datei_und_zeile(tmp_path):
    datei = tmp_path / "docs" / "glossar.md"
    datei.parent.mkdir()
    datei.write_text("| Begriff | Bedeutung |\n|---|---|\n| Ack | Bestätigung | zu viel |\n", encoding="utf-8")
    with pytest.raises(QuellenFehler, match=r"^docs/glossar\.md:3: 3 Spalten statt 2$"):
        glossar_lesen(datei, tmp_path)
