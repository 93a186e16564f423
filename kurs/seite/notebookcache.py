"""Der eine Cache des Builds: was mkdocs-jupyter aus einem Notebook rendert.

Nur er lohnt sich (benchmarks/caches.py, Median aus 3): Ohne ihn lädt jeder Build nbconvert und
jupytext und rendert beide Notebooks, rund 1 s mehr. Jeder andere Cache, den der Kurs einmal
hatte (gerenderte Seiten, Pygments, der Parser von pytest-codeblocks, Jinjas Bytecode), sparte
unter 0,5 s und ist weg: Ein Cache ist das Versprechen, dass seine Ausgabe einem frischen Build
gleicht, und jedes Versprechen kann brechen.

**Schlüssel.** mkdocs-jupyter bildet ihn aus den Bytes des Notebooks und seinen Einstellungen.
Was es nicht kennt, steht im Namen des Unterordners (`umgebung()`): Python, jedes installierte
Paket mit Version (nbconvert, jupytext, mistune, Pygments …, ohne Liste von Hand), jede Vorlage,
die nbconvert finden kann, und jede Konfigurationsdatei von Jupyter, die nbconvert liest. Der
Code des Kurses gehört nicht hinein: Er schreibt das Notebook, dessen Bytes im Schlüssel stehen,
und bearbeitet das HTML erst nach dem Cache (notebookseiten.py).

**Sicher.** mkdocs-jupyter liest und schreibt nur in einem Zwischenordner des Builds (und löscht
dort, was es nicht brauchte). `holen` legt gültige Einträge aus dem Ordner des Caches dorthin,
`sichern` schreibt neue zurück, jeden in einem Zug (os.replace). Der Ordner des Caches trägt eine
Marke; in einem Ordner ohne sie schreibt und löscht der Kurs nichts, und gelöscht wird nur, was
die Form eines eigenen Eintrags hat. Ein Ordner, der sich nicht nutzen lässt (nur lesbar, voll,
fremd, ohne Elternordner), kostet Zeit, nie den Build: eine INFO-Zeile sagt, warum.
"""

import hashlib
import json
import logging
import os
import re
import shutil
import sys
from pathlib import Path

log = logging.getLogger("mkdocs.plugins.kurs")

MARKE = ".kurs-cache"  # in jedem Ordner, den dieses Modul angelegt hat
UMGEBUNG = re.compile(r"^[0-9a-f]{16}$")
EINTRAG = re.compile(r"^[0-9a-f]{64}\.json$")  # wie mkdocs-jupyter seine Einträge nennt
EINTRAEGE_JE_UMGEBUNG = 40  # die zuletzt gebrauchten; ein Build des Kurses braucht 2
UMGEBUNGEN = 3  # etwa die eigene, die von CI und eine nach einem Update der Pakete


def _dateien(h, ordner: Path) -> None:
    for datei in sorted(p for p in ordner.rglob("*") if p.is_file()):
        h.update(f"{datei.relative_to(ordner).as_posix()}\0".encode())
        h.update(datei.read_bytes())


def teile() -> dict[str, object]:
    """Was in den Schlüssel eingeht, außer dem, was mkdocs-jupyter selbst hasht."""
    from jupyter_core.paths import jupyter_config_path, jupyter_path  # 20 ms; nbconvert selbst kostet 3 s

    pakete = sorted(name for eintrag in sys.path if os.path.isdir(eintrag) for name in os.listdir(eintrag)
                    if name.endswith((".dist-info", ".egg-info")))
    vorlagen = hashlib.sha256()
    wurzeln = [Path(p) for p in jupyter_path("nbconvert", "templates") if os.path.isdir(p)]
    # nbconvert sucht eine Vorlage auch relativ zum Arbeitsordner (TemplateExporter.template_paths).
    namen = sorted({kind.name for wurzel in wurzeln for kind in wurzel.iterdir() if kind.is_dir()})
    for ordner in wurzeln + [Path(name) for name in namen if os.path.isdir(name)]:
        vorlagen.update(f"{ordner.resolve()}\0".encode())
        _dateien(vorlagen, ordner)
    konfiguration = hashlib.sha256()
    for ordner in map(Path, [os.getcwd(), *jupyter_config_path()]):
        for datei in sorted(ordner.glob("jupyter_*config*")) if ordner.is_dir() else ():
            if datei.name.startswith(("jupyter_config", "jupyter_nbconvert_config")):
                konfiguration.update(f"{datei}\0".encode())
                _dateien(konfiguration, datei) if datei.is_dir() else konfiguration.update(datei.read_bytes())
    return {"python": sys.version, "pakete": pakete, "vorlagen": vorlagen.hexdigest(),
            "jupyter_konfiguration": konfiguration.hexdigest()}


def umgebung() -> str:
    return hashlib.sha256(repr(sorted(teile().items())).encode()).hexdigest()[:16]


def _gueltig(daten: bytes) -> bool:
    """Liest mkdocs-jupyter den Eintrag, ohne abzubrechen? (Es bricht an kaputtem JSON ab.)"""
    try:
        eintrag = json.loads(daten)
    except ValueError:
        return False
    return isinstance(eintrag, dict) and isinstance(eintrag.get("content"), str) and "toc_tokens" in eintrag


def _schreiben(ziel: Path, daten: bytes) -> None:
    """In einem Zug: Wer liest, sieht den alten Eintrag oder den neuen, nie einen halben."""
    zwischen = ziel.with_name(f".{ziel.name}.{os.getpid()}")
    try:
        zwischen.write_bytes(daten)
        os.replace(zwischen, ziel)
    except OSError:
        zwischen.unlink(missing_ok=True)
        raise


class Notebookcache:
    """`holen(zwischen)` vor dem Build, `sichern(zwischen)` danach. `ordner` ist der Ordner des
    Caches aus mkdocs.yml (cache_dir); darin liegt `notebooks/<umgebung>/<schlüssel>.json`."""

    def __init__(self, ordner: Path):
        self.wurzel = ordner / "notebooks"
        self.ordner = self.wurzel / umgebung()
        self.geholt: set[str] = set()

    def _aus(self, grund: str) -> None:
        log.info(f"Cache der Notebooks in {self.wurzel} bleibt ungenutzt ({grund}); der Build rendert sie neu.")

    def _eigen(self, ordner: Path) -> bool:
        """Liegt die Marke darin, und gehört der Ordner diesem Benutzer?"""
        return (ordner / MARKE).is_file() and (not hasattr(os, "getuid") or ordner.stat().st_uid == os.getuid())

    def _anlegen(self, ordner: Path) -> None:
        try:
            ordner.mkdir(parents=True)
        except FileExistsError:
            return
        (ordner / MARKE).write_text("Cache des Kurses (kurs/seite/notebookcache.py); darf gelöscht werden.\n",
                                    encoding="utf-8")

    def holen(self, zwischen: Path) -> None:
        """Legt jeden gültigen Eintrag dieser Umgebung in den Zwischenordner für mkdocs-jupyter."""
        zwischen.mkdir(parents=True, exist_ok=True)
        try:
            eintraege = [p for p in self.ordner.iterdir() if EINTRAG.match(p.name)] if self._eigen(self.ordner) else []
        except OSError:
            return
        for eintrag in eintraege:
            try:
                daten = eintrag.read_bytes()
            except OSError:
                continue
            if _gueltig(daten):
                (zwischen / eintrag.name).write_bytes(daten)
                self.geholt.add(eintrag.name)

    def sichern(self, zwischen: Path) -> None:
        """Schreibt neue Einträge zurück, merkt sich die gebrauchten (mtime) und räumt alte weg.
        Nach mkdocs-jupyter: Dann liegt im Zwischenordner nur noch, was dieser Build brauchte."""
        gebraucht = sorted(p for p in zwischen.glob("*.json") if EINTRAG.match(p.name))
        neu = [p for p in gebraucht if p.name not in self.geholt]
        if not gebraucht:
            return
        try:
            for ordner in (self.wurzel, self.ordner):
                self._anlegen(ordner)
                if not self._eigen(ordner):
                    return self._aus(f"{ordner} hat keine Marke {MARKE} oder gehört einem anderen Benutzer")
            for eintrag in neu:
                _schreiben(self.ordner / eintrag.name, eintrag.read_bytes())
            for eintrag in gebraucht:
                os.utime(self.ordner / eintrag.name)
        except OSError as fehler:
            return self._aus(f"{type(fehler).__name__}: {fehler.strerror or fehler}")
        self._aufraeumen()

    def _aufraeumen(self) -> None:
        """Nur Einträge und Umgebungen in der Form dieses Moduls, in Ordnern mit Marke; die zuletzt
        gebrauchten bleiben. Scheitert etwas, bleibt es eben liegen."""
        def alter(pfad: Path) -> float:
            try:
                return pfad.stat().st_mtime
            except OSError:
                return 0.0

        try:
            eintraege = sorted((p for p in self.ordner.iterdir() if EINTRAG.match(p.name)), key=alter, reverse=True)
            for eintrag in eintraege[EINTRAEGE_JE_UMGEBUNG:]:
                eintrag.unlink(missing_ok=True)
            os.utime(self.ordner)
            andere = sorted((p for p in self.wurzel.iterdir() if UMGEBUNG.match(p.name) and p != self.ordner
                             and self._eigen(p)), key=alter, reverse=True)
            for ordner in andere[UMGEBUNGEN - 1:]:
                if all(EINTRAG.match(p.name) or p.name == MARKE for p in ordner.iterdir()):
                    shutil.rmtree(ordner, ignore_errors=True)
        except OSError:
            pass
