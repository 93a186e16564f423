"""kurs/seite/suchindex.py: Im Suchindex hat jeder Treffer einer Seite einen eigenen Titel, und das
Glossar steht dort je Begriff, mit Begriff und Bedeutung, und führt zu seiner Zeile."""

import json
import re
from collections import Counter

from kurs.modell import Kurs
from kurs.seite.suchindex import GLOSSAR, anker, eindeutige_titel

KURS = Kurs()


def test_gleiche_titel_einer_seite_tragen_den_abschnitt_davor():
    docs = [{"location": "teil-1/", "title": "Teil 1"},
            {"location": "teil-1/#schritt-1", "title": "Schritt 1: Producer, Broker"},
            {"location": "teil-1/#kurz", "title": "Kurz geprüft"},
            {"location": "teil-1/#schritt-2", "title": "Schritt 2: Eine Queue"},
            {"location": "teil-1/#kurz_1", "title": "Kurz geprüft"},
            {"location": "teil-2/", "title": "Teil 2"},
            {"location": "teil-2/#kurz", "title": "Kurz geprüft"},
            {"location": "teil-2/#falle", "title": "Falle"}]
    assert [d["title"] for d in eindeutige_titel(docs)] == [
        "Teil 1", "Schritt 1: Producer, Broker", "Kurz geprüft – Schritt 1", "Schritt 2: Eine Queue",
        "Kurz geprüft – Schritt 2", "Teil 2", "Kurz geprüft", "Falle"]


def test_anker_eines_begriffs():
    assert anker("Dead Letter Queue") == "begriff-dead-letter-queue"
    assert anker("Pub/Sub") == "begriff-pub-sub"
    assert anker("Idempotenzschlüssel") == "begriff-idempotenzschluessel"


def test_gebauter_index_eindeutig_und_glossar_je_begriff(site):
    docs = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"]
    je_seite = Counter((d["location"].split("#")[0], d["title"]) for d in docs)
    assert not [k for k, n in je_seite.items() if n > 1], "Gleiche Titel auf einer Seite"
    kurz = [d["title"] for d in docs if d["title"].startswith("Kurz geprüft")]
    assert kurz and all(re.fullmatch(r"Kurz geprüft – Schritt \d+", t) for t in kurz), kurz

    glossar = {d["title"]: d for d in docs if d["location"].startswith(GLOSSAR + "#")}
    assert list(glossar) == [e["Begriff"] for e in KURS.glossar]
    html = (site / "glossar" / "index.html").read_text(encoding="utf-8")
    for eintrag in KURS.glossar:
        doc = glossar[eintrag["Begriff"]]
        assert doc["text"].startswith(eintrag["Bedeutung"].replace("`", "")[:20]), doc
        ziel = doc["location"].split("#")[1]
        assert f'id="{ziel}"' in html, f"Der Treffer {eintrag['Begriff']} führt ins Leere: #{ziel}"
    # Die Seite selbst behält nur ihre Einleitung, nicht die Tabelle in einem Stück.
    (seite,) = [d for d in docs if d["location"] == GLOSSAR]
    assert not any(e["Bedeutung"][:30] in seite["text"] for e in KURS.glossar), seite["text"][:200]
