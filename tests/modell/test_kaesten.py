"""kurs/modell/kaesten.py: Ein Kasten, den Markdown nicht liest oder der leer bliebe, bricht den Build mit
Datei und Zeile ab; was Markdown als Kasten liest, geht durch."""

import re

import pytest

from kurs.modell import QuellenFehler
from kurs.modell.kaesten import diagramme_pruefen, pruefen

GUT = '''Text

!!! warning "Falle 1: Ack vor der Arbeit"
    Inhalt.

??? example "So wird geprüft"

    Inhalt nach einer Leerzeile.

???+ tip "Offen"
    Inhalt.

!!! note
    Ohne Titel.

=== "Reiter"

    !!! info "Eingerückt"
        Inhalt im Reiter.

```text
!!! warning "Im Code ist nichts ein Kasten
```
'''


def test_was_markdown_als_kasten_liest_geht_durch():
    pruefen(GUT, "docs/x.md")


@pytest.mark.parametrize("kopf, meldung", [
    ('!!! warning "Falle 1: Ack vor der Arbeit', "Diesen Kasten liest Markdown nicht"),
    ("!!! warning „Falle 1: Ack vor der Arbeit“", "Diesen Kasten liest Markdown nicht"),
    ('??? example "So wird geprüft', "Diesen Kasten liest Markdown nicht"),
    ('!!! warning "Falle 1: Ack vor der Arbeit"\n!!! warning "Falle 1: Ack vor der Arbeit"', "Dieser Kasten bliebe leer"),
])
def test_kaputter_oder_leerer_kasten_an_seiner_zeile(kopf, meldung):
    text = GUT.replace('!!! warning "Falle 1: Ack vor der Arbeit"', kopf)
    with pytest.raises(QuellenFehler, match=f"^docs/x.md:3: {meldung}"):
        pruefen(text, "docs/x.md")


def test_kasten_am_ende_der_seite_bliebe_leer():
    with pytest.raises(QuellenFehler, match="^docs/x.md:3: Dieser Kasten bliebe leer"):
        pruefen('Text\n\n??? example "So wird geprüft"\n', "docs/x.md")


@pytest.mark.parametrize("feld", ["accTitle", "accDescr"])
def test_diagramm_ohne_text_fuer_screenreader(feld):
    diagramm = "Text\n\n```mermaid\nsequenceDiagram\n    accTitle: Ein Titel\n    accDescr: Ein Satz.\n    A->>B: x\n```\n"
    diagramme_pruefen(diagramm, "docs/x.md")
    with pytest.raises(QuellenFehler, match=f"^docs/x.md:3: Diesem Diagramm fehlt `{feld}: …`"):
        diagramme_pruefen(re.sub(rf"^    {feld}: .*\n", "", diagramm, flags=re.M), "docs/x.md")


def test_zeile_zweimal_hintereinander():
    from kurs.modell.kaesten import doppelte_zeilen

    text = "Ein Satz.\nNoch einer.\n\n\n```mermaid\nA->>B: x\nA->>B: x\n```\n| a |\n| b |\n"
    doppelte_zeilen(text, "docs/x.md")  # Leerzeilen und Fences dürfen
    with pytest.raises(QuellenFehler, match="^docs/x.md:3: Diese Zeile steht zweimal hintereinander"):
        doppelte_zeilen(text.replace("Noch einer.\n", "Noch einer.\nNoch einer.\n"), "docs/x.md")
