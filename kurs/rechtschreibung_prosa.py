"""Was Leserinnen von einer Seite in Markdown lesen (kurs/rechtschreibung.py): die Prosa, Zeile für
Zeile; Code, URLs, Kommentare und Einbindungen werden zu Leerzeichen. Von einem Diagramm zählen, was
es zeigt und vorliest: Beschriftungen, Nachrichten, Notizen, accTitle und accDescr."""

import re

# --- Seiten: Markdown ------------------------------------------------------

# Ein Zaun aus Backticks hat keinen Backtick dahinter (CommonMark): "```` ```py ````, …" ist Inline-Code.
FENCE = re.compile(r"^\s*(`{3,}(?=[^`]*$)|~{3,})")
MERMAID_TEXT = re.compile(r"^\s*acc(?:Title|Descr)\s*:(.*)$")
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


def prosa(markdown: str) -> list[str]:
    """Die Zeilen des Textes ohne Code & Co.; die Zeilennummern bleiben gleich."""
    zeilen, zaun, mermaid, spalten = [], None, False, None
    for zeile in markdown.split("\n"):
        m = FENCE.match(zeile)
        if zaun is None and m:
            zaun, mermaid = m[1], zeile.strip()[len(m[1]):].strip() == "mermaid"
            zeilen.append("")
        elif zaun is not None:
            if m and m[1].startswith(zaun) and not zeile.strip().strip(zaun[0]):
                zaun = None
            # accTitle und accDescr lesen Screenreader vor: Das ist Prosa, der Rest des Diagramms nicht.
            zeilen.append(a[1] if mermaid and (a := MERMAID_TEXT.match(zeile)) else "")
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
