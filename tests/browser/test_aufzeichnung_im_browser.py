"""Die Aufzeichnung im Browser (kurs/aufzeichnung.py in Pyodide, sys.monitoring) gegen CPython (sys.settrace).

Nach „Ausführen“ und „Prüfen“ meldet kurs-lauf.js das Ereignis `kurs:aufzeichnung` am Block. Seine
Schritte sind genau die, die CPython für dasselbe Programm aufzeichnet; die Zeichnung (Issue 48) zeigt
also im Browser, was die Tests über die Schritte sagen. Teil 1, Übung 2 (die Vorhersage) zeichnet erst
nach dem Bestehen.
"""

import json
import re

from im_browser import KURS, block, im_worker, klicke_und_warte, programme, setze_code
from test_aufzeichnung import _programme

from kurs import lauf

UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")
# Scheitert im Browser (grobe Uhr) in einem anderen Szenario als in CPython (snippets/teil-2/uebung-4/fehler.toml).
NACH_DER_UHR = {"teil-2/uebung-4:Uhrzeit als Nachrichten-ID"}
HORCHEN = """() => { if (!window.kursAufzeichnungen) { window.kursAufzeichnungen = [];
    document.addEventListener('kurs:aufzeichnung', e => window.kursAufzeichnungen.push(e.detail)); } }"""


def gemeldet(page, nummer: int, knopf: str) -> tuple[str, dict]:
    """Klickt `knopf` am Block und gibt Titel des Ergebnisses und das gemeldete Ereignis zurück."""
    page.evaluate(HORCHEN)
    vorher = page.evaluate("() => window.kursAufzeichnungen.length")
    titel = klicke_und_warte(page, nummer, knopf)[0]
    ereignisse = page.evaluate("() => window.kursAufzeichnungen")
    assert len(ereignisse) == vorher + 1, f"{knopf}: kein oder mehr als ein Ereignis kurs:aufzeichnung"
    return titel, ereignisse[-1]


def in_cpython(auftrag: str, *teile: str) -> dict:
    return json.loads(lauf.im_browser(auftrag, *teile)["aufzeichnung"])


def gleich(aufzeichnung: dict) -> dict:
    """Was beide Seiten gleich haben müssen; eine UUID ist je Lauf neu."""
    felder = ("teilnehmer", "schritte", "teilweise", "grund", "szenario_gescheitert")
    return json.loads(UUID.sub("<uuid>", json.dumps({f: aufzeichnung[f] for f in felder})))


def _nummer(daten: dict, page, enthaelt: str) -> int:
    """Der Block, dessen Code `enthaelt` zeigt."""
    return next(i for i in range(len(daten["bloecke"])) if enthaelt in block(page, i).locator("code").text_content())


def test_jedes_programm_zeichnet_in_pyodide_wie_in_cpython(geteilte_kapitel_tabs):
    """sys.monitoring (Pyodide) und sys.settrace (CPython) sehen dasselbe: jedes Beispiel, jede Übung mit
    Lösung, Vorlage und jedem typischen Fehler (wie tests/test_aufzeichnung.py)."""
    page = geteilte_kapitel_tabs("teil-1/").page
    programme_ = [p for p in _programme() if p.id not in NACH_DER_UHR]
    ergebnisse = im_worker(page, [list(p.values) for p in programme_])
    anders = [p.id for p, e in zip(programme_, ergebnisse, strict=True)
              if gleich(e["aufzeichnung"]) != gleich(in_cpython(*p.values))]
    assert not anders, anders


def test_beispiel_zeichnet_im_browser_dieselben_schritte_wie_cpython(geteilte_kapitel_tabs):
    page = geteilte_kapitel_tabs("teil-2/").page
    daten = programme(page)
    nummer = _nummer(daten, page, "class AbsturzNachDemSenden(Broker):")  # outbox_duplikat.md
    titel, ereignis = gemeldet(page, nummer, "Ausführen")
    # Was die Seite ausführt: vorher + Editor + nachher (kurs/modell/snippets.py, Programm).
    programm = daten["bloecke"][nummer]
    teile = [t if isinstance(t, str) else block(page, nummer if t is None else t).locator("code").text_content()
             for t in programm["teile"]]
    assert (ereignis["pruefen"], ereignis["ok"]) == (False, True), titel
    assert [s["art"] for s in ereignis["schritte"]][:3] == ["veroeffentliche", "send", "absturz"]
    assert gleich(ereignis) == gleich(in_cpython(programm["auftrag"], *teile))


def test_typischer_fehler_der_dlq_zeichnet_im_browser_wie_cpython(geteilte_kapitel_tabs):
    page = geteilte_kapitel_tabs("teil-2/").page
    u = KURS.uebung("teil-2/uebung-2")
    nummer = next(i for i, b in enumerate(programme(page)["bloecke"])
                  if b.get("uebung") == u.name and b["rolle"] == "vorlage")
    for fehler in u.fehler[:2] + [f for f in u.fehler if f.name == "kein Ack nach der DLQ"]:
        setze_code(page, nummer, u.kandidat(fehler))
        titel, ereignis = gemeldet(page, nummer, "Prüfen")
        assert (titel, ereignis["pruefen"], ereignis["ok"]) == ("Nicht bestanden", True, False), fehler.name
        erwartet = in_cpython("pruefe", u.kontext, u.kandidat(fehler), u.pruefung)
        assert erwartet["schritte"] and ereignis["szenario_gescheitert"], fehler.name
        assert gleich(ereignis) == gleich(erwartet), fehler.name


def test_vorhersage_zeichnet_erst_nach_dem_bestehen(geteilte_kapitel_tabs):
    page = geteilte_kapitel_tabs("teil-1/").page
    u = KURS.uebung("teil-1/uebung-2")
    nummer = next(i for i, b in enumerate(programme(page)["bloecke"])
                  if b.get("uebung") == u.name and b["rolle"] == "vorlage")
    for falsch in (u.vorlage, *(u.kandidat(f) for f in u.fehler[:1])):
        setze_code(page, nummer, falsch)
        titel, ereignis = gemeldet(page, nummer, "Prüfen")
        assert titel == "Nicht bestanden"
        assert (ereignis["schritte"], ereignis["teilnehmer"]) == ([], []), "Die Zeichnung verriete die Antwort."
        assert "sobald du die Übung bestanden hast" in ereignis["grund"]
    setze_code(page, nummer, u.loesung)
    titel, ereignis = gemeldet(page, nummer, "Prüfen")
    assert titel == "Bestanden" and ereignis["ok"]
    assert gleich(ereignis) == gleich(in_cpython("pruefe", u.kontext, u.loesung, u.pruefung))
    assert ereignis["schritte"], "Bestanden: Jetzt zeichnet die Übung ihren Lauf."
