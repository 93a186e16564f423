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


@pytest.mark.parametrize("feld, zeile", [("accTitle", 5), ("accDescr", 6)])
def test_diagramm_ohne_text_fuer_screenreader(feld, zeile):
    """Gemeldet, wo die Zeile stehen sollte: unter der Art des Diagramms, accDescr unter accTitle."""
    diagramm = "Text\n\n```mermaid\nsequenceDiagram\n    accTitle: Ein Titel\n    accDescr: Ein Satz.\n    A->>B: x\n```\n"
    diagramme_pruefen(diagramm, "docs/x.md")
    with pytest.raises(QuellenFehler, match=f"^docs/x.md:{zeile}: Diesem Diagramm fehlt `{feld}: …`"):
        diagramme_pruefen(re.sub(rf"^    {feld}: .*\n", "", diagramm, flags=re.M), "docs/x.md")


def _texte_fuer_screenreader():
    from kurs.modell import Kurs

    for seite in sorted(Kurs().docs.glob("*.md")):
        for nummer, zeile in enumerate(seite.read_text(encoding="utf-8").split("\n"), start=1):
            if re.match(r"^\s*acc(Title|Descr):", zeile):
                yield pytest.param(seite, nummer, id=f"{seite.name}:{nummer}")


@pytest.mark.parametrize("seite, nummer", list(_texte_fuer_screenreader()))
def test_ein_geloeschter_text_fuer_screenreader_steht_an_seiner_zeile(seite, nummer):
    zeilen = seite.read_text(encoding="utf-8").split("\n")
    del zeilen[nummer - 1]
    with pytest.raises(QuellenFehler, match=rf"^{seite.name}:{nummer}: Diesem Diagramm fehlt"):
        diagramme_pruefen("\n".join(zeilen), seite.name)


def _einfuehrungen():
    """(Seite, Zeile in der Seite, Zeile) jeder Zeile eines Diagramms im Kurs, die einen Teilnehmer oder Knoten
    einführt: Jede davon umbenannt oder gelöscht ist ein Fall."""
    from kurs.modell import Kurs
    from kurs.modell.kaesten import KNOTEN, TEILNEHMER
    from kurs.modell.kapitel import MERMAID

    for seite in sorted(Kurs().docs.glob("*.md")):
        text = seite.read_text(encoding="utf-8")
        for m in MERMAID.finditer(text):
            anfang = text.count("\n", 0, m.start()) + 1
            for nummer, zeile in enumerate(m[1].split("\n"), start=1):
                if TEILNEHMER.match(zeile) or KNOTEN.match(zeile):
                    yield pytest.param(seite, anfang + nummer, id=f"{seite.name}:{anfang + nummer}")


EINFUEHRUNGEN = list(_einfuehrungen())


def test_die_diagramme_des_kurses_fuehren_jeden_namen_ein_den_sie_benutzen():
    from kurs.modell import Kurs

    assert len(EINFUEHRUNGEN) >= 10, "Findet der Test die Teilnehmer und Knoten der Diagramme noch?"
    for seite in sorted(Kurs().docs.glob("*.md")):
        diagramme_pruefen(seite.read_text(encoding="utf-8"), seite.name)


@pytest.mark.parametrize("seite, nummer", EINFUEHRUNGEN)
@pytest.mark.parametrize("fehler", ["umbenannt", "gelöscht"])
def test_ein_umbenannter_oder_geloeschter_teilnehmer_steht_an_seiner_zeile(seite, nummer, fehler):
    """Umbenannt (`participant B as Broker` -> `participant Bx as Broker`): an dieser Zeile. Gelöscht: an der
    ersten Zeile, die den Namen noch benutzt; Mermaid zeichnete ihn sonst still mit seinem Kürzel."""
    from kurs.modell.kaesten import KNOTEN, TEILNEHMER

    zeilen = seite.read_text(encoding="utf-8").split("\n")
    name = (TEILNEHMER.match(zeilen[nummer - 1]) or KNOTEN.match(zeilen[nummer - 1]))["name"]
    if fehler == "umbenannt":
        zeilen[nummer - 1] = zeilen[nummer - 1].replace(name, name + "x", 1)
        erwartet = nummer
    else:
        del zeilen[nummer - 1]
        # Die erste Nachricht, Notiz oder Kante mit dem Namen (nicht ein Text, in dem er steht).
        benutzt = rf"^\s*({name}\s*-|\w+\s*-\S*\s*{name}\s*(:|$))|^\s*Note over [^:]*\b{name}\b"
        erwartet = next(n for n, z in enumerate(zeilen, start=1) if n >= nummer and re.search(benutzt, z))
    with pytest.raises(QuellenFehler, match=rf"^{seite.name}:{erwartet}: (Teilnehmer|Knoten) '{name}x?' "):
        diagramme_pruefen("\n".join(zeilen), seite.name)


def test_zeile_zweimal_hintereinander():
    from kurs.modell.kaesten import doppelte_zeilen

    text = "Ein Satz.\nNoch einer.\n\n\n```mermaid\nA->>B: x\nA->>B: x\n```\n| a |\n| b |\n"
    doppelte_zeilen(text, "docs/x.md")  # Leerzeilen und Fences dürfen
    with pytest.raises(QuellenFehler, match="^docs/x.md:3: Diese Zeile steht zweimal hintereinander"):
        doppelte_zeilen(text.replace("Noch einer.\n", "Noch einer.\nNoch einer.\n"), "docs/x.md")


def _nachrichten():
    from kurs.modell import Kurs
    from kurs.modell.kaesten import NACHRICHT

    for seite in sorted(Kurs().docs.glob("*.md")):
        for nummer, zeile in enumerate(seite.read_text(encoding="utf-8").split("\n"), start=1):
            if (m := NACHRICHT.match(zeile)) and m["pfeil"].endswith(">>"):
                yield pytest.param(seite, nummer, id=f"{seite.name}:{nummer}")


@pytest.mark.parametrize("seite, nummer", list(_nachrichten()))
def test_eine_nachricht_ohne_pfeilspitze_steht_an_ihrer_zeile(seite, nummer):
    """`->>` zu `->` (ein > zu wenig): Mermaid zeichnet still eine Linie ohne Richtung."""
    zeilen = seite.read_text(encoding="utf-8").split("\n")
    zeilen[nummer - 1] = zeilen[nummer - 1].replace(">>", ">", 1)
    with pytest.raises(QuellenFehler, match=rf"^{seite.name}:{nummer}: Diese Nachricht hat keine Pfeilspitze"):
        diagramme_pruefen("\n".join(zeilen), seite.name)


@pytest.mark.parametrize("name", ["admonition", "pymdownx.details"])
def test_eine_erweiterung_die_seiten_brauchen_fehlt_in_mkdocs_yml(kopie_mit_commit, zeile_loeschen, name):
    """Ohne admonition stünde jede Falle als „!!! warning …“ im Text; der Build ging still durch. Gemeldet, wo
    die Erweiterung seit dem letzten Commit fehlt; ohne diesen Vergleich an der Zeile markdown_extensions."""
    from kurs.modell import Kurs

    nummer = zeile_loeschen(kopie_mit_commit / "mkdocs.yml", lambda z: z == f"  - {name}")
    with pytest.raises(QuellenFehler, match=rf"^mkdocs.yml:{nummer}: markdown_extensions nennt {name} nicht; docs/"):
        Kurs(kopie_mit_commit).pruefen()
    from kurs.modell import aenderungen

    (kopie_mit_commit / ".git").rename(kopie_mit_commit / "git-weg")
    aenderungen._im_commit.cache_clear()
    zeilen = (kopie_mit_commit / "mkdocs.yml").read_text(encoding="utf-8").split("\n")
    liste = zeilen.index("markdown_extensions:") + 1
    with pytest.raises(QuellenFehler, match=rf"^mkdocs.yml:{liste}: markdown_extensions nennt {name} nicht"):
        Kurs(kopie_mit_commit).pruefen()


def test_eine_nachricht_ohne_ziel_ist_keine_ohne_pfeilspitze():
    """`Bob->>: Hallo` meldet Mermaid selbst (kein Ziel); hier wäre „->“ nach „>“ eine falsche Fährte."""
    from kurs.modell.kaesten import namen_pruefen

    assert namen_pruefen(["sequenceDiagram", "    Bob->>: Hallo ohne Ziel"]) is None
    assert namen_pruefen(["sequenceDiagram", "    Bob->Alice: Hallo"])[0] == 2


@pytest.mark.parametrize("seite, nummer", [p for p in EINFUEHRUNGEN if "participant" in p.values[0].read_text(
    encoding="utf-8").split("\n")[p.values[1] - 1]])
def test_ein_vertipptes_participant_steht_an_seiner_zeile(seite, nummer):
    zeilen = seite.read_text(encoding="utf-8").split("\n")
    zeilen[nummer - 1] = zeilen[nummer - 1].replace("participant", "praticipant")
    with pytest.raises(QuellenFehler, match=rf"^{seite.name}:{nummer}: 'praticipant' kennt Mermaid nicht.*participant"):
        diagramme_pruefen("\n".join(zeilen), seite.name)


def _kanten():
    from kurs.modell import Kurs
    from kurs.modell.kaesten import KANTE

    for seite in sorted(Kurs().docs.glob("*.md")):
        for nummer, zeile in enumerate(seite.read_text(encoding="utf-8").split("\n"), start=1):
            if KANTE.match(zeile):
                yield pytest.param(seite, nummer, id=f"{seite.name}:{nummer}")


@pytest.mark.parametrize("seite, nummer", list(_kanten()))
def test_eine_doppelte_kante_steht_an_ihrer_zeile(seite, nummer):
    zeilen = seite.read_text(encoding="utf-8").split("\n")
    zeilen.insert(nummer, zeilen[nummer - 1])
    with pytest.raises(QuellenFehler, match=rf"^{seite.name}:{nummer + 1}: Diese Kante steht schon in Zeile"):
        diagramme_pruefen("\n".join(zeilen), seite.name)
