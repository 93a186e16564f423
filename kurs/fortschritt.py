"""Dein Fortschritt: welche Übungen jeder Teil hat, mit Titel und Anker auf der Seite.

Aus dem Kursmodell; das MkDocs-Plugin (kurs/seite/plugin.py) legt die Liste als JSON in jede
Seite, und docs/assets/kurs-fortschritt.js zeigt daraus, was die Leserin bestanden hat.
"""

import re

from kurs.modell import Kurs

# Die Zeitangabe gehört in die Überschrift, nicht in die Liste auf der Startseite.
ZEIT = re.compile(r"\s*\(ca\. \d+ Min\.\)$")


def uebungen_je_teil(kurs: Kurs) -> list[dict]:
    """[{"teil": "Teil 1", "uebungen": [{"name", "titel", "seite", "anker"}, …]}, …]

    `seite` ist relativ zur Wurzel der Seite ("teil-1/"), `anker` die id der Überschrift.
    """
    return [{"teil": k.kurztitel, "uebungen": [
        {"name": u.name, "titel": f"Übung {u.nummer}: {ZEIT.sub('', u.titel)}", "seite": k.url, "anker": u.anker}
        for u in k.uebungen]} for k in kurs.kapitel if k.uebungen]
