"""Die Ursache eines Fehlers in Code der Leserin, aus dem, was der Fehler mitbringt (kurs/fehlerhilfe.py).

Nicht aus Pythons Satz allein: aus dem Ausdruck, der scheiterte (seine Stelle im Code, die der
Traceback nennt), den Namen und Werten dort, den Parametern der aufgerufenen Funktion und dem
Syntaxbaum des Codes. Jede Funktion hier gibt einen deutschen Satz; Namen stehen in `Backticks`.
Nur Standardbibliothek; was selten gebraucht wird, importiert sie erst beim Fehler.
"""

import contextlib
import re
import sys
from functools import cached_property


def code(text) -> str:
    return f"`{text}`"


def und(teile: list[str]) -> str:
    return teile[0] if len(teile) == 1 else ", ".join(teile[:-1]) + " und " + teile[-1]


def anzahl(zahl: str, wort: str = "Argument") -> str:
    return f"{zahl} {wort}" if zahl == "1" else f"{zahl} {wort}e"


class Ort:
    """Wo ein Fehler geschah: der Code der Leserin, der Ausdruck, der scheiterte, und die Namen dort."""

    def __init__(self, exc: BaseException, code: str, dateiname: str):
        self.exc, self.code, self.namen, self.spanne, self.zeile = exc, code, {}, None, 0
        letzter, tb = None, exc.__traceback__
        while tb is not None:
            letzter = tb if tb.tb_frame.f_code.co_filename == dateiname else letzter
            tb = tb.tb_next
        if letzter is not None:
            self.namen = {**letzter.tb_frame.f_globals, **letzter.tb_frame.f_locals}
            stellen = list(letzter.tb_frame.f_code.co_positions())
            if 0 <= letzter.tb_lasti // 2 < len(stellen):
                self.spanne = stellen[letzter.tb_lasti // 2]
            self.zeile = letzter.tb_lineno

    @cached_property
    def baum(self):
        import ast
        try:
            return ast.parse(self.code)
        except SyntaxError:
            return None

    @cached_property
    def knoten(self):
        """Der Ausdruck, den Python gerade auswertete, als der Fehler kam (oder None)."""
        import ast
        if self.baum is None or self.spanne is None:
            return None
        for k in ast.walk(self.baum):
            if isinstance(k, ast.expr) and (k.lineno, k.end_lineno, k.col_offset, k.end_col_offset) == self.spanne:
                return k
        return None

    def text(self, knoten) -> str:
        import ast
        return ast.get_source_segment(self.code, knoten) or "…"

    def wert(self, knoten):
        """Der Wert eines Namens oder von name["schlüssel"] (ohne etwas aufzurufen); sonst KeyError."""
        import ast
        if isinstance(knoten, ast.Name):
            return self.namen[knoten.id]
        if isinstance(knoten, ast.Subscript) and isinstance(knoten.slice, ast.Constant):
            behaelter = self.wert(knoten.value)
            if isinstance(behaelter, dict | list | tuple):
                return behaelter[knoten.slice.value]
        raise KeyError(knoten)

    def funktion(self, name: str):
        """Die Definition von `name` im Code der Leserin (ast.FunctionDef) oder None."""
        import ast
        return next((k for k in ast.walk(self.baum or ast.Module(body=[])) if isinstance(k, ast.FunctionDef | ast.AsyncFunctionDef)
                     and k.name == name), None)


def _abstand(a: str, b: str) -> int:
    """Wie viele Zeichen man einfügen, löschen oder ändern muss, um aus a b zu machen."""
    zeile = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        vorige, zeile[0] = zeile[0], i
        for j, y in enumerate(b, 1):
            vorige, zeile[j] = zeile[j], min(zeile[j] + 1, zeile[j - 1] + 1, vorige + (x.lower() != y.lower()))
    return zeile[-1]


def aehnlich(name: str, kandidaten) -> str:
    """" Meinst du `x`?" für den nächsten Namen mit höchstens einem Tippfehler je drei Zeichen, sonst ""."""
    nahe = sorted((_abstand(name, k), k) for k in set(kandidaten)
                  if isinstance(k, str) and k != name and not k.startswith("_"))
    return f" Meinst du {code(nahe[0][1])}?" if nahe and nahe[0][0] <= len(name) // 3 else ""


# --- Woher ein None kommt ---------------------------------------------------------------

# Methoden, die ihren Wert ändern und None zurückgeben (list, dict, set).
AENDERN_SELBST = {"append", "extend", "insert", "sort", "reverse", "update", "add", "clear", "remove", "discard"}


def _none_aus_aufruf(aufruf, ort, name: str | None) -> str | None:
    """Warum der Aufruf `aufruf` None lieferte; `name` ist die Variable mit seinem Ergebnis, wenn es eine gibt."""
    import ast
    if not isinstance(aufruf, ast.Call):
        return None
    text, f = code(ort.text(aufruf)), aufruf.func
    pruefen = f" Prüfe vorher mit {code(f'if {name} is None:')}." if name else (
        f" Merk dir das Ergebnis in einer Variablen und prüfe sie vorher mit {code('if … is None:')}.")
    if isinstance(f, ast.Attribute) and f.attr == "receive":
        return (f"{text} liefert {code('None')}, wenn keine Nachricht sichtbar ist: Die Queue ist leer, oder jede "
                f"Nachricht steckt noch im Visibility Timeout.{pruefen}")
    if isinstance(f, ast.Attribute) and f.attr == "fetchone":
        return f"{text} liefert {code('None')}, wenn die Abfrage keine Zeile findet.{pruefen}"
    if isinstance(f, ast.Attribute) and f.attr == "get":
        return f"{text} liefert {code('None')}, wenn es den Schlüssel nicht gibt. Stimmt der Name des Schlüssels?"
    if isinstance(f, ast.Attribute) and f.attr in AENDERN_SELBST:
        return (f"{text} ändert {code(ort.text(f.value))} selbst und gibt {code('None')} zurück. "
                f"Arbeite danach mit {code(ort.text(f.value))} weiter.")
    if isinstance(f, ast.Name) and f.id == "print":
        return f"{code('print(...)')} druckt nur und gibt {code('None')} zurück."
    if isinstance(f, ast.Name) and (definition := ort.funktion(f.id)):
        mit_wert = [r for r in ast.walk(definition) if isinstance(r, ast.Return) and r.value is not None
                    and not (isinstance(r.value, ast.Constant) and r.value.value is None)]
        if not mit_wert:
            return f"Die Funktion {code(f.id)} gibt nichts zurück: Es fehlt ein {code('return')} mit dem Wert."
        return (f"Die Funktion {code(f.id)} hat hier {code('None')} zurückgegeben: Ein Weg durch sie endet "
                f"ohne {code('return')} mit Wert.")
    return None


def woher_none(ort) -> str:
    """Was scheiterte, welcher Wert None ist und woher er kommt."""
    import ast
    k = ort.knoten
    was = f"{code(ort.text(k))} geht nicht: " if isinstance(k, ast.Subscript | ast.Attribute | ast.Call) else ""
    return was + _none_ursache(ort, k)


def _none_ursache(ort, k) -> str:
    import ast
    verdacht = k.value if isinstance(k, ast.Subscript | ast.Attribute) else k.func if isinstance(k, ast.Call) else k
    if verdacht is None or not isinstance(verdacht, ast.Name | ast.Call):
        # Etwa for … in x oder a, b = x: der Name auf dieser Zeile, der None ist.
        zeile = [n for n in ast.walk(ort.baum) if isinstance(n, ast.Name) and n.lineno == ort.zeile
                 and n.id in ort.namen and ort.namen[n.id] is None] if ort.baum else []
        verdacht = zeile[0] if zeile else None
    if isinstance(verdacht, ast.Call):
        return _none_aus_aufruf(verdacht, ort, None) or _none_allgemein()
    if not isinstance(verdacht, ast.Name):
        return _none_allgemein()
    name = verdacht.id
    zuweisungen = [z for z in ast.walk(ort.baum) if isinstance(z, ast.Assign) and z.lineno <= verdacht.lineno
                   and any(isinstance(t, ast.Name) and t.id == name for t in z.targets)]
    if zuweisungen:
        z = max(zuweisungen, key=lambda z: z.lineno)
        if grund := _none_aus_aufruf(z.value, ort, name):
            return f"{code(name)} ist {code('None')}. {grund}"
        if isinstance(z.value, ast.Constant) and z.value.value is None:
            return f"{code(name)} ist {code('None')}: So steht es in Zeile {z.lineno}."
    parameter = [a.arg for f in ast.walk(ort.baum) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
                 for a in f.args.args if f.lineno <= verdacht.lineno <= f.end_lineno]
    if name in parameter:
        return f"{code(name)} ist {code('None')}: So wurde die Funktion aufgerufen. Prüfe, was du übergibst."
    return f"{code(name)} ist {code('None')}. {_none_allgemein()}"


def _none_allgemein() -> str:
    return (f"Hier steht {code('None')}, wo ein Wert erwartet wird. {code('None')} liefern etwa {code('receive()')} "
            f"(keine Nachricht sichtbar), {code('fetchone()')} (keine Zeile) und eine Funktion ohne {code('return')}.")


# --- Namen, Schlüssel, Aufrufe ---------------------------------------------------------

# Module, die der Kurs benutzt: Fehlt ein Name, der in einem davon steht, fehlt wohl der Modulname davor.
MODULE_DES_KURSES = ("sqlite3", "json", "uuid", "time", "random", "hashlib", "collections", "contextlib")


def unbekannter_name(m, ort) -> str:
    import ast
    import importlib
    import types
    name = m["name"]
    if name in sys.stdlib_module_names:
        return f"Das Modul {code(name)} ist nicht importiert. Schreib oben {code(f'import {name}')}."
    baum = ort.baum or ast.Module(body=[])
    zeile = ort.zeile
    for handler in (h for h in ast.walk(baum) if isinstance(h, ast.ExceptHandler)):
        if handler.name == name:
            return (f"{code(name)} gilt nur im Block von {code(f'except … as {name}:')}; danach löscht Python den "
                    f"Namen. Brauchst du den Fehler später, merk ihn dir im Block in einer anderen Variablen.")
        if handler.name is None and handler.body[0].lineno <= zeile <= handler.end_lineno:
            typ = ort.text(handler.type) if handler.type else "Exception"
            return (f"Der Name {code(name)} ist nicht definiert. Den gefangenen Fehler bekommst du mit "
                    f"{code(f'except {typ} as {name}:')}.")
    for definition in (f for f in ast.walk(baum) if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)):
        if not definition.lineno <= zeile <= definition.end_lineno and any(
                isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(definition)):
            return (f"{code(name)} ist nur in der Funktion {code(definition.name)} definiert. Gib den Wert mit "
                    f"{code('return')} zurück, oder übergib ihn als Argument.")
    spaeter = [n.lineno for n in ast.walk(baum) if isinstance(n, ast.Name) and n.id == name
               and isinstance(n.ctx, ast.Store) and n.lineno > zeile]
    if spaeter:
        return f"{code(name)} bekommt erst in Zeile {min(spaeter)} einen Wert, nach dieser Zeile."
    module = [w for w in ort.namen.values() if isinstance(w, types.ModuleType)]
    for modulname in MODULE_DES_KURSES:
        with contextlib.suppress(ImportError):
            module.append(importlib.import_module(modulname))
    for modul in module:
        if hasattr(modul, name):
            modulname = modul.__name__
            davor = "" if modul in ort.namen.values() else f", und oben {code(f'import {modulname}')}"
            return f"{code(name)} steht im Modul {code(modulname)}: Schreib {code(f'{modulname}.{name}')}{davor}."
    aufgerufen = any(isinstance(c, ast.Call) and isinstance(c.func, ast.Name) and c.func.id == name for c in ast.walk(baum))
    was = "Eine Funktion" if aufgerufen else "Einen Namen"
    return f"{was} {code(name)} gibt es hier nicht.{aehnlich(name, [*ort.namen, *dir(__builtins__)])}"


def unbekannter_schluessel(m, ort) -> str:
    import ast
    schluessel = code(repr(ort.exc.args[0])) if ort.exc.args else "…"
    k = ort.knoten
    behaelter = k.value if isinstance(k, ast.Subscript) else (
        k.func.value if isinstance(k, ast.Call) and isinstance(k.func, ast.Attribute) else None)
    if behaelter is None:
        return f"Den Schlüssel {schluessel} gibt es hier nicht. Ist er richtig geschrieben?"
    name = ort.text(behaelter)
    try:
        wert = ort.wert(behaelter)
    except (KeyError, IndexError, TypeError):
        wert = None
    if isinstance(wert, dict):
        vorhanden = und([code(repr(s)) for s in wert]) if wert else "keine"
        return (f"{code(name)} hat keinen Schlüssel {schluessel}. Seine Schlüssel: {vorhanden}."
                f"{aehnlich(repr(ort.exc.args[0]), [repr(s) for s in wert])}")
    return (f"Den Schlüssel {schluessel} gibt es in {code(name)} nicht. Welche es gibt, zeigt "
            f"{code(f'print({name}.keys())')}.")


def _signatur(ort, funktion: str) -> str:
    """" So ist `f` definiert: `f(a, b)`." für eine Funktion oder Methode aus dem Code, sonst ""."""
    import inspect
    teile = funktion.split(".")
    wert = ort.namen.get(teile[0])
    for teil in teile[1:]:
        wert = getattr(wert, teil, None)
    try:
        signatur = inspect.signature(wert)
    except (TypeError, ValueError):
        return ""
    return f" So ist {code(funktion)} definiert: {code(f'{teile[-1]}{signatur}')}."


def fehlende_argumente(m, ort) -> str:
    namen = [code(n) for n in re.findall(r"'(\w+)'", m["namen"])]
    fehlt = f"fehlt das Argument {namen[0]}" if len(namen) == 1 else f"fehlen die Argumente {und(namen)}"
    return f"Beim Aufruf von {code(m['funktion'])} {fehlt}.{_signatur(ort, m['funktion'])}"


def zahl_der_argumente(m, ort) -> str:
    soll = f"{m['von']} bis {m['soll']} Argumente" if m["von"] else anzahl(m["soll"])
    methode = f" Bei einer Methode zählt Python {code('self')} mit." if "." in m["funktion"] else ""
    return (f"{code(m['funktion'])} nimmt {soll} an, der Aufruf übergibt {m['ist']}.{methode}"
            f"{_signatur(ort, m['funktion'])}")


def unbekanntes_argument(m, ort) -> str:
    signatur = _signatur(ort, m["funktion"])
    parameter = re.findall(r"(\w+)\s*[:=,)]", signatur.partition(": `")[2])
    return f"{code(m['funktion'])} hat keinen Parameter {code(m['name'])}.{aehnlich(m['name'], parameter)}{signatur}"


def klammer(m, ort, art: str) -> str:
    """Welche Klammer: die wievielte ihrer Art in der Zeile, mit dem Text ab ihr."""
    exc = ort.exc
    zeile = (exc.text or "").rstrip("\n")
    spalte = (exc.offset or 1) - 1
    nummer = zeile[:spalte + 1].count(m["klammer"])
    ab = zeile[spalte:spalte + 20] + ("…" if len(zeile) > spalte + 20 else "")
    return (f"Die {nummer}. Klammer {code(m['klammer'])} dieser Zeile (Spalte {spalte + 1}, {code(ab.strip())}) "
            f"{art}.")


def index(m, ort) -> str:
    import ast
    k = ort.knoten
    if isinstance(k, ast.Subscript):
        try:
            laenge = len(ort.wert(k.value))
        except (KeyError, IndexError, TypeError):
            laenge = None
        name = code(ort.text(k.value))
        if laenge == 0:
            return f"{name} ist leer: Es gibt keine Stelle, die du lesen kannst."
        if laenge is not None:
            return (f"{name} hat {laenge} Stellen, gezählt ab 0: Gültig sind 0 bis {laenge - 1} "
                    f"(von hinten -1 bis -{laenge}).")
    return "Diese Stelle gibt es nicht. Gezählt wird ab 0, die letzte Stelle ist `len(...) - 1`."


def leer_pop(m, ort) -> str:
    import ast
    k = ort.knoten
    name = ort.text(k.func.value) if isinstance(k, ast.Call) and isinstance(k.func, ast.Attribute) else "…"
    return (f"{code(name)} ist leer: {code('pop()')} hat nichts mehr zu nehmen. Prüfe vorher mit "
            f"{code(f'if {name}:')}.")


def attribut(m, ort) -> str:
    exc = ort.exc
    wert, name = getattr(exc, "obj", None), m["name"]
    if isinstance(wert, dict):
        return (f"Ein {code('dict')} hat kein Attribut {code(name)}. Einen Schlüssel liest du mit "
                f"{code(f'[{name!r}]')}, nicht mit {code(f'.{name}')} wie in JavaScript.")
    return (f"Ein Wert vom Typ {code(m['typ'])} hat kein Attribut {code(name)}."
            f"{aehnlich(name, dir(wert)) if wert is not None else ''}")
