"""Führt Code der Leserin aus und meldet Fehler auf Deutsch statt als Traceback.

Im Browser (Pyodide; die Seite lädt diese Datei als assets/kurs/lauf.py) läuft hiermit jeder
Block: das Beispiel von pytest-codeblocks, in dem er ein Stück ist, mit dem Text des Editors an
seiner Stelle (kurs/modell/snippets.py, Programm). In CPython prüft es eine eigene Lösung
(`--uebung … --loesung …`, kurs/pruefen.py) und die typischen Fehler einer Übung; die
Beispiele selbst führt dort pytest-codeblocks aus. Nur Standardbibliothek.

Die häufigen Fehler von Python erklärt `erklaere` auf Deutsch; Pythons eigene Meldung bleibt
dahinter in Klammern stehen, zum Nachschlagen. Beide Wege, Browser und `--uebung`, melden
also dasselbe, aus dieser einen Datei.
"""

import contextlib
import io
import re
import traceback

try:
    from kurs.aufzeichnung import PRUEFUNG, Aufzeichnung
except ImportError:  # im Browser liegt sie neben dieser Datei als kurs_aufzeichnung.py (kurs-worker.js)
    from kurs_aufzeichnung import PRUEFUNG, Aufzeichnung

DEIN_CODE = "<dein Code>"

# Typ -> (Name auf Deutsch, [(Muster von Pythons Meldung, Erklärung mit den Gruppen des Musters)]).
# Das erste passende Muster gilt; ".*" am Ende fängt jede andere Meldung dieses Typs. Ein
# Untertyp (IndentationError ist ein SyntaxError) steht vor seinem Obertyp.
ERKLAERUNGEN = {
    IndentationError: ("Einrückungsfehler", [
        (r"unexpected indent", "Diese Zeile ist eingerückt, obwohl hier kein neuer Block beginnt."),
        (r"expected an indented block.*", "Nach einer Zeile mit Doppelpunkt muss ein eingerückter Block folgen."),
        (r"unindent does not match any outer indentation level",
         "Die Einrückung passt zu keiner Ebene darüber. Rück so weit ein wie die Zeilen des Blocks, zu dem sie gehört."),
        (r"inconsistent use of tabs and spaces.*",
         "Die Einrückung mischt Tabulatoren und Leerzeichen. Rück nur mit Leerzeichen ein."),
        (r".*", "Die Einrückung stimmt nicht. Rück jeden Block mit vier Leerzeichen ein."),
    ]),
    SyntaxError: ("Syntaxfehler", [
        (r"expected ':'", "Hier fehlt ein Doppelpunkt, etwa am Ende einer Zeile mit if, for, while, def oder class."),
        (r"invalid syntax\. Perhaps you forgot a comma\?", "Fehlt hier ein Komma zwischen zwei Werten?"),
        (r"unterminated string literal.*",
         "Ein Text in Anführungszeichen wird nicht geschlossen: Es fehlt das Anführungszeichen am Ende."),
        (r"unterminated triple-quoted string literal.*",
         'Ein Text in dreifachen Anführungszeichen (""") wird nicht geschlossen.'),
        (r"'(?P<klammer>.)' was never closed", "Die Klammer {klammer} wird nie geschlossen."),
        (r"unmatched '(?P<klammer>.)'", "Zur Klammer {klammer} gibt es keine öffnende."),
        (r"closing parenthesis '(?P<zu>.)' does not match opening parenthesis '(?P<auf>.)'.*",
         "Die Klammer {zu} schließt nicht die offene Klammer {auf}."),
        (r"Missing parentheses in call to '(?P<funktion>\w+)'.*", "{funktion} braucht Klammern: {funktion}(...)."),
        (r"'(?P<wort>\w+)' outside (?:function|loop)",
         "{wort} steht außerhalb einer Funktion oder Schleife. Stimmt die Einrückung?"),
        (r"cannot assign to .*'==' instead of '='\?",
         "Hier steht = (zuweisen) an einer Stelle, an der nur ein Vergleich geht. Meinst du ==?"),
        (r"invalid syntax", "Python versteht diese Zeile nicht. Sieh nach Tippfehlern, fehlenden Klammern, "
                            "Anführungszeichen oder Operatoren, auch am Ende der Zeile davor."),
        (r".*", "Python versteht diese Zeile nicht."),
    ]),
    TypeError: ("Falscher Typ", [
        (r'can only concatenate str \(not "(?P<typ>\w+)"\) to str',
         "Text (str) und {typ} lassen sich nicht mit + verbinden. Wandle den Wert mit str(...) um, "
         "oder nimm einen f-String."),
        (r"unsupported operand type\(s\) for (?P<op>\S+): '(?P<links>\w+)' and '(?P<rechts>\w+)'",
         "Der Operator {op} geht nicht zwischen {links} und {rechts}."),
        (r"(?P<funktion>[\w.]+)\(\) missing \d+ required (?:positional |keyword-only )?arguments?: (?P<namen>.+)",
         "Beim Aufruf von {funktion} fehlt ein Argument: {namen}."),
        (r"(?P<funktion>[\w.]+)\(\) takes (?P<soll>\d+) positional arguments? but (?P<ist>\d+) (?:was|were) given",
         "Die Zahl der Argumente passt nicht: {funktion} erwartet {soll}, der Aufruf gibt {ist}."),
        (r"'NoneType' object is not (?:subscriptable|iterable)",
         "Hier steht None, wo ein Wert erwartet wird. Gibt eine Funktion nichts zurück (fehlt ein return)?"),
        (r"'(?P<typ>\w+)' object is not subscriptable", "Ein Wert vom Typ {typ} lässt sich nicht mit [...] lesen."),
        (r"'(?P<typ>\w+)' object is not callable",
         "Ein Wert vom Typ {typ} ist keine Funktion, wird aber mit (...) aufgerufen."),
        (r"'(?P<typ>\w+)' object is not iterable", "Über einen Wert vom Typ {typ} kann for nicht laufen."),
        (r"(?P<folge>\w+) indices must be integers or slices, not (?P<typ>\w+)",
         "Eine Stelle in {folge} wählst du mit einer ganzen Zahl, nicht mit {typ}."),
        (r".*", "Ein Wert hat hier einen Typ, mit dem das nicht geht."),
    ]),
    AttributeError: ("Unbekanntes Attribut", [
        (r"'NoneType' object has no attribute '(?P<name>\w+)'",
         "Hier steht None statt eines Objekts mit {name}. Gibt eine Funktion nichts zurück (fehlt ein return)?"),
        (r"'(?P<typ>\w+)' object has no attribute '(?P<name>\w+)'.*",
         "Ein Wert vom Typ {typ} hat kein Attribut {name}. Ist es vertippt, oder ist der Wert ein anderer als gedacht?"),
        (r".*", "Dieses Attribut gibt es nicht."),
    ]),
    KeyError: ("Unbekannter Schlüssel", [
        (r"(?P<schluessel>.+)", "Den Schlüssel {schluessel} gibt es hier nicht. Prüfe vorher mit in, "
                                "oder lies mit .get(...)."),
    ]),
    IndexError: ("Index außerhalb", [
        (r".*", "Diese Stelle gibt es nicht, der Wert ist kürzer. Gezählt wird ab 0, die letzte Stelle ist len(...) - 1."),
    ]),
    NameError: ("Unbekannter Name", [
        (r"name '(?P<name>\w+)' is not defined.*",
         "Der Name {name} ist nicht definiert. Fehlt eine Funktion, oder ist sie anders geschrieben?"),
    ]),
    ModuleNotFoundError: ("Unbekanntes Modul", [
        (r"No module named (?P<name>\S+)", "Das Modul {name} gibt es hier nicht. Der Kurs braucht nur die "
                                            "Standardbibliothek von Python."),
    ]),
    ZeroDivisionError: ("Division durch null", [(r".*", "Hier wird durch 0 geteilt.")]),
    ValueError: ("Unpassender Wert", [
        (r"Expecting .*: line \d+ column \d+ \(char \d+\)", "Der Text ist kein gültiges JSON."),
        (r"invalid literal for int\(\) with base 10: (?P<wert>.+)", "{wert} ist keine ganze Zahl."),
        (r"too many values to unpack \(expected (?P<soll>\d+).*",
         "Links stehen {soll} Namen, rechts kommen mehr Werte."),
        (r"not enough values to unpack \(expected (?P<soll>\d+), got (?P<ist>\d+)\)",
         "Links stehen {soll} Namen, rechts kommen nur {ist} Werte."),
        (r".*", "Der Typ passt, aber mit diesem Wert geht es nicht."),
    ]),
}


class Fehlermeldung(Exception):
    """Der Code ist gescheitert; die Meldung sagt auf Deutsch, warum. `zeile` ist die Zeile im
    Code der Leserin, auf die der Fehler zeigt (None, wenn es keine gibt)."""

    def __init__(self, meldung: str, zeile: int | None = None, szenario: str | None = None):
        super().__init__(meldung)
        self.zeile = zeile
        self.szenario = szenario  # bei einer Prüfung: ihr Szenario (S), in dem die Lösung scheiterte


def _szenario(exc: BaseException, namensraum: dict) -> str | None:
    """Das S der Prüfung, als sie scheiterte: in der innersten Funktion der Prüfung, die eins hat, sonst global."""
    rahmen = [r for r, _ in traceback.walk_tb(exc.__traceback__) if r.f_code.co_filename == PRUEFUNG]
    for r in reversed(rahmen):
        if "S" in r.f_code.co_varnames and isinstance(r.f_locals.get("S"), str):
            return r.f_locals["S"]
    return namensraum.get("S") if isinstance(namensraum.get("S"), str) else None


def erklaere(exc: BaseException, zeile: int | None) -> str:
    """Ein Fehler als deutscher Satz, Pythons Meldung in Klammern dahinter:
    "Falscher Typ in Zeile 3: … (Python: TypeError: …)". Ein seltener Fehler bleibt, wie Python
    ihn nennt: "ConnectionError: … (Zeile 3)"."""
    original = exc.msg if isinstance(exc, SyntaxError) else str(exc)
    wo = f" in Zeile {zeile}" if zeile else ""
    for typ, (name, muster) in ERKLAERUNGEN.items():
        if isinstance(exc, typ):
            for ausdruck, erklaerung in muster:
                if m := re.fullmatch(ausdruck, original, re.S):
                    return f"{name}{wo}: {erklaerung.format(**m.groupdict())} (Python: {type(exc).__name__}: {original})"
    return f"{type(exc).__name__}: {original}{f' (Zeile {zeile})' if zeile else ''}"


def _zeile(exc: BaseException, dateiname: str) -> int | None:
    zeilen = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == dateiname]
    return zeilen[-1] if zeilen else None


def fuehre_aus(code: str, namensraum: dict, dateiname: str = DEIN_CODE) -> None:
    """Führt `code` in `namensraum` aus; Fehler kommen als Fehlermeldung."""
    try:
        uebersetzt = compile(code, dateiname, "exec")
    except SyntaxError as exc:
        raise Fehlermeldung(erklaere(exc, exc.lineno), exc.lineno) from None
    try:
        exec(uebersetzt, namensraum)
    except Exception as exc:
        zeile = _zeile(exc, dateiname)
        raise Fehlermeldung(erklaere(exc, zeile), zeile if dateiname == DEIN_CODE else None) from None


def lauf(vorher: str, code: str, nachher: str = "") -> str:
    """Ein Beispiel: was vor dem gezeigten Code steht, der gezeigte Code, was danach kommt.
    Gibt stdout zurück."""
    namensraum = {"__name__": "__kurs__"}
    puffer = io.StringIO()
    with contextlib.redirect_stdout(puffer):
        try:
            exec(vorher, namensraum)
            fuehre_aus(code, namensraum)
            fuehre_aus(nachher, namensraum, "<danach>")
        except Fehlermeldung as exc:
            exc.ausgabe = puffer.getvalue()
            raise
    return puffer.getvalue()


def pruefe(kontext: str, kandidat: str, pruefung: str) -> str:
    """Eine Übung: Kontext, Lösung, Prüfung in einem Namensraum. Gibt stdout zurück.

    Wirft Fehlermeldung mit der Meldung der Prüfung, wenn die Lösung nicht besteht.
    """
    namensraum = {"__name__": "__kurs__"}
    puffer = io.StringIO()
    with contextlib.redirect_stdout(puffer):
        exec(kontext, namensraum)
        try:
            fuehre_aus(kandidat, namensraum)
        except Fehlermeldung as exc:
            raise Fehlermeldung(f"Deine Lösung läuft nicht: {exc}", exc.zeile) from None
        try:
            exec(compile(pruefung, PRUEFUNG, "exec"), namensraum)
        except AssertionError as exc:
            raise Fehlermeldung(str(exc), szenario=_szenario(exc, namensraum)) from None
        except Exception as exc:
            zeile = _zeile(exc, DEIN_CODE)
            raise Fehlermeldung(f"Beim Prüfen scheitert deine Lösung. {erklaere(exc, zeile)}", zeile,
                                _szenario(exc, namensraum)) from None
    return puffer.getvalue()


def im_browser(auftrag: str, *teile: str, melden=None) -> dict:
    """Für den Web Worker: ("lauf", vorher, code, nachher) oder ("pruefe", kontext, kandidat, pruefung).
    Dazu, als JSON, was der Lauf tat (kurs/aufzeichnung.py); `melden` bekommt Zwischenstände."""
    with Aufzeichnung(melden, pruefung=auftrag == "pruefe") as aufzeichnung:
        try:
            ausgabe = lauf(*teile) if auftrag == "lauf" else pruefe(*teile)
        except Fehlermeldung as exc:
            ergebnis = {"ok": False, "meldung": str(exc), "ausgabe": getattr(exc, "ausgabe", ""), "zeile": exc.zeile}
            aufzeichnung.szenario_gescheitert = exc.szenario
        else:
            ergebnis = {"ok": True, "ausgabe": ausgabe}
    return ergebnis | {"aufzeichnung": aufzeichnung.als_json()}
