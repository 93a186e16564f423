"""Die Dauer eines Teils, gerechnet statt getippt: `<!-- dauer -->` in einer Seite wird zu
„ca. 50 Min.: Lesen ca. 22 Min., Übungen ca. 28 Min.“, `<!-- dauer: teil-1.md -->` zur Dauer
jener Seite (die Übersicht nennt so jeden Teil).

Lesen: die Wörter des Texts außerhalb des Abschnitts „## Übungen“, ohne Code, bei rund
100 Wörtern pro Minute (Lernen mit Beispielen, nicht Überfliegen). Übungen: die Summe der
Minuten in den Überschriften „### Übung M: Titel (ca. N Min.)“, die die Autorin je Übung schätzt.
"""

import re
from pathlib import Path

PLATZHALTER = "<!-- dauer -->"
WOERTER_JE_MINUTE = 100
CODE = re.compile(r"^[ \t]*(`{3,}).*?^[ \t]*\1[ \t]*$|^[ \t]*-{1,}8<-{1,}[^\n]*$|<!--.*?-->", re.M | re.S)
UEBUNGEN = re.compile(r"^## Übungen\s*$.*?(?=^## |\Z)", re.M | re.S)
UEBUNG_MINUTEN = re.compile(r"^### Übung \d+: .*\(ca\. (\d+) Min\.\)\s*$", re.M)


def dauer(markdown: str) -> str:
    uebungen = sum(int(m) for m in UEBUNG_MINUTEN.findall(markdown))
    text = UEBUNGEN.sub("", CODE.sub("", markdown))
    lesen = max(1, round(len(re.findall(r"\w+", text)) / WOERTER_JE_MINUTE))
    if not uebungen:
        return f"Lesen ca. {lesen} Min."
    return f"ca. {lesen + uebungen} Min.: Lesen ca. {lesen} Min., Übungen ca. {uebungen} Min."


# Die Dauer einer anderen Seite, etwa in der Übersicht: `<!-- dauer: teil-1.md -->`.
DAUER_VON = re.compile(r"<!-- dauer: (?P<seite>[\w/.-]+\.md) -->")


def einsetzen(markdown: str, docs: Path) -> str:
    markdown = markdown.replace(PLATZHALTER, dauer(markdown)) if PLATZHALTER in markdown else markdown
    return DAUER_VON.sub(lambda m: dauer((docs / m["seite"]).read_text(encoding="utf-8")), markdown)
