"""Ein Erzeuger von Fehlern, wie Leserinnen des Kurses sie machen: viele falsche Programme.

Jeder Fall kennt seine Ursache, weil er sie selbst eingebaut hat: welcher Name fehlt und ob er eine
Variable, eine Funktion oder ein Teil eines Moduls ist, welcher Aufruf None lieferte, welche
Klammer offen blieb. `nennt` sind Stücke, die die deutsche Meldung darum enthalten muss; `nie`
sind Ratschläge, die hier falsch wären oder schaden (etwa `.get(...)` für einen vertippten
Schlüssel: Er liefert None, und None in `queue_id INTEGER PRIMARY KEY` wird eine neue ID).
Geprüft in tests/test_fehlerhilfe.py, in Pyodide in tests/browser/test_uebungsschleife.py.
"""

import random
import textwrap
from dataclasses import dataclass

from kurs.modell import Kurs

# Was vor jedem Fall läuft: die Queue aus Teil 1 und sqlite3, wie in den Beispielen des Kurses.
VORHER = "import sqlite3\n" + Kurs().snippets.beispiele("teil-1/queue.md")[0].code


@dataclass(frozen=True)
class Fall:
    art: str
    code: str
    zeile: int
    nennt: tuple[str, ...]
    nie: tuple[str, ...] = ()


def _zeile_von(code: str, stueck: str) -> int:
    return code[:code.index(stueck)].count("\n") + 1


def argumente():
    """Zu wenige oder zu viele Argumente, an eine Funktion und an eine Methode."""
    for parameter in (("nachricht",), ("con", "nachricht"), ("con", "betrag", "kunde")):
        for anzahl in range(5):
            if anzahl == len(parameter):
                continue
            werte = ", ".join(str(i) for i in range(anzahl))
            for methode in (False, True):
                if methode:
                    code = (f"class Konsument:\n    def verarbeite(self, {', '.join(parameter)}):\n        return None\n\n\n"
                            f"Konsument().verarbeite({werte})\n")
                else:
                    code = f"def verarbeite({', '.join(parameter)}):\n    return None\n\n\nverarbeite({werte})\n"
                if anzahl < len(parameter):
                    nennt = tuple(f"`{p}`" for p in parameter[anzahl:]) + ("fehlt" if len(parameter) - anzahl == 1 else "fehlen",)
                else:
                    nennt = (f"nimmt {len(parameter) + methode} Argument", f"übergibt {anzahl + methode}")
                    nennt += ("`self`",) if methode else ()
                yield Fall("Argumente", code, code.count("\n"), nennt,
                           ("Typ, mit dem", " and "))


def schluesselwoerter():
    """Ein Schlüsselwort-Argument, das die Funktion nicht kennt, oder zwei Werte für einen Parameter."""
    for richtig, falsch, vorschlag in (("nachricht", "nachrict", True), ("nachricht", "message", False),
                                       ("max_versuche", "max_versuch", True), ("betrag", "preis", False)):
        code = f"def verarbeite(con, {richtig}):\n    return None\n\n\nverarbeite(None, {falsch}=1)\n"
        yield Fall("Schlüsselwort", code, 5, (f"`{falsch}`", f"`verarbeite(con, {richtig})`")
                   + ((f"Meinst du `{richtig}`?",) if vorschlag else ()), ("Typ, mit dem",))
    code = "q = Queue(timeout=5)\n"
    yield Fall("Schlüsselwort", code, 1, ("`timeout`", "visibility_timeout=3"), ("Typ, mit dem",))
    code = "def verarbeite(con, nachricht):\n    return None\n\n\nverarbeite(None, 1, con=2)\n"
    yield Fall("Schlüsselwort", code, 5, ("`con`", "zwei Werte"), ("Typ, mit dem",))


# Woher None kommt: (Code davor, Variable, was die Meldung nennen muss, was sie nie sagen darf).
NONE_QUELLEN = [
    ("q = Queue()\nm = q.receive()", ("`q.receive()`", "Visibility Timeout", "`if m is None:`"), ("return",)),
    ("q = Queue()\nq.send('A')\nerste = q.receive()\nm = q.receive()", ("`q.receive()`", "keine Nachricht sichtbar"),
     ("return",)),
    ("con = sqlite3.connect(':memory:')\ncon.execute('CREATE TABLE konto (kunde, punkte)')\n"
     "m = con.execute('SELECT punkte FROM konto WHERE kunde = ?', ('kunde-A',)).fetchone()",
     ("fetchone()`", "keine Zeile", "`if m is None:`"), ("return",)),
    ("zustellung = {'id': 7, 'body': {}, 'versuche': 1}\nm = zustellung.get('nachricht_id')",
     ("`zustellung.get('nachricht_id')`", "Schlüssel"), ("return",)),
    ("zeilen = ['B 1', 'A 1']\nm = zeilen.sort()", ("`zeilen.sort()`", "Arbeite danach mit `zeilen`"), ("return",)),
    ("def lies():\n    wert = {'id': 1}\n\n\nm = lies()", ("`lies`", "`return`"), ()),
    ("def lies(n):\n    if n > 1:\n        return {'id': n}\n\n\nm = lies(0)", ("`lies`", "ohne `return` mit Wert"), ()),
    ("m = print('A 1')", ("`print(...)`", "druckt nur"), ("return`",)),
]
NONE_NUTZUNGEN = ["print(m['body'])", "print(m.id)", "for teil in m:\n    print(teil)", "a, b = m", "m()"]


def none_werte():
    """None aus receive(), fetchone(), .get(), sort(), einer Funktion ohne return, print(), jeweils
    mit [...], einem Attribut, for, Auspacken und Aufruf; oben im Code und in einer Funktion."""
    for quelle, nennt, nie in NONE_QUELLEN:
        for nutzung in NONE_NUTZUNGEN:
            for in_funktion in (False, True):
                code = quelle + "\n" + nutzung + "\n"
                if in_funktion:
                    code = "def lauf():\n" + textwrap.indent(code, "    ") + "\n\nlauf()\n"
                zeile = _zeile_von(code, nutzung.split("\n")[0])
                yield Fall("None", code, zeile, nennt, nie + ("Typ, mit dem",))
    # Ohne Variable dazwischen: Der Aufruf selbst ist None.
    code = "q = Queue()\nprint(q.receive()['body'])\n"
    yield Fall("None", code, 2, ("`q.receive()`", "Visibility Timeout"), ("return",))
    code = "con = sqlite3.connect(':memory:')\ncon.execute('CREATE TABLE dedup (queue_id INTEGER PRIMARY KEY)')\n" \
           "print(con.execute('SELECT queue_id FROM dedup').fetchone()[0])\n"
    yield Fall("None", code, 3, ("fetchone()`", "keine Zeile"), ("return",))


def await_oben():
    """await außerhalb von async def, wie in einem JavaScript-Modul; return und break am falschen Ort."""
    for code in ("import asyncio\nawait asyncio.sleep(0)\n",
                 "async def holen():\n    return 1\n\n\nwert = await holen()\n",
                 "async def holen():\n    return [1]\n\n\nwerte = [x async for x in holen()]\n"):
        yield Fall("await", code, code.count("\n"), ("`async def`", "`asyncio.run(main())`"), ("Einrückung",))
    for wort, code in (("return", "x = 1\nreturn x\n"), ("break", "x = 1\nbreak\n"), ("continue", "x = 1\ncontinue\n")):
        yield Fall("await", code, 2, (f"`{wort}`", "Einrückung"), ())


def leere_listen():
    for name in ("offen", "zeilen", "dlq"):
        yield Fall("Leer", f"{name} = []\n{name}.pop()\n", 2, (f"`{name}` ist leer", f"`if {name}:`"), ("kürzer",))
        yield Fall("Leer", f"{name} = ['A']\n{name}.pop()\n{name}.pop()\n", 3, (f"`{name}` ist leer",), ("kürzer",))
        yield Fall("Leer", f"import collections\n{name} = collections.deque()\n{name}.pop()\n", 3,
                   (f"`{name}` ist leer",), ("kürzer",))
        for laenge in (0, 1, 3):
            code = f"{name} = {['A'] * laenge}\nprint({name}[{laenge}])\n"
            nennt = (f"`{name}` ist leer",) if laenge == 0 else (f"`{name}` hat {laenge} Stellen", f"0 bis {laenge - 1}")
            yield Fall("Index", code, 2, nennt, ())


def fehlende_namen():
    """Ein Name fehlt: eine Variable, eine Funktion, ein Modul, ein Teil eines Moduls."""
    for name in ("exc", "fehler", "e"):
        code = f"try:\n    1 / 0\nexcept ZeroDivisionError:\n    print(str({name}))\n"
        yield Fall("Name", code, 4, (f"`{name}`", f"`except ZeroDivisionError as {name}:`"), ("Funktion",))
        code = f"try:\n    1 / 0\nexcept ZeroDivisionError as {name}:\n    pass\nprint({name})\n"
        yield Fall("Name", code, 5, (f"`{name}` gilt nur im Block",), ("Funktion",))
    for glied, modul, code in (("IntegrityError", "sqlite3", "try:\n    pass\nexcept IntegrityError:\n    pass\n"
                                                             "raise IntegrityError('doppelt')\n"),
                               ("connect", "sqlite3", "con = connect(':memory:')\n"),
                               ("dumps", "json", "import json\ntext = dumps({'id': 1})\n"),
                               ("uuid4", "uuid", "nachricht_id = str(uuid4())\n"),
                               ("OperationalError", "sqlite3", "fehler = OperationalError\n")):
        zeile = _zeile_von(code, glied + ("('" if glied == "IntegrityError" else ""))
        yield Fall("Modulteil", code, zeile, (f"`{modul}.{glied}`",), ("Funktion", "Namen"))
    for modul, code in (("json", "text = json.dumps({'id': 1})\n"), ("uuid", "nachricht_id = uuid.uuid4()\n"),
                        ("time", "time.sleep(0)\n")):
        yield Fall("Modul", code, 1, (f"`import {modul}`",), ("Funktion",))
    for richtig, falsch in (("zaehler", "zahler"), ("nachricht", "nachrich"), ("gesendet", "gesedet")):
        code = f"{richtig} = 1\nprint({falsch} + 1)\n"
        yield Fall("Variable", code, 2, (f"`{falsch}`", f"Meinst du `{richtig}`?"), ("Funktion",))
        code = f"def {richtig}():\n    return 1\n\n\n{falsch}()\n"
        yield Fall("Funktion", code, 5, (f"Eine Funktion `{falsch}`", f"Meinst du `{richtig}`?"), ())
        code = f"def lauf():\n    {richtig} = 1\n\n\nlauf()\nprint({richtig})\n"
        yield Fall("Variable", code, 6, (f"`{richtig}` ist nur in der Funktion `lauf`",), ("Funktion `{richtig}`",))
        code = f"print({richtig})\n{richtig} = 1\n"
        yield Fall("Variable", code, 1, ("erst in Zeile 2",), ("Funktion",))
        code = f"{richtig} = 0\n\n\ndef erhoehe():\n    {richtig} += 1\n\n\nerhoehe()\n"
        yield Fall("Lokal", code, 5, (f"`{richtig}`", "lokaler Name"), ())


def klammern():
    """Eine offene Klammer unter mehreren: welche, zählt der Erzeuger selbst mit."""
    zufall = random.Random(49)
    paare = {"(": ")", "[": "]", "{": "}"}
    for _ in range(24):
        offen, text = [], "print("
        offen.append(("(", len(text) - 1))
        for _ in range(zufall.randint(2, 5)):
            auf = zufall.choice("([{")
            text += ("'k': " if offen[-1][0] == "{" else f"{zufall.randint(1, 9)}, ") + auf
            offen.append((auf, len(text) - 1))
        text += "0"
        # Alle bis auf k Klammern schließen: Python nennt die innerste, die offen bleibt.
        bleiben = zufall.randint(1, len(offen) - 1)
        for auf, _ in reversed(offen[bleiben:]):
            text += paare[auf]
        klammer, spalte = offen[bleiben - 1]
        nummer = text[:spalte + 1].count(klammer)
        code = "x = 1\n" + text + "\n"
        yield Fall("Klammer", code, 2, (f"{nummer}. Klammer `{klammer}`", f"Spalte {spalte + 1}"), ())


def schluessel():
    """Ein vertippter Schlüssel einer Zustellung der Queue: Sie hat id, body und versuche."""
    for falsch, vorschlag in (("nachricht_id", None), ("ID", "'id'"), ("Id", "'id'"), ("payload", None),
                              ("versuch", "'versuche'"), ("queue_id", None), ("bodi", "'body'")):
        for zugriff in (f"nachricht[{falsch!r}]", f"nachricht.pop({falsch!r})"):
            code = f"q = Queue()\nq.send({{'kunde': 'kunde-A'}})\nnachricht = q.receive()\nwert = {zugriff}\n"
            nennt = ("`'id'`, `'body'` und `'versuche'`", f"`{falsch!r}`")
            yield Fall("Schlüssel", code, 4, nennt + ((f"Meinst du `{vorschlag}`?",) if vorschlag else ()), (".get(",))
    code = "q = Queue()\nq.send({'kunde': 'kunde-A'})\nnachricht = q.receive()\nprint(nachricht['body']['punkte'])\n"
    yield Fall("Schlüssel", code, 4, ("`nachricht['body']`", "`'kunde'`"), (".get(",))


def datenbank():
    """sqlite3: ein Duplikat, ein Wert vom falschen Typ, NULL, eine vertippte Tabelle, ein Wert ohne Tupel."""
    anlegen = "con = sqlite3.connect(':memory:')\ncon.execute('CREATE TABLE dedup (queue_id INTEGER PRIMARY KEY)')\n"
    yield Fall("SQL", anlegen + "con.execute('INSERT INTO dedup VALUES (?)', ('kunde-A',))\n", 3,
               ("`INTEGER PRIMARY KEY`", "kein Duplikat"), ())
    yield Fall("SQL", anlegen + "for _ in range(2):\n    con.execute('INSERT INTO dedup VALUES (1)')\n", 4,
               ("`dedup.queue_id`",), ())
    yield Fall("SQL", "con = sqlite3.connect(':memory:')\ncon.execute('CREATE TABLE t (x NOT NULL)')\n"
                      "con.execute('INSERT INTO t VALUES (?)', (None,))\n", 3, ("`t.x`", "`None`"), ())
    yield Fall("SQL", anlegen + "con.execute('SELECT * FROM dedupe')\n", 3, ("`dedupe`",), ())
    yield Fall("SQL", anlegen + "con.execute('INSERT INTO dedup VALUES (?)', ('17'))\n", 3, ("`(wert,)`", "2 Werte"), ())


ERZEUGER = (argumente, schluesselwoerter, none_werte, await_oben, leere_listen, fehlende_namen, klammern, schluessel,
            datenbank)


def alle_faelle() -> list[Fall]:
    return [fall for erzeuger in ERZEUGER for fall in erzeuger()]
