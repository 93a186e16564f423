"""Das Kursmodell: der einzige Leser von mkdocs.yml, docs/ und snippets/.

Alles andere baut darauf: das pytest-Plugin, die MkDocs-Hooks, programme.json,
die Notebooks, die Browsertests und das Neuschreiben der Ausgaben. Wie bei mdBook
liest kein Werkzeug die Dateien auf seine eigene Art.

Ein Kapitel ist eine Seite aus `nav`, zu der es einen Ordner snippets/<seite>/ gibt.
Ein Teil 3 braucht also nur eine Zeile in `nav`, eine Seite und einen Ordner.

Eine Übung ist ein Ordner snippets/<kapitel>/uebung-M/ mit
  vorlage.md   der Startcode, den die Leserin bearbeitet
  loesung.md   die Musterlösung
  pruefung.md  läuft nach der Lösung im selben Namensraum und wirft bei einem Fehler
               einen AssertionError mit deutscher Meldung
  kontext.md   (optional) was Lösung und Prüfung voraussetzen, etwa die Queue
  fehler.toml  die Meldung der Vorlage, typische Fehler mit ihrer Meldung und
               richtige Varianten (siehe CONTRIBUTING.md)

Eine Frage „Kurz geprüft“ ist eine Datei snippets/<kapitel>/kurz-geprueft/schritt-K.toml
mit `frage`, `richtig` und drei oder vier Optionen `[optionen.A]` (`text`, `erklaerung`).
"""

import ast
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePosixPath

import markdown
import yaml
from yaml_env_tag import construct_env_tag

from kurs import lauf
from kurs.beispiele import EINBINDUNG, Beispiel, QuellenFehler, ausbreiten, lesen

WURZEL = Path(__file__).resolve().parent.parent

QUIZ = re.compile(r"^<!-- quiz: (?P<uebung>[\w/-]+) -->$")
KURZ_GEPRUEFT = re.compile(r"^<!-- kurz-geprueft: (?P<name>[\w-]+/schritt-\d+) -->$")
UEBUNG_UEBERSCHRIFT = re.compile(r"^### Übung (?P<nummer>\d+): (?P<titel>.+)$")
MERMAID = re.compile(r"^```mermaid\n(.*?)^```$", re.S | re.M)
AUSGABE_MARKER = "<!--pytest-codeblocks:expected-output-->"
# Ein Ausgabe-Block im Quelltext eines Snippets: der Marker, eine Leerzeile, ein Fence.
AUSGABE = re.compile(
    r"(^<!--pytest-codeblocks:expected-output-->\n\n(`{3,})[^\n]*\n)(.*?)(^\2[ \t]*$)", re.S | re.M
)
ROLLEN = ("kontext", "vorlage", "loesung", "pruefung")


class ModellFehler(Exception):
    """Ein Fehler in den Quellen des Kurses; die Meldung nennt Datei und Zeile."""

    def __init__(self, datei: Path, zeile: int | None, text: str, wurzel: Path = WURZEL):
        try:
            name = datei.relative_to(wurzel).as_posix()
        except ValueError:
            name = str(datei)
        super().__init__(f"{name}:{zeile}: {text}" if zeile else f"{name}: {text}")


class _MkdocsYaml(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """mkdocs.yml wie MkDocs sie liest: `!ENV` gilt, `!!python/name:` bleibt Text. Mit libyaml,
    wo PyYAML sie hat: zehnmal schneller, und jeder Prozess der Tests liest die Datei."""


_MkdocsYaml.add_constructor("!ENV", construct_env_tag)
_MkdocsYaml.add_multi_constructor("tag:yaml.org,2002:python/name:", lambda loader, suffix, node: suffix)


# --- Was „Ausführen“ unter einem Block startet -----------------------------------------


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


# --- Übungen ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TypischerFehler:
    """Eine typische falsche Lösung: die Musterlösung mit Ersetzungen, oder ganz eigener Code."""

    name: str
    meldung: str  # ein Stück der Meldung, mit der sie durchfällt ("" bei einer richtigen Variante)
    alt: tuple[str, ...] = ()
    neu: tuple[str, ...] = ()
    kandidat: str | None = None


@dataclass(frozen=True)
class Quiz:
    """Eine Auswahlfrage: die Auswahl einer Übung oder eine Frage „Kurz geprüft“."""

    gruppe: str  # die id der Auswahl auf der Seite: "quiz-teil-2-uebung-3", "kurz-geprueft-teil-1-schritt-2"
    frage: str | None  # bei einer Übung steht die Frage im Text davor
    optionen: dict  # {"A": {"text": ..., "erklaerung": ...}, ...}
    richtig: str


@dataclass
class Uebung:
    kurs: "Kurs"
    name: str  # "teil-2/uebung-1"
    titel: str = ""  # aus der Überschrift „### Übung M: Titel“ der Seite
    anker: str = ""

    @property
    def ordner(self) -> Path:
        return self.kurs.snippets / self.name

    @property
    def kapitel(self) -> str:
        return self.name.split("/")[0]

    @property
    def nummer(self) -> str:
        return self.name.split("-")[-1]

    def _beispiel(self, rolle: str) -> Beispiel:
        """Das eine Python-Beispiel von `rolle`.md."""
        python = [b for b in self.kurs.beispiele(f"{self.name}/{rolle}.md") if b.syntax == "python"]
        if len(python) != 1:
            raise QuellenFehler(f"snippets/{self.name}/{rolle}.md",
                                f"erwartet genau einen Python-Block, gefunden {len(python)}")
        return python[0]

    def _nach(self, rolle: str, vorher: str, einbindung: str) -> str:
        """Der Code von `rolle`.md hinter `vorher`: Die Datei beginnt mit `einbindung` und cont."""
        code = self._beispiel(rolle).code
        if not code.startswith(vorher):
            raise QuellenFehler(f"snippets/{self.name}/{rolle}.md", f"{rolle}.md beginnt mit "
                                f'--8<-- "{self.name}/{einbindung}" und <!--pytest-codeblocks:cont-->: '
                                "So läuft sie als Test, wie sie im Browser läuft.")
        return code[len(vorher):]

    @cached_property
    def kontext(self) -> str:
        return self._beispiel("kontext").code if (self.ordner / "kontext.md").exists() else ""

    @cached_property
    def vorlage(self) -> str:
        return self._nach("vorlage", self.kontext, "kontext.md")

    @cached_property
    def loesung(self) -> str:
        return self._nach("loesung", self.kontext, "kontext.md")

    @cached_property
    def pruefung(self) -> str:
        return self._nach("pruefung", self.kontext + self.loesung, "loesung.md")

    @cached_property
    def _fehlerdaten(self) -> dict:
        datei = self.ordner / "fehler.toml"
        if not datei.is_file():
            raise ModellFehler(datei, None, "fehlt. Jede Übung nennt dort vorlage_meldung und ihre typischen Fehler.",
                               self.kurs.wurzel)
        try:
            daten = tomllib.loads(datei.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as exc:
            raise ModellFehler(datei, None, f"kein gültiges TOML: {exc}", self.kurs.wurzel) from None
        if not isinstance(daten.get("vorlage_meldung"), str):
            raise ModellFehler(datei, None, "vorlage_meldung fehlt: ein Stück der Meldung, mit der die Vorlage "
                               "durchfällt.", self.kurs.wurzel)
        return daten

    @property
    def vorlage_meldung(self) -> str:
        return self._fehlerdaten["vorlage_meldung"]

    def _eintraege(self, art: str, mit_meldung: bool) -> list[TypischerFehler]:
        datei = self.ordner / "fehler.toml"
        ergebnis = []
        for eintrag in self._fehlerdaten.get(art, []):
            name = eintrag.get("name")
            erlaubt = {"name", "alt", "neu", "kandidat"} | ({"meldung"} if mit_meldung else set())
            unbekannt = set(eintrag) - erlaubt
            if not name or unbekannt or (mit_meldung and not eintrag.get("meldung")) or (
                    ("kandidat" in eintrag) == ("alt" in eintrag or "neu" in eintrag)):
                raise ModellFehler(datei, None, f"[[{art}]] {name!r}: braucht name"
                                   + (", meldung" if mit_meldung else "")
                                   + " und entweder alt und neu oder kandidat"
                                   + (f"; unbekannt: {sorted(unbekannt)}" if unbekannt else ""), self.kurs.wurzel)
            alt, neu = eintrag.get("alt", ()), eintrag.get("neu", ())
            alt, neu = ((alt,), (neu,)) if isinstance(alt, str) else (tuple(alt), tuple(neu))
            ergebnis.append(TypischerFehler(name, eintrag.get("meldung", ""), alt, neu, eintrag.get("kandidat")))
        return ergebnis

    @cached_property
    def fehler(self) -> list[TypischerFehler]:
        """Typische falsche Lösungen mit ihrer Meldung; bei einem Quiz je falsche Option eine."""
        eigene = self._eintraege("fehler", mit_meldung=True)
        if self.quiz:
            eigene += [TypischerFehler(f"Option {wahl}", f"{wahl} passt nicht. {option['erklaerung']}",
                                       kandidat=f'antwort = "{wahl}"\n')
                       for wahl, option in self.quiz.optionen.items() if wahl != self.quiz.richtig]
        return eigene

    @cached_property
    def varianten(self) -> list[TypischerFehler]:
        """Andere richtige Lösungen: Sie müssen bestehen."""
        return self._eintraege("variante", mit_meldung=False)

    def kandidat(self, fehler: TypischerFehler) -> str:
        """Der Code eines typischen Fehlers oder einer Variante."""
        if fehler.kandidat is not None:
            return fehler.kandidat
        code = self.loesung
        for a, n in zip(fehler.alt, fehler.neu, strict=True):
            if code.count(a) != 1:
                raise ModellFehler(self.ordner / "fehler.toml", None,
                                   f"{fehler.name!r}: {a!r} steht nicht genau einmal in der Musterlösung",
                                   self.kurs.wurzel)
            code = code.replace(a, n)
        return code

    @cached_property
    def quiz(self) -> Quiz | None:
        """OPTIONEN und RICHTIG aus der Prüfung: eine Quelle für Auswahl und Prüfung."""
        werte = {}
        for knoten in ast.parse(self.pruefung).body:
            if isinstance(knoten, ast.Assign) and len(knoten.targets) == 1:
                ziel = knoten.targets[0]
                if isinstance(ziel, ast.Name) and ziel.id in ("OPTIONEN", "RICHTIG"):
                    werte[ziel.id] = ast.literal_eval(knoten.value)
        if len(werte) != 2:
            return None
        # In der Prüfung heißt die Erklärung „begruendung“: Sie begründet die Meldung.
        optionen = {w: {"text": o["text"], "erklaerung": o["begruendung"]} for w, o in werte["OPTIONEN"].items()}
        return Quiz("quiz-" + self.name.replace("/", "-"), None, optionen, werte["RICHTIG"])

    @cached_property
    def definiert(self) -> list[str]:
        """Was eine Lösung definiert: die Namen, die die Musterlösung oben festlegt."""
        namen = []
        for knoten in ast.parse(self.loesung).body:
            if isinstance(knoten, (ast.FunctionDef, ast.ClassDef)):
                namen.append(knoten.name)
            elif isinstance(knoten, ast.Assign):
                namen += [z.id for z in knoten.targets if isinstance(z, ast.Name)]
        return namen

    def pruefe(self, kandidat: str) -> str:
        """Die Ausgabe der Prüfung; lauf.Fehlermeldung mit deutscher Meldung, wenn `kandidat` scheitert."""
        return lauf.pruefe(self.kontext, kandidat, self.pruefung)

    def als_daten(self) -> dict:
        """Was der Browser zum Ausführen und Prüfen braucht; die Lösung liest er von der Seite."""
        return {"kontext": self.kontext, "pruefung": self.pruefung}


# --- Kapitel und Kurs ------------------------------------------------------------------


@dataclass
class Kapitel:
    kurs: "Kurs"
    name: str  # "teil-1"
    titel: str  # aus nav
    seite: Path  # docs/teil-1.md
    uebungen: list[Uebung] = field(default_factory=list)

    @property
    def kurztitel(self) -> str:
        return self.titel.split(":")[0]

    @property
    def url(self) -> str:
        return f"{self.name}/"

    @property
    def fragen(self) -> list[Quiz]:
        """Die Fragen „Kurz geprüft“ dieses Kapitels, nach Schritt sortiert."""
        dateien = sorted((self.kurs.snippets / self.name / "kurz-geprueft").glob("schritt-*.toml"),
                         key=lambda p: int(p.stem.split("-")[-1]) if p.stem.split("-")[-1].isdigit() else 0)
        return [self.kurs.frage(f"{self.name}/{d.stem}") for d in dateien]


@dataclass(frozen=True)
class Seite:
    titel: str
    quelle: str  # relativ zu docs/, wie in nav: "teil-1.md"

    @property
    def url(self) -> str:
        """Der Pfad der gebauten Seite relativ zur Basis: "", "teil-1/", …"""
        ohne = str(PurePosixPath(self.quelle).with_suffix(""))
        return "" if ohne == "index" else ohne.removesuffix("/index") + "/"


@dataclass(frozen=True)
class Diagramm:
    """Ein ```mermaid-Block einer Seite (kurs/diagramme.py zeichnet ihn als SVG)."""

    seite: Path
    zeile: int
    quelle: str


NOTEBOOKS = "notebooks"  # Pfad der Notebook-Seiten: notebooks/uebungen-teil-1/


class Kurs:
    def __init__(self, wurzel: Path = WURZEL):
        self.wurzel = Path(wurzel).resolve()
        self.mkdocs_yml = self.wurzel / "mkdocs.yml"
        self.docs = self.wurzel / "docs"
        self.snippets = self.wurzel / "snippets"

    def fehler(self, datei: Path, zeile: int | None, text: str) -> ModellFehler:
        return ModellFehler(datei, zeile, text, self.wurzel)

    # --- mkdocs.yml ---

    @cached_property
    def config(self) -> dict:
        return yaml.load(self.mkdocs_yml.read_text(encoding="utf-8"), Loader=_MkdocsYaml)

    @property
    def site_url(self) -> str:
        return self.config["site_url"].rstrip("/") + "/"

    @property
    def edit_uri(self) -> str:
        return self.config["edit_uri"]

    def markdown_erweiterung(self, name: str) -> dict:
        for e in self.config["markdown_extensions"]:
            if isinstance(e, dict) and name in e:
                return e[name] or {}
        raise self.fehler(self.mkdocs_yml, None, f"markdown_extensions nennt {name} nicht")

    @cached_property
    def nav(self) -> list[Seite]:
        """Die Seiten aus `nav`, flach, in ihrer Reihenfolge (ohne externe Links)."""
        seiten = []

        def gehe(eintraege):
            for eintrag in eintraege:
                titel, ziel = next(iter(eintrag.items())) if isinstance(eintrag, dict) else (None, eintrag)
                if isinstance(ziel, list):
                    gehe(ziel)
                elif not ziel.startswith(("http://", "https://")):
                    seiten.append(Seite(titel or ziel, ziel))

        gehe(self.config["nav"])
        return seiten

    # --- Kapitel, Übungen, Notebooks ---

    @cached_property
    def kapitel(self) -> list[Kapitel]:
        ergebnis = []
        for seite in self.nav:
            name = PurePosixPath(seite.quelle).stem
            if seite.quelle.endswith(".md") and (self.snippets / name).is_dir():
                kapitel = Kapitel(self, name, seite.titel, self.docs / seite.quelle)
                kapitel.uebungen = self._uebungen(kapitel)
                ergebnis.append(kapitel)
        return ergebnis

    def _uebungen(self, kapitel: Kapitel) -> list[Uebung]:
        ordner = sorted((p.parent for p in (self.snippets / kapitel.name).glob("uebung-*/pruefung.md")),
                        key=lambda p: int(p.name.split("-")[-1]) if p.name.split("-")[-1].isdigit() else 0)
        ueberschriften = {}
        text = kapitel.seite.read_text(encoding="utf-8")
        for nummer, zeile in enumerate(text.splitlines(), start=1):
            if m := UEBUNG_UEBERSCHRIFT.match(zeile):
                ueberschriften[f"{kapitel.name}/uebung-{m['nummer']}"] = (m["titel"], nummer)
        uebungen = []
        for o in ordner:
            name = f"{kapitel.name}/{o.name}"
            if name not in ueberschriften:
                raise self.fehler(kapitel.seite, None, f"Die Übung {name} (snippets/{name}/) hat keine Überschrift "
                                  f"„### Übung {o.name.split('-')[-1]}: Titel“ auf der Seite.")
            titel, _ = ueberschriften.pop(name)
            uebungen.append(Uebung(self, name, titel, _anker(f"Übung {o.name.split('-')[-1]}: {titel}")))
        for name, (_, zeile) in ueberschriften.items():
            raise self.fehler(kapitel.seite, zeile, f"Zur Überschrift gibt es keinen Ordner snippets/{name}/ "
                              "mit pruefung.md.")
        return uebungen

    @property
    def uebungen(self) -> dict[str, Uebung]:
        return {u.name: u for k in self.kapitel for u in k.uebungen}

    def uebung(self, name: str) -> Uebung:
        if name not in self.uebungen:
            raise KeyError(name)
        return self.uebungen[name]

    @property
    def notebook_seiten(self) -> list[tuple[Kapitel, Seite]]:
        """Je Kapitel mit Übungen eine Notebook-Seite (gebaut, nicht in docs/)."""
        return [(k, Seite(f"Übungen zu {k.kurztitel}", f"{NOTEBOOKS}/uebungen-{k.name}.ipynb"))
                for k in self.kapitel if k.uebungen]

    @property
    def seiten(self) -> list[Seite]:
        """Jede Seite der gebauten Seite: nav und die Notebook-Seiten."""
        return self.nav + [s for _, s in self.notebook_seiten]

    @property
    def diagramme(self) -> list[Diagramm]:
        """Jedes Diagramm der Seiten in docs/, in der Reihenfolge der Navigation."""
        ergebnis = []
        for seite in self.nav:
            datei = self.docs / seite.quelle
            text = datei.read_text(encoding="utf-8")
            ergebnis += [Diagramm(datei, text.count("\n", 0, m.start()) + 1, m[1]) for m in MERMAID.finditer(text)]
        return ergebnis

    # --- Fragen „Kurz geprüft“ ---

    def frage(self, name: str) -> Quiz:
        """Die Frage „Kurz geprüft“ `teil-N/schritt-K`, geprüft; ModellFehler mit Datei, wenn sie kaputt ist."""
        kapitel, schritt = name.split("/")
        datei = self.snippets / kapitel / "kurz-geprueft" / f"{schritt}.toml"

        def fehler(text):
            return self.fehler(datei, None, text)

        try:
            daten = tomllib.loads(datei.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise fehler("Die Datei gibt es nicht.") from None
        except tomllib.TOMLDecodeError as exc:
            raise fehler(f"Das ist kein gültiges TOML ({exc}).") from None
        for schluessel in ("frage", "richtig", "optionen"):
            if schluessel not in daten:
                raise fehler(f"Der Schlüssel „{schluessel}“ fehlt.")
        if unbekannt := sorted(daten.keys() - {"frage", "richtig", "optionen"}):
            raise fehler(f"Unbekannte Schlüssel {unbekannt}; erlaubt sind frage, richtig und [optionen.X].")
        if not isinstance(daten["frage"], str) or not daten["frage"].strip():
            raise fehler("„frage“ muss ein nicht leerer Text sein.")
        optionen = daten["optionen"]
        if not isinstance(optionen, dict) or not 3 <= len(optionen) <= 4:
            raise fehler(f"Die Frage hat {len(optionen)} Optionen; erlaubt sind 3 oder 4.")
        for wahl, option in optionen.items():
            if not re.fullmatch(r"[A-D]", wahl):
                raise fehler(f"Die Option „{wahl}“ heißt nicht A, B, C oder D.")
            for schluessel in ("erklaerung", "text"):
                if not isinstance(option, dict) or not str(option.get(schluessel, "")).strip():
                    raise fehler(f"Option {wahl}: Der Schlüssel „{schluessel}“ fehlt oder ist leer.")
            if unbekannt := sorted(option.keys() - {"text", "erklaerung"}):
                raise fehler(f"Option {wahl}: Unbekannte Schlüssel {unbekannt}; erlaubt sind text und erklaerung.")
        if daten["richtig"] not in optionen:
            raise fehler(f"richtig = {daten['richtig']!r}, aber die Optionen heißen {', '.join(optionen)}.")
        return Quiz("kurz-geprueft-" + name.replace("/", "-"), daten["frage"], optionen, daten["richtig"])

    # --- Glossar ---

    @cached_property
    def glossar(self) -> list[dict]:
        """Die Zeilen der Tabelle in docs/glossar.md als Dicts (Begriff, Englisch, Bedeutung, Im Kurs)."""
        datei = self.docs / "glossar.md"
        zeilen = [(n, z) for n, z in enumerate(datei.read_text(encoding="utf-8").splitlines(), start=1)
                  if z.startswith("|")]
        spalten = [z.strip() for z in zeilen[0][1].strip("|").split("|")]
        eintraege = []
        for nummer, zeile in zeilen[2:]:
            werte = [z.strip() for z in zeile.strip("|").split("|")]
            if len(werte) != len(spalten):
                raise self.fehler(datei, nummer, f"{len(werte)} Spalten statt {len(spalten)}")
            eintraege.append(dict(zip(spalten, werte, strict=True)))
        return eintraege

    # --- Snippets zusammensetzen, wie MkDocs es tut ---

    @cached_property
    def _snippet_praeprozessor(self):
        # pymdownx.snippets selbst, mit den Einstellungen aus mkdocs.yml: So läuft im Test
        # genau der Code, den die Seite zeigt.
        einstellungen = dict(self.markdown_erweiterung("pymdownx.snippets"))
        einstellungen["base_path"] = [str(self.wurzel / p) for p in einstellungen["base_path"]]
        md = markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": einstellungen})
        return md.preprocessors["snippet"]

    def zusammensetzen(self, text: str) -> str:
        """Ersetzt alle `--8<--`-Zeilen in `text` durch die eingebundenen Snippets."""
        return "\n".join(self._snippet_praeprozessor.run(text.split("\n")))

    def snippet(self, ziel: str, seite: Path | None = None, zeile: int | None = None) -> str:
        """Ein Snippet unter snippets/ (auch "datei.md:abschnitt"), vollständig zusammengesetzt."""
        from pymdownx.snippets import SnippetMissingError

        try:
            return self.zusammensetzen(f'--8<-- "{ziel}"')
        except SnippetMissingError as exc:
            raise self.fehler(seite or self.snippets / ziel.split(":")[0], zeile,
                              f"Das Snippet {ziel!r} gibt es nicht ({exc})") from None

    @cached_property
    def _beispiele(self) -> dict[str, list[Beispiel]]:
        return {}

    def beispiele(self, ziel: str) -> list[Beispiel]:
        """Die Beispiele der Snippet-Datei `ziel` ("teil-1/queue_demo.md"; ein Abschnitt nach
        „:“ zählt nicht: Beispiele gehören zur ganzen Datei), wie pytest-codeblocks sie ausführt."""
        ziel = ziel.split(":")[0]
        if ziel not in self._beispiele:
            self._beispiele[ziel] = self._beispiele_lesen(ziel)
        return self._beispiele[ziel]

    def _beispiele_lesen(self, ziel: str) -> list[Beispiel]:
        from pymdownx.snippets import SnippetMissingError

        datei = self.snippets / ziel
        name = datei.relative_to(self.wurzel).as_posix()
        try:
            text = datei.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise QuellenFehler(name, "Die Datei gibt es nicht.") from None

        def einbinden(zeile: str, nummer: int) -> str:
            try:
                return self.zusammensetzen(zeile)
            except SnippetMissingError as exc:
                raise QuellenFehler(f"{name}:{nummer}", f"Die eingebundene Datei gibt es nicht ({exc}).") from None

        ausgebreitet, herkunft = ausbreiten(text, einbinden)
        # Gegenprobe: So bindet pymdownx.snippets die ganze Datei in eine Seite ein.
        if ausgebreitet != self.zusammensetzen(f'--8<-- "{ziel}"'):
            raise QuellenFehler(name, "Die Einbindungen lassen sich nicht Zeile für Zeile ausbreiten. "
                                "Steht jede --8<---Zeile allein, mit genau einer Datei?")
        eingebunden = {n for n, z in enumerate(text.split("\n"), start=1) if EINBINDUNG.match(z)}
        return lesen(datei, name, ausgebreitet, herkunft, eingebunden)

    def programm(self, ziel: str, code: str) -> Programm:
        """Das Programm des Blocks mit `code`, den die Seite aus `ziel` einbindet."""
        uebung = self.uebung_von(ziel)
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
        return sorted(self.snippets.rglob("*.md"))

    @property
    def beispiele_aller_dateien(self) -> list[Beispiel]:
        """Jeder Test der Snippets: jedes Beispiel, das in seiner Datei steht."""
        return [b for d in self.snippet_dateien() for b in self.beispiele(d.relative_to(self.snippets).as_posix())
                if b.ist_test]

    # --- Die Blöcke einer Seite ---

    def uebung_von(self, pfad: str) -> str | None:
        """"teil-2/uebung-1" für einen Pfad in einem Übungsordner, sonst None."""
        teile = PurePosixPath(pfad.split(":")[0]).parts
        if len(teile) == 3 and teile[1].startswith("uebung-"):
            return "/".join(teile[:2])
        return None


def _anker(titel: str) -> str:
    """Der Anker, den MkDocs (toc.slugify) aus einer Überschrift macht."""
    from markdown.extensions.toc import slugify

    return slugify(titel, "-")


def ausgabe_ersetzen(beispiel: Beispiel, neu: str) -> bool:
    """Schreibt `neu` als Ausgabe von `beispiel` in seine Datei; True, wenn sich etwas änderte.
    Die Ausgabe steht hinter dem letzten Stück des Beispiels, das in der Datei selbst steht."""
    text = beispiel.datei.read_text(encoding="utf-8")
    zeile = max(s.zeile for s in beispiel.stuecke if s.zeile is not None)
    anfang = sum(len(z) + 1 for z in text.split("\n")[: zeile - 1])
    t = AUSGABE.search(text, anfang)
    ergebnis = text[: t.start(3)] + neu + text[t.end(3):]
    if ergebnis != text:
        beispiel.datei.write_text(ergebnis, encoding="utf-8")
    return ergebnis != text
