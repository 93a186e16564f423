"""Führt Code der Leserin aus und meldet Fehler auf Deutsch statt als Traceback.

Im Browser (Pyodide; die Seite lädt diese Datei als assets/kurs/lauf.py) läuft hiermit jeder
Block: das Beispiel von pytest-codeblocks, in dem er ein Stück ist, mit dem Text des Editors an
seiner Stelle (kurs/modell/snippets.py, Programm). In CPython prüft es eine eigene Lösung
(`--uebung … --loesung …`, kurs/pruefen.py) und die typischen Fehler einer Übung; die
Beispiele selbst führt dort pytest-codeblocks aus. Nur Standardbibliothek.
"""

import contextlib
import io
import traceback

DEIN_CODE = "<dein Code>"


class Fehlermeldung(Exception):
    """Der Code ist gescheitert; die Meldung sagt auf Deutsch, warum."""


def _zeile(exc: BaseException, dateiname: str) -> str:
    zeilen = [f.lineno for f in traceback.extract_tb(exc.__traceback__) if f.filename == dateiname]
    return f" (Zeile {zeilen[-1]})" if zeilen else ""


def fuehre_aus(code: str, namensraum: dict, dateiname: str = DEIN_CODE) -> None:
    """Führt `code` in `namensraum` aus; Fehler kommen als Fehlermeldung."""
    try:
        uebersetzt = compile(code, dateiname, "exec")
    except SyntaxError as exc:
        raise Fehlermeldung(f"Syntaxfehler in Zeile {exc.lineno}: {exc.msg}") from None
    try:
        exec(uebersetzt, namensraum)
    except NameError as exc:
        raise Fehlermeldung(
            f"Der Name {exc.name!r} ist nicht definiert{_zeile(exc, dateiname)}. "
            "Fehlt eine Funktion, oder ist sie anders geschrieben?"
        ) from None
    except Exception as exc:
        raise Fehlermeldung(f"{type(exc).__name__}: {exc}{_zeile(exc, dateiname)}") from None


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
            raise Fehlermeldung(f"Deine Lösung läuft nicht: {exc}") from None
        try:
            exec(pruefung, namensraum)
        except AssertionError as exc:
            raise Fehlermeldung(str(exc)) from None
        except Exception as exc:
            raise Fehlermeldung(
                f"Beim Prüfen wirft deine Lösung {type(exc).__name__}: {exc}{_zeile(exc, DEIN_CODE)}"
            ) from None
    return puffer.getvalue()


def im_browser(auftrag: str, *teile: str) -> dict:
    """Für den Web Worker: ("lauf", vorher, code, nachher) oder ("pruefe", kontext, kandidat, pruefung)."""
    try:
        ausgabe = lauf(*teile) if auftrag == "lauf" else pruefe(*teile)
    except Fehlermeldung as exc:
        return {"ok": False, "meldung": str(exc), "ausgabe": getattr(exc, "ausgabe", "")}
    return {"ok": True, "ausgabe": ausgabe}
