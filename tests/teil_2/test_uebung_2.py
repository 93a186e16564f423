"""Teil 2, Übung 2: Dead Letter Queue (snippets/teil-2/uebung-2/)."""

import pytest

from kurs.pruefen import Uebung
from uebung_test_helfer import meldung, pruefe_fehlerkatalog

UEBUNG = Uebung("teil-2/uebung-2")

DLQ_UND_ACK = (
    '                dlq.append({"body": m["body"], "versuche": m["versuche"], "fehler": str(exc)})\n'
    '                q.ack(m["id"])\n'
)

# Typische falsche Lösungen: (Stelle der Musterlösung, falsche Fassung, erwartete Meldung)
FALSCHE_LOESUNGEN = {
    "ein Versuch zu viel (>)": (
        'm["versuche"] >= max_versuche',
        'm["versuche"] > max_versuche',
        "Der letzte erlaubte Versuch ist der mit",
    ),
    "ein Versuch zu wenig": (
        'm["versuche"] >= max_versuche',
        'm["versuche"] >= max_versuche - 1',
        "wanderte schon nach",
    ),
    "bestätigt jeden Fehler": (
        DLQ_UND_ACK,
        DLQ_UND_ACK + '            q.ack(m["id"])\n',
        "ohne in dlq zu landen",
    ),
    "kein tick() bei None": ("            q.tick()\n", "", "Rufe dann q.tick() auf"),
    "kein Ack nach der DLQ": (DLQ_UND_ACK, DLQ_UND_ACK.replace('                q.ack(m["id"])\n', ""), "landet immer wieder in der DLQ"),
    "kein Ack beim Erfolg": ("        else:\n            q.ack(m[\"id\"])\n", "", "Bestätige jeden Erfolg"),
    "fehler als Exception statt Text": ('"fehler": str(exc)', '"fehler": exc', "(fehler ist str(exc))"),
}


def test_musterloesung_besteht():
    UEBUNG.pruefe(UEBUNG.loesung)


def test_vorlage_faellt_durch():
    assert "obwohl noch 4 Nachrichten offen sind" in meldung(UEBUNG, UEBUNG.vorlage)


@pytest.mark.parametrize("fehler", FALSCHE_LOESUNGEN, ids=list(FALSCHE_LOESUNGEN))
def test_falsche_loesung_bekommt_ihre_meldung(fehler):
    alt, neu, erwartet = FALSCHE_LOESUNGEN[fehler]
    assert erwartet in meldung(UEBUNG, UEBUNG.mit_ersetzung(alt, neu))


def test_endlosschleife_ohne_queue_wird_gestoppt():
    endlos = "def verarbeite_alle(q, handler, max_versuche, dlq):\n    while True:\n        q.offen()\n"
    assert "verarbeite_alle hört nicht auf" in meldung(UEBUNG, endlos)


def test_jeder_fehler_hat_eigene_meldung():
    pruefe_fehlerkatalog(UEBUNG, FALSCHE_LOESUNGEN)
