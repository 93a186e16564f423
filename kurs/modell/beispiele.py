"""Die Beispiele einer Snippet-Datei, wie pytest-codeblocks sie ausführt.

Ein **Beispiel** ist ein Codeblock von pytest-codeblocks: Code, der als Ganzes läuft, und
vielleicht seine erwartete Ausgabe. Mit `<!--pytest-codeblocks:cont-->` setzt es sich aus
mehreren **Stücken** zusammen, jedes ein Fence, manche aus eingebundenen Dateien
(`--8<-- "teil-1/queue.md"`). pytest-codeblocks sieht keine Einbindungen; darum breitet
dieses Modul sie mit pymdownx.snippets aus (denselben Einstellungen wie die Seite) und gibt
den Text dann dem Parser von pytest-codeblocks. Jede Zeile des ausgebreiteten Texts weiß
dabei, aus welcher Zeile der Datei sie kommt: So nennt jeder Fehler Datei und Zeile.

Ein Test ist ein Beispiel genau dann, wenn mindestens eines seiner Stücke in der Datei selbst
steht. Ein Beispiel, das nur eingebunden ist, testet seine eigene Datei: So läuft jeder Block
genau einmal.

"""

import difflib
import importlib
import importlib.util
import io
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from kurs.modell.fehler import QuellenFehler

EINBINDUNG = re.compile(r'^(?P<einzug>\s*)-{1,}8<-{1,}\s+"(?P<ziel>[^"]+)"\s*$')
# Wie pymdownx.snippets: Eine Zeile mit einer Abschnittsmarke fällt ganz weg, auch mit `# ` davor.
ABSCHNITT = re.compile(r"-{1,}8<-{1,}[ \t]+\[[ \t]*(start|end)[ \t]*:[ \t]*[a-z][-_0-9a-z]*[ \t]*\]", re.I)
CONT = "<!--pytest-codeblocks:cont-->"
# Ein Marker, wie pytest-codeblocks ihn erkennt; einer, der fast so aussieht, wäre still wirkungslos.
MARKE = re.compile(r"<!--pytest-codeblocks:[a-z-]+(\(.*\))?-->")
AUSFUEHRBAR = ("python", "sh", "bash")  # was pytest-codeblocks ausführt
# Was eine Seite aus snippets/ nur zeigt: Sie dürfen Attribute tragen (title="Ausgabe"). Diagramme stehen in docs/.
NUR_ANZEIGE = ("text", "js", "console", "sql")

# Meldungen des Parsers von pytest-codeblocks, auf Deutsch und mit dem, was zu tun ist.
PARSER_MELDUNGEN = {
    "cont": "<!--pytest-codeblocks:cont--> ohne Codeblock davor: Setz den Marker hinter den Block, "
            "an den der nächste anschließen soll. Oder fehlt davor eine Zeile `--8<-- \"…\"`?",
    "expected-output": "<!--pytest-codeblocks:expected-output--> ohne Codeblock davor: Die Ausgabe "
                       "gehört direkt hinter den Code, der sie druckt.",
    "already has expected_output": "Zwei Ausgabe-Blöcke hinter demselben Code.",
    "end-of-file": "Ein Fence wird nicht geschlossen (``` fehlt).",
    "Unknown pytest-codeblocks keyword": "Unbekannter Marker; erlaubt sind cont und expected-output.",
}


@dataclass(frozen=True)
class Stueck:
    """Ein Fence eines Beispiels."""

    code: str
    zeile: int | None  # die Zeile des Fence in der Datei; None, wenn er eingebunden ist
    anfang: int  # wo sein Code im Code des Beispiels beginnt
    # Je Zeile seines Codes (Datei, Zeile), wo sie geschrieben steht: auch eingebunden, auch aus einer
    # Einbindung mitten im Fence (```python, dann --8<-- "teil-2/giftiger_eintrag.md:lesen").
    orte: tuple[tuple[str, int], ...] = ()

    @property
    def ende(self) -> int:
        return self.anfang + len(self.code)


@dataclass(frozen=True)
class Beispiel:
    """Ein Codeblock von pytest-codeblocks mit seinen Stücken."""

    datei: Path
    code: str
    syntax: str | None
    ausgabe: str | None  # die erwartete Ausgabe (expected-output)
    stuecke: tuple[Stueck, ...]
    # Was pytest-codeblocks sonst noch zu einem Block liest; der Kurs nutzt es nicht.
    zeile_im_text: int = 0
    ausgabe_ohne_leerraum: bool = False
    importorskip: str | None = None
    marken: tuple[str, ...] = ()

    @property
    def zeile(self) -> int | None:
        """Die Zeile seines ersten eigenen Stücks: unter ihr sammelt pytest den Test."""
        return next((s.zeile for s in self.stuecke if s.zeile is not None), None)

    def zeile_in_datei(self, zeile_im_code: int) -> int | None:
        """Die Zeile der Datei zu einer Zeile von `code` (ab 1); None, wenn sie eingebunden ist."""
        anfang = sum(len(z) + 1 for z in self.code.split("\n")[: zeile_im_code - 1])
        for stueck in self.stuecke:
            if stueck.anfang <= anfang < stueck.ende:
                if stueck.zeile is None:
                    return None
                return stueck.zeile + self.code.count("\n", stueck.anfang, anfang) + 1  # + 1: die Zeile mit ```
        return None

    def ort_in_quelle(self, zeile_im_code: int) -> tuple[str, int] | None:
        """(Datei, Zeile), wo eine Zeile von `code` (ab 1) geschrieben steht: bei eingebundenem Code in
        der eingebundenen Datei, nicht in der, die einbindet."""
        anfang = sum(len(z) + 1 for z in self.code.split("\n")[: zeile_im_code - 1])
        for stueck in self.stuecke:
            if stueck.anfang <= anfang < stueck.ende and (k := self.code.count("\n", stueck.anfang, anfang)) < len(stueck.orte):
                return stueck.orte[k]
        return None

    def uebersetzen(self) -> None:
        """Python, das nicht übersetzt: QuellenFehler an der Zeile, wo es geschrieben steht."""
        if self.syntax != "python" or not self.ist_test:
            return
        try:
            compile(self.code, "<string>", "exec")
        except SyntaxError as exc:
            ort = self.ort_in_quelle(exc.lineno or 1)
            wo = f"{ort[0]}:{ort[1]}" if ort else f"{self.datei.name}:{self.zeile}"
            from kurs import lauf
            from kurs.modell.aenderungen import im_beispiel

            meldung = f"Das ist kein gültiges Python: {lauf.erklaere(exc, None)}"
            # Ein offenes Anführungszeichen oder eine offene Klammer bemerkt Python erst später, oft in
            # einer anderen Datei, die diesen Code einbindet. Hat sich davor seit dem letzten Commit eine
            # Zeile geändert, steht die Meldung dort.
            wurzel = next((p for p in self.datei.parents if (p / "snippets").is_dir()), None)
            davor = im_beispiel(wurzel, self, exc.lineno) if wurzel else None
            if davor and not davor.startswith(f"{wo}:"):
                stelle, _, aenderung = davor.partition(": ")
                raise QuellenFehler(stelle, f"{aenderung}; danach meldet Python in {wo}: {meldung}") from None
            raise QuellenFehler(wo, meldung) from None

    @property
    def ist_test(self) -> bool:
        return self.syntax in AUSFUEHRBAR and self.zeile is not None

    def als_codeblock(self):
        """Der Block, wie pytest-codeblocks ihn ausführt (TestBlock.obj)."""
        return codeblocks_main().CodeBlock(self.code, self.zeile_im_text, self.syntax, self.ausgabe, self.ausgabe_ohne_leerraum,
                         self.importorskip, list(self.marken))


class _Zeilenzaehler(io.StringIO):
    """Zählt, welche Zeile der Parser zuletzt las: Dort liegt ein Fehler, den er meldet."""

    zeile = 0

    def readline(self, *args):
        self.zeile += 1
        return super().readline(*args)


def ausbreiten(text: str, einbinden) -> tuple[str, list[int]]:
    """Der Text mit jeder Einbindung ersetzt durch `einbinden(zeile)`, und zu jeder Zeile des
    Ergebnisses die Zeile in `text`, aus der sie kommt. Abschnittsmarken fallen weg, wie beim
    Einbinden der ganzen Datei."""
    zeilen, herkunft = [], []
    for nummer, zeile in enumerate(text.split("\n"), start=1):
        if ABSCHNITT.search(zeile):
            continue
        teil = einbinden(zeile, nummer).split("\n") if EINBINDUNG.match(zeile) else [zeile]
        zeilen += teil
        herkunft += [nummer] * len(teil)
    return "\n".join(zeilen), herkunft


def fence_pruefen(zaun: str, info: str, wo: str) -> None:
    """Ein Fence, der still nie liefe oder den niemand kennt: QuellenFehler. pytest-codeblocks führt nur
    ```python (und ```sh) ohne Zusatz aus; ```py, ```Python, ```python title="…", ``` python und ~~~
    überspringt es ohne ein Wort, und eine Ausgabe darunter würde nie verglichen. Der Kurs führt nur Python
    aus (auch im Browser); zeigen darf er die Sprachen in NUR_ANZEIGE. Eine vertippte (```pyhton) färbt
    die Seite nicht und läuft nicht."""
    from pygments.lexers import find_lexer_class_by_name
    from pygments.util import ClassNotFound

    sprache, _, zusatz = info.partition(" ")
    if sprache == "python" and not zusatz and zaun.startswith("`") or sprache in NUR_ANZEIGE:
        return
    if zaun.startswith("~") or info != info.lstrip():
        raise QuellenFehler(wo, f"Dieser Block läuft nie: pytest-codeblocks überspringt {zaun}{info} still. "
                            "Schreib ``` und direkt dahinter die Sprache, etwa ```python.")
    try:
        python_artig = "python" in find_lexer_class_by_name(sprache).name.lower()
    except ClassNotFound:
        python_artig = False
    if python_artig:
        raise QuellenFehler(wo, f"Dieser Block läuft nie: pytest-codeblocks führt nur Fences aus, die genau "
                            f"```python heißen, ohne Zusatz (hier ```{info}). Eine Ausgabe darunter würde nie "
                            "verglichen.")
    if not sprache:
        raise QuellenFehler(wo, "Ein Fence ohne Sprache: Schreib ```python (läuft) oder ```text (nur gezeigt). Oder "
                            "fehlt darüber die Zeile, die einen Block öffnet, und dies war sein Ende?")
    vorschlag = difflib.get_close_matches(sprache.lower(), ["python", *NUR_ANZEIGE], n=1, cutoff=0.6)
    raise QuellenFehler(wo, f"Die Sprache {sprache!r} kennt der Kurs nicht: Python läuft, zeigen kann die Seite "
                        f"{', '.join(sorted(NUR_ANZEIGE))}." + (f" Meintest du {vorschlag[0]!r}?" if vorschlag else ""))


def marken_pruefen(text: str, name: str) -> None:
    """Ein cont-Marker, auf den bis zum nächsten Marker oder zum Ende kein Stück folgt, setzt nichts
    fort (einen ohne Stück davor meldet der Parser von pytest-codeblocks): Dort fehlt ein Codeblock oder eine Einbindung (eine gelöschte
    `--8<--`-Zeile). Ein leerer Codeblock oder eine leere Datei ebenso (eine gelöschte Einbindung darin). pytest-codeblocks übergeht beides still, und
    der Fehler zeigte sich erst dort, wo ein Name aus dem fehlenden Stück gebraucht wird."""
    if not text.strip():
        raise QuellenFehler(f"{name}:1", "Die Datei ist leer: Fehlt darin eine Zeile `--8<-- \"…\"`?")
    zeilen = text.split("\n")
    offen = None  # der Zaun des offenen Fence
    for nummer, zeile in enumerate(zeilen, start=1):
        if zaun := re.match(r"^\s*(`{3,}|~{3,})(.*)$", zeile):
            if offen is None:
                offen = zaun[1]
                fence_pruefen(zaun[1], zaun[2].rstrip(), f"{name}:{nummer}")
                davor = next((z.strip() for z in reversed(zeilen[:nummer - 1]) if z.strip() and not ABSCHNITT.search(z)), "")
                if 'title="Ausgabe"' in zaun[2] and davor != "<!--pytest-codeblocks:expected-output-->":
                    raise QuellenFehler(f"{name}:{nummer}", "Diese Ausgabe würde nie verglichen: Direkt davor fehlt "
                                        "`<!--pytest-codeblocks:expected-output-->`, allein auf seiner Zeile.")
            elif zaun[1].startswith(offen) and not zaun[2].strip():
                offen = None
        if re.match(r"\s*<!--\s*pytest", zeile) and not MARKE.fullmatch(zeile.strip()):
            raise QuellenFehler(f"{name}:{nummer}", "Diesen Marker liest pytest-codeblocks nicht: Er heißt "
                                "`<!--pytest-codeblocks:cont-->` oder `<!--pytest-codeblocks:expected-output-->`, allein "
                                "auf seiner Zeile.")
        if zeile.strip() == CONT:
            folgt = next(((n, z.strip()) for n, z in enumerate(zeilen[nummer:], start=nummer + 1)
                          if z.strip() and not ABSCHNITT.search(z)), (None, ""))
            if folgt[0] is None or folgt[1] == CONT or folgt[1].startswith("<!--pytest-codeblocks:expected-output"):
                bis = f"bis zum nächsten Marker in Zeile {folgt[0]}" if folgt[0] else "bis zum Ende der Datei"
                raise QuellenFehler(f"{name}:{nummer}", f"Auf diesen Marker folgt {bis} kein Codeblock und keine "
                                    "Einbindung: Fehlt dort eine Zeile `--8<-- \"…\"`?")
        elif (m := re.match(r"^\s*(`{3,})(python|sh|bash)\s*$", zeile)) and nummer < len(zeilen) and \
                zeilen[nummer].strip() == m[1]:
            raise QuellenFehler(f"{name}:{nummer}", "Dieser Codeblock ist leer: Fehlt darin eine Zeile `--8<-- \"…\"`?")


def zuordnen(teil: list[str], einzug: str, quelle: list[str], orte: list, sonst) -> list:
    """Die Orte der eingebundenen Zeilen `teil`: wo sie in der ausgebreiteten `quelle` (mit `orte`)
    am Stück stehen; sonst jede `sonst`, die Zeile der Einbindung."""
    ohne = [z.removeprefix(einzug) for z in teil]
    for i in range(len(quelle) - len(ohne) + 1):
        if quelle[i:i + len(ohne)] == ohne:
            return orte[i:i + len(ohne)]
    return [sonst] * len(teil)


def lesen(datei: Path, name: str, text: str, herkunft: list[int], eingebunden: set[int],
          orte: list | None = None) -> list[Beispiel]:
    """Die Beispiele des ausgebreiteten `text`. `eingebunden`: Zeilen der Datei, die eine Einbindung sind;
    `orte`: je Zeile von `text` (Datei, Zeile), wo sie geschrieben steht."""
    orte = orte or [(name, h) for h in herkunft]
    bloecke = _parse(text, name, herkunft)
    # Derselbe Text ohne cont: jeder Fence ein Block für sich, mit seiner Zeile.
    einzeln = _parse(text.replace(CONT, ""), name, herkunft)
    beispiele, i = [], 0
    for block in bloecke:
        stuecke, anfang = [], 0
        while anfang < len(block.code) or not stuecke:
            teil = einzeln[i]
            i += 1
            zeile = herkunft[teil.lineno - 1]
            # Der Code steht unter dem Fence: ab der Zeile nach teil.lineno.
            code_orte = tuple(orte[teil.lineno:teil.lineno + teil.code.count("\n")])
            stuecke.append(Stueck(teil.code, None if zeile in eingebunden else zeile, anfang, code_orte))
            anfang += len(teil.code)
        if "".join(s.code for s in stuecke) != block.code:  # pragma: no cover - der Parser hat sich geändert
            raise QuellenFehler(f"{name}:{block.lineno}", "Stücke und Beispiel passen nicht zusammen.")
        beispiele.append(Beispiel(datei, block.code, block.syntax, block.expected_output, tuple(stuecke),
                                  block.lineno, block.expected_output_ignore_whitespace, block.importorskip,
                                  tuple(block.marks)))
    return beispiele


def codeblocks_main():
    """pytest_codeblocks.main, der Parser von pytest-codeblocks. Sein Paket lädt beim Import pytest (ein
    Fünftel Sekunde); `kurs.pruefen`, die Prüfung einer Lösung, braucht nur den Parser: Ohne pytest
    lädt es darum nur dieses Modul, unter seinem Namen (ein späteres `import pytest_codeblocks` nimmt es)."""
    name = "pytest_codeblocks.main"
    if name not in sys.modules:
        if "pytest" in sys.modules:
            importlib.import_module(name)
        else:
            ort = importlib.util.find_spec("pytest_codeblocks").submodule_search_locations[0]
            spec = importlib.util.spec_from_file_location(name, Path(ort) / "main.py")
            modul = importlib.util.module_from_spec(spec)
            sys.modules[name] = modul
            spec.loader.exec_module(modul)
    return sys.modules[name]


def _parse(text: str, name: str, herkunft: list[int]):
    extract_from_buffer = codeblocks_main().extract_from_buffer
    puffer = _Zeilenzaehler(text)
    try:
        return extract_from_buffer(puffer)
    except RuntimeError as exc:
        zeile = min(puffer.zeile, len(herkunft))
        if "end-of-file" in str(exc):  # gemeint ist der letzte Fence, der aufging
            zeile = max((n for n, z in enumerate(text.split("\n")[:zeile], start=1) if z.lstrip().startswith("```")),
                        default=zeile)
        zeile = herkunft[zeile - 1] if herkunft else 1
        meldung = next((m for schluessel, m in PARSER_MELDUNGEN.items() if schluessel in str(exc)), str(exc))
        raise QuellenFehler(f"{name}:{zeile}", meldung) from None
