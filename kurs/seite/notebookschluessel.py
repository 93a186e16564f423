"""Der Schlüssel des Notebook-Caches: das Notebook, die Einstellungen von mkdocs-jupyter und alles,
was nbconvert beim Rendern wirklich lädt.

Was nbconvert lädt, weiß nur nbconvert, und nbconvert zu laden kostet 1,3 s, mehr als der Cache
spart. Darum schreibt ein Build, der rendert, mit, was dabei geschieht (`aufzeichnen`): jede
Datei, die der Prozess öffnet, dazu die Suchpfade, die nbconvert selbst für beide Vorlagen von
mkdocs-jupyter auflöst, und die Ordner, in denen es Konfiguration sucht. Daraus entstehen die
Fundorte (`fundorte`): Suchpfade, Namen der geladenen Vorlagen und Dateien darin, Ordner der
Konfiguration, geladene Python-Module. Keine Liste von Hand.

Der Eintrag bringt seine Fundorte mit. Der nächste Build vergleicht den Schlüssel, mit dem er
geschrieben wurde, mit dem heutigen Stand jedes Fundorts (`teile`): Für jeden
Namen die Datei, die der Suchpfad heute zuerst liefert (eine neue Vorlage weiter vorn gewinnt wie
bei nbconvert), jede Datei `jupyter_*config*` in den Ordnern der Konfiguration, Größe und mtime
jedes Moduls (wie Pythons eigener Bytecode-Cache; so fällt auch ein geändertes Paket mit alter
Version auf, etwa editierbar installiert). Den Namen des Eintrags geben
Notebook, Einstellungen und die Eingaben, aus denen nbconvert seine Pfade bildet (`eingaben`:
Python, Datenordner und Konfigurationsordner von Jupyter, Arbeitsordner).

Eine Datei, die sich nicht lesen lässt (kaputter Link, ohne Rechte, eine FIFO), geht als ihr
Fehler in den Schlüssel ein: nbconvert liest sie ebenso wenig, und ändert sich das, ändert sich
der Schlüssel.
"""

import errno
import hashlib
import os
import stat
import sys
from contextlib import contextmanager

GRENZE = 64 * 1024 * 1024  # größer ist kein Eintrag und keine Vorlage
# Die beiden Vorlagen, mit denen mkdocs-jupyter rendert (nbconvert2.nb2html und nb2md);
# tests/test_fremdcode.py prüft, dass es bei diesen bleibt.
VORLAGEN = (("HTMLExporter", "mkdocs_html/notebook.html.j2"), ("MarkdownExporter", "mkdocs_md/md-no-codecell.md.j2"))
KONFIGURATION = ("jupyter_config", "jupyter_nbconvert_config")  # was NbConvertApp.load_config_file sucht

_geoeffnet: set[str] | None = None  # während einer Aufzeichnung: jeder geöffnete Pfad
_eingehaengt = False


def sicher_lesen(pfad: str | os.PathLike) -> bytes:
    """Liest eine gewöhnliche Datei. Eine FIFO, ein Gerät oder eine riesige Datei ist ein OSError,
    nie ein Build, der hängt: geöffnet ohne zu warten, geprüft, bevor gelesen wird."""
    fd = os.open(pfad, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as datei:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise OSError(errno.EINVAL, "keine gewöhnliche Datei", str(pfad))
        if info.st_size > GRENZE:
            raise OSError(errno.EFBIG, "zu groß", str(pfad))
        return datei.read(GRENZE + 1)


def _hash(*teile: object) -> str:
    return hashlib.sha256(repr(teile).encode()).hexdigest()


def _datei(pfad: str) -> str:
    """Inhalt oder Fehler einer Datei, als Hash."""
    try:
        return hashlib.sha256(sicher_lesen(pfad)).hexdigest()
    except OSError as fehler:
        return f"{type(fehler).__name__} {fehler.errno}"


def eingaben() -> dict:
    """Woraus nbconvert seine Suchpfade bildet (nbconvert ruft dieselben Funktionen)."""
    from jupyter_core.paths import jupyter_config_path, jupyter_path  # 20 ms; nbconvert selbst kostet 1,3 s

    return {"python": sys.version, "programm": sys.executable, "daten": jupyter_path(),
            "konfiguration": jupyter_config_path(), "arbeitsordner": os.getcwd()}


# --- Mitschreiben, was ein Render lädt -------------------------------------------------------


def _mitschreiben(ereignis: str, argumente: tuple) -> None:
    if ereignis == "open" and _geoeffnet is not None and isinstance(argumente[0], (str, bytes, os.PathLike)):
        _geoeffnet.add(os.path.abspath(os.fsdecode(argumente[0])))


@contextmanager
def aufzeichnen():
    """Sammelt, solange der Block läuft, jeden Pfad, den dieser Prozess öffnet (Audit-Ereignis "open")."""
    global _geoeffnet, _eingehaengt
    if not _eingehaengt:  # ein Audit-Hook bleibt für immer; einer je Prozess, ruhend ohne Aufzeichnung
        sys.addaudithook(_mitschreiben)
        _eingehaengt = True
    geoeffnet: set[str] = set()
    _geoeffnet = geoeffnet
    try:
        yield geoeffnet
    finally:
        _geoeffnet = None


def _suchpfade(exporter) -> list[str]:
    """Alle Orte, an denen nbconvert eine Vorlage sucht, auch die, die es heute nicht gibt: Entsteht
    dort eine, gewinnt sie. Hat die Konfiguration template_paths gesetzt, gilt genau diese Liste."""
    standard = exporter._template_paths()
    liste = exporter._template_paths(prune=False) if list(exporter.template_paths) == list(standard) \
        else exporter.template_paths
    return [os.path.abspath(p) for p in liste]


def fundorte(geoeffnet: set[str], ausser: str) -> dict:
    """Nach einem Render, mit geladenem nbconvert: wo es sucht und was es fand. `ausser`: der
    Code des Kurses (kurs/); er bearbeitet das HTML erst nach dem Cache."""
    from mkdocs_jupyter.nbconvert2 import get_nbconvert_app, settings
    from nbconvert import exporters

    app = get_nbconvert_app()  # lädt die Konfiguration wie jeder Render
    listen = [_suchpfade(getattr(exporters, klasse)(config=app.config, template_file=datei,
                                                    extra_template_paths=[settings.templates_dir]))
              for klasse, datei in VORLAGEN]
    namen = {"conf.json"}  # nbconvert liest conf.json in jedem Suchpfad, auch wo es heute keine gibt
    for pfad in geoeffnet:
        namen.update(os.path.relpath(pfad, ort) for liste in listen for ort in liste
                     if pfad.startswith(ort.rstrip(os.sep) + os.sep))
    ausser = os.path.abspath(ausser) + os.sep
    # Aus __dict__, nicht getattr: Ein Platzhalter aus verzoegert.py lüde sonst sein Modul.
    dateien = [getattr(m, "__dict__", {}).get("__file__") for m in list(sys.modules.values())]
    module = {os.path.abspath(d) for d in dateien if isinstance(d, str)}
    return {"eingaben": eingaben(), "suchpfade": listen, "namen": sorted(namen),
            "konfiguration": [os.path.abspath(p) for p in app.config_file_paths],
            "module": sorted(m for m in module if not m.startswith(ausser))}


# --- Der Schlüssel -----------------------------------------------------------------------------


def _vorlagen(suchpfade: list[list[str]], namen: list[str]) -> str:
    """Je Suchpfad: welche Orte es gibt und für jeden Namen die erste Datei, wie Jinjas FileSystemLoader."""
    stand, datei, inhalt = [], {}, {}  # beide Listen teilen fast alle Orte: jede Datei einmal
    for liste in suchpfade:
        da = [os.path.isdir(ort) for ort in liste]
        stand.append(da)
        orte = [ort for ort, ja in zip(liste, da, strict=True) if ja]  # in einem fehlenden Ordner liegt nichts
        for name in namen:
            treffer = None
            for ort in orte:
                pfad = os.path.join(ort, name)
                if datei.setdefault(pfad, os.path.isfile(pfad)):
                    treffer = pfad
                    break
            if treffer and treffer not in inhalt:
                inhalt[treffer] = _datei(treffer)
            stand.append((name, treffer, treffer and inhalt[treffer]))
    return _hash(stand)


def _konfiguration(ordner: list[str]) -> str:
    stand = []
    for ort in ordner:
        try:
            namen = sorted(n for n in os.listdir(ort) if n.startswith(KONFIGURATION))
        except OSError as fehler:
            stand.append((ort, type(fehler).__name__))
            continue
        stand += [(ort, n, _datei(os.path.join(ort, n))) for n in namen]
    return _hash(stand)


def _module(dateien: list[str]) -> str:
    stand = []
    for datei in dateien:
        try:
            info = os.stat(datei)
            stand.append((datei, info.st_size, info.st_mtime_ns))
        except OSError as fehler:
            stand.append((datei, type(fehler).__name__))
    return _hash(stand)


def grund(notebook: bytes, einstellungen: dict) -> dict[str, str]:
    """Was vor dem Rendern feststeht; daraus der Name des Eintrags."""
    return {
        "notebook": hashlib.sha256(notebook).hexdigest(),
        "einstellungen": _hash(sorted((k, repr(v)) for k, v in einstellungen.items() if k not in ("cache", "cache_dir"))),
        "eingaben": _hash(eingaben()),
    }


def stand(orte: dict) -> dict[str, str]:
    """Der heutige Stand der Fundorte, die der Eintrag mitbringt."""
    return {
        "vorlagen": _vorlagen(orte["suchpfade"], orte["namen"]),
        "konfiguration": _konfiguration(orte["konfiguration"]),
        "module": _module(orte["module"]),
    }


def teile(notebook: bytes, einstellungen: dict, orte: dict) -> dict[str, str]:
    """Jeder Teil des Schlüssels; ein Eintrag gilt nur, wenn heute jeder gleich ist."""
    return grund(notebook, einstellungen) | stand(orte)


def name(grund_: dict[str, str]) -> str:
    """Der Name des Eintrags: eine Datei je Notebook, Einstellungen und Umgebung."""
    return _hash(sorted(grund_.items()))
