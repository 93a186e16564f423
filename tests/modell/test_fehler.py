"""kurs/modell/fehler.py: Die Meldung eines QuellenFehlers beginnt mit Datei und Zeile,
relativ zur Wurzel des Kurses."""

from pathlib import Path

import pytest
import yaml

from kurs.modell.fehler import QuellenFehler

WURZEL = Path("/kurs")


@pytest.mark.parametrize("datei, zeile, meldung", [
    (WURZEL / "docs" / "teil-1.md", 12, "docs/teil-1.md:12: Text"),
    (WURZEL / "docs" / "teil-1.md", None, "docs/teil-1.md: Text"),
    (Path("/anderswo/x.md"), 3, f"{Path('/anderswo/x.md')}:3: Text"),
])
def test_in_datei_nennt_datei_relativ_zur_wurzel_und_zeile(datei, zeile, meldung):
    fehler = QuellenFehler.in_datei(datei, zeile, "Text", WURZEL)
    assert isinstance(fehler, QuellenFehler) and str(fehler) == meldung


def test_quellenfehler_ist_eine_exception_mit_ort_und_text():
    with pytest.raises(Exception, match=r"^snippets/a\.md:4: kaputt$"):
        raise QuellenFehler("snippets/a.md:4", "kaputt")


@pytest.mark.parametrize("text, zeile", [
    ('a: 1\nb: "offen\nc: 2\n', 2),  # ein Anführungszeichen fehlt: wo der Wert begann
    ('a: 1\nb: "offen\nc: 2\nd: \'[\\s]\'\n', 2),  # YAML merkt es erst am \\s in Zeile 4
    ("a: [1, 2\nb: 3\n", 1),  # eine Klammer fehlt: wo sie aufging
    ("a:\n  b: 1\n    c: 2\n", 3),  # falsch eingerückt: wo YAML es merkt, nicht Zeile 1
])
# PyYAML und libyaml (mit dem der Kurs mkdocs.yml liest, wo es ihn gibt) sagen es verschieden.
@pytest.mark.parametrize("lader", [lader for lader in ("SafeLoader", "CSafeLoader") if hasattr(yaml, lader)])
def test_yaml_fehler_an_der_stelle_die_zu_aendern_ist(tmp_path, text, zeile, lader):
    from kurs.modell.fehler import verorten

    (tmp_path / "mkdocs.yml").write_text(text, encoding="utf-8")
    with pytest.raises(yaml.YAMLError) as info:
        yaml.load(text, Loader=getattr(yaml, lader))
    assert str(verorten(info.value, tmp_path, tmp_path / "mkdocs.yml")).startswith(f"mkdocs.yml:{zeile}: ")
