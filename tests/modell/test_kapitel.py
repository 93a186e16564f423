"""kurs/modell/kapitel.py: Ein Kapitel ist eine Seite aus `nav` mit einem Ordner snippets/<seite>/;
seine Übungen kommen aus den Überschriften „### Übung M: Titel“ und den Ordnern uebung-M/, und
passt beides nicht zusammen, nennt der Fehler Datei und Zeile."""

import pytest

from kurs.modell import Kurs, QuellenFehler

SEITE = """# Teil 9

### Schritt 1: Anfang

```mermaid
graph LR
  A --> B
```

### Übung 1: Zählen

Zähle die Nachrichten.

#### Hinweis

Nicht Teil der Aufgabe.

### Übung 2: Quittieren

Quittiere jede Nachricht.

## Zusammenfassung

Auch nicht Teil der Aufgabe.
"""


def kurs_mit(tmp_path, seite=SEITE, uebungen=(1, 2)) -> Kurs:
    (tmp_path / "mkdocs.yml").write_text('nav:\n  - Start: index.md\n  - "Teil 9: Probe": teil-9.md\n'
                                         "  - Fremd: https://example.org/\n", encoding="utf-8")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Start\n", encoding="utf-8")
    (tmp_path / "docs" / "teil-9.md").write_text(seite, encoding="utf-8")
    (tmp_path / "snippets" / "teil-9").mkdir(parents=True)
    for m in uebungen:
        (tmp_path / "snippets" / "teil-9" / f"uebung-{m}").mkdir()
        (tmp_path / "snippets" / "teil-9" / f"uebung-{m}" / "pruefung.md").write_text("", encoding="utf-8")
    return Kurs(tmp_path)


def test_kapitel_ist_eine_seite_aus_nav_mit_snippet_ordner(tmp_path):
    (kapitel,) = kurs_mit(tmp_path).kapitel
    assert (kapitel.name, kapitel.titel, kapitel.kurztitel, kapitel.url) == ("teil-9", "Teil 9: Probe", "Teil 9", "teil-9/")
    assert kapitel.seite == tmp_path.resolve() / "docs" / "teil-9.md"


def test_uebungen_mit_titel_und_anker_aus_der_ueberschrift(tmp_path):
    (kapitel,) = kurs_mit(tmp_path).kapitel
    assert [(u.name, u.titel, u.anker) for u in kapitel.uebungen] == [
        ("teil-9/uebung-1", "Zählen", "ubung-1-zahlen"), ("teil-9/uebung-2", "Quittieren", "ubung-2-quittieren")]


def test_abschnitte_enden_an_der_naechsten_ueberschrift(tmp_path):
    (kapitel,) = kurs_mit(tmp_path).kapitel
    assert kapitel.abschnitte() == [("1", "Zählen", ["", "Zähle die Nachrichten.", ""]),
                                    ("2", "Quittieren", ["", "Quittiere jede Nachricht.", ""])]


def test_diagramme_mit_seite_und_zeile(tmp_path):
    (diagramm,) = kurs_mit(tmp_path).diagramme
    assert (diagramm.seite.name, diagramm.zeile, diagramm.quelle) == ("teil-9.md", 5, "graph LR\n  A --> B\n")


@pytest.mark.parametrize("uebungen, meldung", [
    ((1,), r"^docs/teil-9\.md:18: Zur Überschrift gibt es keinen Ordner snippets/teil-9/uebung-2/"),
    ((1, 2, 3), r"^docs/teil-9\.md: Die Übung teil-9/uebung-3 \(snippets/teil-9/uebung-3/\) hat keine Überschrift"),
])
def test_ueberschrift_und_ordner_muessen_zusammenpassen(tmp_path, uebungen, meldung):
    with pytest.raises(QuellenFehler, match=meldung):
        kurs_mit(tmp_path, uebungen=uebungen).kapitel  # noqa: B018
