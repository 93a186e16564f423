"""Zeichnet auf, was in einem Lauf wirklich geschah: wer wem welche Nachricht schickte.

Im Browser (Pyodide; die Seite lädt diese Datei als assets/kurs/aufzeichnung.py, neben
kurs/lauf.py) läuft jeder Block damit, in CPython die Tests. Die Aufzeichnung sieht zu, welche
Methoden des Kurses aufgerufen werden, an ihrem Namen, nicht an ihrer Klasse: Eine `Queue`, die
die Leserin im Editor ändert, wird gezeichnet, wie sie sich verhielt. Sie schließt nichts, was
nicht geschah, und ändert keine Ausgabe. Nur Standardbibliothek.

Beobachtet wird nur der Code des Kurses (Dateiname `<string>`, `<dein Code>`, `<danach>`,
`<prüfung>`), je Aufruf einer Funktion, nicht je Zeile: in Pyodide (Python 3.14) mit
`sys.monitoring`, in CPython 3.11 mit `sys.settrace` (kurs/aufzeichnung_beobachter.py); beide
liefern für jedes Programm des Kurses dieselben Schritte (tests/browser/test_aufzeichnung_im_browser.py).
In Funktionen mit einer Liste namens `dlq` oder `dead_letter_topic` sieht sie dazu Zeilen
(settrace) oder Aufrufe von append, extend, insert (monitoring): Wächst die Liste, ist das ein
Schritt „dlq“. Was welcher Aufruf bedeutet, steht in kurs/aufzeichnung_schritte.py.

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
import time

from kurs.aufzeichnung_beobachter import beobachter
from kurs.aufzeichnung_schritte import DEIN_CODE, DLQ_NAMEN, KURS_CODE, METHODEN, PRUEFUNG, Schritte, ist_methode

__all__ = ["DEIN_CODE", "GRENZE", "PRUEFUNG", "Aufzeichnung"]
GRENZE = 2000
MELDEN_S = 1.0  # so oft höchstens ein Zwischenstand an die Seite (nur im Browser)
KEINE_ZEICHNUNG = "Für diesen Lauf gibt es keine Zeichnung"
DLQ_MENGE = frozenset(DLQ_NAMEN)
LEER = json.dumps({"teilnehmer": [], "schritte": [], "teilweise": False, "grund": None, "szenario_gescheitert": None})


class Aufzeichnung(Schritte):
    """`with Aufzeichnung() as a: …` zeichnet auf, was im Block geschieht; `a.daten()` ist das Ergebnis."""

    def __init__(self, melden=None, pruefung=False):
        self.melden = melden  # bekommt ab und zu den Zwischenstand als JSON (der Browser: für das Zeitlimit)
        self.pruefung = pruefung
        self.schritte, self.teilnehmer = [], []
        self.teilweise, self.grund, self.szenario_gescheitert = False, None, None
        self._arten = {}  # id(Code) -> (Code, was an ihm zu beobachten ist; None: nichts)
        self._namen = {}  # id(Queue oder Log) -> "Queue", "Queue 2", …
        self._aktiv = []  # [Rahmen, Objekt, Methode, Daten]: Aufrufe, deren Ende noch aussteht
        self._abstuerze = {}  # id(Exception) -> (Exception, Schritt)
        self._zugestellt = {}  # id(Nachricht oder body) -> (Objekt, Queue-ID, versuche)
        self._dlq = {}  # Rahmen -> {Name: Liste}
        self._laengen = {}  # id(Liste) -> [Liste, bekannte Länge]: jede Liste zählt einmal, wer sie auch sieht
        self._zeile = {}  # Rahmen -> letzte Zeile (sys.settrace; nur Rahmen mit DLQ)
        self._offen = {}  # Rahmen -> Zeile eines Aufrufs wie dlq.append, dessen Wirkung noch nicht nachgesehen ist
        self._gemeldet = time.monotonic() if melden else 0.0
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
        return json.dumps(self.daten(), separators=(",", ":"))  # knapp und ASCII: so am schnellsten (Pyodide)

    # --- der Beobachter meldet: Beginn und Ende einer Funktion des Kurses; in Code mit DLQ Zeilen oder Aufrufe ---

    def _kaputt(self, exc):
        self._aufhoeren(f"Die Zeichnung bricht hier ab: Die Aufzeichnung scheiterte ({type(exc).__name__}).")

    def art(self, code):
        """Was an `code` zu beobachten ist, je Code einmal bestimmt. Nach id, nicht nach dem Code selbst:
        Dessen Hash rechnet bei jedem Aufruf über Befehle, Konstanten und Namen."""
        gemerkt = self._arten.get(id(code))
        if gemerkt is None or gemerkt[0] is not code:
            gemerkt = self._arten[id(code)] = (code, self._einordnen(code))
        return gemerkt[1]

    def _einordnen(self, code):
        """(Methode oder None, Namen von DLQ-Listen, ob das erste Argument das Objekt ist, Namen der Argumente
        einer Methode); None: Code, der nicht zum Kurs gehört."""
        if code.co_filename not in KURS_CODE or code.co_name.startswith("<") and code.co_name != "<module>":
            return None
        # Auch Zellen: Eine Liste, die eine innere Funktion (in 3.11 auch eine List Comprehension) sieht, steht dort.
        namen = code.co_varnames + code.co_cellvars + code.co_names
        dlq = () if DLQ_MENGE.isdisjoint(namen) else tuple(n for n in namen if n in DLQ_NAMEN)
        if code.co_name == "<module>" and not dlq:
            return None  # fast jeder Block: schnell erledigt, er kostet jeden Lauf (kleine Blöcke spüren es)
        selbst = ist_methode(code)
        methode = code.co_name if code.co_name in METHODEN and (selbst or code.co_name == "anhaengen") else None
        return methode, dlq, selbst, code.co_varnames[:code.co_argcount] if methode else ()

    def _beginn(self, rahmen, art):
        methode, dlq, selbst, argumente = art
        if dlq:
            self._dlq[rahmen] = {}
            self._dlq_pruefen(rahmen, None)  # merkt sich die Länge jeder DLQ, die es schon gibt (Parameter, global)
        if self.pruefung and rahmen.f_code.co_filename == DEIN_CODE:
            self._pruefung_stellt_zu(rahmen)
        if methode:
            self._methode_beginnt(rahmen, methode, selbst, argumente)

    def _prueft_mit(self, code):
        """Eine Funktion der Leserin, die die Prüfung mit einer Nachricht rufen kann (_pruefung_stellt_zu)."""
        return self.pruefung and code.co_filename == DEIN_CODE and code.co_argcount > 0

    def _zeile_vorbei(self, rahmen):
        """Eine neue Zeile in Code mit DLQ (sys.settrace): Was die Zeile davor an eine DLQ hängte, ist jetzt zu sehen."""
        self._dlq_pruefen(rahmen, self._zeile.get(rahmen))
        self._zeile[rahmen] = rahmen.f_lineno

    def _liste_aendert(self, rahmen, liste):
        """Ein Aufruf wie dlq.append in Code mit DLQ (sys.monitoring). Ist `liste` eine DLQ, wird danach
        nachgesehen: vor dem nächsten Schritt, dem nächsten solchen Aufruf oder am Ende der Funktion."""
        listen = self._dlq.get(rahmen)
        if listen is None:
            return
        for dlq in listen.values():
            if dlq is liste:
                break
        else:
            if len(listen) == len(self._arten[id(rahmen.f_code)][1][1]):
                return  # eine andere Liste (alle DLQs dieses Rahmens sind bekannt)
        self._nachsehen()
        self._offen[rahmen] = rahmen.f_lineno

    def _nachsehen(self):
        while self._offen:
            rahmen, zeile = self._offen.popitem()
            self._dlq_pruefen(rahmen, zeile)

    # --- Schritte ---

    def schritt(self, art, von, an, text, rahmen, id=None, versuche=None, body=None, zeile=False):
        if self._aus:
            return None
        if self._offen:  # was davor an eine DLQ ging, kommt auch davor
            self._nachsehen()
        teilnehmer = self.teilnehmer
        if von is not None and von not in teilnehmer:
            teilnehmer.append(von)
        if an is not None and an not in teilnehmer:
            teilnehmer.append(an)
        if zeile is False:  # die Zeile im Editor: im Rahmen selbst oder im nächsten darüber, der Code der Leserin ist
            r = rahmen
            while r is not None and r.f_code.co_filename != DEIN_CODE:
                r = r.f_back
            zeile = r.f_lineno if r is not None else None
        s = {"art": art, "von": von, "an": an, "text": text, "zeile": zeile, "id": id, "versuche": versuche,
             "body": body, "szenario": self._szenario(rahmen) if self.pruefung else None}
        schritte = self.schritte
        schritte.append(s)
        if len(schritte) >= GRENZE:
            self._aufhoeren(f"Gezeichnet sind die ersten {GRENZE} Schritte; der Lauf ging weiter.")
        if self.melden and (self._aus or time.monotonic() - self._gemeldet > MELDEN_S):
            self._gemeldet = time.monotonic()
            self.melden(self.als_json())
        return s

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

    def _ende(self, rahmen, wert, ausnahme):
        """Die Funktion endet: mit `wert`, oder `ausnahme` verlässt sie."""
        if rahmen in self._dlq:
            self._nachsehen()
            self._dlq_pruefen(rahmen, self._zeile.get(rahmen, rahmen.f_lineno))
            del self._dlq[rahmen]
            self._zeile.pop(rahmen, None)
        aktiv = self._aktiv
        eintrag = aktiv.pop() if aktiv and aktiv[-1][0] is rahmen else None
        if ausnahme is not None:
            self._absturz(rahmen, ausnahme)
        elif eintrag is not None:
            _, obj, methode, daten = eintrag
            self._methode_endet(rahmen, obj, methode, daten, wert)

