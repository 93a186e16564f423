"""Meldungen von MkDocs über Links, auf Deutsch und mit der Zeile, die zu ändern ist.

MkDocs nennt bei einem kaputten Link oder Anker nur die Seite („Doc file 'teil-2.md' contains a
link …“). `LinkMeldungen` hängt als Filter am Logger, der diese Warnungen schreibt, sucht den Link
in der Seite (oder in einem Snippet, das sie einbindet) und schreibt die Meldung um:

    docs/teil-2.md:178: Der Link 'teil-1.md#ack' führt ins Leere: teil-1.md hat keinen Anker '#ack'.

Stufe und Zahl der Meldungen bleiben, wie MkDocs sie setzt: `--strict` zählt sie weiter. Die Form
der Meldungen von MkDocs prüft tests/test_fremdcode.py.
"""

import logging
import re
from pathlib import Path

from mkdocs.utils import DuplicateFilter

from kurs.modell import Kurs
from kurs.modell.beispiele import EINBINDUNG

LOGGER = "mkdocs.structure.pages"  # dort meldet MkDocs Links und Anker (Page.validate_anchor_links, path_to_url)
MKDOCS = re.compile(
    r"^Doc file '(?P<seite>[^']+)' contains (?P<art>a|an absolute|an unrecognized relative) link '(?P<link>[^']+)'"
    r"(?:, but (?P<problem>.*)|, it was left as is\.(?P<rest>.*))$")
ANKER_HIER = re.compile(r"^there is no such anchor on this page\.")
ANKER_DORT = re.compile(r"^the doc '(?P<ziel>[^']+)' does not contain an anchor '(?P<anker>[^']+)'\.")
FEHLT = re.compile(r"^the target(?: '(?P<ziel>[^']+)')? is not found among documentation files\.")
VORSCHLAG = re.compile(r"Did you mean '(?P<url>[^']+)'\?$")


def fundstelle(kurs: Kurs, seite: str, link: str) -> str:
    """"docs/teil-2.md:178": wo `link` steht, in der Seite oder in einem Snippet, das sie (auch
    über ein anderes) einbindet; ohne Zeile, wenn er nirgends wörtlich steht."""
    muster = re.compile(rf"\]\(<?{re.escape(link)}>?(?:\s+\"[^\"]*\")?\)|\]:\s*<?{re.escape(link)}>?\s*$"
                        rf"|href=\"{re.escape(link)}\"")
    offen, gesehen = [kurs.docs / seite], set()
    while offen:
        datei = offen.pop(0)
        if datei in gesehen or not datei.is_file():
            continue
        gesehen.add(datei)
        for nummer, zeile in enumerate(datei.read_text(encoding="utf-8").split("\n"), start=1):
            if muster.search(zeile):
                return f"{datei.relative_to(kurs.wurzel).as_posix()}:{nummer}"
            if m := EINBINDUNG.match(zeile):
                offen.append(kurs.snippets.ordner / m["ziel"].split(":")[0])
    return f"docs/{seite}"


def deutsch(kurs: Kurs, text: str) -> str | None:
    """Die Meldung von MkDocs auf Deutsch, mit Fundstelle; None, wenn es keine über einen Link ist."""
    if not (m := MKDOCS.match(text)):
        return None
    wo, link, problem = fundstelle(kurs, m["seite"], m["link"]), m["link"], m["problem"] or ""
    if m["art"] == "an absolute":
        satz = f"Der Link '{link}' ist absolut; verlinke die Markdown-Datei relativ zur Seite."
    elif m["art"] == "an unrecognized relative":
        satz = f"Der Link '{link}' zeigt auf keine Datei; verlinke die Markdown-Datei, etwa 'teil-1.md'."
    elif ANKER_HIER.match(problem):
        satz = f"Der Link '{link}' führt ins Leere: Diese Seite hat keinen Anker '{link[link.index('#'):]}'."
        if weg := ueberschrift_weg(kurs, f"docs/{m['seite']}", link[link.index("#") + 1:]):
            return f"{weg}; der Link '{link}' in {wo} führt jetzt ins Leere."
    elif a := ANKER_DORT.match(problem):
        satz = f"Der Link '{link}' führt ins Leere: {a['ziel']} hat keinen Anker '{a['anker']}'."
        if weg := ueberschrift_weg(kurs, f"docs/{a['ziel']}", a["anker"].lstrip("#")):
            return f"{weg}; der Link '{link}' in {wo} führt jetzt ins Leere."
    elif f := FEHLT.match(problem):
        satz = f"Der Link '{link}' führt ins Leere: Die Datei {f['ziel'] or link} gibt es in docs/ nicht."
    else:
        return None
    if v := VORSCHLAG.search(problem or m["rest"] or ""):
        satz += f" Meintest du '{v['url']}'?"
    return f"{wo}: {satz}"


UEBERSCHRIFT = re.compile(r"^#{1,6}\s+(?P<titel>.+?)\s*(?:\{[^}]*#(?P<id>[\w-]+)[^}]*\})?\s*$")


def ueberschrift_weg(kurs: Kurs, pfad: str, anker: str) -> str | None:
    """„docs/teil-1.md:200: Seit dem letzten Commit …“, wenn dort eine Überschrift mit diesem Anker
    stand (umbenannt, gelöscht, eingerückt): Die Ursache steht dort, nicht beim Link."""
    from kurs.modell import aenderungen
    from kurs.modell.kapitel import _anker

    for a in aenderungen.geaendert(kurs.wurzel, pfad):
        for alt in a.alt:
            if (u := UEBERSCHRIFT.match(alt)) and (u["id"] or _anker(u["titel"])) == anker:
                return f"{pfad}:{a.zeile}: {aenderungen.beschreiben(a)}, die Überschrift mit dem Anker '#{anker}'"
    return None


EINSTELLUNG = re.compile(r"^Config value '(?P<name>[^']+)': (?P<text>.*)$", re.S)
# Vor der Meldung eines PluginError schreibt MkDocs eine Zeile ohne Inhalt; die Meldung mit Datei und
# Zeile folgt gleich, sie soll die erste sein.
LEER = re.compile(r"^Error (?:building|reading) page '[^']+':$")


class OhneLeereZeile(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not LEER.match(record.getMessage())


class EinstellungMeldungen(logging.Filter):
    """„Config value 'plguins': …“ von MkDocs mit der Zeile des Schlüssels in mkdocs.yml. MkDocs prüft
    mkdocs.yml, während es die Plugins lädt; darum hängt der Filter schon, wenn das Plugin entsteht."""

    def filter(self, record: logging.LogRecord) -> bool:
        if (m := EINSTELLUNG.match(record.getMessage())) and Path("mkdocs.yml").is_file():
            zeile = einstellung_zeile(Path("mkdocs.yml").read_text(encoding="utf-8"), m["name"], m["text"]) \
                or geloescht(m["name"])
            record.msg, record.args = f"mkdocs.yml{f':{zeile}' if zeile else ''}: {m['text']}", ()
        return True


# MkDocs über einen Schlüssel ganz oben, den es nicht kennt: oft ein Schlüssel, der seinen Einzug verlor.
UNBEKANNT = re.compile(r"Unrecognised configuration name: ([\w.-]+)")


def geloescht(name: str) -> int | None:
    """Die Zeile, an der der Schlüssel `name` (etwa site_name, „Required configuration not provided“) seit dem
    letzten Commit aus mkdocs.yml fehlt (kurs/modell/aenderungen.py)."""
    from kurs.modell.aenderungen import wo_fehlt

    return wo_fehlt(Path.cwd(), "mkdocs.yml", re.compile(rf"^{re.escape(name.split('.')[0])}\s*:").match)


def einstellung_zeile(yml: str, name: str, text: str) -> int | None:
    """Die Zeile des Schlüssels `name` in mkdocs.yml; nennt die Meldung einen Schlüssel darunter
    („theme“: „The path set in custom_dir …“), dessen Zeile."""
    zeilen, schluessel = yml.split("\n"), name.split(".")[-1]
    # Nur der unbekannte Name zählt, nicht „name“ aus MkDocs' eigenem Satz (ein Schlüssel name: darunter).
    text = UNBEKANNT.sub(r"\1", text)
    # Ein Name ohne Punkt steht ganz links, nicht ein gleichnamiger Schlüssel weiter innen (toggle: in palette).
    muster = rf"^\s*-?\s*{re.escape(schluessel)}\s*:" if "." in name else rf"^{re.escape(schluessel)}\s*:"
    anfang = next((n for n, z in enumerate(zeilen, start=1) if re.match(muster, z)), None)
    if anfang is None:
        return None
    treffer, einzug = anfang, len(zeilen[anfang - 1]) - len(zeilen[anfang - 1].lstrip())
    for nummer in range(anfang + 1, len(zeilen) + 1):
        zeile = zeilen[nummer - 1]
        tiefe = len(zeile) - len(zeile.lstrip())
        if zeile.strip() and not zeile.lstrip().startswith("#") and tiefe <= einzug:
            break
        # Ein Schlüssel (custom_dir:) oder ein Eintrag einer Liste (watch: - diargamme), den die Meldung nennt.
        k = re.match(r"^\s*-?\s*([\w.-]+)\s*:", zeile) or re.match(r"^\s*-\s*([\w./-]+)\s*(?:#.*)?$", zeile)
        if k and re.search(rf"(?<![\w-]){re.escape(k[1])}(?![\w-])", text):
            # Darunter kann ein Schlüssel noch genauer passen: „Plugin 'mkdocs-jupyter' option 'ignorex'“.
            treffer, einzug = nummer, tiefe
    return treffer


class LinkMeldungen(logging.Filter):
    """Schreibt jede Meldung von MkDocs über einen Link um (`deutsch`); alles andere bleibt."""

    def __init__(self):
        super().__init__()
        self.kurs: Kurs | None = None

    def filter(self, record: logging.LogRecord) -> bool:
        if self.kurs is not None and (neu := deutsch(self.kurs, record.getMessage())):
            record.msg, record.args = neu, ()
        return True


_FILTER = LinkMeldungen()
_LEER = OhneLeereZeile()
_EINSTELLUNG = EinstellungMeldungen()


def einstellungen_verorten() -> None:
    """Einmal je Prozess, sobald das Plugin entsteht (siehe EinstellungMeldungen)."""
    if _EINSTELLUNG not in logging.getLogger("mkdocs.config").filters:
        logging.getLogger("mkdocs.config").addFilter(_EINSTELLUNG)


def einrichten(kurs: Kurs | None) -> None:
    """Einmal je Prozess am Logger, je Build mit dem Kurs dieses Builds (`mkdocs serve` baut oft).

    Dazu vergisst der DuplicateFilter von MkDocs, was er im vorigen Build sah: Er hängt für den
    ganzen Prozess an mkdocs.commands.build, und ohne das zeigte `mkdocs serve` denselben Fehler
    beim zweiten Neubau nicht mehr, nur noch „Aborted with a BuildError!“."""
    logger = logging.getLogger(LOGGER)
    if _FILTER not in logger.filters:
        logger.addFilter(_FILTER)
    _FILTER.kurs = kurs
    for name in ("mkdocs.commands.build", "mkdocs.structure.pages"):
        if _LEER not in logging.getLogger(name).filters:
            logging.getLogger(name).addFilter(_LEER)
    for filter_ in logging.getLogger("mkdocs.commands.build").filters:
        if isinstance(filter_, DuplicateFilter):
            filter_.msgs.clear()
