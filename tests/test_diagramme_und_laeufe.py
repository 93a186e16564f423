"""Die Sequenzdiagramme der Kapitel gegen die Läufe der Beispiele auf derselben Seite.

Ein Sequenzdiagramm zeigt entweder den Lauf eines Beispiels (LAEUFE): Dann sind seine Pfeile, auf
die Arten der Aufzeichnung abgebildet (kurs/aufzeichnung.py), genau die aufgezeichneten Schritte
dieser Arten, in derselben Reihenfolge. Oder es sagt in seiner Beschreibung, dass es eine Skizze ist.
Pfeile, die keine Art der Aufzeichnung sind (eine Wirkung: Karte belasten, eine Zeile in der
Datenbank), vergleicht der Test nicht.
"""

import re

import pytest
from test_aufzeichnung import beispiel, mit

from kurs.modell import Kurs

KURS = Kurs()
TEILNEHMER = re.compile(r"^\s*participant (\w+) as (.+?)\s*$", re.M)
PFEIL = re.compile(r"^\s*(\w+)\s*(-{1,2}>>|-{1,2}x|-{1,2}>)\s*(\w+)\s*:\s*(.*?)\s*$")
NOTIZ = re.compile(r"^\s*Note over ([\w,]+)\s*:\s*(.*?)\s*$")


def art_des_pfeils(pfeil, an, text):
    """Die Art der Aufzeichnung, die ein Pfeil zeigt, oder None (eine Wirkung, die sie nicht sieht)."""
    if pfeil.endswith("x"):
        return "absturz", None
    if m := re.search(r"versuche = (\d+)", text):
        return "zustellung", int(m[1])
    for anfang, art in (("send", "send"), ("ack", "ack"), ("veröffentliche", "veroeffentliche"),
                        ("nächste Nachricht", "zustellung")):
        if text.startswith(anfang):
            return art, "nächste" if anfang == "nächste Nachricht" else None
    if an == "DLQ" and "anhängen" in text:
        return "dlq", None
    return None


def pfeile(quelle):
    """[(Art, versuche, von, an)] in der Reihenfolge des Diagramms; eine Notiz „… Timeout läuft ab“ ist
    das Wiedersichtbarwerden."""
    namen = dict(TEILNEHMER.findall(quelle))
    ergebnis = []
    for zeile in quelle.splitlines():
        if m := PFEIL.match(zeile):
            von, an = namen[m[1]], namen[m[3]]
            if art := art_des_pfeils(m[2], an, m[4]):
                ergebnis.append((*art, von, an))
        elif (m := NOTIZ.match(zeile)) and "Timeout läuft ab" in m[2]:
            wer = namen[m[1].split(",")[0]]
            ergebnis.append(("wieder_sichtbar", None, wer, wer))
    return ergebnis


def _projektion(schritte, arten, namen):
    """Die Schritte der Arten, die das Diagramm zeigt, mit den Namen des Diagramms."""
    zurueck = {v: k for k, v in namen.items()}
    return [(s["art"], s["versuche"] if s["art"] == "zustellung" else None,
             zurueck.get(s["von"], s["von"]), zurueck.get(s["an"], s["an"])) for s in schritte if s["art"] in arten]


def _gift_und_die_naechste(schritte):
    """Szenario 1 der Prüfung von Übung 2: die Schritte der giftigen Nachricht, dann die nächste Zustellung."""
    schritte = [s for s in schritte if s["szenario"] == "Mit max_versuche = 3"]
    (gift,) = {s["id"] for s in schritte if s["art"] == "send" and s["body"] == "'gift'"}
    ack = next(i for i, s in enumerate(schritte) if s["art"] == "ack" and s["id"] == gift)
    naechste = next(s for s in schritte[ack:] if s["art"] == "zustellung")
    return [s for s in schritte[:ack + 1] if s["id"] == gift] + [naechste | {"versuche": "nächste"}]


def _normalfall(schritte):
    return [s for s in schritte if s["szenario"] == "Normalfall"]


def _loesung(name):
    u = KURS.uebung(name)
    return mit("pruefe", u.kontext, u.loesung, u.pruefung)


# accTitle -> (Lauf, Namen des Diagramms -> Namen der Aufzeichnung, Auswahl der Schritte)
LAEUFE = {
    "Ack und Visibility Timeout": (lambda: beispiel("teil-1/queue_demo.md"), {"Broker": "Queue"}, None),
    "Die Dedup-Tabelle stoppt ein Duplikat": (lambda: beispiel("teil-1/dedup_demo.md"), {"Broker": "Queue"}, None),
    # Das Diagramm aus dem Dokument der Nutzerin: der Normalfall von Übung 1 (ihre Lösung). Was die Notiz
    # sagt, zeigt der Lauf von outbox_duplikat.md gleich darunter.
    "Das Outbox-Pattern": (lambda: _loesung("teil-2/uebung-1"), {}, _normalfall),
    "Der Weg einer giftigen Nachricht in die DLQ": (lambda: _loesung("teil-2/uebung-2"), {}, _gift_und_die_naechste),
}


def _titel(quelle):
    return re.search(r"accTitle: (.*)", quelle)[1].strip()


SEQUENZEN = [d for d in KURS.diagramme if d.quelle.lstrip().startswith("sequenceDiagram")]


@pytest.mark.parametrize("diagramm", SEQUENZEN, ids=lambda d: _titel(d.quelle))
def test_sequenzdiagramm_zeigt_einen_lauf_oder_ist_eine_skizze(diagramm):
    titel = _titel(diagramm.quelle)
    if titel not in LAEUFE:
        beschreibung = re.search(r"accDescr: (.*)", diagramm.quelle)[1]
        assert "Skizze" in beschreibung, (
            f"{diagramm.seite.name}:{diagramm.zeile}: Das Diagramm „{titel}“ zeigt keinen Lauf eines Beispiels "
            "(LAEUFE in diesem Test). Ordne ihm einen zu, oder sag in accDescr, dass es eine Skizze ist.")
        return
    lauf_, namen, auswahl = LAEUFE[titel]
    ergebnis, aufzeichnung = lauf_()
    assert ergebnis["ok"], ergebnis
    gezeichnet = pfeile(diagramm.quelle)
    schritte = auswahl(aufzeichnung["schritte"]) if auswahl else aufzeichnung["schritte"]
    aufgezeichnet = _projektion(schritte, {p[0] for p in gezeichnet}, namen)
    assert gezeichnet == aufgezeichnet, f"{diagramm.seite.name}:{diagramm.zeile}: „{titel}“"


def test_pfeile_werden_gelesen():
    quelle = ("sequenceDiagram\n    participant Q as Queue\n    participant K as Konsument\n"
              "    Q->>K: Nachricht, versuche = 2\n    K-xK: Exception\n    K->>K: Karte belasten\n"
              "    Note over Q: Visibility Timeout läuft ab\n    K->>Q: ack\n")
    assert pfeile(quelle) == [("zustellung", 2, "Queue", "Konsument"), ("absturz", None, "Konsument", "Konsument"),
                              ("wieder_sichtbar", None, "Queue", "Queue"), ("ack", None, "Konsument", "Queue")]
