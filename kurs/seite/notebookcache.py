"""Der eine Cache des Builds: die Notebook-Seiten, die mkdocs-jupyter mit nbconvert rendert.

Nur er lohnt sich (benchmarks/build.py): Ohne ihn lädt jeder Build nbconvert und rendert beide
Notebooks, rund 1,4 s mehr. Jeder andere Cache, den der Kurs einmal hatte, sparte unter 0,5 s.

**Wie.** mkdocs-jupyter rendert ohne eigenen Cache (`cache: false`). `einhaengen` legt sich um
das Rendern einer Notebook-Seite: Liegt ein Eintrag zum Schlüssel vor (notebookschluessel.py), setzt
er Inhalt, Inhaltsverzeichnis und Titel der Seite wie mkdocs-jupyter bei einem Treffer; sonst
rendert mkdocs-jupyter, und der Eintrag wird geschrieben. Nichts davon liegt in TMPDIR, in
docs/ oder in der Seite.

**Sicher, von Bau her.** Jeder Fehler im Cache (lesen, prüfen, Schlüssel, schreiben, einsetzen)
kostet das Rendern, nie den Build oder die Seite: Jeder Schritt steht in `_versuchen`. Ein Eintrag
trägt seine Prüfsumme und seinen Schlüssel in der ersten Zeile; was sie nicht trägt, ist nicht
unserer und wird nie gelesen und nie gelöscht. Geschrieben wird in eine Zwischendatei und mit
os.replace in einem Zug. Der Ordner entsteht mit seiner Marke in einem Zug (unter anderem Namen
angelegt, dann umbenannt): Ein Abbruch dazwischen hinterlässt nie einen Ordner ohne Marke.
"""

import hashlib
import json
import logging
import os
import re
import shutil
import time
from pathlib import Path

from kurs.seite import notebookschluessel
from kurs.seite.notebookschluessel import sicher_lesen

log = logging.getLogger("mkdocs.plugins.kurs")

ORDNER = "notebookseiten"
MARKE = ".kurs-cache"  # in jedem Ordner, den dieses Modul angelegt hat
KOPF = b"kurs-notebookcache 1 "  # erste Zeile jeder Datei: KOPF, sha256 des Rests, Zeilenende
EINTRAG = re.compile(r"^[0-9a-f]{64}\.json$")
ZWISCHEN = re.compile(r"^\.[0-9a-f]{64}\.json\.\d+\.[0-9a-f]{8}$")
NEU = re.compile(r"^\.notebookseiten\.\d+\.[0-9a-f]{8}$")  # ein Ordner, der gerade entsteht
EINTRAEGE = 20  # die zuletzt gebrauchten; ein Build braucht 2
LIEGEN_LASSEN = 600  # Sekunden: So alt muss eine Zwischendatei sein, bevor das Aufräumen sie nimmt


def verpacken(daten: dict) -> bytes:
    rest = json.dumps(daten, ensure_ascii=False, sort_keys=True).encode()
    return KOPF + hashlib.sha256(rest).hexdigest().encode() + b"\n" + rest


def auspacken(roh: bytes, schluessel: str) -> dict:
    """Der Inhalt einer Datei, wenn Kopf, Prüfsumme und Schlüssel stimmen; sonst ValueError."""
    kopf, _, rest = roh.partition(b"\n")
    if kopf != KOPF + hashlib.sha256(rest).hexdigest().encode():
        raise ValueError("ohne Kopf oder mit falscher Prüfsumme")
    daten = json.loads(rest)
    if daten.get("schluessel") != schluessel:
        raise ValueError("gehört zu einem anderen Schlüssel")
    return daten


def _unserer(pfad: Path) -> bool:
    """Trägt die Datei unseren Kopf? Auch eine halb geschriebene tut es: Der Kopf kommt zuerst."""
    try:
        return sicher_lesen(pfad)[:len(KOPF)] == KOPF
    except OSError:
        return False


class Notebookcache:
    """Der Ordner `notebookseiten/` im Ordner des Caches aus mkdocs.yml (cache_dir)."""

    def __init__(self, ordner: Path, kurs_code: Path):
        self.ordner = Path(ordner) / ORDNER
        self.kurs_code = kurs_code  # kurs/: bearbeitet das HTML erst nach dem Cache
        self.gruende: set[str] = set()  # je Build jeder Grund einmal
        self.staende: dict[str, dict] = {}  # je Build: Fundorte -> ihr Stand (beide Notebooks teilen sie meist)

    def _versuchen(self, schritt: str, tun, *args):
        """Ein Schritt des Caches; scheitert er, sagt eine INFO-Zeile warum, und es geht ohne weiter."""
        try:
            return tun(*args)
        except Exception as fehler:  # noqa: BLE001 – jeder Fehler im Cache kostet nur Zeit
            grund = f"{schritt}: {type(fehler).__name__}: {fehler}"
            if grund not in self.gruende:
                self.gruende.add(grund)
                log.info(f"Cache der Notebooks ({self.ordner}) übersprungen, {grund}; der Build rendert neu.")
            return None

    # --- Um das Rendern einer Seite --------------------------------------------------------

    def einhaengen(self, page, einstellungen: dict) -> None:
        """Legt den Cache um page.render, das mkdocs-jupyter in on_pre_page gesetzt hat."""
        rendern = page.render
        pfad = page.file.abs_src_path

        def render(config, files):
            notebook = self._versuchen("lesen", sicher_lesen, pfad)
            grund = self._versuchen("schlüssel", notebookschluessel.grund, notebook, einstellungen) \
                if notebook is not None else None
            eintrag = self._versuchen("lesen", self._holen, grund) if grund else None
            if eintrag is not None and self._versuchen("einsetzen", _einsetzen, page, eintrag, einstellungen):
                log.info(f"Notebook aus dem Cache: {page.file.src_uri}")
                return
            with notebookschluessel.aufzeichnen() as geoeffnet:
                rendern(config, files)
            log.info(f"Notebook gerendert: {page.file.src_uri}")
            orte = self._versuchen("fundorte", notebookschluessel.fundorte, geoeffnet, str(self.kurs_code))
            if grund is not None and orte is not None:
                self._versuchen("schreiben", self._sichern, grund, orte, page)

        page.render = render

    # --- Der Ordner -------------------------------------------------------------------------

    def _holen(self, grund: dict) -> dict | None:
        """Der Eintrag, wenn es ihn gibt und heute jeder Teil seines Schlüssels gleich ist."""
        name = notebookschluessel.name(grund)
        try:
            roh = sicher_lesen(self.ordner / f"{name}.json")
        except FileNotFoundError:
            return None
        try:
            eintrag = auspacken(roh, name)
        except ValueError as fehler:
            raise ValueError(f"{name}.json {fehler}") from None
        if eintrag["teile"] != grund | self._stand(eintrag["fundorte"]):
            return None  # eine Vorlage, Konfiguration oder ein Modul hat sich geändert
        os.utime(self.ordner / f"{name}.json")  # zuletzt gebraucht: bleibt beim Aufräumen
        return eintrag

    def _stand(self, orte: dict) -> dict:
        kennung = json.dumps(orte, sort_keys=True)
        if kennung not in self.staende:
            self.staende[kennung] = notebookschluessel.stand(orte)
        return self.staende[kennung]

    def _sichern(self, grund: dict, orte: dict, page) -> None:
        self._anlegen()
        name = notebookschluessel.name(grund)
        ziel = self.ordner / f"{name}.json"
        if os.path.lexists(ziel) and not _unserer(ziel):
            raise FileExistsError(f"{ziel.name} trägt nicht den Kopf des Kurses und bleibt liegen; lösche die Datei, "
                                  "dann nutzt der Build den Cache wieder")
        _schreiben(ziel, verpacken(
            {"schluessel": name, "teile": grund | self._stand(orte), "fundorte": orte,
             "content": page.content, "toc_tokens": _tokens(page.toc)}))
        self._aufraeumen()

    def _anlegen(self) -> None:
        """Der Ordner mit Marke, in einem Zug; einen, der schon da ist, nur mit unserer Marke."""
        if not self.ordner.is_dir():
            self.ordner.parent.mkdir(parents=True, exist_ok=True)
            neu = self.ordner.parent / f".{ORDNER}.{os.getpid()}.{os.urandom(4).hex()}"
            neu.mkdir()
            try:
                (neu / MARKE).write_text("Cache des Kurses (kurs/seite/notebookcache.py); darf gelöscht werden.\n",
                                         encoding="utf-8")
                os.rename(neu, self.ordner)
            except OSError:
                shutil.rmtree(neu, ignore_errors=True)
                if not self.ordner.is_dir():
                    raise
        if not (self.ordner / MARKE).is_file():
            raise PermissionError(f"{self.ordner} hat keine Marke {MARKE}: nicht vom Kurs angelegt, bleibt unberührt")

    def _aufraeumen(self) -> None:
        """Nur Dateien mit unserem Namen und unserem Kopf; die zuletzt gebrauchten bleiben, ebenso
        junge Zwischendateien (ein anderer Build schreibt sie vielleicht gerade)."""
        jetzt = time.time()
        eintraege, alt = [], []
        for pfad in self.ordner.iterdir():
            if EINTRAG.match(pfad.name):
                eintraege.append((pfad.stat().st_mtime, pfad))
            elif ZWISCHEN.match(pfad.name) and jetzt - pfad.stat().st_mtime > LIEGEN_LASSEN:
                alt.append(pfad)
        alt += [p for _, p in sorted(eintraege, reverse=True)[EINTRAEGE:]]
        for pfad in alt:  # eine leere Zwischendatei verliert nichts, auch ohne Kopf
            if _unserer(pfad) or (ZWISCHEN.match(pfad.name) and pfad.stat().st_size == 0):
                pfad.unlink(missing_ok=True)
        for pfad in self.ordner.parent.iterdir():  # ein Ordner, dessen Entstehen abbrach
            if NEU.match(pfad.name) and jetzt - pfad.stat().st_mtime > LIEGEN_LASSEN \
                    and {p.name for p in pfad.iterdir()} <= {MARKE}:
                shutil.rmtree(pfad, ignore_errors=True)


def _schreiben(ziel: Path, daten: bytes) -> None:
    """In einem Zug: Wer liest, sieht den alten Eintrag oder den neuen, nie einen halben."""
    zwischen = ziel.with_name(f".{ziel.name}.{os.getpid()}.{os.urandom(4).hex()}")
    try:
        with open(zwischen, "xb") as datei:
            datei.write(daten)
        os.replace(zwischen, ziel)
    except BaseException:
        zwischen.unlink(missing_ok=True)
        raise


def _tokens(toc) -> list[dict]:
    """Das Inhaltsverzeichnis als die Tokens, aus denen mkdocs.structure.toc.get_toc es baut."""
    return [{"level": a.level, "id": a.id, "name": a.title, "children": _tokens(a.children)} for a in toc]


def _einsetzen(page, eintrag: dict, einstellungen: dict) -> bool:
    """Wie mkdocs-jupyter bei einem Treffer (plugin.py, new_render): Inhalt, Inhaltsverzeichnis und
    als Titel die erste Überschrift der Ebene 1. Erst alles gebaut, dann gesetzt."""
    from mkdocs.structure.toc import get_toc

    inhalt, tokens = eintrag["content"], eintrag["toc_tokens"]
    if not isinstance(inhalt, str) or not isinstance(tokens, list):
        raise ValueError("Eintrag ohne Inhalt oder Inhaltsverzeichnis")
    toc = get_toc(tokens)
    titel = next((t["name"] for t in tokens if t["level"] == 1), None)
    page.content, page.toc = inhalt, toc
    if titel is not None and not einstellungen.get("ignore_h1_titles"):
        page.title = titel
    return True
