"""kurs/aufzeichnung.py: was ein Lauf wirklich tat, gegen das, was der Code tut.

Jedes Programm des Kurses druckt mit Aufzeichnung dasselbe wie ohne; die Schritte der Beispiele
stimmen mit ihrem Code. Die Übungen auf „Prüfen“: tests/test_aufzeichnung_schritte.py.
"""

import json
import re
import sys

import pytest

from kurs import lauf
from kurs.aufzeichnung import GRENZE, Aufzeichnung
from kurs.modell import Kurs

KURS = Kurs()
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def _programme():
    """Was der Browser ausführt: jedes Beispiel (außer dem Labor), jede Übung mit Lösung, Vorlage und jedem typischen Fehler."""
    for b in KURS.beispiele_aller_dateien:
        ziel = b.datei.relative_to(KURS.snippets.ordner).as_posix()
        if KURS.snippets.im_browser(ziel) and b.syntax == "python":
            yield pytest.param("lauf", "", b.code, "", id=f"{ziel}:{b.zeile}")
    for name, u in KURS.uebungen.items():
        for fehler in [None, *u.fehler]:
            kandidat = u.loesung if fehler is None else u.kandidat(fehler)
            yield pytest.param("pruefe", u.kontext, kandidat, u.pruefung, id=f"{name}:{fehler.name if fehler else 'Lösung'}")
        yield pytest.param("pruefe", u.kontext, u.vorlage, u.pruefung, id=f"{name}:Vorlage")


def ohne(auftrag, *teile):
    try:
        return {"ok": True, "ausgabe": (lauf.lauf if auftrag == "lauf" else lauf.pruefe)(*teile)}
    except lauf.Fehlermeldung as exc:
        return {"ok": False, "meldung": str(exc), "ausgabe": getattr(exc, "ausgabe", ""), "zeile": exc.zeile}


def mit(auftrag, *teile):
    ergebnis = lauf.im_browser(auftrag, *teile)
    return ergebnis, json.loads(ergebnis.pop("aufzeichnung"))


@pytest.mark.parametrize(("auftrag", "vorher", "code", "nachher"), list(_programme()))
def test_jedes_programm_druckt_mit_aufzeichnung_dasselbe(auftrag, vorher, code, nachher):
    gleich = lambda e: json.loads(UUID.sub("<uuid>", json.dumps(e)))  # noqa: E731 - eine UUID ist je Lauf neu
    ergebnis, aufzeichnung = mit(auftrag, vorher, code, nachher)
    assert gleich(ergebnis) == gleich(ohne(auftrag, vorher, code, nachher))
    # Nur eine Schleife, die nicht endet (ein typischer Fehler), füllt die Grenze.
    assert not aufzeichnung["teilweise"] or len(aufzeichnung["schritte"]) == GRENZE, aufzeichnung["grund"]
    assert sys.gettrace() is None


def beispiel(ziel):
    """Das gezeigte Stück (`anzeige`) eines Beispiels im Editor, so wie die Seite es ausführt."""
    (b,) = [b for b in KURS.beispiele(ziel) if b.ist_test]
    s = b.stuecke[-1]
    return mit("lauf", b.code[:s.anfang], b.code[s.anfang:s.ende], b.code[s.ende:])


def kurzform(schritte):
    """„send 1, zustellung 1/2, leer …“: Art, Queue-ID und versuche jedes Schritts. Am Log
    („lesen versand P0@1“): die Gruppe, Partition und Offset, bei „replay“ der neue Offset."""
    teile = []
    for s in schritte:
        wer = f" {s['id']}" if s["id"] is not None else ""
        teile.append(s["art"] + wer + (f"/{s['versuche']}" if s["versuche"] is not None and s["art"] == "zustellung" else "")
                     + _am_log(s))
    return ", ".join(teile)


def _am_log(s):
    if "Log" not in (s["von"], s["an"]):
        return ""
    gruppe = next((t.removeprefix("Gruppe ") for t in (s["von"], s["an"]) if t.startswith("Gruppe ")), None)
    partition, *offset = re.findall(r"\d+", s["text"])
    art = " (replay)" if s["text"].startswith("Replay") else ""
    return (f" {gruppe}" if gruppe else "") + f" P{partition}" + (f"@{offset[0]}" if offset else "") + art


# Ein giftiger Eintrag (P0@1) zwischen gesunden, drei Partitionen; je Runde liest eine Gruppe aus jeder
# Partition einen Eintrag und committet danach.
GIFT_ANHAENGEN = ", ".join(f"anhaengen P{p}@{o}" for p, n in [(0, 4), (1, 3), (2, 2)] for o in range(n))


def _runden(gruppe, *runden):
    """Je Runde und Partition: „3“ (Offset 3 gelesen), „-“ (nichts Neues) oder „1 scheitert“ (dazu, was folgt)."""
    teile = []
    for runde in runden:
        for p, was in enumerate(runde.split(" | ")):
            if was == "-":
                teile.append(f"leer {gruppe} P{p}")
                continue
            offset, *folge = was.split(" ", 1)
            teile.append(f"lesen {gruppe} P{p}@{offset}")
            teile += folge[0].split(", ") if folge else []
            teile.append(f"commit {gruppe} P{p}@{int(offset) + (0 if 'seek' in was else 1)}")
    return ", ".join(teile).replace("seek,", f"seek {gruppe} P0@1,")


# Ohne seek: übersprungen (der Commit liegt danach hinter ihm). Mit seek: Offset 1 in jeder Runde wieder.
GIFT_NAIV = _runden("naiv", "0 | 0 | 0", "1 absturz | 1 | 1", "2 | 2 | -", "3 | - | -")
GIFT_SEEK = _runden("seek", "0 | 0 | 0", "1 absturz, seek | 1 | 1", "1 absturz, seek | 2 | -", "1 absturz, seek | - | -",
                    "1 absturz, seek | - | -")
# Sofort parken: ins Dead Letter Topic, dann vorbei. Wiederholen: zweimal seek, beim dritten Fehlversuch parken.
GIFT_PARKEN = _runden("parken", "0 | 0 | 0", "1 absturz, dlq | 1 | 1", "2 | 2 | -", "3 | - | -")
GIFT_WIEDERHOLEN = _runden("wiederholen", "0 | 0 | 0", "1 absturz, seek | 1 | 1", "1 absturz, seek | 2 | -",
                           "1 absturz, dlq | - | -", "2 | - | -", "3 | - | -")

# Jedes Beispiel, das Nachrichten sendet, zustellt oder ins Log schreibt: die Schritte, die sein Code tut.
BEISPIELE = {
    "teil-1/queue_demo.md": "send 1, zustellung 1/1, absturz 1, leer, tick, wieder_sichtbar 1, zustellung 1/2, ack 1, tick, "
                            "leer",
    "teil-1/at_most_once.md": "send 1, zustellung 1/1, ack 1, tick, leer",
    "teil-1/dedup_demo.md": "send 1, zustellung 1/1, absturz 1, tick, wieder_sichtbar 1, zustellung 1/2, ack 1",
    # zweimal: erst die ID, dann die Wirkung; jedes Mal stirbt der Konsument mit Nachricht 1
    "teil-1/dedup_falle.md": ", ".join(["send 1, zustellung 1/1, absturz 1, tick, wieder_sichtbar 1, zustellung 1/2"] * 2),
    "teil-2/outbox_duplikat.md": "veroeffentliche, send 1, absturz, veroeffentliche, send 2, zustellung 1/1, zustellung 2/1, "
                                 "ack 1, ack 2",
    "teil-2/outbox_aufraeumen.md": "veroeffentliche, send 1, absturz, veroeffentliche, send 2, zustellung 1/1, ack 1, "
                                   "zustellung 2/1, ack 2, leer, veroeffentliche, send 3, zustellung 3/1, ack 3, leer",
    "teil-2/reihenfolge_queue.md": ", ".join([
        "send 1, send 2, send 3, zustellung 1/1, zustellung 2/1, ack 2, zustellung 3/1, ack 3, leer, tick, leer, tick, "
        "leer, tick, wieder_sichtbar 1, zustellung 1/2, ack 1",
        "send 1, send 2, send 3, zustellung 1/1, tick, wieder_sichtbar 1, zustellung 1/2, ack 1, zustellung 2/1, ack 2, "
        "zustellung 3/1, ack 3"]),
    "teil-2/dual_write.md": "absturz",
    # Lesen schiebt die Position, committet wird erst danach; der Absturz kommt vor dem Commit,
    # seek springt auf den committeten Offset, Offset 2 kommt zweimal; dann Replay für analytics.
    "teil-2/log.md": "anhaengen P0@0, anhaengen P0@1, anhaengen P0@2, lesen versand P0@0, lesen versand P0@1, "
                     "commit versand P0@2, lesen analytics P0@0, commit analytics P0@1, lesen versand P0@2, absturz, "
                     "seek versand P0@2, lesen versand P0@2, commit versand P0@3, seek analytics P0@0 (replay), "
                     "lesen analytics P0@0, lesen analytics P0@1, lesen analytics P0@2, commit analytics P0@3",
    "teil-2/giftiger_eintrag.md": ", ".join([GIFT_ANHAENGEN, GIFT_NAIV, GIFT_SEEK]),
    "teil-2/giftiger_eintrag_auswege.md": ", ".join([GIFT_ANHAENGEN, GIFT_PARKEN, GIFT_WIEDERHOLEN]),
}


@pytest.mark.parametrize("ziel", BEISPIELE)
def test_schritte_eines_beispiels_sind_die_seines_codes(ziel):
    ergebnis, aufzeichnung = beispiel(ziel)
    assert ergebnis["ok"], ergebnis
    assert kurzform(aufzeichnung["schritte"]) == BEISPIELE[ziel]
    # Jede Zustellung, die das Beispiel druckt, ist eine aufgezeichnete, mit derselben ID und denselben versuche.
    gedruckt = [(int(i), int(v)) for i, v in re.findall(r"'id': (\d+), .*?'versuche': (\d+)", ergebnis["ausgabe"])]
    zugestellt = [(s["id"], s["versuche"]) for s in aufzeichnung["schritte"] if s["art"] == "zustellung"]
    assert all(g in zugestellt for g in gedruckt), (gedruckt, zugestellt)


def test_zeilen_zeigen_in_den_editor():
    _, aufzeichnung = beispiel("teil-1/queue_demo.md")
    (b,) = [b for b in KURS.beispiele("teil-1/queue_demo.md") if b.ist_test]
    zeilen = b.code[b.stuecke[-1].anfang:b.stuecke[-1].ende].splitlines()
    for s in aufzeichnung["schritte"]:
        aufruf = {"send": "q.send", "zustellung": "q.receive", "leer": "q.receive", "ack": "q.ack", "tick": "q.tick",
                  "wieder_sichtbar": "q.tick", "absturz": "raise ProzessStirbt"}[s["art"]]
        assert aufruf in zeilen[s["zeile"] - 1], (s, zeilen[s["zeile"] - 1])


def test_absturz_traegt_den_teilnehmer_der_aeussersten_funktion():
    _, aufzeichnung = beispiel("teil-2/outbox_duplikat.md")
    (absturz,) = [s for s in aufzeichnung["schritte"] if s["art"] == "absturz"]
    # Geworfen im Broker (AbsturzNachDemSenden), beendet hat sie das Relay.
    assert (absturz["von"], absturz["text"]) == ("Relay", "ProzessStirbt: Relay stirbt nach dem Senden")
    assert aufzeichnung["teilnehmer"] == ["Relay", "Broker", "Queue", "Konsument"]


def test_eine_geaenderte_queue_wird_gezeichnet_wie_sie_sich_verhielt():
    """Die Leserin ändert receive: Es stellt zu, ohne zu verstecken. Gezeichnet wird die sofortige zweite Zustellung."""
    queue = KURS.snippets.snippet("teil-1/queue.md").split("```python\n")[1].split("```")[0]
    geaendert = queue.replace('n["sichtbar_ab"] = self.jetzt + self.visibility_timeout', "pass")
    assert geaendert != queue
    code = 'q = Queue()\nq.send("A")\nq.receive()\nq.receive()\n'
    _, original = mit("lauf", queue, code, "")
    _, anders = mit("lauf", geaendert, code, "")
    assert kurzform(original["schritte"]) == "send 1, zustellung 1/1, leer"
    assert kurzform(anders["schritte"]) == "send 1, zustellung 1/1, zustellung 1/2"


def test_eigenes_settrace_gibt_eine_ehrliche_zeile():
    ergebnis, aufzeichnung = mit("lauf", "", "import sys\nsys.settrace(lambda *a: None)\nprint('läuft')\n", "")
    assert ergebnis == {"ok": True, "ausgabe": "läuft\n"}
    assert aufzeichnung["teilweise"] and aufzeichnung["grund"].startswith("Für diesen Lauf gibt es keine Zeichnung")
    assert sys.gettrace() is None


def test_lange_laeufe_werden_gekappt_und_gemeldet():
    gemeldet = []
    code = "class Queue:\n    def receive(self):\n        return None\n\nq = Queue()\nfor _ in range(5000):\n    q.receive()\nprint('fertig')\n"
    with Aufzeichnung(melden=gemeldet.append) as aufzeichnung:
        ausgabe = lauf.lauf("", code)
    assert ausgabe == "fertig\n"
    daten = aufzeichnung.daten()
    assert len(daten["schritte"]) == GRENZE and daten["teilweise"] and str(GRENZE) in daten["grund"]
    assert json.loads(gemeldet[-1])["teilweise"]  # der Browser hat den Stand, auch wenn das Zeitlimit den Lauf beendet


def test_fremde_repr_laeuft_nie():
    code = ("class Laut:\n    def __repr__(self):\n        print('repr!')\n        return 'L'\n\n"
            "class Queue:\n    def send(self, body):\n        return 1\n\nQueue().send(Laut())\n")
    ergebnis, aufzeichnung = mit("lauf", "", code, "")
    assert ergebnis["ausgabe"] == "" and aufzeichnung["schritte"][0]["art"] == "send"
