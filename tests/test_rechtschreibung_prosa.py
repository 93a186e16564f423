"""Was von einer Seite geprüft wird (kurs/rechtschreibung_prosa.py): Prosa, keine Codes, URLs, Kommentare."""

from kurs.rechtschreibung_prosa import prosa


def test_code_urls_kommentare_snippets_und_mermaid_werden_nicht_geprueft():
    # Vom Diagramm bleiben nur accTitle und accDescr (Text für Screenreader).
    text = "\n".join([
        "Text mit `inline_kot` und [Linktext](https://beispiel.invalid/pfadd).",
        "<!-- quiz: teil-2/uebung-3 -->",
        '--8<-- "teil-2/partition.md"',
        "```mermaid",
        "sequenceDiagram",
        "    accTitle: Ablauf",
        "    participant A as Anwendnug",
        "```",
        "```python",
        "def bestellen_mit_dual_write(con): ...",
        "```",
        '!!! warning "Falle"',
        "Siehe <https://beispiel.invalid/xyz> und crc32.",
    ])
    zeilen = prosa(text)
    assert len(zeilen) == len(text.split("\n"))
    rest = " ".join(zeilen).split()
    assert rest == ["Text", "mit", "Code", "und", "[Linktext]", "Ablauf", '"Falle"', "Siehe", "und"]


def test_inline_code_aus_backticks_am_zeilenanfang_ist_kein_zaun():
    # So begann in CONTRIBUTING.md eine Zeile; als Zaun gelesen, blieben 112 Zeilen danach ungeprüft.
    zeilen = prosa("```` ```py ````, `~~~` oder ```` ``` python ```` würde still übersprungen.\n\nDanach Prosa.")
    assert zeilen[2] == "Danach Prosa."
