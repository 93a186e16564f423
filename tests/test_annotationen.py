"""kurs/annotationen.py: Mit GITHUB_ACTIONS=true steht jeder Fehler als Anmerkung an Datei und
Zeile (Workflow-Befehl ::error) und in der Zusammenfassung des Jobs. Ohne GitHub geprüft: an den
Zeilen, die ein Lauf druckt. Den Build mit kaputtem Link prüft tests/test_beitragen.py."""


import kurs_kopie
import pytest

from kurs import annotationen

pytest_plugins = ["pytester"]

PROBE = "snippets/teil-2/probe.md"
PROBE_TEXT = '```python\nprint("richtig")\n```\n\n<!--pytest-codeblocks:expected-output-->\n\n```text title="Ausgabe"\nfalsch\n```\n'


def test_anmerkung_maskiert_was_github_sonst_falsch_liest():
    zeile = annotationen.anmerkung("docs/a,b.md", 3, "Test: x::y", "50 %\nzweite Zeile")
    assert zeile == "::error file=docs/a%2Cb.md,line=3,title=Test%3A x%3A%3Ay::50 %25%0Azweite Zeile"
    assert annotationen.anmerkung(None, None, "t", "ohne Ort") == "::error title=t::ohne Ort"


def test_fundstellen_am_zeilenanfang_auch_hinter_der_stufe_von_mkdocs():
    text = ("WARNING -  docs/teil-2.md:290: Der Link führt ins Leere.\nmitten im Satz snippets/x.md:3: nicht\n"
            "snippets/teil-1/uebung-1/fehler.toml:17: Der typische Fehler …\ndocs/teil-2.md:290: noch einmal\n"
            "  docs/teil-2.md:39: 'Nachrricht' (Vorschläge: Nachricht)")  # eingerückt: die Rechtschreibung
    assert annotationen.fundstellen(text) == [("docs/teil-2.md", 290, "Der Link führt ins Leere."),
                                              ("snippets/teil-1/uebung-1/fehler.toml", 17, "Der typische Fehler …"),
                                              ("docs/teil-2.md", 39, "'Nachrricht' (Vorschläge: Nachricht)")]


@pytest.fixture
def kopie(pytester):
    kurs_kopie.fuer_pytester(pytester.path, PROBE, PROBE_TEXT)
    return pytester


def test_gescheiterter_snippet_test_steht_an_der_zeile_der_ausgabe(kopie, monkeypatch):
    zusammenfassung = kopie.path / "zusammenfassung.md"
    monkeypatch.setenv("GITHUB_ACTIONS", "true")
    monkeypatch.setenv("GITHUB_STEP_SUMMARY", str(zusammenfassung))
    lauf = kopie.runpytest_subprocess("-p", "no:cacheprovider", PROBE)
    lauf.assert_outcomes(failed=1)
    lauf.stdout.fnmatch_lines([f"::error file={PROBE},line=8,title=Test%3A {PROBE}%3A%3Aline 1::{PROBE}:8: "
                               "Die gezeigte Ausgabe passt nicht zum Code.%0AGezeigt:%0Afalsch%0AGedruckt:%0Arichtig*"])
    assert f"- `{PROBE}:8`: Die gezeigte Ausgabe passt nicht zum Code." in zusammenfassung.read_text(encoding="utf-8")


def test_ohne_github_keine_anmerkung(kopie, monkeypatch):
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    lauf = kopie.runpytest_subprocess("-p", "no:cacheprovider", PROBE)
    lauf.assert_outcomes(failed=1)
    assert "::error" not in lauf.stdout.str()
