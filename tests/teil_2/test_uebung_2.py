"""Teil 2, Übung 2: Dead Letter Queue (snippets/teil-2/uebung-2/)."""

from kurs.pruefen import Uebung
from uebung_test_helfer import UebungsTests, meldung

DLQ_UND_ACK = (
    '                dlq.append({"body": m["body"], "versuche": m["versuche"], "fehler": str(exc)})\n'
    '                q.ack(m["id"])\n'
)

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
    "bricht bei None ab": ("            q.tick()\n            continue\n", "            break\n", "hört auf, sobald receive() None liefert"),
    "kein Ack nach der DLQ": (DLQ_UND_ACK, DLQ_UND_ACK.replace('                q.ack(m["id"])\n', ""), "landet immer wieder in der DLQ"),
    "kein Ack beim Erfolg": ("        else:\n            q.ack(m[\"id\"])\n", "", "Bestätige jeden Erfolg"),
    "fehler als Exception statt Text": ('"fehler": str(exc)', '"fehler": exc', "(fehler ist str(exc))"),
}


class TestUebung(UebungsTests):
    UEBUNG = Uebung("teil-2/uebung-2")
    VORLAGE_MELDUNG = "obwohl noch 4 Nachrichten offen sind"
    FALSCHE_LOESUNGEN = FALSCHE_LOESUNGEN

    def test_endlosschleife_ohne_queue_wird_gestoppt(self):
        endlos = "def verarbeite_alle(q, handler, max_versuche, dlq):\n    while True:\n        q.offen()\n"
        assert "verarbeite_alle hört nicht auf" in meldung(self.UEBUNG, endlos)
