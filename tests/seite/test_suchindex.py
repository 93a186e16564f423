"""kurs/seite/suchindex.py: Im Suchindex hat jeder Treffer einer Seite einen eigenen Titel, das
Glossar steht dort je Begriff, mit Begriff und Bedeutung, und führt zu seiner Zeile, und der
Abschnitt, der einen Begriff lehrt, trägt ihn im Feld `begriffe`; Labor und Praxis wiegen weniger."""

import json
import re
from collections import Counter

from kurs.modell import Kurs
from kurs.seite.suchindex import ANWENDEN, BEGRIFFE, GLOSSAR, anker, eindeutige_titel, gewichte, ohne_abschnitt

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


def test_der_lehrende_abschnitt_traegt_seine_begriffe_und_anwendende_seiten_wiegen_weniger():
    docs = [{"location": "", "title": "Start"},
            {"location": "teil-1/#schritt-3", "title": "Schritt 3"},
            {"location": "labor/#dlq", "title": "In die DLQ: at-most-once"},
            {"location": "praxis/", "title": "Praxis"}]
    glossar = [{"Begriff": "at-most-once", "Englisch": "at-most-once delivery", "Im Kurs": "[Teil 1, Schritt 3](teil-1.md#schritt-3)"},
               {"Begriff": "idempotent", "Englisch": "idempotent", "Im Kurs": "[Teil 1, Schritt 3](teil-1.md#schritt-3)"},
               {"Begriff": "Kurs", "Englisch": "course", "Im Kurs": "[Überblick](index.md)"}]
    start, schritt, labor, praxis = gewichte(docs, glossar)
    assert schritt[BEGRIFFE] == "at-most-once at-most-once delivery idempotent"
    assert start[BEGRIFFE] == "Kurs course"
    assert BEGRIFFE not in labor and BEGRIFFE not in praxis
    assert labor["boost"] < 1 and praxis["boost"] < 1 and "boost" not in schritt


def test_ein_glossar_ziel_ohne_abschnitt_in_der_suche_steht_an_seiner_zeile(tmp_path):
    """Hat die Seite den Anker, die Suche aber keinen Abschnitt dort, fehlte der Rang still: eine Meldung an der
    Zeile des Begriffs. Fehlt der Anker ganz (eine umbenannte Überschrift), meldet das die Prüfung der Links,
    mit der Zeile der Überschrift; der Index bricht dann nicht mit einem Traceback ab."""
    quelle = tmp_path / "docs" / "glossar.md"
    quelle.parent.mkdir()
    quelle.write_text("# Glossar\n\n| Begriff | Englisch | Im Kurs |\n|---|---|---|\n"
                      "| Log | log | [Teil 2](teil-2.md#absatz) |\n| Offset | offset | [Teil 2](teil-2.md#weg) |\n",
                      encoding="utf-8")
    glossar = [{"Begriff": "Log", "Englisch": "log", "Im Kurs": "[Teil 2](teil-2.md#absatz)"},
               {"Begriff": "Offset", "Englisch": "offset", "Im Kurs": "[Teil 2](teil-2.md#weg)"}]
    site = tmp_path / "site"
    (site / "teil-2").mkdir(parents=True)
    (site / "teil-2" / "index.html").write_text('<h1 id="teil-2">Teil 2</h1><p id="absatz">…</p>', encoding="utf-8")
    docs = gewichte([{"location": "teil-2/", "title": "Teil 2"}], glossar)
    assert BEGRIFFE not in docs[0]
    (meldung,) = ohne_abschnitt(docs, glossar, site, quelle, tmp_path)
    assert meldung.startswith("docs/glossar.md:5: „Log“ zeigt auf teil-2/#absatz"), meldung


def test_gebauter_index_fuehrt_jeden_begriff_bei_seinem_abschnitt(site):
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert BEGRIFFE in index["config"]["fields"]
    begriffe = {d["location"]: d.get(BEGRIFFE, "") for d in index["docs"]}
    for eintrag in KURS.glossar:
        ziel = re.search(r"\]\((.+)\)", eintrag["Im Kurs"])[1].replace(".md", "/")
        assert eintrag["Begriff"] in begriffe[ziel] and eintrag["Englisch"] in begriffe[ziel], (eintrag, ziel)
    gewogen = {d["location"].split("#")[0]: d.get("boost") for d in index["docs"]}
    assert all(gewogen[seite] == gewicht for seite, gewicht in ANWENDEN.items())
