"""Was von einer Seite geprüft wird (kurs/rechtschreibung_prosa.py): Prosa, keine Codes, URLs, Kommentare."""

import pytest

from kurs.rechtschreibung_prosa import mermaid_text, prosa


def test_code_urls_kommentare_snippets_und_mermaid_werden_nicht_geprueft():
    # Vom Diagramm bleibt, was es zeigt und vorliest (accTitle, der Name eines Teilnehmers), nicht sein Code.
    text = "\n".join([
        "Text mit `inline_kot` und [Linktext](https://beispiel.invalid/pfadd).",
        "<!-- quiz: teil-2/uebung-3 -->",
        '--8<-- "teil-2/partition.md"',
        "```mermaid",
        "sequenceDiagram",
        "    accTitle: Ablauf",
        "    participant A as Anwendnug",
        "    A->>A: sende",
        "    A1 --> B2",
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
    assert rest == ["Text", "mit", "Code", "und", "[Linktext]", "Ablauf", "Anwendnug", "sende", '"Falle"', "Siehe",
                    "und"]


def test_inline_code_aus_backticks_am_zeilenanfang_ist_kein_zaun():
    # So begann in CONTRIBUTING.md eine Zeile; als Zaun gelesen, blieben 112 Zeilen danach ungeprüft.
    zeilen = prosa("```` ```py ````, `~~~` oder ```` ``` python ```` würde still übersprungen.\n\nDanach Prosa.")
    assert zeilen[2] == "Danach Prosa."


@pytest.mark.parametrize("zeile, text", [
    ("    participant K as Konsument", "Konsument"),
    ("    K->>D: body, versuche, fehler anhängen", "body, versuche, fehler anhängen"),
    ("    K-xK: Absturz vor dem Ack", "Absturz vor dem Ack"),
    ("    Note over R,B: Stirbt das Relay", "Stirbt das Relay"),
    ("    loop Jede Sekunde", "Jede Sekunde"),
    ('    subgraph LOG["Log mit 3 Partitionen"]', "Log mit 3 Partitionen"),
    ('    P0["Partition 0<br/>kunde-A"]', "Partition 0<br/>kunde-A"),
    ("    A[Einrichten] --> B[Ändern]", "Einrichten Ändern"),
    ("    D -- Fehler an seiner Zeile --> B", "Fehler an seiner Zeile"),
    ("    A -->|ja| B", "ja"),
    ("    P2 -.-> A1", ""),
    ("    sequenceDiagram", ""),
    ("    direction TB", ""),
])
def test_mermaid_text(zeile, text):
    assert mermaid_text(zeile).strip() == text


def test_titel_eines_codeblocks():
    assert prosa('Text\n```text title="Ausgbae"\n1\n```') == ["Text", "Ausgbae", "", ""]
