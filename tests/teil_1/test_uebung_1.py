"""Teil 1, Übung 1: Idempotenter Konsument (snippets/teil-1/uebung-1/)."""

from kurs.pruefen import Uebung
from uebung_test_helfer import UebungsTests

DEDUP_PRUEFEN = '''        try:
            con.execute("INSERT INTO dedup (nachricht_id) VALUES (?)",
                        (nachricht["id"],))
        except sqlite3.IntegrityError:
            return False  # schon verarbeitet
'''

FALSCHE_LOESUNGEN = {
    "erst die ID committen, dann gutschreiben": (
        "            return False  # schon verarbeitet\n        con.execute(\n",
        "            return False  # schon verarbeitet\n    with con:\n        con.execute(\n",
        "Die Gutschrift ist verloren",
    ),
    "erst gutschreiben und committen, dann die ID": (
        (DEDUP_PRUEFEN, "    return True\n"),
        (
            '        if con.execute("SELECT 1 FROM dedup WHERE nachricht_id = ?", (nachricht["id"],)).fetchone():\n'
            "            return False\n",
            "    with con:\n"
            '        con.execute("INSERT INTO dedup (nachricht_id) VALUES (?)", (nachricht["id"],))\n'
            "    return True\n",
        ),
        "doppelt gutgeschrieben",
    ),
    "Duplikat am Inhalt statt an der ID erkannt": (
        '(nachricht["id"],)',
        '(hash((auftrag["kunde"], auftrag["punkte"])),)',
        "Ein Duplikat erkennst du an der Nachrichten-ID",
    ),
    "jeden Datenbankfehler als Duplikat verschluckt": (
        "except sqlite3.IntegrityError:",
        "except sqlite3.Error:",
        "aber verarbeite hat den Fehler verschluckt",
    ),
    "Duplikat meldet True": ("return False  # schon verarbeitet", "return True", "beim Duplikat False zurückgeben"),
    "nichts committet": ("with con:  # ID und Gutschrift in einer Transaktion", "if True:", "keine Gutschrift committet"),
}


class TestUebung(UebungsTests):
    UEBUNG = Uebung("teil-1/uebung-1")
    VORLAGE_MELDUNG = "Merke dir die ID in der Dedup-Tabelle"
    FALSCHE_LOESUNGEN = FALSCHE_LOESUNGEN

    def test_insert_or_ignore_mit_rowcount_besteht_auch(self):
        self.UEBUNG.pruefe(self.UEBUNG.mit_ersetzung(DEDUP_PRUEFEN, (
            '        neu = con.execute("INSERT OR IGNORE INTO dedup (nachricht_id) VALUES (?)",\n'
            '                          (nachricht["id"],)).rowcount\n'
            "        if not neu:\n"
            "            return False\n"
        )))
