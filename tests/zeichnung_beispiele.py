"""Aufzeichnungen echter Läufe des Kurses, für die Zeichnung (docs/assets/kurs-zeichnung.js), solange der
Rekorder (Issue 48, Punkt 1) sie noch nicht im Browser liefert: tests/browser/test_zeichnung.py und
benchmarks/zeichnung.py schicken sie als Ereignis „kurs:aufzeichnung“ an einen Block.

Kein zweiter Rekorder, nur ein Prüfstand: Der Code des Kurses läuft hier in CPython, und eine Unterklasse
der Queue aus Teil 1 schreibt mit, was geschieht, im verabredeten Format ({"teilnehmer", "schritte",
"teilweise", "grund"}). Die Zeile eines Schritts ist die im Code aus dem Editor (Dateiname EDITOR).
"""

import contextlib
import io
import json
import sys

from kurs import lauf
from kurs.modell import Kurs

EDITOR = "<editor>"
KURS = Kurs()


def _zeile() -> int | None:
    """Die Zeile im Code des Editors, die gerade läuft (der innerste Rahmen aus dem Editor)."""
    rahmen = sys._getframe(1)
    while rahmen and rahmen.f_code.co_filename != EDITOR:
        rahmen = rahmen.f_back
    return rahmen.f_lineno if rahmen else None


def aufzeichnen(kontext: str, editor: str, danach: str = "", grenze: int | None = None) -> dict:
    """Führt `kontext` (mit der Klasse Queue), den Code des Editors und `danach` aus und zeichnet auf.
    Ab `grenze` Schritten hört die Aufzeichnung auf (teilweise), wie es ein Rekorder tun darf."""
    schritte = []

    def neu(art, von, an, text, **felder):
        if grenze is not None and len(schritte) >= grenze:
            return
        schritte.append({"art": art, "von": von, "an": an, "text": text, "zeile": _zeile(),
                         "id": None, "versuche": None, "body": None, **felder})

    namen = {}
    exec(compile(kontext, "<kontext>", "exec"), namen)
    queue = namen["Queue"]

    class Aufgezeichnet(queue):
        def send(self, body):
            queue_id = super().send(body)
            neu("send", "Producer", "Queue", f"sendet „{body}“", id=queue_id, body=repr(body))
            return queue_id

        def receive(self):
            m = super().receive()
            if m is None:
                neu("leer", "Queue", "Konsument", "receive(): nichts sichtbar")
            else:
                neu("zustellung", "Queue", "Konsument", f"„{m['body']}“ zugestellt", id=m["id"],
                    versuche=m["versuche"], body=repr(m["body"]))
            return m

        def ack(self, queue_id):
            neu("ack", "Konsument", "Queue", f"ack({queue_id})", id=queue_id)
            super().ack(queue_id)

        def tick(self, schritte=1):
            vorher = {i for i, n in self.nachrichten.items() if n["versuche"] and n["sichtbar_ab"] > self.jetzt}
            super().tick(schritte)
            neu("tick", "Queue", "Queue", f"tick: Zeit {self.jetzt}")
            for i in sorted(vorher):
                if self.nachrichten[i]["sichtbar_ab"] <= self.jetzt:
                    neu("wieder_sichtbar", "Queue", "Queue", f"Nachricht {i} wieder sichtbar", id=i)

    namen["Queue"] = Aufgezeichnet

    def beobachten(rahmen, ereignis, arg):
        # Ein Handler, der mit einer Exception endet, und jedes dlq.append aus dem Editor.
        if ereignis == "call" and rahmen.f_code.co_name == "handler":
            return lambda r, e, a: (e == "exception" and neu("absturz", "Konsument", "Konsument",
                                    f"Handler scheitert: {a[0].__name__}: {a[1]}"), None)[1]
        return None

    def profil(rahmen, ereignis, arg):
        if ereignis == "c_call" and getattr(arg, "__name__", "") == "append" and rahmen.f_code.co_filename == EDITOR:
            neu("dlq", "Konsument", "DLQ", "in die DLQ")

    sys.settrace(beobachten)
    sys.setprofile(profil)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            exec(compile(editor, EDITOR, "exec"), namen)
            exec(compile(danach, "<pruefung>", "exec"), namen)
    except Exception:
        pass  # Was die Prüfung meldet, zeigt das Ergebnis; hier zählt nur, was geschah.
    finally:
        sys.settrace(None)
        sys.setprofile(None)
    teilweise = grenze is not None and len(schritte) >= grenze
    return {"teilnehmer": ["Producer", "Queue", "Konsument", "DLQ"] if any(s["art"] == "dlq" for s in schritte)
            else ["Producer", "Queue", "Konsument"], "schritte": schritte, "teilweise": teilweise,
            "grund": f"Nach {grenze} Schritten endet die Aufzeichnung." if teilweise else None}


def queue_demo() -> dict:
    """Teil 1, Schritt 2: die Queue-Demo, wie sie auf der Seite steht."""
    (beispiel,) = KURS.beispiele("teil-1/queue_demo.md")
    *kontext, editor = (s.code for s in beispiel.stuecke)  # eingebunden: Queue, ProzessStirbt
    return aufzeichnen("".join(kontext), editor)


UEBUNG_2 = KURS.uebung("teil-2/uebung-2")


def uebung_2(fehler: str | None, grenze: int | None = None) -> dict:
    """Teil 2, Übung 2 beim Prüfen: die Musterlösung (None) oder ein typischer Fehler aus fehler.toml."""
    code = UEBUNG_2.loesung if fehler is None else UEBUNG_2.kandidat(
        next(f for f in UEBUNG_2.fehler if f.name == fehler))
    return aufzeichnen(UEBUNG_2.kontext, code, UEBUNG_2.pruefung, grenze)


def pruefen(uebung: str) -> dict:
    """„Prüfen“ mit der Musterlösung einer Übung, aufgezeichnet vom Rekorder des Kurses (kurs/aufzeichnung.py)
    und ergänzt wie in kurs-lauf.js."""
    u = KURS.uebung(uebung)
    ergebnis = lauf.im_browser("pruefe", u.kontext, u.loesung, u.pruefung)
    return json.loads(ergebnis["aufzeichnung"]) | {"pruefen": True, "ok": ergebnis["ok"]}


if __name__ == "__main__":
    import json

    for name, a in [("queue_demo", queue_demo()), ("loesung", uebung_2(None)),
                    ("kein Ack nach der DLQ", uebung_2("kein Ack nach der DLQ")),
                    ("kein tick() bei None", uebung_2("kein tick() bei None"))]:
        arten = {}
        for s in a["schritte"]:
            arten[s["art"]] = arten.get(s["art"], 0) + 1
        print(name, len(a["schritte"]), arten)
    print(json.dumps(queue_demo(), ensure_ascii=False)[:600])
