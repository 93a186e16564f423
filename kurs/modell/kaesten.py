"""Kästen einer Seite (`!!! warning "…"`, `??? example "…"`), wie Beitragende sie schreiben: Ein Kopf, den
Markdown nicht als Kasten liest (ein fehlendes Anführungszeichen), stünde still als Text in der Seite, und
ein Kasten ohne eingerückten Inhalt (eine doppelte Kopfzeile) bliebe still leer. Beides bricht den Build
mit Datei und Zeile ab. Ob ein Kopf gilt, entscheiden die Ausdrücke der Erweiterungen selbst; fehlt eine
Erweiterung in mkdocs.yml, die eine Seite braucht (admonition), steht das an ihrer Stelle dort.

Dazu die Diagramme: Jedes trägt accTitle und accDescr (je eine Zeile), die ein Screenreader vorliest, und
benutzt nur Teilnehmer und Knoten, die eine Zeile einführt (`namen_pruefen`). Und
eine Zeile Text, die zweimal hintereinander steht (ein doppeltes Einfügen), liest niemand gern zweimal."""

import re

from kurs.modell.fehler import QuellenFehler

KOPF = re.compile(r"^(?P<einzug>\s*)(?P<art>!!!|\?\?\?)")
ZAUN = re.compile(r"^\s*(`{3,}|~{3,})")


def pruefen(markdown: str, wo: str) -> None:
    from markdown.extensions.admonition import AdmonitionProcessor
    from pymdownx.details import DetailsProcessor

    zeilen = markdown.split("\n")
    zaun = None  # in einem Fence ist nichts ein Kasten
    for nummer, zeile in enumerate(zeilen, start=1):
        if m := ZAUN.match(zeile):
            if zaun is None:
                zaun = m[1]
            elif m[1].startswith(zaun) and not zeile.strip().strip(zaun[0]):
                zaun = None
            continue
        if zaun is not None or not (kopf := KOPF.match(zeile)):
            continue
        ausdruck = AdmonitionProcessor.RE if kopf["art"] == "!!!" else DetailsProcessor.START
        if not ausdruck.match(zeile[len(kopf["einzug"]):] + "\n"):
            raise QuellenFehler(f"{wo}:{nummer}", f"Diesen Kasten liest Markdown nicht, er stünde als Text in der "
                                f'Seite: So heißt ein Kopf `{kopf["art"]} warning "Titel"` (Art, dann der Titel in '
                                "geraden Anführungszeichen). Fehlt eines?")
        inhalt = next((z for z in zeilen[nummer:] if z.strip()), "")
        if len(inhalt) - len(inhalt.lstrip()) <= len(kopf["einzug"]):
            raise QuellenFehler(f"{wo}:{nummer}", "Dieser Kasten bliebe leer: Sein Inhalt steht darunter, um vier "
                                "Leerzeichen eingerückt.")


# Was eine Seite schreibt und welche Erweiterung Markdown dafür braucht: Ohne sie stünde es still als Text da.
ERWEITERUNGEN = {"admonition": r"^\s*!!! ", "pymdownx.details": r"^\s*\?\?\?\+? ",
                 "pymdownx.tabbed": r'^\s*=== "'}


def erweiterungen_pruefen(markdown: str, wo: str, fehlt) -> None:
    """`fehlt(name)`: None, wenn mkdocs.yml die Erweiterung nennt, sonst die Stelle dort, an der sie fehlt."""
    zaun = None
    for nummer, zeile in enumerate(markdown.split("\n"), start=1):
        if m := ZAUN.match(zeile):
            zaun = m[1] if zaun is None else (None if m[1].startswith(zaun) and not zeile.strip().strip(zaun[0]) else zaun)
            continue
        for name, ausdruck in ERWEITERUNGEN.items():
            if zaun is None and re.match(ausdruck, zeile) and (stelle := fehlt(name)):
                raise QuellenFehler(stelle, f"markdown_extensions nennt {name} nicht; {wo}:{nummer} schreibt aber "
                                    f"{zeile.strip()[:40]!r}, und das stünde ohne sie als Text in der Seite.")


def diagramme_pruefen(markdown: str, wo: str) -> None:
    from kurs.modell.kapitel import MERMAID

    for m in MERMAID.finditer(markdown):
        zeile = markdown.count("\n", 0, m.start()) + 1
        zeilen = m[1].split("\n")
        # Wo accTitle und accDescr stehen sollten: gleich unter der Art des Diagramms, nacheinander.
        davor = next((n for n, z in enumerate(zeilen, start=1) if z.strip()), 0)
        for feld in ("accTitle", "accDescr"):
            # Einzeilig: So liest es auch die Rechtschreibprüfung, und so kommt es in die Suche.
            gefunden = next((n for n, z in enumerate(zeilen, start=1) if re.match(rf"^\s*{feld}:\s*\S", z)), None)
            davor = gefunden or davor
            if not gefunden:
                raise QuellenFehler(f"{wo}:{zeile + davor + 1}", f"Diesem Diagramm fehlt `{feld}: …` (eine Zeile): Ohne liest ein "
                                    "Screenreader nur „Diagramm“. accTitle ist der Titel, accDescr sagt in einem Satz, "
                                    "was es zeigt.")
        if fehler := namen_pruefen(zeilen):
            nummer, text = fehler
            raise QuellenFehler(f"{wo}:{zeile + nummer}", text)


# Wer in einem Diagramm vorkommt. Ein Name, den keine Zeile einführt, zeichnet Mermaid still als eigenen
# Teilnehmer oder Knoten, nur mit seinem Kürzel: etwa nach einem umbenannten `participant B as Broker`.
TEILNEHMER = re.compile(r"^\s*(?:participant|actor)\s+(?P<name>[^\s:]+)")
NACHRICHT = re.compile(r"^\s*(?P<von>[^\s:>-]+)\s*(?P<pfeil>--?(?:>>|>|x|\)))[+-]?\s*(?P<an>[^\s:>+-][^\s:]*)\s*:")
NOTIZ = re.compile(r"^\s*note\s+(?:over|left of|right of)\s+(?P<namen>[^:]+):", re.I)
KNOTEN = re.compile(r"^\s*(?P<name>\w+)\s*[\[({]")
GRUPPE = re.compile(r"^\s*subgraph\s+(?P<name>\w+)")  # darf Ziel einer Kante sein, muss aber nicht
KANTE = re.compile(r"^\s*(?P<von>\w+)\s*(?:-->|-\.->|==>|---|-\.-)\s*(?:\|[^|]*\|\s*)?(?P<an>\w+)\s*$")


def namen_pruefen(zeilen: list[str]) -> tuple[int, str] | None:
    """(Zeile im Diagramm ab 1, Meldung) für den ersten Namen, der benutzt, aber nicht eingeführt ist, oder
    eingeführt, aber nie benutzt (vertippt), wenn das Diagramm überhaupt Namen einführt; oder für die erste
    Nachricht ohne Pfeilspitze (`->` statt `->>`): Mermaid zeichnet sie still als Linie ohne Richtung."""
    sequenz = any(z.strip() == "sequenceDiagram" for z in zeilen)
    eingefuehrt, benutzt, gruppen, ohne_spitze, kanten, doppelt = {}, {}, set(), [], {}, []
    for nummer, zeile in enumerate(zeilen, start=1):
        if not sequenz and (m := GRUPPE.match(zeile)):
            gruppen.add(m["name"])
        elif m := (TEILNEHMER if sequenz else KNOTEN).match(zeile):
            eingefuehrt.setdefault(m["name"], nummer)
        elif sequenz and (m := NACHRICHT.match(zeile)):
            for name in (m["von"], m["an"]):
                benutzt.setdefault(name, nummer)
            if m["pfeil"] in ("->", "-->"):
                ohne_spitze.append((nummer, f"Diese Nachricht hat keine Pfeilspitze ({m['pfeil']}): Mermaid zeichnet "
                                    "eine Linie ohne Richtung. Schreib ->>, für eine Antwort -->>."))
        elif sequenz and (m := NOTIZ.match(zeile)):
            for name in m["namen"].split(","):
                benutzt.setdefault(name.strip(), nummer)
        elif not sequenz and (m := KANTE.match(zeile)):
            for name in (m["von"], m["an"]):
                benutzt.setdefault(name, nummer)
            # Zweimal dieselbe Nachricht kann gewollt sein (eine zweite Zustellung), dieselbe Kante nie.
            if (kante := zeile.strip()) in kanten:
                doppelt.append((nummer, f"Diese Kante steht schon in Zeile {kanten[kante]} des Diagramms; Mermaid "
                                "zeichnete sie zweimal."))
            kanten.setdefault(kante, nummer)
    ohne_spitze += doppelt
    if not eingefuehrt:
        return min(ohne_spitze, default=None)
    was = "Teilnehmer" if sequenz else "Knoten"
    fehler = [_vertippt(zeilen, name) or (
        nummer, f"{was} {name!r} kommt hier vor, aber keine Zeile führt ihn ein: Mermaid zeichnet ihn still "
        f"als eigenen {was}, nur mit dem Kürzel. Eingeführt sind {', '.join(eingefuehrt)}.")
              for name, nummer in benutzt.items() if name not in eingefuehrt and name not in gruppen]
    fehler += [(nummer, f"{was} {name!r} ist eingeführt, kommt aber nirgends vor: vertippt? Benutzt werden "
                f"{', '.join(benutzt)}.") for name, nummer in eingefuehrt.items() if name not in benutzt]
    return min(fehler + ohne_spitze, default=None)


def _vertippt(zeilen: list[str], name: str) -> tuple[int, str] | None:
    """Die Zeile, die `name` einführen sollte, mit vertipptem Wort davor (`praticipant B as Broker`)."""
    import difflib

    for nummer, zeile in enumerate(zeilen, start=1):
        if (m := re.match(rf"^\s*(\w+)\s+{re.escape(name)}\s+as\s", zeile)) and m[1] not in ("participant", "actor"):
            vorschlag = difflib.get_close_matches(m[1], ["participant", "actor"], n=1)
            return nummer, (f"{m[1]!r} kennt Mermaid nicht, die Zeile führt {name!r} also nicht ein."
                            + (f" Meintest du {vorschlag[0]!r}?" if vorschlag else ""))
    return None


def doppelte_zeilen(markdown: str, wo: str) -> None:
    """Dieselbe Zeile Text zweimal hintereinander, außerhalb von Fences (in Code und Diagrammen kann das
    gewollt sein: zweimal dieselbe Zustellung)."""
    zaun, vorige = None, ""
    for nummer, zeile in enumerate(markdown.split("\n"), start=1):
        if m := ZAUN.match(zeile):
            zaun = m[1] if zaun is None else (None if m[1].startswith(zaun) and not zeile.strip().strip(zaun[0]) else zaun)
        elif zaun is None and zeile.strip() and zeile == vorige:
            raise QuellenFehler(f"{wo}:{nummer}", "Diese Zeile steht zweimal hintereinander; lösch eine.")
        vorige = zeile if zaun is None else ""
