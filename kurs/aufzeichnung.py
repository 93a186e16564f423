"""Zeichnet auf, was in einem Lauf wirklich geschah: wer wem welche Nachricht schickte.

Im Browser (Pyodide; die Seite lädt diese Datei als assets/kurs/aufzeichnung.py, neben
kurs/lauf.py) läuft jeder Block damit, in CPython die Tests. Die Aufzeichnung sieht zu, welche
Methoden des Kurses aufgerufen werden, an ihrem Namen, nicht an ihrer Klasse: Eine `Queue`, die
die Leserin im Editor ändert, wird gezeichnet, wie sie sich verhielt. Sie schließt nichts, was
nicht geschah, und ändert keine Ausgabe. Nur Standardbibliothek.

Beobachtet wird nur der Code des Kurses (Dateiname `<string>`, `<dein Code>`, `<danach>`,
`<prüfung>`), je Aufruf einer Funktion, nicht je Zeile: in Pyodide (Python 3.14) mit
`sys.monitoring` (`_Monitoring`), in CPython 3.11 mit `sys.settrace` (`_Trace`); beide liefern für
jedes Programm des Kurses dieselben Schritte. Zeilen sieht sie nur in Funktionen mit einer Liste
namens `dlq` oder `dead_letter_topic`: Wächst sie, ist das ein Schritt „dlq“.

Was sie aufzeichnet (Name der Methode -> Schritt):

  send, receive, ack, tick        Queue: send, zustellung / leer, ack, tick und wieder_sichtbar
  veroeffentliche                 Broker: veroeffentliche
  anhaengen, lesen, committen,    Log: anhaengen, lesen / leer, commit, seek
  seek, zuruecksetzen
  eine Exception verlässt eine    absturz (einmal je Exception; der Teilnehmer ist die äußerste
  Funktion des Kurses             Funktion, die sie beendet; AssertionError der Prüfung nicht)
  verarbeite… bekommt eine        zustellung von „Prüfung“ (Übungen, deren Prüfung selbst zustellt)
  Nachricht aus der Prüfung

Format (kurs-lauf.js gibt es der Zeichnung als `ergebnis.aufzeichnung` und als Ereignis
`kurs:aufzeichnung` am Block):

  {"teilnehmer": ["Producer", "Queue", "Konsument", …],   # in der Reihenfolge des ersten Auftritts
   "schritte": [{"art": "send" | "zustellung" | "leer" | "ack" | "tick" | "wieder_sichtbar"
                        | "absturz" | "dlq" | "veroeffentliche" | "anhaengen" | "lesen"
                        | "commit" | "seek",
                 "von": Teilnehmer, "an": Teilnehmer,
                 "text": kurze deutsche Beschriftung,
                 "zeile": Zeile im Code der Leserin (im Editor) oder null,
                 "id": Queue-ID oder null, "versuche": int oder null, "body": kurzes repr oder null,
                 "szenario": Name des Szenarios der Prüfung (ihr S) oder null}],
   "teilweise": bool, "grund": deutscher Satz oder null,
   "szenario_gescheitert": das Szenario, in dem die Prüfung scheiterte, oder null}

Höchstens GRENZE Schritte; danach `teilweise`, mit Grund. Setzt der Code der Leserin in CPython
selbst `sys.settrace`, ebenso (in Pyodide stört es sys.monitoring nicht). Beendet das Zeitlimit den
Lauf, zeichnet die Seite den letzten Zwischenstand (`melden`), als Teil markiert (kurs-lauf.js).
"""

import json
import opcode
import sys
import time

DEIN_CODE = "<dein Code>"
PRUEFUNG = "<prüfung>"
KURS_CODE = {"<string>", DEIN_CODE, "<danach>", PRUEFUNG}
GRENZE = 2000
MELDEN_S = 1.0  # so oft höchstens ein Zwischenstand an die Seite (nur im Browser)
QUEUE = {"send", "receive", "ack", "tick"}
LOG = {"anhaengen", "lesen", "committen", "seek", "zuruecksetzen"}
METHODEN = QUEUE | LOG | {"veroeffentliche"}
DLQ_NAMEN = ("dlq", "dead_letter_topic")
# Womit eine Funktion normal endet; jeder andere Befehl an f_lasti heißt: Eine Exception verlässt sie.
NORMAL = {n for n in opcode.opname if n.startswith(("RETURN", "YIELD"))}
KEINE_ZEICHNUNG = "Für diesen Lauf gibt es keine Zeichnung"
LEER = json.dumps({"teilnehmer": [], "schritte": [], "teilweise": False, "grund": None, "szenario_gescheitert": None})


def kurz(wert, tiefe=0) -> str:
    """Ein kurzes repr, nur von eingebauten Typen: Ein eigenes __repr__ liefe sonst mit (und druckte vielleicht)."""
    if type(wert) in (str, int, float, bool, type(None)):
        text = repr(wert)
    elif type(wert) in (dict, list, tuple) and tiefe < 2:
        teile = [f"{kurz(k, tiefe + 1)}: {kurz(v, tiefe + 1)}" for k, v in list(wert.items())[:4]] \
            if type(wert) is dict else [kurz(w, tiefe + 1) for w in list(wert)[:4]]
        if len(wert) > 4:
            teile.append("…")
        auf, zu = {dict: "{}", list: "[]", tuple: "()"}[type(wert)]
        text = auf + ", ".join(teile) + zu
    else:
        text = f"<{type(wert).__name__}>"
    return text if len(text) <= 60 else text[:59] + "…"


def _ist_methode(code) -> bool:
    teile = code.co_qualname.split(".")
    return len(teile) > 1 and teile[-2] != "<locals>" and code.co_argcount >= 1


class Aufzeichnung:
    """`with Aufzeichnung() as a: …` zeichnet auf, was im Block geschieht; `a.daten()` ist das Ergebnis."""

    def __init__(self, melden=None, pruefung=False):
        self.melden = melden  # bekommt ab und zu den Zwischenstand als JSON (der Browser: für das Zeitlimit)
        self.pruefung = pruefung
        self.schritte, self.teilnehmer = [], []
        self.teilweise, self.grund, self.szenario_gescheitert = False, None, None
        self._arten = {}  # Code -> was an ihm zu beobachten ist (None: nichts)
        self._namen = {}  # id(Queue oder Log) -> "Queue", "Queue 2", …
        self._aktiv = []  # [Rahmen, Objekt, Methode, Daten]: Aufrufe, deren Ende noch aussteht
        self._abstuerze = {}  # id(Exception) -> (Exception, Schritt)
        self._zugestellt = {}  # id(Nachricht oder body) -> (Objekt, Queue-ID, versuche)
        self._dlq = {}  # Rahmen -> {Name: Liste}
        self._laengen = {}  # id(Liste) -> [Liste, bekannte Länge]: jede Liste zählt einmal, wer sie auch sieht
        self._zeile = {}  # Rahmen -> letzte Zeile (nur Rahmen mit DLQ)
        self._gemeldet = time.monotonic()
        self._aus = False

    # --- ein und aus ---

    def __enter__(self):
        self._beobachter = beobachter()
        if not self._beobachter.an(self):
            self._aufhoeren(f"{KEINE_ZEICHNUNG}: Python wird schon von etwas anderem beobachtet.")
        return self

    def __exit__(self, *_):
        if not self._aus and not self._beobachter.aus(self):
            self._aufhoeren(f"{KEINE_ZEICHNUNG}, oder nur ein Teil: Dein Code setzt selbst sys.settrace.")
        self._aus = True
        return False

    def _aufhoeren(self, grund):
        self._aus, self.teilweise, self.grund = True, True, self.grund or grund

    def daten(self) -> dict:
        return {"teilnehmer": self.teilnehmer, "schritte": self.schritte, "teilweise": self.teilweise,
                "grund": self.grund, "szenario_gescheitert": self.szenario_gescheitert}

    def als_json(self) -> str:
        if not self.schritte and not self.grund:
            return LEER  # die meisten Blöcke: nichts zu zeichnen, und das ohne json.dumps
        return json.dumps(self.daten(), ensure_ascii=False)

    # --- der Beobachter meldet: Beginn und Ende einer Funktion des Kurses, eine Zeile (nur mit DLQ) ---

    def _kaputt(self, exc):
        self._aufhoeren(f"Die Zeichnung bricht hier ab: Die Aufzeichnung scheiterte ({type(exc).__name__}).")

    def _einordnen(self, code):
        """(Methode oder None, Namen von DLQ-Listen); None: Code, der nicht zum Kurs gehört."""
        if code.co_filename not in KURS_CODE or code.co_name.startswith("<") and code.co_name != "<module>":
            return None
        methode = code.co_name if code.co_name in METHODEN and (
            _ist_methode(code) or code.co_name == "anhaengen") else None
        # Auch Zellen: Eine Liste, die eine innere Funktion (in 3.11 auch eine List Comprehension) sieht, steht dort.
        dlq = tuple(n for n in code.co_varnames + code.co_cellvars + code.co_names if n in DLQ_NAMEN)
        if code.co_name == "<module>" and not dlq:
            return None
        return methode, dlq

    def _beginn(self, rahmen, art):
        methode, dlq = art
        if dlq:
            self._dlq[rahmen] = {}
            self._dlq_pruefen(rahmen, None)  # merkt sich die Länge jeder DLQ, die es schon gibt (Parameter, global)
        if self.pruefung and rahmen.f_code.co_filename == DEIN_CODE:
            self._pruefung_stellt_zu(rahmen)
        if methode:
            self._methode_beginnt(rahmen, methode)

    def _zeile_vorbei(self, rahmen):
        """Eine neue Zeile (nur in Code mit DLQ): Was die Zeile davor an eine DLQ hängte, ist jetzt zu sehen."""
        self._dlq_pruefen(rahmen, self._zeile.get(rahmen))
        self._zeile[rahmen] = rahmen.f_lineno

    # --- Schritte ---

    def schritt(self, art, von, an, text, rahmen, id=None, versuche=None, body=None, zeile=False):
        if self._aus:
            return None
        for name in (von, an):
            if name is not None and name not in self.teilnehmer:
                self.teilnehmer.append(name)
        s = {"art": art, "von": von, "an": an, "text": text, "zeile": self._zeile_im_editor(rahmen) if zeile is False else zeile,
             "id": id, "versuche": versuche, "body": body, "szenario": self._szenario(rahmen)}
        self.schritte.append(s)
        if len(self.schritte) >= GRENZE:
            self._aufhoeren(f"Gezeichnet sind die ersten {GRENZE} Schritte; der Lauf ging weiter.")
        if self.melden and (self._aus or time.monotonic() - self._gemeldet > MELDEN_S):
            self._gemeldet = time.monotonic()
            self.melden(self.als_json())
        return s

    @staticmethod
    def _zeile_im_editor(rahmen):
        """Die Zeile im Editor: im Rahmen selbst oder im nächsten darüber, der Code der Leserin ist."""
        while rahmen is not None and rahmen.f_code.co_filename != DEIN_CODE:
            rahmen = rahmen.f_back
        return rahmen.f_lineno if rahmen is not None else None

    def _szenario(self, rahmen):
        """Das Szenario der Prüfung: ihr S, global oder in der Funktion, die gerade läuft."""
        while self.pruefung and rahmen is not None:
            code = rahmen.f_code
            if code.co_filename == PRUEFUNG:
                s = rahmen.f_locals.get("S") if "S" in code.co_varnames else (
                    rahmen.f_globals.get("S") if code.co_name == "<module>" else None)
                if isinstance(s, str):
                    return s
            rahmen = rahmen.f_back
        return None

    def _name(self, obj, art):
        """„Queue“ für die erste Queue, „Queue 2“ für die zweite …; jede zählt ihre IDs von vorn."""
        if id(obj) not in self._namen:
            anzahl = sum(1 for n, _ in self._namen.values() if n.split()[0] == art)
            self._namen[id(obj)] = (art if anzahl == 0 else f"{art} {anzahl + 1}", obj)
        return self._namen[id(obj)][0]

    @staticmethod
    def _wer(rahmen, sonst):
        """Wer ruft: der nächste Broker oder das Relay darüber, sonst `sonst`."""
        rahmen = rahmen.f_back
        while rahmen is not None:
            name = rahmen.f_code.co_name
            if name == "veroeffentliche":
                return "Broker"
            if name.startswith("relay"):
                return "Relay"
            rahmen = rahmen.f_back
        return sonst

    def _methode_beginnt(self, rahmen, methode):
        code = rahmen.f_code
        aufrufer = rahmen.f_back  # die Zeile, die die Methode rief
        werte = rahmen.f_locals
        argumente = [werte.get(n) for n in code.co_varnames[:code.co_argcount]]
        obj = argumente[0] if _ist_methode(code) else None
        if obj is not None and any(a[1] is obj for a in self._aktiv):
            return  # eine Methode desselben Objekts ruft sie (super(), zuruecksetzen -> seek): einmal zählt
        eintrag = [rahmen, obj, methode, None]
        self._aktiv.append(eintrag)
        if methode in QUEUE:
            name = self._name(obj, "Queue")
            if methode == "ack" and len(argumente) > 1:
                self.schritt("ack", "Konsument", name, f"ack ID {argumente[1]}", aufrufer, id=argumente[1])
            elif methode == "tick":
                eintrag[3] = self._unsichtbar(obj)
        elif methode == "veroeffentliche":
            payload = argumente[1] if len(argumente) > 1 else None
            self.schritt("veroeffentliche", self._wer(rahmen, "Producer"), "Broker", "veroeffentliche", aufrufer,
                         body=kurz(payload))
        elif methode == "seek" and len(argumente) >= 4:
            gruppe, partition, offset = argumente[1:4]
            self.schritt("seek", f"Gruppe {gruppe}", self._name(obj, "Log"), f"Seek P{partition} auf Offset {offset}",
                         aufrufer)
        elif methode == "zuruecksetzen" and len(argumente) >= 3:
            gruppe, partition = argumente[1:3]
            offset = argumente[3] if len(argumente) > 3 else 0
            self.schritt("seek", f"Gruppe {gruppe}", self._name(obj, "Log"),
                         f"Replay: P{partition} zurück auf Offset {offset}, committet", aufrufer)
        elif methode in ("lesen", "committen", "anhaengen"):
            eintrag[3] = argumente

    def _ende(self, rahmen, wert, ausnahme):
        """Die Funktion endet: mit `wert`, oder `ausnahme` verlässt sie."""
        if rahmen in self._dlq:
            self._dlq_pruefen(rahmen, self._zeile.get(rahmen, rahmen.f_lineno))
            del self._dlq[rahmen]
            self._zeile.pop(rahmen, None)
        eintrag = self._aktiv.pop() if self._aktiv and self._aktiv[-1][0] is rahmen else None
        if ausnahme is not None:
            self._absturz(rahmen, ausnahme)
        elif eintrag is not None:
            self._methode_endet(rahmen, *eintrag[1:], wert)

    def _methode_endet(self, rahmen, obj, methode, daten, wert):
        aufrufer = rahmen.f_back  # die Zeile, die die Methode rief
        if methode == "send":
            name = self._name(obj, "Queue")
            body = getattr(obj, "nachrichten", {}).get(wert, {}).get("body") if isinstance(
                getattr(obj, "nachrichten", None), dict) else None
            self.schritt("send", self._wer(rahmen, "Producer"), name, f"send -> ID {wert}", aufrufer,
                         id=wert, body=kurz(body))
        elif methode == "receive":
            name = self._name(obj, "Queue")
            if wert is None:
                self.schritt("leer", name, "Konsument", "receive: leer", aufrufer)
            elif type(wert) is dict:
                qid, versuche = wert.get("id"), wert.get("versuche")
                for teil in (wert, wert.get("body")):
                    self._zugestellt[id(teil)] = (teil, qid, versuche)
                self.schritt("zustellung", name, "Konsument", f"Zustellung ID {qid}, versuche = {versuche}",
                             aufrufer, id=qid, versuche=versuche, body=kurz(wert.get("body")))
        elif methode == "tick":
            name = self._name(obj, "Queue")
            self.schritt("tick", name, name, f"tick: Zeit {getattr(obj, 'jetzt', '?')}", aufrufer)
            for qid in sorted(daten or set(), key=str):
                if qid not in self._unsichtbar(obj) and qid in obj.nachrichten:
                    self.schritt("wieder_sichtbar", name, name, f"ID {qid} wieder sichtbar", aufrufer, id=qid,
                                 body=kurz(obj.nachrichten[qid].get("body")))
        elif methode == "anhaengen":
            ereignis = daten[-1] if daten else None
            wo = f"P{wert[0]}, Offset {wert[1]}" if type(wert) is tuple and len(wert) == 2 else kurz(wert)
            self.schritt("anhaengen", self._wer(rahmen, "Producer"), self._name(obj, "Log"),
                         f"anhaengen -> {wo}", aufrufer, body=kurz(ereignis))
        elif methode == "lesen" and len(daten) >= 3:
            gruppe, partition = daten[1:3]
            log, an = self._name(obj, "Log"), f"Gruppe {gruppe}"
            if not wert:
                self.schritt("leer", log, an, f"lesen P{partition}: nichts Neues", aufrufer)
            for offset, eintrag in wert if type(wert) is list else []:
                body = eintrag[-1] if type(eintrag) is tuple else eintrag
                self.schritt("lesen", log, an, f"P{partition}, Offset {offset}", aufrufer, body=kurz(body))
        elif methode == "committen" and len(daten) >= 3:
            gruppe, partition = daten[1:3]
            offset = getattr(obj, "committet", {}).get((gruppe, partition))
            self.schritt("commit", f"Gruppe {gruppe}", self._name(obj, "Log"),
                         f"Commit P{partition}: Offset {offset}", aufrufer)

    @staticmethod
    def _unsichtbar(queue) -> set:
        """Die IDs, die gerade im Visibility Timeout stecken (wie die Queue aus Teil 1 sie führt)."""
        try:
            return {i for i, n in queue.nachrichten.items() if n["sichtbar_ab"] > queue.jetzt}
        except Exception:  # eine Queue anderer Bauart: dann kein „wieder sichtbar“
            return set()

    def _absturz(self, rahmen, ausnahme):
        """Eine Exception verlässt eine Funktion des Kurses: ein Schritt je Exception. Verlässt sie
        weitere, wird der Teilnehmer der äußersten davon der, der abstürzt."""
        code = rahmen.f_code
        wer = None if code.co_filename == PRUEFUNG or code.co_name == "<module>" else self._teilnehmer(rahmen)
        if id(ausnahme) in self._abstuerze:
            schritt = self._abstuerze[id(ausnahme)][1]
            if wer and schritt["von"] != wer:
                self._umbenennen(schritt, wer)
            return
        if isinstance(ausnahme, AssertionError) and code.co_filename == PRUEFUNG:
            return  # die Prüfung meldet einen Fehler: kein Schritt des Laufs
        meldung = str(ausnahme)
        text = f"{type(ausnahme).__name__}: {meldung}" if meldung else type(ausnahme).__name__
        nachricht = self._nachricht_in(rahmen)
        schritt = self.schritt("absturz", wer or "Konsument", wer or "Konsument",
                               text if len(text) <= 80 else text[:79] + "…", rahmen,
                               id=nachricht[1] if nachricht else None,
                               versuche=nachricht[2] if nachricht else None,
                               body=kurz(nachricht[0].get("body") if type(nachricht[0]) is dict else nachricht[0])
                               if nachricht else None)
        if schritt is not None:
            self._abstuerze[id(ausnahme)] = (ausnahme, schritt)

    def _umbenennen(self, schritt, wer):
        """Der Absturz gehört `wer`; wer ihn vorher trug, ohne sonst einen Schritt zu haben, ist kein Teilnehmer mehr."""
        alt = schritt["von"]
        schritt["von"] = schritt["an"] = wer
        frei = not any(alt in (s["von"], s["an"]) for s in self.schritte)
        if wer in self.teilnehmer:
            if frei:
                self.teilnehmer.remove(alt)
        elif frei:
            self.teilnehmer[self.teilnehmer.index(alt)] = wer
        else:
            self.teilnehmer.append(wer)

    def _nachricht_in(self, rahmen):
        """Die zugestellte Nachricht (oder ihr body), die die abstürzende Funktion bekam, falls eine."""
        code = rahmen.f_code
        werte = rahmen.f_locals
        for n in code.co_varnames[:code.co_argcount]:
            treffer = self._zugestellt.get(id(werte.get(n)))
            if treffer is not None and treffer[0] is werte.get(n):
                return treffer
        return None

    def _teilnehmer(self, rahmen):
        code = rahmen.f_code
        name = code.co_name
        if name in QUEUE and _ist_methode(code):
            return self._name(rahmen.f_locals.get(code.co_varnames[0]), "Queue")
        if name == "veroeffentliche":
            return "Broker"
        if name.startswith("relay"):
            return "Relay"
        if name.startswith("bestellen"):
            return "Producer"
        gruppe = rahmen.f_locals.get("gruppe") if "gruppe" in code.co_varnames else None
        return f"Gruppe {gruppe}" if isinstance(gruppe, str) else "Konsument"

    def _pruefung_stellt_zu(self, rahmen):
        """Die Prüfung ruft eine Funktion der Leserin mit einer Nachricht, wie eine Queue sie zustellt."""
        aufrufer = rahmen.f_back
        if aufrufer is None or aufrufer.f_code.co_filename != PRUEFUNG:
            return
        code, werte = rahmen.f_code, rahmen.f_locals
        for n in code.co_varnames[:code.co_argcount]:
            m = werte.get(n)
            if type(m) is dict and "id" in m and "body" in m:
                for teil in (m, m["body"]):
                    self._zugestellt[id(teil)] = (teil, m["id"], m.get("versuche"))
                self.schritt("zustellung", "Prüfung", "Konsument",
                             f"Zustellung ID {m['id']}, versuche = {m.get('versuche')}", rahmen,
                             id=m["id"], versuche=m.get("versuche"), body=kurz(m["body"]), zeile=None)

    def _dlq_pruefen(self, rahmen, zeile):
        """Ist eine Liste namens dlq (dead_letter_topic) gewachsen? Dann hängte `zeile` an."""
        listen = self._dlq.get(rahmen)
        if listen is None:
            return
        werte = None
        for name in rahmen.f_code.co_varnames + rahmen.f_code.co_cellvars + rahmen.f_code.co_names:
            if name not in DLQ_NAMEN:
                continue
            if name not in listen:
                werte = werte if werte is not None else rahmen.f_locals
                liste = werte.get(name, rahmen.f_globals.get(name))
                if type(liste) is not list:
                    continue
                listen[name] = liste
                self._laengen.setdefault(id(liste), [liste, len(liste)])
            liste = listen[name]
            bekannt = self._laengen[id(liste)][1]
            # In einer Funktion der Prüfung: die Zeile im Editor, die sie rief.
            wo = zeile if rahmen.f_code.co_filename == DEIN_CODE else False
            for eintrag in liste[bekannt:]:
                nachricht = self._zugestellt.get(id(eintrag.get("body"))) if type(eintrag) is dict else None
                self.schritt("dlq", self._teilnehmer(rahmen), "DLQ", "in die DLQ", rahmen,
                             id=nachricht[1] if nachricht else None, body=kurz(eintrag), zeile=wo)
            self._laengen[id(liste)][1] = len(liste)


# --- Beobachter: wie Python meldet, was läuft --------------------------------------------------

class _Monitoring:
    """Python ab 3.12 (Pyodide): sys.monitoring, einmal eingerichtet und dann nie mehr aus. Jeder Code
    außerhalb des Kurses meldet sich genau einmal (DISABLE); ein Ein- und Ausschalten je Lauf ließe
    Python bei jedem Lauf allen Code neu instrumentieren. Eine eigene Trace-Funktion der Leserin stört nicht."""

    WERKZEUG = 4  # 0-2 und 5 haben Namen (Debugger, Coverage, Profiler, Optimizer)

    def __init__(self):
        m = sys.monitoring
        m.use_tool_id(self.WERKZEUG, "kurs-aufzeichnung")
        e = m.events
        # Eine DLQ sieht der Beobachter an Zeilen, nur in Code mit einer DLQ. C_RETURN nach dlq.append kam in
        # Python 3.14 nicht verlässlich (gemessen in Pyodide), ein DISABLE bei CALL schaltete andere Stellen ab.
        for ereignis, f in ((e.PY_START, self._start), (e.PY_RETURN, self._return), (e.PY_UNWIND, self._unwind),
                            (e.LINE, self._line)):
            m.register_callback(self.WERKZEUG, ereignis, f)
        m.set_events(self.WERKZEUG, e.PY_START | e.PY_UNWIND)
        self.aufzeichnung = None
        # id(Code) -> Code mit eigenen Ereignissen (PY_RETURN, LINE). Nach id, nicht nach Gleichheit:
        # Derselbe Text, neu übersetzt, ist ein gleicher, aber neuer Code ohne diese Ereignisse.
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
            art = a._arten.get(code, False)
            if art is False:
                art = a._arten[code] = a._einordnen(code)
            if art is None:
                return sys.monitoring.DISABLE
            if id(code) not in self._beobachtet:
                self._beobachtet[id(code)] = code
                e = sys.monitoring.events
                sys.monitoring.set_local_events(self.WERKZEUG, code, e.PY_RETURN | (e.LINE if art[1] else 0))
            a._beginn(sys._getframe(1), art)
        except Exception as exc:  # nie den Code der Leserin stören
            a._kaputt(exc)
        return None

    def _return(self, code, _, wert):
        self._ende(code, wert, None)

    def _unwind(self, code, _, ausnahme):
        if id(code) in self._beobachtet:
            self._ende(code, None, ausnahme)

    def _ende(self, code, wert, ausnahme):
        a = self.aufzeichnung
        if a is not None and not a._aus:
            try:
                a._ende(sys._getframe(2), wert, ausnahme)
            except Exception as exc:
                a._kaputt(exc)

    def _line(self, code, _):
        a = self.aufzeichnung
        if a is not None and not a._aus:
            try:
                a._zeile_vorbei(sys._getframe(1))
            except Exception as exc:
                a._kaputt(exc)


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
        art = a._arten.get(code, False)
        if art is False:
            art = a._arten[code] = a._einordnen(code)
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
