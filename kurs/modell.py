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
import importlib.util
import io
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path, PurePosixPath

import markdown
import yaml
from yaml_env_tag import construct_env_tag

from kurs import lauf

WURZEL = Path(__file__).resolve().parent.parent

EINBINDUNG = re.compile(r'^(?P<einzug>\s*)-{1,}8<-{1,}\s+"(?P<ziel>[^"]+)"\s*$')
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


def _parser_von_pytest_codeblocks():
    """Der Parser von pytest-codeblocks (pytest_codeblocks/main.py), ohne sein Paket: Dessen
    __init__ lädt das pytest-Plugin und damit pytest, was jeden MkDocs-Build eine halbe
    Sekunde kostete. Der Parser selbst braucht nur die Standardbibliothek."""
    (ordner,) = importlib.util.find_spec("pytest_codeblocks").submodule_search_locations
    spec = importlib.util.spec_from_file_location("kurs._codeblocks", Path(ordner) / "main.py")
    modul = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modul)
    return modul.extract_from_buffer


extract_from_buffer = _parser_von_pytest_codeblocks()


# --- Was ein Python-Block auf der Seite ausführt ---------------------------------------


@dataclass(frozen=True)
class Programm:
    """Ein Python-Block der Seite: unsichtbarer Vorlauf, gezeigter Code, gezeigte Ausgabe."""

    seite: Path  # die Seite, die ihn zeigt
    zeile: int  # die Zeile der Einbindung in der Seite
    snippet: Path  # die Datei, deren Code er zeigt (und in der seine Ausgabe steht)
    vorher: str
    code: str
    ausgabe: str | None
    ausgabe_nummer: int | None  # der wievielte Ausgabe-Block in `snippet`

    def als_daten(self) -> dict:
        return {"vorher": self.vorher, "code": self.code, "ausgabe": self.ausgabe}


@dataclass(frozen=True)
class Uebungsteil:
    """Ein gezeigter Block einer Übung (Kontext, Vorlage, Lösung oder Prüfung)."""

    uebung: str
    rolle: str
    code: str

    def als_daten(self) -> dict:
        return {"uebung": self.uebung, "rolle": self.rolle, "code": self.code}


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

    def _code(self, rolle: str) -> str:
        return self.kurs.python_code(f"{self.name}/{rolle}.md")

    @cached_property
    def kontext(self) -> str:
        return self._code("kontext") if (self.ordner / "kontext.md").exists() else ""

    @cached_property
    def vorlage(self) -> str:
        return self._code("vorlage")

    @cached_property
    def loesung(self) -> str:
        return self._code("loesung")

    @cached_property
    def pruefung(self) -> str:
        return self._code("pruefung")

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

    @cached_property
    def bloecke(self) -> list[Programm | Uebungsteil]:
        """Jeder Python-Block der Seite, in der Reihenfolge der Seite."""
        return self.kurs.bloecke_der_seite(self.seite)

    @property
    def programme(self) -> list[Programm]:
        return [b for b in self.bloecke if isinstance(b, Programm)]

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
        return [(k, Seite(f"Übungen zu {k.kurztitel}", f"{NOTEBOOKS}/uebungen-{k.name}.md"))
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
            eintraege.append(dict(zip(spalten, werte)))
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

    def python_bloecke(self, ziel: str, **wo):
        """Die Python-Blöcke eines Snippets, wie pytest-codeblocks sie liest (mit `cont` verbunden)."""
        return [b for b in extract_from_buffer(io.StringIO(self.snippet(ziel, **wo))) if b.syntax == "python"]

    def gezeigte_bloecke(self, ziel: str, **wo):
        """Die Python-Blöcke, wie die Seite sie zeigt: jeder Fence für sich."""
        text = self.snippet(ziel, **wo).replace("<!--pytest-codeblocks:cont-->", "")
        return [b for b in extract_from_buffer(io.StringIO(text)) if b.syntax == "python"]

    def python_code(self, ziel: str) -> str:
        """Der Python-Code eines Snippets, das genau einen Python-Block hat."""
        python = self.python_bloecke(ziel)
        if len(python) != 1:
            raise self.fehler(self.snippets / ziel, None, f"erwartet genau einen Python-Block, gefunden {len(python)}")
        return python[0].code

    def ausgaben_im_quelltext(self, datei: Path) -> list[re.Match]:
        """Die Ausgabe-Blöcke, die im Quelltext einer Snippet-Datei selbst stehen."""
        return list(AUSGABE.finditer(datei.read_text(encoding="utf-8")))

    # --- Die Blöcke einer Seite ---

    def uebung_von(self, pfad: str) -> str | None:
        """"teil-2/uebung-1" für einen Pfad in einem Übungsordner, sonst None."""
        teile = PurePosixPath(pfad).parts
        if len(teile) == 3 and teile[1].startswith("uebung-"):
            return "/".join(teile[:2])
        return None

    def bloecke_der_seite(self, seite: Path, text: str | None = None) -> list[Programm | Uebungsteil]:
        text = seite.read_text(encoding="utf-8") if text is None else text
        bloecke = []
        for nummer, zeile in enumerate(text.split("\n"), start=1):
            m = EINBINDUNG.match(zeile)
            if not m:
                continue
            ziel = m["ziel"]
            pfad = ziel.split(":")[0]
            wo = {"seite": seite, "zeile": nummer}
            if name := self.uebung_von(pfad):
                rolle = PurePosixPath(pfad).stem
                bloecke += [Uebungsteil(name, rolle, b.code) for b in self.gezeigte_bloecke(ziel, **wo)]
                continue
            bloecke += self._programme(ziel, pfad, wo)
        return bloecke

    def _programme(self, ziel: str, pfad: str, wo: dict) -> list[Programm]:
        ganz = self.python_bloecke(pfad, **wo)
        mit_ausgabe = [b for b in ganz if b.expected_output is not None]
        datei = self.snippets / pfad
        im_quelltext = self.ausgaben_im_quelltext(datei)
        if len(im_quelltext) != len(mit_ausgabe):
            raise self.fehler(datei, None, f"{len(im_quelltext)} Ausgabe-Blöcke in der Datei, aber "
                              f"{len(mit_ausgabe)} nach dem Zusammensetzen. Eine Ausgabe gehört in die "
                              "Datei, deren Code sie erzeugt.")
        programme = []
        for gezeigt in self.gezeigte_bloecke(ziel, **wo):
            passend = [b for b in ganz if gezeigt.code in b.code]
            if len(passend) != 1:
                raise self.fehler(wo["seite"], wo["zeile"], f"Der gezeigte Block aus {ziel} passt zu "
                                  f"{len(passend)} ausgeführten Blöcken statt zu einem.")
            (block,) = passend
            anfang = block.code.index(gezeigt.code)
            # Die Ausgabe gehört zum letzten Stück eines zusammengesetzten Blocks.
            letzter = anfang + len(gezeigt.code) == len(block.code) and block.expected_output is not None
            programme.append(Programm(
                seite=wo["seite"], zeile=wo["zeile"], snippet=datei,
                vorher=block.code[:anfang], code=gezeigt.code,
                ausgabe=block.expected_output if letzter else None,
                ausgabe_nummer=mit_ausgabe.index(block) if letzter else None,
            ))
        return programme

    def programme_json(self, bloecke: list[Programm | Uebungsteil]) -> dict:
        """Die Daten, die der Browser beim ersten Klick holt (programme.json neben der Seite)."""
        namen = dict.fromkeys(b.uebung for b in bloecke if isinstance(b, Uebungsteil))
        return {"bloecke": [b.als_daten() for b in bloecke],
                "uebungen": {n: self.uebung(n).als_daten() for n in namen}}

    @property
    def programme(self) -> list[Programm]:
        """Jedes Beispiel des Kurses, aus allen Kapiteln."""
        return [p for k in self.kapitel for p in k.programme]


def _anker(titel: str) -> str:
    """Der Anker, den MkDocs (toc.slugify) aus einer Überschrift macht."""
    from markdown.extensions.toc import slugify

    return slugify(titel, "-")


def ausgabe_ersetzen(programm: Programm, neu: str) -> bool:
    """Schreibt `neu` als Ausgabe von `programm` in seine Snippet-Datei; True, wenn sich etwas änderte."""
    text = programm.snippet.read_text(encoding="utf-8")
    t = list(AUSGABE.finditer(text))[programm.ausgabe_nummer]
    ergebnis = text[: t.start(3)] + neu + text[t.end(3):]
    if ergebnis != text:
        programm.snippet.write_text(ergebnis, encoding="utf-8")
    return ergebnis != text
