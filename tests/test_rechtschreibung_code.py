"""Was aus Code geprüft wird (kurs/rechtschreibung_code.py): Meldungen, keine Namen aus dem Code."""

from kurs.rechtschreibung_code import meldungen, ohne_code


def test_von_einer_pruefung_zaehlen_nur_ihre_texte():
    markdown = "\n".join([
        "```python",
        'S = "Szenario"',
        'assert x == {"schluessel": 1}, (f"{S}: Die {x!r} Meldung "',
        '    "geht weiter.")',
        'con.execute("SELECT spalte FROM tabelle WHERE wert = 1")',
        "def hilfe():",
        '    """Docstring bleibt draußen."""',
        'HINWEIS = """Zeile eins',
        'Zeile zwei"""',
        "```",
    ])
    zeilen = meldungen(markdown, "snippets/beispiel.md")
    assert len(zeilen) == len(markdown.split("\n"))
    assert [z.split() for z in zeilen] == [
        [], ["Szenario"], [":", "Die", "Meldung"], ["geht", "weiter."], [], [], [], ["Zeile", "eins"],
        ["Zeile", "zwei"], [],
    ]


def test_namen_aus_dem_code_sind_in_einer_meldung_kein_wort():
    namen = {"verarbeite", "None", "dlq"}
    zeilen = ohne_code(["verarbeite soll None liefern, sonst dlq.append(m) und q.ack(m['id']) (ohne Fehler)."], namen)
    assert zeilen == ["soll liefern, sonst und (ohne Fehler)."]
