"""kurs/seite/hinweise.py: Die Hinweise jeder Übung stehen vor ihrer Lösung, einer je Kasten."""

import pytest
from mkdocs.exceptions import PluginError

from kurs.modell import Kurs
from kurs.seite.hinweise import hinweise_einsetzen

KURS = Kurs()


def test_hinweise_stehen_vor_der_loesung_ihrer_uebung():
    markdown = (KURS.docs / "teil-2.md").read_text(encoding="utf-8")
    ergebnis = hinweise_einsetzen(KURS, markdown, "teil-2.md")
    for uebung in (u for u in KURS.uebungen.values() if u.kapitel == "teil-2"):
        vorlage = ergebnis.index(f'--8<-- "{uebung.name}/vorlage.md:vorlage"')
        loesung = ergebnis.index('??? success "Lösung"', vorlage)  # der Kasten, nicht erst sein Inhalt
        zwischen = ergebnis[vorlage:loesung]
        assert zwischen.count('<details class="tip kurs-hinweis">') == len(uebung.hinweise)
        for nummer in range(1, len(uebung.hinweise) + 1):
            assert f"<summary>Hinweis {nummer} von {len(uebung.hinweise)}</summary>" in zwischen
        # Inline-Code wird zu <code>: Im HTML-Block wirkt kein Markdown.
        assert "`" not in zwischen.split('<div class="kurs-hinweise">')[1].split("</div>")[0]
    # Sonst ändert sich nichts.
    assert ergebnis.replace("\n", "").count("kurs-hinweise") == sum(u.kapitel == "teil-2" for u in KURS.uebungen.values())


def test_ohne_kasten_loesung_bricht_der_build_mit_seite_und_uebung_ab():
    markdown = '### Übung 1\n\n--8<-- "teil-2/uebung-1/vorlage.md:vorlage"\n\nKeine Lösung.\n'
    with pytest.raises(PluginError, match=r"^teil-2.md: teil-2/uebung-1: Nach der Vorlage fehlt der Kasten"):
        hinweise_einsetzen(KURS, markdown, "teil-2.md")
