"""Führt Code der Leserin aus und meldet Fehler auf Deutsch statt als Traceback.

Im Browser (Pyodide; die Seite lädt diese Datei als assets/kurs/lauf.py) läuft hiermit jeder
Block: das Beispiel von pytest-codeblocks, in dem er ein Stück ist, mit dem Text des Editors an
seiner Stelle (kurs/modell/snippets.py, Programm). In CPython prüft es eine eigene Lösung
(`--uebung … --loesung …`, kurs/pruefen.py) und die typischen Fehler einer Übung; die
Beispiele selbst führt dort pytest-codeblocks aus. Nur Standardbibliothek.

Die häufigen Fehler von Python erklärt `erklaere` auf Deutsch (kurs/fehlerhilfe.py, mit der
Ursache aus kurs/ursachen.py); Pythons eigene Meldung bleibt dahinter in Klammern stehen, zum
Nachschlagen. Beide Wege, Browser und `--uebung`, melden also dasselbe, aus denselben Dateien.
Namen stehen in der Meldung in `Backticks`; die Seite setzt sie als Code.
"""

import contextlib
import io
import traceback

from kurs.aufzeichnung import PRUEFUNG, Aufzeichnung
from kurs.fehlerhilfe import erklaere

DEIN_CODE = "<dein Code>"


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


def _zeile(exc: BaseException, dateiname: str) -> int | None:
    zeilen = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == dateiname]
    return zeilen[-1] if zeilen else None


def fuehre_aus(code: str, namensraum: dict, dateiname: str = DEIN_CODE) -> None:
    """Führt `code` in `namensraum` aus; Fehler kommen als Fehlermeldung."""
    try:
        uebersetzt = compile(code, dateiname, "exec")
    except SyntaxError as exc:
        raise Fehlermeldung(erklaere(exc, exc.lineno, code), exc.lineno) from None
    try:
        exec(uebersetzt, namensraum)
    except Exception as exc:
        zeile = _zeile(exc, dateiname)
        raise Fehlermeldung(erklaere(exc, zeile, code, dateiname), zeile if dateiname == DEIN_CODE else None) from None


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
            raise Fehlermeldung(f"Beim Prüfen scheitert deine Lösung. {erklaere(exc, zeile, kandidat, DEIN_CODE)}", zeile,
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
