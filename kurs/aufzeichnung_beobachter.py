"""Wie Python der Aufzeichnung (kurs/aufzeichnung.py) meldet, was läuft: Beginn und Ende jeder
Funktion des Kurses, und wo eine DLQ-Liste wachsen kann.

In Pyodide (Python 3.14) `sys.monitoring` (`_Monitoring`), in CPython 3.11 `sys.settrace`
(`_Trace`); beide liefern für jedes Programm des Kurses dieselben Schritte. Nur Standardbibliothek.
"""

import opcode
import sys

# Was eine DLQ-Liste verlängert: list.append(dlq, x) ist in Python 3.12+ der Aufruf hinter dlq.append(x).
LISTE_AENDERN = (list.append, list.extend, list.insert)
EINGEBAUTE_METHODE = type([].append)
# Womit eine Funktion normal endet; jeder andere Befehl an f_lasti heißt: Eine Exception verlässt sie.
NORMAL = {n for n in opcode.opname if n.startswith(("RETURN", "YIELD"))}


class _Monitoring:
    """Python ab 3.12 (Pyodide): sys.monitoring, einmal eingerichtet und dann nie mehr aus. Jeder Code
    außerhalb des Kurses meldet sich genau einmal (DISABLE); ein Ein- und Ausschalten je Lauf ließe
    Python bei jedem Lauf allen Code neu instrumentieren. Eine eigene Trace-Funktion der Leserin stört nicht.

    Ebenso Code des Kurses, an dem nichts zu sehen ist als eine Exception (die meldet PY_UNWIND): Nur
    Methoden, Code mit DLQ und was die Prüfung ruft, melden jeden Beginn und ihr Ende. Eine DLQ sieht der
    Beobachter an Aufrufen in Code mit DLQ (CALL), nicht an jeder Zeile: Angehängt wird mit append,
    extend oder insert; jede andere Stelle eines Aufrufs meldet sich einmal und dann nie wieder
    (DISABLE). Ob die Liste wuchs, sieht die Aufzeichnung vor dem nächsten Schritt nach."""

    WERKZEUG = 4  # 0-2 und 5 haben Namen (Debugger, Coverage, Profiler, Optimizer)

    def __init__(self):
        m = sys.monitoring
        m.use_tool_id(self.WERKZEUG, "kurs-aufzeichnung")
        e = m.events
        # C_RETURN nach dlq.append kam in Python 3.14 nicht verlässlich (gemessen in Pyodide): darum CALL,
        # nur in Code mit DLQ, und ob die Liste wuchs, erst danach.
        for ereignis, f in ((e.PY_START, self._start), (e.PY_RETURN, self._return), (e.PY_UNWIND, self._unwind),
                            (e.CALL, self._aufruf)):
            m.register_callback(self.WERKZEUG, ereignis, f)
        m.set_events(self.WERKZEUG, e.PY_START | e.PY_UNWIND)
        self.aufzeichnung = None
        # id(Code) -> (Code des Kurses in diesem Lauf, Aufzeichnung.art). Nach id, nicht nach Gleichheit: Derselbe Text, neu
        # übersetzt, ist ein gleicher, aber neuer Code ohne eigene Ereignisse.
        self._beobachtet = {}

    def an(self, aufzeichnung):
        self.aufzeichnung = aufzeichnung
        self._beobachtet.clear()
        return True

    def aus(self, aufzeichnung):
        self.aufzeichnung = None
        return True

    def _start(self, code, _):
        a = self.aufzeichnung
        if a is None or a._aus:
            return sys.monitoring.DISABLE
        try:
            gemerkt = self._beobachtet.get(id(code))
            if gemerkt is not None:  # jeder weitere Beginn einer Methode oder von Code mit DLQ
                a._beginn(sys._getframe(1), gemerkt[1])
                return None
            art = a.art(code)
            if art is None:
                return sys.monitoring.DISABLE
            self._beobachtet[id(code)] = (code, art)  # das erste Mal in diesem Lauf
            methode, dlq = art[:2]
            if not (methode or dlq or a._prueft_mit(code)):
                return sys.monitoring.DISABLE  # nur noch PY_UNWIND: ein Absturz
            e = sys.monitoring.events
            ereignisse = (e.PY_RETURN if methode or dlq else 0) | (e.CALL if dlq else 0)
            if ereignisse:
                sys.monitoring.set_local_events(self.WERKZEUG, code, ereignisse)
            a._beginn(sys._getframe(1), art)
        except Exception as exc:  # nie den Code der Leserin stören
            a._kaputt(exc)
        return None

    def _return(self, code, _, wert):
        a = self.aufzeichnung
        if a is not None and not a._aus:
            try:
                a._ende(sys._getframe(1), wert, None)
            except Exception as exc:
                a._kaputt(exc)

    def _unwind(self, code, _, ausnahme):
        a = self.aufzeichnung
        if a is not None and not a._aus and id(code) in self._beobachtet:
            try:
                a._ende(sys._getframe(1), None, ausnahme)
            except Exception as exc:
                a._kaputt(exc)

    def _aufruf(self, code, _, aufgerufen, arg0):
        # Nur nach Identität und Typ: Ein Vergleich oder getattr liefe sonst Code der Leserin (__eq__, __getattr__).
        if aufgerufen is LISTE_AENDERN[0] or aufgerufen is LISTE_AENDERN[1] or aufgerufen is LISTE_AENDERN[2]:
            liste = arg0  # list.append(dlq, x): arg0 ist die Liste
        elif type(aufgerufen) is EINGEBAUTE_METHODE and type(aufgerufen.__self__) is list:
            liste = aufgerufen.__self__
        else:
            return sys.monitoring.DISABLE  # dieser Aufruf ändert keine Liste: an dieser Stelle nie wieder melden
        a = self.aufzeichnung
        if a is not None and not a._aus:
            try:
                a._liste_aendert(sys._getframe(1), liste)
            except Exception as exc:
                a._kaputt(exc)
        return None


class _Trace:
    """Python 3.11 (CPython in den Tests): sys.settrace, je Lauf ein und aus, ohne Zeilen außer mit DLQ.
    Dass eine Exception eine Funktion verlässt, zeigt der Befehl, bei dem sie endet: kein return."""

    def an(self, aufzeichnung):
        if sys.gettrace() is not None:  # ein Debugger oder eine Messung läuft schon
            return False
        self.aufzeichnung = aufzeichnung
        self._ausnahmen = {}  # Rahmen -> letzte Exception darin
        sys.settrace(self._aufruf)
        return True

    def aus(self, aufzeichnung):
        eigene = sys.gettrace() == self._aufruf
        sys.settrace(None)
        return eigene

    def _aufruf(self, rahmen, ereignis, arg):
        a = self.aufzeichnung
        if a._aus:
            sys.settrace(None)
            return None
        code = rahmen.f_code
        art = a.art(code)
        if art is None:
            return None
        try:
            rahmen.f_trace_lines = bool(art[1])
            a._beginn(rahmen, art)
        except Exception as exc:
            a._kaputt(exc)
            return None
        return self._lokal

    def _lokal(self, rahmen, ereignis, arg):
        a = self.aufzeichnung
        if a._aus:
            return None
        try:
            if ereignis == "exception":
                self._ausnahmen[rahmen] = arg[1]
            elif ereignis == "line":
                a._zeile_vorbei(rahmen)
            elif ereignis == "return":
                ausnahme = self._ausnahmen.pop(rahmen, None)
                normal = opcode.opname[rahmen.f_code.co_code[rahmen.f_lasti]] in NORMAL
                a._ende(rahmen, arg, None if normal else ausnahme)
        except Exception as exc:
            a._kaputt(exc)
        return self._lokal


_BEOBACHTER = []


def beobachter():
    """Der Beobachter dieses Prozesses: sys.monitoring, wo es das gibt und das Werkzeug frei ist, sonst sys.settrace."""
    if not _BEOBACHTER:
        try:
            _BEOBACHTER.append(_Monitoring())
        except (AttributeError, ValueError):  # Python 3.11, oder die Nummer ist vergeben
            _BEOBACHTER.append(_Trace())
    return _BEOBACHTER[0]
