"""Die Schritte der Aufzeichnung (kurs/aufzeichnung.py): was ein Aufruf einer Methode des Kurses,
eine Exception oder eine wachsende DLQ-Liste als Schritt bedeutet, mit Teilnehmern und Beschriftung.

`Schritte` ist der Teil von `Aufzeichnung`, der die Sprache des Kurses kennt (Queue, Broker, Log,
Relay, DLQ); wann Python was meldet, weiß kurs/aufzeichnung_beobachter.py. Nur Standardbibliothek.
"""

DEIN_CODE = "<dein Code>"
PRUEFUNG = "<prüfung>"
KURS_CODE = {"<string>", DEIN_CODE, "<danach>", PRUEFUNG}
QUEUE = {"send", "receive", "ack", "tick"}
LOG = {"anhaengen", "lesen", "committen", "seek", "zuruecksetzen"}
METHODEN = QUEUE | LOG | {"veroeffentliche"}
DLQ_NAMEN = ("dlq", "dead_letter_topic")


EINFACH = frozenset({str, int, float, bool, type(None)})
KLAMMERN = {dict: "{}", list: "[]", tuple: "()"}


def kurz(wert, tiefe=0) -> str:
    """Ein kurzes repr, nur von eingebauten Typen: Ein eigenes __repr__ liefe sonst mit (und druckte vielleicht)."""
    art = type(wert)
    if art in EINFACH:
        text = repr(wert)
    elif art in KLAMMERN and tiefe < 2:
        teile = [f"{kurz(k, tiefe + 1)}: {kurz(v, tiefe + 1)}" for k, v in list(wert.items())[:4]] \
            if art is dict else [kurz(w, tiefe + 1) if type(w) not in EINFACH  # ohne Aufruf: die meisten Einträge
                                 else r if len(r := repr(w)) <= 60 else r[:59] + "…" for w in wert[:4]]
        if len(wert) > 4:
            teile.append("…")
        auf, zu = KLAMMERN[art]
        text = auf + ", ".join(teile) + zu
    else:
        text = f"<{art.__name__}>"
    return text if len(text) <= 60 else text[:59] + "…"


def ist_methode(code) -> bool:
    teile = code.co_qualname.split(".")
    return len(teile) > 1 and teile[-2] != "<locals>" and code.co_argcount >= 1



class Schritte:
    """Was die Methoden des Kurses bedeuten; `schritt` (in Aufzeichnung) schreibt es auf."""


    def _name(self, obj, art):
        """„Queue“ für die erste Queue, „Queue 2“ für die zweite …; jede zählt ihre IDs von vorn."""
        bekannt = self._namen.get(id(obj))
        if bekannt is None:
            anzahl = sum(1 for n, _ in self._namen.values() if n.split()[0] == art)
            bekannt = self._namen[id(obj)] = (art if anzahl == 0 else f"{art} {anzahl + 1}", obj)
        return bekannt[0]

    @staticmethod
    def _wer(rahmen, sonst):
        """Wer ruft: der nächste Broker oder das Relay darüber, sonst `sonst`."""
        rahmen = rahmen.f_back
        while rahmen is not None and rahmen.f_code.co_filename in KURS_CODE:
            name = rahmen.f_code.co_name
            if name == "veroeffentliche":
                return "Broker"
            if name.startswith("relay"):
                return "Relay"
            rahmen = rahmen.f_back
        return sonst

    def _methode_beginnt(self, rahmen, methode, selbst, namen):
        werte = rahmen.f_locals
        argumente = [werte.get(n) for n in namen]
        obj = argumente[0] if selbst else None
        if obj is not None:
            for aktiv in self._aktiv:
                if aktiv[1] is obj:
                    return  # eine Methode desselben Objekts ruft sie (super(), zuruecksetzen -> seek): einmal zählt
        # Die Zeile, die die Methode rief, ist rahmen.f_back: nur für Schritte, die schon hier entstehen.
        eintrag = [rahmen, obj, methode, None]
        self._aktiv.append(eintrag)
        if methode in QUEUE:
            name = self._name(obj, "Queue")
            if methode == "ack" and len(argumente) > 1:
                self.schritt("ack", "Konsument", name, f"ack ID {argumente[1]}", rahmen.f_back, id=argumente[1])
            elif methode == "tick":
                eintrag[3] = self._unsichtbar(obj)
        elif methode == "veroeffentliche":
            payload = argumente[1] if len(argumente) > 1 else None
            self.schritt("veroeffentliche", self._wer(rahmen, "Producer"), "Broker", "veroeffentliche", rahmen.f_back,
                         body=kurz(payload))
        elif methode == "seek" and len(argumente) >= 4:
            gruppe, partition, offset = argumente[1:4]
            self.schritt("seek", f"Gruppe {gruppe}", self._name(obj, "Log"), f"Seek P{partition} auf Offset {offset}",
                         rahmen.f_back)
        elif methode == "zuruecksetzen" and len(argumente) >= 3:
            gruppe, partition = argumente[1:3]
            offset = argumente[3] if len(argumente) > 3 else 0
            self.schritt("seek", f"Gruppe {gruppe}", self._name(obj, "Log"),
                         f"Replay: P{partition} zurück auf Offset {offset}, committet", rahmen.f_back)
        elif methode in ("lesen", "committen", "anhaengen"):
            eintrag[3] = argumente


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
        """Die zugestellte Nachricht (oder ihr body), die die abstürzende Funktion bekam oder holte, falls eine:
        zuerst unter ihren Parametern, dann unter ihren anderen Variablen (m = q.receive())."""
        code = rahmen.f_code
        werte = rahmen.f_locals
        for n in code.co_varnames:
            treffer = self._zugestellt.get(id(werte.get(n)))
            if treffer is not None and treffer[0] is werte.get(n):
                return treffer
        return None

    def _teilnehmer(self, rahmen):
        code = rahmen.f_code
        name = code.co_name
        if name in QUEUE and ist_methode(code):
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
        for name in self.art(rahmen.f_code)[1]:
            if name not in listen:
                werte = werte if werte is not None else rahmen.f_locals
                liste = werte.get(name, rahmen.f_globals.get(name))
                if type(liste) is not list:
                    continue
                listen[name] = liste
                self._laengen.setdefault(id(liste), [liste, len(liste)])
            liste = listen[name]
            bekannt = self._laengen[id(liste)][1]
            if len(liste) == bekannt:
                continue
            # In einer Funktion der Prüfung: die Zeile im Editor, die sie rief.
            wo = zeile if rahmen.f_code.co_filename == DEIN_CODE else False
            for eintrag in liste[bekannt:]:
                nachricht = self._zugestellt.get(id(eintrag.get("body"))) if type(eintrag) is dict else None
                self.schritt("dlq", self._teilnehmer(rahmen), "DLQ", "in die DLQ", rahmen,
                             id=nachricht[1] if nachricht else None, body=kurz(eintrag), zeile=wo)
            self._laengen[id(liste)][1] = len(liste)
