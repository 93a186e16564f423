"""Ein Fehler in den Quellen des Kurses: Die Meldung beginnt mit Datei und Zeile.

`verorten` ist die eine Stelle, an der jeder Fehler beim Lesen einer Quelle (kaputtes YAML oder
TOML, Python, das nicht übersetzt, eine Vorlage von Jinja, eine fehlende Datei, ein Wert, mit dem
der Code des Kurses nicht rechnet) zum QuellenFehler wird: für den Build, `serve`, das Sammeln
von pytest und die Prüfung einer Lösung. Die Datei nennt der Fehler selbst (`filename`, die Marke
von YAML) oder der Leser, der gerade eine Datei der Quellen in der Hand hatte."""

import re
from pathlib import Path

QUELLEN = ("docs", "snippets", "overrides", "mkdocs.yml")


class QuellenFehler(Exception):
    """Ein Fehler in den Quellen des Kurses; die Meldung beginnt mit Datei und Zeile."""

    def __init__(self, wo: str, text: str):
        super().__init__(f"{wo}: {text}")

    @classmethod
    def in_datei(cls, datei: Path, zeile: int | None, text: str, wurzel: Path) -> "QuellenFehler":
        try:
            name = datei.relative_to(wurzel).as_posix()
        except ValueError:
            name = str(datei)
        return cls(f"{name}:{zeile}" if zeile else name, text)


def _in_quellen(pfad, wurzel: Path) -> Path | None:
    try:
        pfad = Path(pfad).resolve()
        teil = pfad.relative_to(wurzel).parts[0]
    except (TypeError, ValueError, IndexError, OSError):
        return None
    return pfad if teil in QUELLEN else None


def _datei(exc: BaseException, wurzel: Path) -> Path | None:
    """Die Datei der Quellen, die der Fehler nennt, sonst die, die der innerste Leser gerade las."""
    for name in ("filename", "name"):
        if (datei := _in_quellen(getattr(exc, name, None), wurzel)) is not None:
            return datei
    rahmen, tb = [], exc.__traceback__
    while tb is not None:
        rahmen.append(tb.tb_frame)
        tb = tb.tb_next
    for frame in reversed(rahmen):
        for wert in frame.f_locals.values():
            if isinstance(wert, Path) and (datei := _in_quellen(wert, wurzel)) is not None and datei.suffix:
                return datei
    return None


def _zeile(exc: BaseException) -> int | None:
    if marke := getattr(exc, "problem_mark", None):  # YAML
        return (yaml_marke(getattr(exc, "context", None) or "", exc.context_mark, marke) if
                getattr(exc, "context_mark", None) else marke).line + 1
    if isinstance(exc, UnicodeDecodeError):
        return exc.object[:exc.start].count(b"\n") + 1
    if isinstance(getattr(exc, "lineno", None), int):  # Python, Jinja, TOML (ab 3.14)
        return exc.lineno
    if m := re.search(r"at line (\d+)", str(exc)):  # TOML
        return int(m[1])
    return None


def yaml_marke(kontext: str, anfang, stelle):
    """Welche der beiden Stellen eines YAML-Fehlers die ist, die zu ändern ist: Wo ein Wert oder eine
    Klammer begann, die nie endet („while scanning a quoted scalar“, „while parsing a flow sequence“),
    ist es der Anfang (das fehlende `"` gehört dorthin, YAML merkt es erst Zeilen später); in einem
    Block („while parsing a block mapping“ ab Zeile 1) die Stelle, an der YAML es merkt."""
    # PyYAML: „while scanning a double-quoted scalar“, libyaml: „while parsing a quoted scalar“.
    return anfang if kontext.startswith("while scanning") or "scalar" in kontext or "flow" in kontext else stelle


def _text(exc: BaseException) -> str:
    art = type(exc).__name__
    if "YAML" in art or "yaml" in type(exc).__module__:
        return f"Kein gültiges YAML: {getattr(exc, 'problem', None) or exc}."
    if "TOML" in art:
        return f"Kein gültiges TOML: {exc}."
    if isinstance(exc, UnicodeDecodeError):
        return "Die Datei ist nicht in UTF-8 gespeichert."
    if "jinja" in type(exc).__module__:
        return f"Die Vorlage lässt sich nicht zeichnen: {getattr(exc, 'message', None) or exc}"
    if isinstance(exc, FileNotFoundError):
        return f"Die Datei gibt es nicht ({Path(exc.filename).name if exc.filename else exc})."
    if isinstance(exc, SyntaxError):
        return f"Das ist kein gültiges Python: {exc.msg}."
    return f"Das kann der Kurs nicht lesen ({art}: {exc})."


def verorten(exc: BaseException, wurzel: Path, datei: Path | None = None) -> QuellenFehler:
    """Der Fehler `exc` beim Lesen der Quellen unter `wurzel` (in `datei`, wenn der Leser sie kennt)
    als QuellenFehler mit Datei und Zeile."""
    if isinstance(exc, QuellenFehler):
        return exc
    from kurs.modell.aenderungen import beschreiben

    datei = datei or _datei(exc, Path(wurzel).resolve())
    if datei is None:
        return QuellenFehler("(Datei unbekannt)", f"Beim Lesen der Quellen: {_text(exc)}")
    zeile = _zeile(exc) if getattr(exc, "filename", None) is None or _in_quellen(exc.filename, wurzel) else None
    if "TOML" in type(exc).__name__ and (davor := _toml_davor(datei, zeile, Path(wurzel).resolve())):
        wo = f"in Zeile {zeile}" if zeile else "am Ende der Datei"
        return QuellenFehler.in_datei(datei, davor.zeile, f"{beschreiben(davor)}; danach meldet TOML {wo}: "
                                      f"{_text(exc)}", Path(wurzel).resolve())
    return QuellenFehler.in_datei(datei, zeile, _text(exc), Path(wurzel).resolve())


def _toml_davor(datei: Path, zeile: int | None, wurzel: Path):
    """Ein Anführungszeichen oder eine Klammer, die nie schließt, merkt TOML erst später, oft am Ende der
    Datei: gemeint ist die Änderung davor (kurs/modell/aenderungen.py, davor)."""
    from kurs.modell.aenderungen import davor

    try:
        return davor(wurzel, datei.resolve().relative_to(wurzel).as_posix(), zeile)
    except ValueError:  # nicht unter der Wurzel
        return None
