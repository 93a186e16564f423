"""Die Skripte und Stile des Kurses gehen ohne Kommentare über das Netz: die Zeichnung eines Laufs
(docs/assets/kurs-zeichnung.js und .css) und was jede Seite beim Laden holt (kurs.css, kurs-fortschritt.js,
kurs-begriffe.js, kurs-lauf.js), dazu der Editor und was nach dem ersten Lauf lädt (kurs-ergebnis.js).

Issue 48 erlaubt der Zeichnung 5 KB gzip und dem Laden der Seite kein Byte mehr; die Kommentare allein wogen
1,7 KB (benchmarks/zeichnung.py), in den übrigen Dateien 5 KB. Die lesbare Quelle mit Kommentaren bleibt in
docs/assets, der Build schreibt die Kopie in der Seite neu.

CSS: tinycss2 (ohnehin da) liest die Datei und schreibt sie ohne Kommentare wieder.
JavaScript: Es fallen nur ganze Zeilen, die mit `//` beginnen. Eine solche Zeile könnte sonst nur Text
sein, wenn eine Zeichenkette über das Zeilenende reicht (Template-Literal, `\\` am Ende); gibt es eine
Codezeile mit ungerade vielen Backticks oder mit `\\` am Ende, bleibt die Datei, wie sie ist.
"""

import tinycss2

DATEIEN = ("kurs-zeichnung.js", "kurs-zeichnung.css", "kurs.css", "kurs-fortschritt.js", "kurs-begriffe.js",
           "kurs-editor.js", "kurs-lauf.js", "kurs-ergebnis.js")


def _kommentarzeile(zeile: str) -> bool:
    return zeile.lstrip().startswith("//")


def js(text: str) -> str:
    zeilen = text.splitlines(keepends=True)
    code = [z.rstrip("\r\n") for z in zeilen if not _kommentarzeile(z)]
    if any(z.count("`") % 2 or z.endswith("\\") for z in code):
        return text
    return "".join(z for z in zeilen if not _kommentarzeile(z))


def css(text: str) -> str:
    return tinycss2.serialize(tinycss2.parse_component_value_list(text, skip_comments=True))


def ohne_kommentare(name: str, text: str) -> str:
    return js(text) if name.endswith(".js") else css(text)
