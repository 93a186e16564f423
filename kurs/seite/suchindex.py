"""Der Suchindex (search/search_index.json, gebaut von Materials Suche), nach dem Bauen lesbarer.

- Ein Titel, den eine Seite mehrmals hat („Kurz geprüft“ nach jedem Schritt), trägt den
  Abschnitt davor: „Kurz geprüft – Schritt 2“. Sonst stünden vier gleiche Treffer untereinander.
- Das Glossar: je Begriff ein Treffer, Titel der Begriff, Text seine Bedeutung (aus dem
  Kursmodell, kurs/modell/glossar.py), statt der ganzen Tabelle in einem Stück. Jeder Treffer
  führt zu seinem Begriff (`anker`; kurs/seite/glossar.py setzt die id auf der Seite).
- Das Kapitel, das einen Begriff lehrt, vor den Seiten, die ihn anwenden (Issue 51): Der
  Abschnitt, auf den das Glossar in „Im Kurs“ zeigt, bekommt den Begriff deutsch und englisch
  in ein eigenes Feld `begriffe`, das so schwer wiegt wie ein Titel; Labor und Praxis wiegen
  weniger. Material zeigt das Feld nicht an, es zählt nur für den Rang.
"""

import html
import json
import re
from collections import Counter
from pathlib import Path

GLOSSAR = "glossar/"
# Ein Begriff ist ein kurzer Treffer, dessen Titel genau das gesuchte Wort ist: Mit vollem Gewicht
# stünde er vor dem Kapitel, das ihn erklärt („Replays“ fand Praxis, Glossar und Labor vor Teil 2).
# Materials Such-Worker nimmt `boost` je Eintrag (lunr, Builder.add).
GLOSSAR_GEWICHT = 0.3
TRENNER = " – "
# Wie ein Titel (Materials Gewicht für "title"): Ein Abschnitt, der einen Begriff lehrt, steht so
# vor einem, der ihn nur im Titel trägt („In die DLQ: at-most-once oder at-least-once“ im Labor).
BEGRIFFE = "begriffe"
BEGRIFFE_GEWICHT = 1000.0
# Seiten, die Begriffe anwenden statt lehren: Bei gleich gutem Treffer steht das Kapitel vorn.
# Die Praxis lehrt dafür, wie echte Systeme es machen („Kafka“ führt dorthin): Sie wiegt mehr
# als das Labor, das nur vorführt.
ANWENDEN = {"labor/": 0.5, "praxis/": 0.7}


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


def _klartext(text: str) -> str:
    """Ohne <code>: Material zeigt unter einem Treffer nur das Textstück mit dem Treffer, und jedes
    Tag beginnt ein neues. Mit `XACK` als Code stünde „Ack“ bei „acknowledgement“ ohne den Anfang
    seiner Bedeutung da."""
    return html.escape(text.replace("`", ""))


def glossar_eintraege(docs: list[dict], glossar: list[dict]) -> list[dict]:
    """Der Abschnitt der Seite Glossar behält nur seine Einleitung; dahinter je Begriff ein Treffer."""
    ergebnis = []
    for doc in docs:
        if doc["location"] != GLOSSAR:
            ergebnis.append(doc)
            continue
        ergebnis.append({**doc, "text": doc["text"].split("</p>")[0] + "</p>"})
        ergebnis += [{"location": f"{GLOSSAR}#{anker(e['Begriff'])}", "title": e["Begriff"],
                      "text": _klartext(f"{e['Bedeutung']} Englisch: {e['Englisch']}."), "boost": GLOSSAR_GEWICHT}
                     for e in glossar]
    return ergebnis


def _abschnitt(im_kurs: str) -> str:
    """„[Teil 1, Schritt 3](teil-1.md#schritt-3-zustellgarantien)“ -> „teil-1/#schritt-3-zustellgarantien“."""
    ziel = re.search(r"\]\(([^)]+)\)", im_kurs)[1]
    seite, _, abschnitt = ziel.partition("#")
    seite = "" if seite == "index.md" else seite.removesuffix(".md") + "/"
    return f"{seite}#{abschnitt}" if abschnitt else seite


def gewichte(docs: list[dict], glossar: list[dict]) -> list[dict]:
    """Jeder Abschnitt, der laut Glossar Begriffe lehrt, trägt sie im Feld `begriffe`; Labor
    und Praxis wiegen weniger (ANWENDEN). Ein Ziel, das der Index nicht kennt, nennt `ohne_abschnitt`."""
    lehrt = {}
    for e in glossar:
        lehrt.setdefault(_abschnitt(e["Im Kurs"]), []).extend([e["Begriff"], e["Englisch"]])
    for doc in docs:
        if doc["location"] in lehrt:
            doc[BEGRIFFE] = " ".join(dict.fromkeys(lehrt[doc["location"]]))
        if gewicht := ANWENDEN.get(_seite(doc["location"])):
            doc["boost"] = gewicht
    return docs


def ohne_abschnitt(docs: list[dict], glossar: list[dict], site: Path, quelle: Path, wurzel: Path) -> list[str]:
    """Je Begriff, dessen „Im Kurs“ auf einen Abschnitt zeigt, den der Index nicht kennt, eine Meldung an seiner
    Zeile in `quelle` (docs/glossar.md): Sein Rang in der Suche fehlte still. Fehlt der Anker auf der Seite
    ganz (eine umbenannte Überschrift), nennt schon die Prüfung der Links die Stelle: dann keine zweite Meldung."""
    orte = {d["location"] for d in docs}
    zeilen = quelle.read_text(encoding="utf-8").split("\n")
    meldungen = []
    for e in glossar:
        if (ort := _abschnitt(e["Im Kurs"])) in orte:
            continue
        seite, _, abschnitt = ort.partition("#")
        gebaut = site / seite / "index.html"
        if not gebaut.is_file() or f'id="{abschnitt}"' not in gebaut.read_text(encoding="utf-8"):
            continue
        nummer = next((n for n, z in enumerate(zeilen, start=1) if z.startswith("|") and e["Im Kurs"] in z), None)
        meldungen.append(f"{quelle.relative_to(wurzel).as_posix()}:{nummer}: „{e['Begriff']}“ zeigt auf {ort}, aber die Suche hat dort keinen "
                         "Abschnitt; verweise auf eine Überschrift, sonst steht das Kapitel nicht vorn.")
    return meldungen


def aufbereiten(datei: Path, kurs) -> list[str]:
    """Schreibt den Index in `datei` (site/search/search_index.json) neu, wie oben beschrieben; zurück kommen
    die Meldungen von `ohne_abschnitt`."""
    index = json.loads(datei.read_text(encoding="utf-8"))
    index["docs"] = glossar_eintraege(gewichte(eindeutige_titel(index["docs"]), kurs.glossar), kurs.glossar)
    index["config"]["fields"][BEGRIFFE] = {"boost": BEGRIFFE_GEWICHT}
    # Geschrieben wie von Material (ASCII, ohne Leerzeichen).
    datei.write_text(json.dumps(index, separators=(",", ":")), encoding="utf-8")
    return ohne_abschnitt(index["docs"], kurs.glossar, datei.parent.parent, kurs.docs / "glossar.md", kurs.wurzel)
