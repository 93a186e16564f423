"""snippets/: zusammengesetzt wie auf der Seite, gelesen wie pytest-codeblocks sie ausführt.

Der einzige Leser der Snippet-Dateien. `beispiele()` liefert die Tests von pytest-codeblocks
(kurs/modell/beispiele.py), `programm()` was „Ausführen“ unter einem gezeigten Block startet.
"""

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath

import markdown

from kurs.modell.beispiele import (
    ABSCHNITT,
    EINBINDUNG,
    PARSER_MELDUNGEN,
    Beispiel,
    ausbreiten,
    lesen,
    marken_pruefen,
    zuordnen,
)
from kurs.modell.fehler import QuellenFehler
from kurs.modell.konfiguration import Konfiguration

# Ein Ausgabe-Block im Quelltext eines Snippets: der Marker, eine Leerzeile, ein Fence.
AUSGABE = re.compile(
    r"(^<!--pytest-codeblocks:expected-output-->\n\n(`{3,})[^\n]*\n)(.*?)(^\2[ \t]*$)", re.S | re.M
)


@dataclass(frozen=True)
class Programm:
    """Das Programm eines Blocks der Seite: das Beispiel von pytest-codeblocks, in dem sein Code
    ein Stück ist, mit dem Stück als Lücke für den Text im Editor. Der Browser führt
    vorher + Editor + nachher aus; unverändert ist das genau der Code des Beispiels."""

    auftrag: str  # "lauf" oder, für eine Musterlösung samt Prüfung, "pruefe" (kurs/lauf.py)
    teile: tuple  # Text, None (dieser Block) oder eine Zahl (der Block mit data-lauf=Zahl)
    ausgabe: str | None
    uebung: str | None = None
    rolle: str | None = None  # kontext, vorlage, loesung oder pruefung

    def als_daten(self) -> dict:
        daten = {"auftrag": self.auftrag, "teile": list(self.teile), "ausgabe": self.ausgabe}
        return daten | ({"uebung": self.uebung, "rolle": self.rolle} if self.uebung else {})


def uebung_von(pfad: str) -> str | None:
    """"teil-2/uebung-1" für einen Pfad in einem Übungsordner, sonst None."""
    teile = PurePosixPath(pfad.split(":")[0]).parts
    if len(teile) == 3 and teile[1].startswith("uebung-"):
        return "/".join(teile[:2])
    return None


# Programme gegen echte Server (das Labor) laufen nur in pytest: Im Browser fehlen Clients und Server.
NUR_IN_PYTEST = ("labor/",)


class Snippets:
    """Der einzige Leser von snippets/*.md."""

    def __init__(self, wurzel: Path, konfiguration: Konfiguration):
        self.wurzel = wurzel
        self.ordner = wurzel / "snippets"
        self.konfiguration = konfiguration
        self._beispiele: dict[str, list[Beispiel]] = {}
        self._orte: dict[str, tuple[list[str], list[tuple[str, int]]]] = {}

    @cached_property
    def _snippet_praeprozessor(self):
        # pymdownx.snippets selbst, mit den Einstellungen aus mkdocs.yml: So läuft im Test
        # genau der Code, den die Seite zeigt.
        einstellungen = dict(self.konfiguration.markdown_erweiterung("pymdownx.snippets"))
        self._ordner_pruefen(einstellungen["base_path"])
        einstellungen["base_path"] = [str(self.wurzel / p) for p in einstellungen["base_path"]]
        md = markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": einstellungen})
        return md.preprocessors["snippet"]

    def _ordner_pruefen(self, ordner: list[str]) -> None:
        """Ein Ordner in base_path, den es nicht gibt: sonst fehlte jedes Snippet einzeln, ohne Grund."""
        import difflib

        for pfad in ordner:
            if not (self.wurzel / pfad).is_dir():
                zeilen = self.konfiguration.datei.read_text(encoding="utf-8").split("\n")
                zeile = next((n for n, z in enumerate(zeilen, start=1) if "base_path" in z and pfad in z), None)
                ordner_da = [p.name for p in self.wurzel.iterdir() if p.is_dir()]
                vorschlag = difflib.get_close_matches(pfad, ordner_da, n=1)
                raise QuellenFehler.in_datei(self.konfiguration.datei, zeile, f"pymdownx.snippets liest aus {pfad!r}; den "
                                             "Ordner gibt es nicht." + (f" Meintest du {vorschlag[0]!r}?" if vorschlag else ""),
                                             self.wurzel)

    def zusammensetzen(self, text: str) -> str:
        """Ersetzt alle `--8<--`-Zeilen in `text` durch die eingebundenen Snippets."""
        return "\n".join(self._snippet_praeprozessor.run(text.split("\n")))

    def snippet(self, ziel: str, seite: Path | None = None, zeile: int | None = None) -> str:
        """Ein Snippet unter snippets/ (auch "datei.md:abschnitt"), vollständig zusammengesetzt."""
        from pymdownx.snippets import SnippetMissingError

        try:
            return self.zusammensetzen(f'--8<-- "{ziel}"')
        except SnippetMissingError as exc:
            datei, _, abschnitt = ziel.partition(":")
            if "section" in str(exc):  # pymdownx.snippets: "Snippet section 'x' could not be located"
                text = (f"In snippets/{datei} gibt es den Abschnitt {abschnitt!r} nicht: Er steht zwischen den Zeilen "
                        f"--8<-- [start:{abschnitt}] und --8<-- [end:{abschnitt}].")
            else:
                text = f"Die eingebundene Datei snippets/{datei} gibt es nicht."
            raise QuellenFehler.in_datei(seite or self.ordner / datei, zeile, text, self.wurzel) from None

    def beispiele(self, ziel: str) -> list[Beispiel]:
        """Die Beispiele der Snippet-Datei `ziel` ("teil-1/queue_demo.md"; ein Abschnitt nach
        „:“ zählt nicht: Beispiele gehören zur ganzen Datei), wie pytest-codeblocks sie ausführt."""
        ziel = ziel.split(":")[0]
        if ziel not in self._beispiele:
            self._beispiele[ziel] = self._beispiele_lesen(ziel)
        return self._beispiele[ziel]

    def _beispiele_lesen(self, ziel: str) -> list[Beispiel]:
        from pymdownx.snippets import SnippetMissingError

        datei = self.ordner / ziel
        name = datei.relative_to(self.wurzel).as_posix()
        try:
            text = datei.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise QuellenFehler(name, "Die Datei gibt es nicht.") from None
        try:
            marken_pruefen(text, name)
        except QuellenFehler as exc:
            raise self._spaeter_bemerkt(exc, name) from None

        def einbinden(zeile: str, nummer: int) -> str:
            try:
                return self.zusammensetzen(zeile)
            except SnippetMissingError as exc:
                raise QuellenFehler(self._wo_eingebunden(str(exc)) or f"{name}:{nummer}",
                                    f"Die eingebundene Datei gibt es nicht ({exc}).") from None

        ausgebreitet, herkunft = ausbreiten(text, einbinden)
        # Gegenprobe: So bindet pymdownx.snippets die ganze Datei in eine Seite ein.
        if ausgebreitet != self.zusammensetzen(f'--8<-- "{ziel}"'):
            raise QuellenFehler(name, "Die Einbindungen lassen sich nicht Zeile für Zeile ausbreiten. "
                                "Steht jede --8<---Zeile allein, mit genau einer Datei?")
        eingebunden = {n for n, z in enumerate(text.split("\n"), start=1) if EINBINDUNG.match(z)}
        zeilen, orte = self.orte(ziel)
        try:
            return lesen(datei, name, ausgebreitet, herkunft, eingebunden, orte if zeilen == ausgebreitet.split("\n") else None)
        except QuellenFehler as exc:
            if str(exc).endswith(PARSER_MELDUNGEN["end-of-file"]):
                raise self._spaeter_bemerkt(exc, name) from None
            raise

    def _spaeter_bemerkt(self, fehler: QuellenFehler, name: str) -> QuellenFehler:
        """Ein gelöschter Zaun oder Marker fällt oft erst Zeilen später auf: Hat sich davor seit dem letzten
        Commit eine Zeile geändert, steht die Meldung dort (kurs/modell/aenderungen.py, davor)."""
        from kurs.modell.aenderungen import beschreiben, davor, geaendert, naechste

        wo, _, text = str(fehler).partition(": ")
        datei, _, zeile = wo.partition(":")
        if datei != name or not zeile.isdigit():
            return fehler
        if text == PARSER_MELDUNGEN["end-of-file"]:
            # Offen bleibt ein Zaun, dessen Gegenstück fehlt: Der geänderte Zaun kann davor oder dahinter stehen.
            a = naechste(self.wurzel, name, int(zeile), lambda z: z.lstrip().startswith(("```", "~~~")))
        elif m := re.search(r"bis zum nächsten Marker in Zeile (\d+)|bis zum Ende der Datei", text):
            # Einem Marker fehlt sein Stück: Was fehlt, stand zwischen ihm und dem nächsten.
            bis = int(m[1]) if m[1] else None
            a = next((a for a in geaendert(self.wurzel, name) if a.zeile > int(zeile) and (bis is None or a.zeile <= bis)),
                     None)
        else:
            a = davor(self.wurzel, name, int(zeile))
        if not a:
            return fehler
        return QuellenFehler(f"{name}:{a.zeile}", f"{beschreiben(a)}; danach meldet der Leser in Zeile {zeile}: {text}")

    def _wo_eingebunden(self, meldung: str) -> str | None:
        """Wo die Zeile `--8<-- "…"` mit dem Pfad steht, den pymdownx.snippets nicht fand: oft nicht in der
        Datei, die gerade gelesen wird, sondern in einer, die sie einbindet (erst dort ist der Fehler zu ändern)."""
        if not (m := re.search(r"path '([^']+)'", meldung)):
            return None
        for datei in sorted(self.ordner.rglob("*.md")):
            for nummer, zeile in enumerate(datei.read_text(encoding="utf-8").split("\n"), start=1):
                if (e := EINBINDUNG.match(zeile)) and e["ziel"].split(":")[0] == m[1]:
                    return f"{datei.relative_to(self.wurzel).as_posix()}:{nummer}"
        return None

    def orte(self, ziel: str, offen: frozenset = frozenset()) -> tuple[list[str], list[tuple[str, int]]]:
        """Die Zeilen der ausgebreiteten Datei `ziel` und zu jeder (Datei, Zeile), wo sie geschrieben
        steht: Eingebundener Code nennt so die Zeile in seiner eigenen Datei, einmal."""
        if ziel not in self._orte:
            datei = self.ordner / ziel
            name = datei.relative_to(self.wurzel).as_posix()
            zeilen, orte = [], []
            for nummer, zeile in enumerate(datei.read_text(encoding="utf-8").split("\n"), start=1):
                if ABSCHNITT.search(zeile):
                    continue
                if (m := EINBINDUNG.match(zeile)) and (quelle := m["ziel"].split(":")[0]) not in offen | {ziel}:
                    teil = self.zusammensetzen(zeile).split("\n")
                    q_zeilen, q_orte = self.orte(quelle, offen | {ziel}) if (self.ordner / quelle).is_file() else ([], [])
                    orte += zuordnen(teil, m["einzug"], q_zeilen, q_orte, (name, nummer))
                    zeilen += teil
                else:
                    zeilen.append(zeile)
                    orte.append((name, nummer))
            self._orte[ziel] = zeilen, orte
        return self._orte[ziel]

    def im_browser(self, ziel: str) -> bool:
        """Läuft ein Block aus `ziel` auch im Browser (Pyodide)?"""
        return not ziel.startswith(NUR_IN_PYTEST)

    def programm(self, ziel: str, code: str) -> Programm:
        """Das Programm des Blocks mit `code`, den die Seite aus `ziel` einbindet."""
        uebung = uebung_von(ziel)
        rolle = PurePosixPath(ziel.split(":")[0]).stem if uebung else None
        # Eine Musterlösung läuft mit ihrer Prüfung: im Beispiel von pruefung.md.
        suche_in = f"{uebung}/pruefung.md" if rolle == "loesung" else ziel
        treffer = {(b.code[:s.anfang], b.code[s.ende:]): b for b in self.beispiele(suche_in)
                   for s in b.stuecke if s.code == code and b.syntax == "python"}
        if len(treffer) != 1:
            raise QuellenFehler(f"snippets/{ziel}", f"Ein gezeigter Python-Block passt zu {len(treffer)} Beispielen "
                                f"statt zu einem: {code.splitlines()[0] if code.strip() else '(leer)'!r}")
        ((vorher, nachher), beispiel), = treffer.items()
        return Programm("pruefe" if rolle == "loesung" else "lauf", (vorher, None, nachher),
                        beispiel.ausgabe, uebung, rolle)

    def snippet_dateien(self) -> list[Path]:
        return sorted(self.ordner.rglob("*.md"))

    @property
    def beispiele_aller_dateien(self) -> list[Beispiel]:
        """Jeder Test der Snippets: jedes Beispiel, das in seiner Datei steht."""
        return [b for d in self.snippet_dateien() for b in self.beispiele(d.relative_to(self.ordner).as_posix())
                if b.ist_test]


def _ausgabe(beispiel: Beispiel, text: str) -> re.Match:
    """Die gezeigte Ausgabe: hinter dem letzten Stück des Beispiels, das in der Datei selbst steht."""
    zeile = max(s.zeile for s in beispiel.stuecke if s.zeile is not None)
    return AUSGABE.search(text, sum(len(z) + 1 for z in text.split("\n")[: zeile - 1]))


def ausgabe_zeile(beispiel: Beispiel) -> int:
    """Die Zeile, in der die gezeigte Ausgabe von `beispiel` beginnt: dort ist sie zu ändern."""
    text = beispiel.datei.read_text(encoding="utf-8")
    return text.count("\n", 0, _ausgabe(beispiel, text).start(3)) + 1


def ausgabe_ersetzen(beispiel: Beispiel, neu: str) -> bool:
    """Schreibt `neu` als Ausgabe von `beispiel` in seine Datei; True, wenn sich etwas änderte."""
    text = beispiel.datei.read_text(encoding="utf-8")
    t = _ausgabe(beispiel, text)
    ergebnis = text[: t.start(3)] + neu + text[t.end(3):]
    if ergebnis != text:
        beispiel.datei.write_text(ergebnis, encoding="utf-8")
    return ergebnis != text
