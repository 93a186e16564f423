"""Fehler von Python auf Deutsch: `erklaere` macht aus einer Exception einen Satz mit ihrer Ursache.

Pythons eigene Meldung bleibt dahinter in Klammern stehen, zum Nachschlagen. Welcher Satz passt,
wählt die Tabelle ERKLAERUNGEN nach Typ und Meldung; die Ursache selbst (welcher Name, welcher
Aufruf lieferte None, welche Schlüssel es gibt) findet kurs/ursachen.py im Code und in den
Werten, bei denen der Fehler geschah.
"""

import re
import sys

from kurs.ursachen import (
    Ort,
    aehnlich,
    attribut,
    fehlende_argumente,
    index,
    klammer,
    leer_pop,
    unbekannter_name,
    unbekannter_schluessel,
    unbekanntes_argument,
    woher_none,
    zahl_der_argumente,
)

# Name des Typs -> (Name auf Deutsch, [(Muster von Pythons Meldung, Erklärung)]). Die Erklärung ist
# ein Text mit den Gruppen des Musters oder eine Funktion (Treffer, Ort) -> Text. Das erste passende
# Muster gilt; ".*" am Ende fängt jede andere Meldung dieses Typs. Gesucht wird in der Reihenfolge
# der Oberklassen: IndentationError vor SyntaxError, UnboundLocalError vor NameError.
ERKLAERUNGEN = {
    "IndentationError": ("Einrückungsfehler", [
        (r"unexpected indent", "Diese Zeile ist eingerückt, obwohl hier kein neuer Block beginnt."),
        (r"expected an indented block.*", "Nach einer Zeile mit Doppelpunkt muss ein eingerückter Block folgen."),
        (r"unindent does not match any outer indentation level",
         "Die Einrückung passt zu keiner Ebene darüber. Rücke so weit ein wie die Zeilen des Blocks, zu dem sie gehört."),
        (r"inconsistent use of tabs and spaces.*",
         "Die Einrückung mischt Tabulatoren und Leerzeichen. Rücke nur mit Leerzeichen ein."),
        (r".*", "Die Einrückung stimmt nicht. Rücke jeden Block mit vier Leerzeichen ein."),
    ]),
    "SyntaxError": ("Syntaxfehler", [
        (r"expected ':'", "Hier fehlt ein Doppelpunkt, etwa am Ende einer Zeile mit `if`, `for`, `while`, `def` "
                          "oder `class`."),
        (r"invalid syntax\. Perhaps you forgot a comma\?", "Fehlt hier ein Komma zwischen zwei Werten?"),
        (r"invalid syntax\. Maybe you meant '==' or ':=' instead of '='\?|cannot assign to .*'==' instead of '='\?",
         "Hier steht `=` (zuweisen) an einer Stelle, an der nur ein Vergleich geht. Meinst du `==`?"),
        (r"unterminated string literal.*",
         "Ein Text in Anführungszeichen wird nicht geschlossen: Es fehlt das Anführungszeichen am Ende."),
        (r"unterminated triple-quoted string literal.*",
         'Ein Text in dreifachen Anführungszeichen (`"""`) wird nicht geschlossen.'),
        (r"'(?P<klammer>.)' was never closed", lambda m, ort: klammer(m, ort, "wird nie geschlossen")),
        (r"unmatched '(?P<klammer>.)'", lambda m, ort: klammer(m, ort, "schließt nichts: Davor ist keine offen")),
        (r"closing parenthesis '(?P<zu>.)' does not match opening parenthesis '(?P<auf>.)'.*",
         "Die Klammer `{zu}` schließt nicht die offene Klammer `{auf}`."),
        (r"Missing parentheses in call to '(?P<funktion>\w+)'.*", "`{funktion}` braucht Klammern: `{funktion}(...)`."),
        (r"'await' outside (?:async )?function|asynchronous comprehension outside of an asynchronous function",
         "`await` geht nur in einer Funktion mit `async def`. Anders als in einem JavaScript-Modul gibt es in "
         "Python kein `await` auf oberster Ebene: Schreib den Code in `async def main():` und starte ihn mit "
         "`asyncio.run(main())`."),
        (r"'(?P<wort>return|yield)' outside function",
         "`{wort}` geht nur in einer Funktion (`def`). Stimmt die Einrückung?"),
        (r"'(?P<wort>break|continue)' (?:outside loop|not properly in loop)",
         "`{wort}` geht nur in einer Schleife (`for`, `while`). Stimmt die Einrückung?"),
        (r"invalid syntax", "Python versteht diese Zeile nicht. Sieh nach Tippfehlern, fehlenden Klammern, "
                            "Anführungszeichen oder Operatoren, auch am Ende der Zeile davor."),
        (r".*", "Python versteht diese Zeile nicht."),
    ]),
    "TypeError": ("Falscher Typ", [
        (r'can only concatenate str \(not "(?P<typ>\w+)"\) to str',
         "Text (`str`) und `{typ}` lassen sich nicht mit `+` verbinden. Wandle den Wert mit `str(...)` um, "
         "oder nimm einen f-String."),
        (r"unsupported operand type\(s\) for (?P<op>\S+): '(?P<links>\w+)' and '(?P<rechts>\w+)'",
         "Der Operator `{op}` geht nicht zwischen `{links}` und `{rechts}`."),
        (r"(?P<funktion>[\w.]+)\(\) missing \d+ required (?:positional |keyword-only )?arguments?: (?P<namen>.+)",
         fehlende_argumente),
        (r"(?P<funktion>[\w.]+)\(\) takes (?:from (?P<von>\d+) to )?(?P<soll>\d+) positional arguments? "
         r"but (?P<ist>\d+) (?:was|were) given", zahl_der_argumente),
        (r"(?P<funktion>[\w.]+)\(\) got an unexpected keyword argument '(?P<name>\w+)'.*", unbekanntes_argument),
        (r"(?P<funktion>[\w.]+)\(\) got multiple values for argument '(?P<name>\w+)'",
         "`{name}` bekommt zwei Werte: einen an seiner Stelle und einen als `{name}=...`."),
        (r"'NoneType' object is not (?:subscriptable|iterable|callable)|cannot unpack non-iterable NoneType object",
         lambda m, ort: woher_none(ort)),
        (r"'(?P<typ>\w+)' object is not subscriptable", "Ein Wert vom Typ `{typ}` lässt sich nicht mit `[...]` lesen."),
        (r"'(?P<typ>\w+)' object is not callable",
         "Ein Wert vom Typ `{typ}` ist keine Funktion, wird aber mit `(...)` aufgerufen."),
        (r"'(?P<typ>\w+)' object is not iterable", "Über einen Wert vom Typ `{typ}` kann `for` nicht laufen."),
        (r"(?P<folge>\w+) indices must be integers or slices, not (?P<typ>\w+)",
         "Eine Stelle in `{folge}` wählst du mit einer ganzen Zahl, nicht mit `{typ}`."),
        (r"object of type '(?P<typ>\w+)' has no len\(\)", "Ein Wert vom Typ `{typ}` hat keine Länge."),
        (r".*", "Ein Wert hat hier einen Typ, mit dem das nicht geht."),
    ]),
    "AttributeError": ("Unbekanntes Attribut", [
        (r"'NoneType' object has no attribute '(?P<name>\w+)'.*", lambda m, ort: woher_none(ort)),
        (r"module '(?P<modul>[\w.]+)' has no attribute '(?P<name>\w+)'.*",
         lambda m, ort: f"Das Modul `{m['modul']}` hat kein `{m['name']}`."
                        f"{aehnlich(m['name'], dir(sys.modules.get(m['modul'])))}"),
        (r"'(?P<typ>\w+)' object has no attribute '(?P<name>\w+)'.*", attribut),
        (r".*", "Dieses Attribut gibt es nicht."),
    ]),
    "KeyError": ("Unbekannter Schlüssel", [
        (r"'pop from an empty set'|'popitem\(\): dictionary is empty'",
         "Der Wert ist leer: `pop` hat nichts mehr zu nehmen."),
        (r".*", unbekannter_schluessel),
    ]),
    "IndexError": ("Index außerhalb", [
        (r"pop from (?:empty list|an empty deque)", leer_pop),
        (r"pop index out of range", "Diese Stelle gibt es nicht: `pop(i)` braucht eine Stelle, die es gibt."),
        (r"list assignment index out of range",
         "Diese Stelle gibt es noch nicht. Eine neue Stelle hängst du mit `append(...)` an."),
        (r".*", index),
    ]),
    "UnboundLocalError": ("Unbekannter Name", [
        (r"(?:cannot access local variable|local variable) '(?P<name>\w+)'.*",
         "Die Funktion weist `{name}` weiter unten einen Wert zu. Darum ist `{name}` in der ganzen Funktion "
         "ein lokaler Name, auch hier, wo er noch keinen Wert hat. Übergib den Wert als Argument, oder weise ihn "
         "vor dieser Zeile zu."),
    ]),
    "NameError": ("Unbekannter Name", [(r"name '(?P<name>\w+)' is not defined.*", unbekannter_name)]),
    "ModuleNotFoundError": ("Unbekanntes Modul", [
        (r"No module named '(?P<name>[\w.]+)'", "Das Modul `{name}` gibt es hier nicht. Der Kurs braucht nur die "
                                                "Standardbibliothek von Python."),
    ]),
    "ZeroDivisionError": ("Division durch null", [(r".*", "Hier wird durch 0 geteilt.")]),
    "ValueError": ("Unpassender Wert", [
        (r"Expecting .*: line \d+ column \d+ \(char \d+\)", "Der Text ist kein gültiges JSON."),
        (r"invalid literal for int\(\) with base 10: (?P<wert>.+)", "`{wert}` ist keine ganze Zahl."),
        (r"too many values to unpack \(expected (?P<soll>\d+).*",
         "Links stehen {soll} Namen, rechts kommen mehr Werte."),
        (r"not enough values to unpack \(expected (?P<soll>\d+), got (?P<ist>\d+)\)",
         "Links stehen {soll} Namen, rechts kommen nur {ist} Werte."),
        (r".*", "Der Typ passt, aber mit diesem Wert geht es nicht."),
    ]),
    # sqlite3: IntegrityError, OperationalError und ProgrammingError sind Unterklassen von DatabaseError.
    "IntegrityError": ("Datenbankfehler", [
        (r"UNIQUE constraint failed: (?P<spalte>[\w.]+)",
         "Diesen Wert gibt es in `{spalte}` schon, und die Spalte nimmt jeden Wert nur einmal."),
        (r"NOT NULL constraint failed: (?P<spalte>[\w.]+)",
         "`{spalte}` darf nicht leer sein, der Wert ist aber `None` (in SQL: `NULL`)."),
        (r"datatype mismatch", "Der Wert passt nicht zum Typ der Spalte: In `INTEGER PRIMARY KEY` geht nur eine "
                               "ganze Zahl. Das ist kein Duplikat."),
        (r".*", "Der Wert verletzt eine Regel der Tabelle."),
    ]),
    "OperationalError": ("Datenbankfehler", [
        (r"no such table: (?P<tabelle>\S+)", "Die Tabelle `{tabelle}` gibt es nicht. Ist sie vertippt?"),
        (r"(?:no such column: |table \S+ has no column named )(?P<spalte>\S+)",
         "Die Spalte `{spalte}` gibt es nicht. Ist sie vertippt?"),
        (r'near "(?P<wort>.+)": syntax error', "Das SQL ist falsch geschrieben, bei `{wort}`."),
        (r".*", "Die Datenbank kann den Befehl so nicht ausführen."),
    ]),
    "ProgrammingError": ("Datenbankfehler", [
        (r"Incorrect number of bindings supplied\. The current statement uses (?P<soll>\d+), "
         r"and there are (?P<ist>\d+) supplied\.",
         "Das SQL hat {soll} Platzhalter `?`, übergeben sind {ist} Werte. Ein einzelner Wert steht in einem Tupel "
         "mit Komma: `(wert,)`."),
        (r".*", "Die Datenbank kann mit diesen Werten nichts anfangen. Übergib sie als Tupel: `(wert,)`."),
    ]),
}



def erklaere(exc: BaseException, zeile: int | None, code: str = "", dateiname: str = "") -> str:
    """Ein Fehler als deutscher Satz, Pythons Meldung in Klammern dahinter:
    "Falscher Typ in Zeile 3: … (Python: TypeError: …)". Ein seltener Fehler bleibt, wie Python
    ihn nennt: "ConnectionError: … (Zeile 3)". `code` ist der Code, in dem der Fehler geschah, unter
    dem Dateinamen `dateiname` übersetzt."""
    original = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    wo = f" in Zeile {zeile}" if zeile else ""
    for klasse in type(exc).__mro__:
        name, muster = ERKLAERUNGEN.get(klasse.__name__, ("", []))
        for ausdruck, erklaerung in muster:
            if not (m := re.fullmatch(ausdruck, original, re.S)):
                continue
            try:
                text = erklaerung(m, Ort(exc, code, dateiname)) if callable(erklaerung) else erklaerung.format(
                    **{k: v or "" for k, v in m.groupdict().items()})
            except Exception:  # noqa: BLE001 - findet sich die Ursache nicht, gilt das nächste Muster
                continue
            return f"{name}{wo}: {text} (Python: {type(exc).__name__}: {original})"
    return f"{type(exc).__name__}: {original}{f' (Zeile {zeile})' if zeile else ''}"
