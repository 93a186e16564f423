"""Dein Fortschritt: welche Übungen jeder Teil hat, mit Titel und Anker auf der Seite.

Die eine Stelle, an der diese Liste entsteht. Sie kommt aus den Übungen
(`kurs.pruefen.alle_uebungen()`) und den Überschriften `### Übung M: Titel` in
docs/teil-N.md. Der MkDocs-Hook (kurs/mkdocs_hooks.py) legt sie als JSON in jede Seite;
docs/assets/kurs-fortschritt.js zeigt daraus, was die Leserin schon bestanden hat.
"""

import re
from pathlib import Path

from markdown.extensions.toc import slugify

from kurs.pruefen import alle_uebungen

UEBERSCHRIFT = r"^### (?P<titel>Übung {nummer}: .+?)\s*$"
# Die Zeitangabe gehört in die Überschrift, nicht in die Liste auf der Startseite.
ZEIT = re.compile(r"\s*\(ca\. \d+ Min\.\)$")


def uebungen_je_teil(docs_dir: str | Path) -> list[dict]:
    """[{"teil": "Teil 1", "uebungen": [{"name", "titel", "seite", "anker"}, …]}, …]

    `seite` ist relativ zur Wurzel der Seite ("teil-1/", wie MkDocs teil-1.md ausliefert),
    `anker` die id der Überschrift. Der Hook prüft beim Bauen, dass es sie wirklich gibt.
    """
    teile: dict[str, list[dict]] = {}
    for name in alle_uebungen():
        teil, uebung = name.split("/")  # "teil-1", "uebung-3"
        text = (Path(docs_dir) / f"{teil}.md").read_text(encoding="utf-8")
        nummer = uebung.removeprefix("uebung-")
        treffer = re.search(UEBERSCHRIFT.format(nummer=nummer), text, re.M)
        if not treffer:
            raise ValueError(f"docs/{teil}.md: Überschrift „### Übung {nummer}: …“ für {name} fehlt")
        teile.setdefault(teil, []).append({
            "name": name,
            "titel": ZEIT.sub("", treffer["titel"]),
            "seite": f"{teil}/",
            # Wie MkDocs die id bildet (toc-Erweiterung, voreingestellt).
            "anker": slugify(treffer["titel"], "-"),
        })
    return [{"teil": teil.replace("teil-", "Teil "), "uebungen": uebungen} for teil, uebungen in teile.items()]
