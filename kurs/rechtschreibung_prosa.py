"""Was Leserinnen von einer Seite in Markdown lesen (kurs/rechtschreibung.py): die Prosa, Zeile für
Zeile; Code, URLs, Kommentare und Einbindungen werden zu Leerzeichen. Von einem Diagramm zählen, was
es zeigt und vorliest: Beschriftungen, Nachrichten, Notizen, accTitle und accDescr. Dazu, was die
Seite aus mkdocs.yml zeigt: ihren Namen, die Titel im Menü, die Beschriftungen des Farbschalters."""

import re
from pathlib import Path

# --- Seiten: Markdown ------------------------------------------------------

# Ein Zaun aus Backticks hat keinen Backtick dahinter (CommonMark): "```` ```py ````, …" ist Inline-Code.
FENCE = re.compile(r"^\s*(`{3,}(?=[^`]*$)|~{3,})")
# Was ein Diagramm zeigt oder vorliest, je Zeile: accTitle und accDescr, Nachrichten und Notizen
# (A->>B: Text, Note over A: Text), Namen (participant A as Name), Blöcke (loop Text) und Beschriftungen
# von Knoten und Kanten (A["Text"], A(Text), A{Text}, -- Text -->, -->|Text|), Überschriften (subgraph).
MERMAID_TEXT = re.compile(r"^\s*(?:acc(?:Title|Descr)\s*:|\w+\s*-[-.x>)]*[+-]?\s*\w+\s*:|Note [\w ,]+:|"
                          r"(?:participant|actor) \w+ as |(?:loop|alt|else|opt|par|and|critical|break|rect|title) )(.*)$")
MERMAID_BESCHRIFTUNG = re.compile(r'\["([^"]*)"\]|\[([^\]"]*)\]|\(\(?([^()]*)\)?\)|\{([^{}]*)\}|\|([^|]*)\||'
                                  r"--\s+([^->|]+?)\s+-->")
# Diagrammtyp und Richtung: Wörter von Mermaid, kein Text.
MERMAID_CODE = re.compile(r"^\s*(sequenceDiagram|flowchart|graph|direction|end|autonumber)\b")
# Der Titel eines Codeblocks (```text title="Ausgabe"): Die Seite zeigt ihn über dem Block.
TITEL = re.compile(r'\btitle="([^"]*)"')


def mermaid_text(zeile: str) -> str:
    """Was Leserinnen von einer Zeile Mermaid sehen oder hören; der Rest (Namen der Knoten, Pfeile) nicht."""
    if MERMAID_CODE.match(zeile):
        return ""
    if m := MERMAID_TEXT.match(zeile):
        return m[1]
    return " ".join(next(g for g in t.groups() if g is not None) for t in MERMAID_BESCHRIFTUNG.finditer(zeile))
ERSETZUNGEN = [
    (re.compile(r"<!--.*?-->", re.S), ""),  # HTML-Kommentare, auch mehrzeilig (Quiz-Marker)
    # Inline-Code wird zum Wort "Code": So bleibt "`with con:`-Block" ein prüfbares "Code-Block".
    (re.compile(r"(`+).+?\1"), "Code"),
    (re.compile(r"\]\([^)]*\)"), "] "),  # Linkziel: [Text](ziel) behält nur den Text
    (re.compile(r"<https?://[^>]*>|https?://\S+"), " "),  # URLs
    (re.compile(r"</?[a-zA-Z][^>]*>"), " "),  # HTML-Tags
    (re.compile(r"^\s*(!!!|\?\?\?\+?)\s+\w+", re.M), " "),  # Admonition-Typ (warning, info …), nicht der Titel
    (re.compile(r"\{[:#.][^}]*\}"), " "),  # attr_list: { #anker .klasse }
    (re.compile(r"\S*\d\S*"), " "),  # Wörter mit Ziffern: crc32, sqlite3, 4990
    (re.compile(r"\S+\.[a-z]{2,}\S*"), " "),  # Domains und Namen mit Punkt: microservices.io
    (re.compile(r"\|"), " "),  # Tabellenspalten
    (re.compile(r"(?<!\S)[-.]+(?!\S)"), " "),  # Listenpunkte, |---|, Gedankenstriche
]


def prosa(markdown: str, namen: frozenset[str] = frozenset()) -> list[str]:
    """Die Zeilen des Textes ohne Code & Co.; die Zeilennummern bleiben gleich. `namen`: Namen aus dem
    Code des Kurses; ein Diagramm nennt sie ohne `…` („INSERT dedup“), sie sind dort kein Wort."""
    from kurs.rechtschreibung_code import ohne_code

    zeilen, zaun, mermaid, spalten = [], None, False, None
    for zeile in markdown.split("\n"):
        m = FENCE.match(zeile)
        if zaun is None and m:
            zaun, mermaid = m[1], zeile.strip()[len(m[1]):].strip() == "mermaid"
            zeilen.append(" ".join(TITEL.findall(zeile)))
        elif zaun is not None:
            if m and m[1].startswith(zaun) and not zeile.strip().strip(zaun[0]):
                zaun = None
            # Vom Diagramm zählt, was es zeigt und vorliest; Code zählt nicht.
            zeilen.append(ohne_code([mermaid_text(zeile)], namen)[0] if mermaid and zaun is not None else "")
        elif "--8<--" in zeile:
            zeilen.append("")
        elif zeile.startswith("|"):
            zellen = zeile.split("|")
            if spalten is None:  # Kopfzeile einer neuen Tabelle
                spalten = [z.strip() for z in zellen]
            # Die Spalte "Englisch" (Glossar) ist absichtlich Englisch.
            if "Englisch" in spalten and len(zellen) > spalten.index("Englisch"):
                zellen[spalten.index("Englisch")] = " "
            zeilen.append("|".join(zellen))
        else:
            spalten = None
            zeilen.append(zeile)
    text = "\n".join(zeilen)
    for muster, ersatz in ERSETZUNGEN:
        # Mehrzeilige Treffer (Kommentare) ersetzt durch ebenso viele Zeilenumbrüche.
        text = muster.sub(lambda t, ersatz=ersatz: ersatz + "\n" * t[0].count("\n"), text)
    return text.split("\n")


# --- mkdocs.yml: was die Seite aus den Einstellungen zeigt ------------------------

def einstellungen_texte(datei: Path) -> list[str]:
    """mkdocs.yml: Name und Beschreibung der Seite, die Titel im Menü (nav) und die Beschriftungen
    des Schalters für das Farbschema (toggle: name), jeder auf seiner Zeile."""
    zeilen, abschnitt, schalter = [], None, None
    for zeile in datei.read_text(encoding="utf-8").split("\n"):
        einzug = len(zeile) - len(zeile.lstrip())
        if m := re.match(r"^([\w-]+):", zeile):
            abschnitt = m[1]
        if schalter is not None and zeile.strip() and einzug <= schalter:
            schalter = None
        text = ""
        if m := re.match(r"^(?:site_name|site_description|copyright):\s*(.+)$", zeile):
            text = m[1]
        elif abschnitt == "nav" and (m := re.match(r'^\s*- (?:"([^"]+)"|([^:"#]+)):', zeile)):
            text = m[1] or m[2]
        elif schalter is not None and (m := re.match(r"^\s*name:\s*(.+)$", zeile)):
            text = m[1]
        if re.match(r"^\s*toggle:\s*$", zeile):
            schalter = einzug
        zeilen.append(text.strip("\"'"))
    return zeilen
