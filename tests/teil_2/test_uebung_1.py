"""Teil 2, Übung 1: Outbox reparieren (snippets/teil-2/uebung-1/)."""

from kurs.pruefen import Uebung
from uebung_test_helfer import UebungsTests

ZWEI_WITH = '''    with con:
        cur = con.execute("INSERT INTO bestellung (betrag) VALUES (?)", (betrag,))
        bid = cur.lastrowid
'''

FALSCHE_LOESUNGEN = {
    "zwei Commits statt einer Transaktion": (
        ZWEI_WITH,
        ZWEI_WITH + "    with con:\n",
        "Die Bestellung ist gespeichert, die Outbox-Zeile nicht",
    ),
    "Fehler in bestellen verschluckt": (
        '        con.execute("INSERT INTO outbox (payload) VALUES (?)", (payload,))',
        "        try:\n"
        '            con.execute("INSERT INTO outbox (payload) VALUES (?)", (payload,))\n'
        "        except sqlite3.DatabaseError:\n"
        "            pass",
        "aber bestellen hat den Fehler verschluckt",
    ),
    "markiert vor dem Senden": (
        "        broker.veroeffentliche(json.loads(payload))       # erst senden ...\n"
        "        with con:\n"
        '            con.execute("UPDATE outbox SET gesendet = 1 WHERE id = ?", (zeile_id,))  # ... dann markieren',
        "        with con:\n"
        '            con.execute("UPDATE outbox SET gesendet = 1 WHERE id = ?", (zeile_id,))\n'
        "        broker.veroeffentliche(json.loads(payload))",
        "obwohl der Broker sie nicht angenommen hat",
    ),
    "markiert alle Zeilen erst am Ende": (
        "        with con:\n"
        '            con.execute("UPDATE outbox SET gesendet = 1 WHERE id = ?", (zeile_id,))  # ... dann markieren',
        "    with con:\n"
        '        con.execute("UPDATE outbox SET gesendet = 1 WHERE gesendet = 0")',
        "Der nächste Lauf schickt sie doppelt",
    ),
    "sendet Text statt Dict": (
        "broker.veroeffentliche(json.loads(payload))",
        "broker.veroeffentliche(payload)",
        "als Text gesendet",
    ),
    "verschluckt Broker-Fehler": (
        "        broker.veroeffentliche(json.loads(payload))       # erst senden ...\n",
        "        try:\n"
        "            broker.veroeffentliche(json.loads(payload))\n"
        "        except ConnectionError:\n"
        "            continue\n",
        "relay hat den ConnectionError verschluckt",
    ),
    "ohne ORDER BY": (" ORDER BY id", "", "Sortiere mit ORDER BY id"),
    "ohne WHERE gesendet = 0": (" WHERE gesendet = 0", "", "Zweiter Relay-Lauf nach dem Ausfall: Beim Broker kam"),
    "Markierung nicht committet": (
        "        with con:\n"
        '            con.execute("UPDATE outbox SET gesendet = 1 WHERE id = ?", (zeile_id,))  # ... dann markieren',
        '        con.execute("UPDATE outbox SET gesendet = 1 WHERE id = ?", (zeile_id,))',
        "gesendet = 1 ist nicht committet",
    ),
}


class TestUebung(UebungsTests):
    UEBUNG = Uebung("teil-2/uebung-1")
    VORLAGE_MELDUNG = "Nach einer Bestellung erwarte ich genau eine Outbox-Zeile"
    FALSCHE_LOESUNGEN = FALSCHE_LOESUNGEN

    def test_anders_formatiertes_json_besteht(self):
        self.UEBUNG.pruefe(self.UEBUNG.mit_ersetzung(
            '{"bestellung_id": bid, "betrag": betrag}', '{"betrag": betrag, "bestellung_id": bid}, indent=2'
        ))
