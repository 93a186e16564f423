"""Der Suchindex (search/search_index.json, gebaut von Materials Suche), nach dem Bauen lesbarer.

- Ein Titel, den eine Seite mehrmals hat („Kurz geprüft“ nach jedem Schritt), trägt den
  Abschnitt davor: „Kurz geprüft – Schritt 2“. Sonst stünden vier gleiche Treffer untereinander.
- Das Glossar: je Begriff ein Treffer, Titel der Begriff, Text seine Bedeutung (aus dem
  Kursmodell, kurs/modell/glossar.py), statt der ganzen Tabelle in einem Stück. Jeder Treffer
  führt zu seinem Begriff (`anker`; kurs/seite/glossar.py setzt die id auf der Seite).
"""

import json
import re
from collections import Counter
from pathlib import Path

from kurs.seite.auswahl import _text

GLOSSAR = "glossar/"
# Ein Begriff ist ein kurzer Treffer, dessen Titel genau das gesuchte Wort ist: Mit vollem Gewicht
# stünde er vor dem Kapitel, das ihn erklärt („Replays“ fand Praxis, Glossar und Labor vor Teil 2).
# Materials Such-Worker nimmt `boost` je Eintrag (lunr, Builder.add).
GLOSSAR_GEWICHT = 0.3
TRENNER = " – "


def anker(begriff: str) -> str:
    """Die id eines Begriffs auf der Seite des Glossars: "begriff-dead-letter-queue"."""
    wort = begriff.lower().translate(str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"}))
    return "begriff-" + re.sub(r"[^a-z0-9]+", "-", wort).strip("-")


def _seite(location: str) -> str:
    return location.split("#")[0]


def _kurz(titel: str) -> str:
    """„Schritt 2: Eine Queue zum Anfassen“ -> „Schritt 2“."""
    return titel.split(":")[0].strip()


def eindeutige_titel(docs: list[dict]) -> list[dict]:
    doppelt = Counter((_seite(d["location"]), d["title"]) for d in docs if "#" in d["location"])
    davor = None
    for doc in docs:
        if "#" not in doc["location"]:
            davor = None  # eine neue Seite
        elif doppelt[(_seite(doc["location"]), doc["title"])] > 1:
            if davor:
                doc["title"] = f"{doc['title']}{TRENNER}{_kurz(davor)}"
            continue
        davor = doc["title"]
    return docs


def glossar_eintraege(docs: list[dict], glossar: list[dict]) -> list[dict]:
    """Der Abschnitt der Seite Glossar behält nur seine Einleitung; dahinter je Begriff ein Treffer."""
    ergebnis = []
    for doc in docs:
        if doc["location"] != GLOSSAR:
            ergebnis.append(doc)
            continue
        ergebnis.append({**doc, "text": doc["text"].split("</p>")[0] + "</p>"})
        ergebnis += [{"location": f"{GLOSSAR}#{anker(e['Begriff'])}", "title": e["Begriff"],
                      "text": _text(f"{e['Bedeutung']} Englisch: {e['Englisch']}."), "boost": GLOSSAR_GEWICHT}
                     for e in glossar]
    return ergebnis


def aufbereiten(datei: Path, glossar: list[dict]) -> None:
    index = json.loads(datei.read_text(encoding="utf-8"))
    index["docs"] = glossar_eintraege(eindeutige_titel(index["docs"]), glossar)
    # Geschrieben wie von Material (ASCII, ohne Leerzeichen).
    datei.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
