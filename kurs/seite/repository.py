"""Woher du den Kurs als Ordner bekommst: aus `extra.repository` in mkdocs.yml (der Workflow setzt
es mit KURS_REPOSITORY für das Repository, in dem er läuft, auch in einem Fork).

- `<!-- kurs-holen -->` (docs/index.md, „Eigene Lösung prüfen“) wird zum Satz mit `git clone`
  und der Adresse; ohne Adresse sagt er, woher du den Ordner bekommst, statt einen Platzhalter zu zeigen.
- Jede Zeile „Prüfen: `uv run pytest --uebung …`“ einer Übung sagt dazu, wo der Befehl läuft und
  woher der Ordner kommt. In docs/ steht nur der Befehl (kurs/notebooks.py liest ihn so).
"""

import re

KURS_HOLEN = "<!-- kurs-holen -->"
PRUEFBEFEHL = re.compile(r"^Prüfen: (?P<befehl>`uv run pytest --uebung [\w/-]+ --loesung [\w.-]+`)$", re.M)
ANLEITUNG = "index.md#eigene-losung-prufen"


def holen(repository: str | None) -> str:
    if repository:
        return f"Den Ordner holst du mit `git clone {repository}`."
    return ("Diese Seite wurde ohne die Adresse ihres Repositorys gebaut. Den Ordner des Kurses bekommst du "
            "darum dort, wo du die Seite her hast. Liest du sie mit `uv run mkdocs serve`, bist du schon darin.")


def einsetzen(markdown: str, repository: str | None) -> str:
    markdown = markdown.replace(KURS_HOLEN, holen(repository))
    woher = f"den Ordner holst du mit `git clone {repository}`" if repository else f"[wie du ihn bekommst]({ANLEITUNG})"
    return PRUEFBEFEHL.sub(lambda m: f"Prüfen im Ordner des Kurses: {m['befehl']} ({woher}).", markdown)
