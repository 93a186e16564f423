"""kurs/aufzeichnung_schritte.py: Die Schritte der Übungen auf „Prüfen“ sagen, was ihr Code tat.

Jeder typische Fehler von Teil 2, Übung 2 zeigt sein Symptom in den Schritten; Übung 1 und 4 zeigen
je Szenario, was Relay und Broker taten. Die Schritte der Beispiele prüft tests/test_aufzeichnung.py.
"""

import re
from collections import Counter

import pytest
from test_aufzeichnung import KURS, kurzform, mit

# --- Teil 2, Übung 2: Jeder typische Fehler zeigt sein Symptom in den Schritten -----------------

def _je_nachricht(schritte, szenario):
    """Queue-ID -> die Schritte dieser Nachricht im Szenario, in Reihenfolge (ohne „wieder sichtbar“)."""
    je = {}
    for s in schritte:
        if s["szenario"] == szenario and s["id"] is not None and s["art"] != "wieder_sichtbar":
            je.setdefault(s["id"], []).append(s["art"])
    return je


def _gift(schritte, szenario):
    (gift_id,) = {s["id"] for s in schritte if s["szenario"] == szenario and s["art"] == "send" and s["body"] == "'gift'"}
    return _je_nachricht(schritte, szenario)[gift_id]


def _max(szenario):
    return int(szenario.rsplit("= ", 1)[1])


def _ack_nach_absturz_ohne_dlq(arten):
    return any(a == "absturz" and b == "ack" for a, b in zip(arten, arten[1:], strict=False))


SYMPTOME = {
    "ein Versuch zu viel (>)": lambda s, sz: _gift(s, sz).count("zustellung") > _max(sz),
    "ein Versuch zu wenig": lambda s, sz: _gift(s, sz).count("zustellung") < _max(sz) and "dlq" in _gift(s, sz),
    # Der Handler scheitert mehrmals an einer Zustellung.
    "versucht es sofort noch einmal statt nach erneuter Zustellung": lambda s, sz: "absturz, absturz" in ", ".join(_gift(s, sz)),
    # bestätigt, bevor der Handler gelang: das Ack folgt auf den Absturz, ohne DLQ dazwischen
    "bestätigt jeden Fehler": lambda s, sz: _ack_nach_absturz_ohne_dlq(_gift(s, sz)),
    "kein tick() bei None": lambda s, sz: "leer, " * 100 in ", ".join(x["art"] for x in s if x["szenario"] == sz),
    "bricht bei None ab": lambda s, sz: [x["art"] for x in s if x["szenario"] == sz][-1] == "leer"
    and any("ack" not in arten for arten in _je_nachricht(s, sz).values()),
    # ein DLQ-Eintrag ohne Ack: Die Nachricht kommt wieder
    "kein Ack nach der DLQ": lambda s, sz: "dlq, zustellung" in ", ".join(_gift(s, sz)),
    # Die Nachricht kommt wieder, obwohl der Handler nicht scheiterte.
    "kein Ack beim Erfolg": lambda s, sz: any("zustellung, zustellung" in ", ".join(a) for a in _je_nachricht(s, sz).values()),
    # Ack vor der Arbeit: bestätigt, dann scheitert der Handler; die Nachricht ist verloren.
    "Ack vor der Arbeit": lambda s, sz: "zustellung, ack, absturz" in ", ".join(_gift(s, sz)),
    "fehler als Exception statt Text": lambda s, sz: any(x["art"] == "dlq" and "<ValueError>" in x["body"] for x in s),
    "Endlosschleife, die die Queue nie leert": lambda s, sz: any(
        x["art"] == "absturz" and "nicht fertig" in x["text"] for x in s) and not any(x["art"] == "zustellung" for x in s),
}


@pytest.mark.parametrize("fehler", KURS.uebung("teil-2/uebung-2").fehler, ids=lambda f: f.name)
def test_typischer_fehler_der_dlq_zeigt_sein_symptom(fehler):
    u = KURS.uebung("teil-2/uebung-2")
    ergebnis, aufzeichnung = mit("pruefe", u.kontext, u.kandidat(fehler), u.pruefung)
    assert not ergebnis["ok"]
    szenario = aufzeichnung["szenario_gescheitert"]
    assert szenario and ergebnis["meldung"].startswith(szenario), (szenario, ergebnis["meldung"])
    assert fehler.name in SYMPTOME, f"Für „{fehler.name}“ fehlt hier, woran man ihn in der Zeichnung sieht."
    assert SYMPTOME[fehler.name](aufzeichnung["schritte"], szenario), kurzform(
        [s for s in aufzeichnung["schritte"] if s["szenario"] == szenario])[:2000]


def test_musterloesung_der_dlq_zeigt_keins_der_symptome():
    u = KURS.uebung("teil-2/uebung-2")
    ergebnis, aufzeichnung = mit("pruefe", u.kontext, u.loesung, u.pruefung)
    assert ergebnis["ok"] and aufzeichnung["szenario_gescheitert"] is None
    for szenario in Counter(s["szenario"] for s in aufzeichnung["schritte"]):
        gezeigt = [name for name, symptom in SYMPTOME.items() if symptom(aufzeichnung["schritte"], szenario)]
        assert not gezeigt, (szenario, gezeigt)


# --- Teil 2, Übung 1 und 4 auf „Prüfen“: je Szenario, was Relay und Broker taten ----------------

def _je_szenario(schritte, was):
    """Szenario -> „veroeffentliche …, absturz Relay …“; `was(schritt)` beschreibt ein veroeffentliche."""
    je = {}
    for s in schritte:
        je.setdefault(s["szenario"], []).append(
            was(s) if s["art"] == "veroeffentliche" else f"{s['art']} {s['von']}")
    return {szenario: ", ".join(teile) for szenario, teile in je.items()}


def _betrag(s):
    return "veroeffentliche " + re.search(r"'betrag': (\d+)", s["body"])[1]


UEBUNG_1 = {
    "Normalfall": "veroeffentliche 4990",
    "Absturz mitten in bestellen": "absturz Producer",
    # Der Broker fällt bei der zweiten Nachricht aus: Das Relay ruft ihn, die Exception beendet das Relay.
    "Broker-Ausfall bei der 2. von 3 Nachrichten": "veroeffentliche 100, veroeffentliche 200, absturz Relay",
    "Zweiter Relay-Lauf nach dem Ausfall": "veroeffentliche 200, veroeffentliche 300",
}
# Je Szenario die nachricht_id jeder Nachricht als Nummer ihres ersten Auftritts: #1 zweimal ist eine Wiederholung.
UEBUNG_4 = {
    "Normalfall": "veroeffentliche #1, veroeffentliche #2",
    "Zwei Bestellungen": "veroeffentliche #1, veroeffentliche #2",
    "bestellt und bezahlt einer Bestellung": "veroeffentliche #1, veroeffentliche #2",
    "Zwei gleiche Teilzahlungen": "veroeffentliche #1, veroeffentliche #2, veroeffentliche #3",
    "Absturz nach dem Senden": "veroeffentliche #1, absturz Relay, veroeffentliche #1, veroeffentliche #2",
    "Aufräumen gesendeter Zeilen": "veroeffentliche #1, veroeffentliche #2",
    "Zwei Shops, ein Konsument": "veroeffentliche #1, veroeffentliche #2",
}


def test_outbox_auf_pruefen_zeichnet_jedes_veroeffentlichen():
    u = KURS.uebung("teil-2/uebung-1")
    ergebnis, aufzeichnung = mit("pruefe", u.kontext, u.loesung, u.pruefung)
    assert ergebnis["ok"]
    assert _je_szenario(aufzeichnung["schritte"], _betrag) == UEBUNG_1


def test_nachrichten_id_auf_pruefen_zeigt_die_wiederholung():
    u = KURS.uebung("teil-2/uebung-4")
    ergebnis, aufzeichnung = mit("pruefe", u.kontext, u.loesung, u.pruefung)
    assert ergebnis["ok"]
    ids = {}

    def nummer(s):
        (nid,) = re.findall(r"'nachricht_id': '([0-9a-f-]{36})'", s["body"])
        je = ids.setdefault(s["szenario"], {})
        return f"veroeffentliche #{je.setdefault(nid, len(je) + 1)}"

    assert _je_szenario(aufzeichnung["schritte"], nummer) == UEBUNG_4
    assert aufzeichnung["teilnehmer"] == ["Relay", "Broker"]
