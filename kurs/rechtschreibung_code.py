"""Was Leserinnen aus Code und Daten lesen (kurs/rechtschreibung.py): die Texte in TOML („Kurz
geprüft“, fehler.toml, hinweise.toml), die Meldungen in Python (Prüfungen, kurs/lauf.py, die Seite
bauender Code) und die Sätze, die kurs/notebooks.py in die Notebooks schreibt. Jeder Text bleibt auf
seiner Zeile, der Rest wird leer: So nennt jeder Fund `pfad:zeile`."""

import ast
import builtins
import functools
import importlib.util
import keyword
import re
import tomllib
from pathlib import Path

from kurs.modell import Kurs

SZENARIO = ("S",)  # so heißt in den Prüfungen der Name des Szenarios, mit dem jede Meldung beginnt


# --- „Kurz geprüft“ und fehler.toml: Texte in TOML ----------------------------


def toml_texte(text: str, schluessel: tuple[str, ...], pfad: str) -> list[str]:
    """Die Werte der Schlüssel `schluessel`, jeder auf seiner Zeile, der Rest leer."""
    quelle = text.split("\n")
    zeilen, gelesen, i = [""] * len(quelle), 0, 0
    while i < len(quelle):
        m = re.match(r"\s*([\w.]+)\s*=\s*(.*)$", quelle[i])
        if m and m[1].split(".")[-1] in schluessel:
            wert, gelesen = m[2], gelesen + 1
            if wert[:3] in ('"""', "'''"):  # mehrzeilig: jede Zeile für sich
                rest, ende = wert[3:], wert[:3]
                while ende not in rest and i + 1 < len(quelle):
                    zeilen[i], i = rest, i + 1
                    rest = quelle[i]
                zeilen[i] = rest.split(ende)[0]
            else:
                try:
                    zeilen[i] = str(tomllib.loads(f"x = {wert}")["x"])
                except tomllib.TOMLDecodeError:
                    pass  # kein gültiges TOML: das meldet der Test des Kursmodells, hier fehlt dann ein Text
        i += 1
    # Jeder Text muss so gelesen sein. Steht einer anders da (Inline-Tabelle, Liste), ginge er ungeprüft durch.
    try:
        erwartet = _anzahl(tomllib.loads(text), schluessel)
    except tomllib.TOMLDecodeError:
        erwartet = gelesen
    assert gelesen == erwartet, (
        f"{pfad}: {erwartet} Texte ({', '.join(schluessel)}), die Rechtschreibprüfung findet {gelesen}. "
        f'Schreib jeden als eigene Zeile `{schluessel[0]} = "…"`, dann prüft sie ihn.'
    )
    return zeilen


def _anzahl(daten, schluessel) -> int:
    if isinstance(daten, dict):
        return sum((k in schluessel and isinstance(v, str)) + _anzahl(v, schluessel) for k, v in daten.items())
    if isinstance(daten, list):
        return sum(_anzahl(v, schluessel) for v in daten)
    return 0


# --- Prüfungen: die Meldungen im Python-Code ------------------------------


def python_bloecke(markdown: str) -> list[tuple[int, list[str]]]:
    """(Zeile vor dem Block, Zeilen des Blocks) für jeden ```python-Block."""
    bloecke, anfang = [], None
    quelle = markdown.split("\n")
    for i, zeile in enumerate(quelle):
        if anfang is None and zeile.strip() == "```python":
            anfang = i + 1
        elif anfang is not None and zeile.strip() == "```":
            bloecke.append((anfang, quelle[anfang:i]))
            anfang = None
    return bloecke


def meldungen(markdown: str, pfad: str) -> list[str]:
    """Die Meldungen der Python-Blöcke von `markdown`, jede auf ihrer Zeile, der Rest leer."""
    zeilen = [""] * len(markdown.split("\n"))
    for anfang, code in python_bloecke(markdown):
        try:
            baum = ast.parse("\n".join(code))
        except SyntaxError as fehler:
            raise AssertionError(f"{pfad}:{anfang + (fehler.lineno or 1)}: Dieser Python-Block ist kein gültiges "
                                 f"Python ({fehler.msg}); so liest die Rechtschreibprüfung seine Meldungen nicht.") from None
        for k in meldungsknoten(baum):
            for nummer, text in literal_texte(k, code):
                zeilen[anfang + nummer - 1] += " " + text
    return zeilen


SQL = re.compile(r"\s*(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA)\b")


def meldungsknoten(baum: ast.AST) -> list[ast.AST]:
    """Die Zeichenketten, die Leserinnen lesen: jede mit Leerzeichen darin (Meldungen, Hinweise,
    Optionen einer Auswahlfrage) außer SQL und Docstrings, dazu der Name des Szenarios (S = "Duplikat").
    Namen, Schlüssel und Testdaten ("kunde-A") sind Code."""
    szenarien = [k.value for k in ast.walk(baum) if isinstance(k, ast.Assign)
                 and any(isinstance(z, ast.Name) and z.id in SZENARIO for z in k.targets)]
    gefunden = {id(z): z for k in szenarien for z in zeichenketten(k)}
    docstrings = {id(k.value) for k in ast.walk(baum) if isinstance(k, ast.Expr)}
    in_f_strings = {id(t) for k in ast.walk(baum) if isinstance(k, ast.JoinedStr) for t in ast.walk(k) if t is not k}
    for k in ast.walk(baum):
        stuecke = [k.value] if isinstance(k, ast.Constant) and isinstance(k.value, str) else [
            t.value for t in k.values if isinstance(t, ast.Constant)] if isinstance(k, ast.JoinedStr) else []
        if (any(" " in s.strip() for s in stuecke) and not SQL.match(stuecke[0])
                and id(k) not in docstrings | in_f_strings):
            gefunden.setdefault(id(k), k)
    return sorted(gefunden.values(), key=lambda k: (k.lineno, k.col_offset))


def zeichenketten(k: ast.AST) -> list[ast.AST]:
    """Die Zeichenketten, die `k` als Text ergibt: nicht Schlüssel, Indizes oder Argumente darin."""
    if isinstance(k, ast.JoinedStr) or isinstance(k, ast.Constant) and isinstance(k.value, str):
        return [k]
    if isinstance(k, ast.BinOp):
        return zeichenketten(k.left) + zeichenketten(k.right)
    if isinstance(k, ast.Dict):
        return [z for v in k.values for z in zeichenketten(v)]
    if isinstance(k, ast.Tuple | ast.List):
        return [z for v in k.elts for z in zeichenketten(v)]
    return []


# Ein Zeichenkettenliteral in einer Zeile Python.
LITERAL = re.compile(r"""[rRbBuUfF]{0,2}(?P<q>"|')(?P<inhalt>(?:\\.|(?!(?P=q)).)*)(?P=q)""")


def literal_texte(k: ast.AST, code: list[str]) -> list[tuple[int, str]]:
    """(Zeile, Text) der Literale, aus denen die Zeichenkette `k` im Quelltext besteht; in einem
    f-String werden die Platzhalter {…} zu Leerzeichen."""
    ergebnis = []
    for nummer in range(k.lineno, k.end_lineno + 1):
        zeile = code[nummer - 1]
        stueck = zeile[k.col_offset if nummer == k.lineno else 0:k.end_col_offset if nummer == k.end_lineno else None]
        if k.lineno < k.end_lineno and isinstance(k, ast.Constant) and re.match(r"[rRuU]?(\"{3}|'{3})", stueck):
            # Ein mehrzeiliges Literal: Zeile für Zeile sein Wert.
            return [(k.lineno + n, teil) for n, teil in enumerate(k.value.split("\n"))]
        for m in LITERAL.finditer(stueck):
            inhalt = re.sub(r"\{[^{}]*\}", " ", m["inhalt"]) if isinstance(k, ast.JoinedStr) else m["inhalt"]
            ergebnis.append((nummer, re.sub(r"\\[nt]", " ", inhalt).replace("\\", "")))
    return ergebnis


def code_namen(ordner: Path, wurzel: Path) -> set[str]:
    """Die Namen im Code einer Übung (ihr Ordner und snippets/uebungen/): Variablen, Funktionen,
    Attribute, Wörter aus SQL und Schlüsseln, Pythons eingebaute Namen. Nennt eine Meldung sie
    ("verarbeite soll … True zurückgeben"), ist das Code, kein Wort."""
    namen = set(dir(builtins))
    for datei in [*ordner.glob("*.md"), *(wurzel / "snippets" / "uebungen").glob("*.md")]:
        for _, code in python_bloecke(datei.read_text(encoding="utf-8")):
            try:
                baum = ast.parse("\n".join(code))
            except SyntaxError:
                continue  # meldet meldungen() mit Datei und Zeile
            # Texte sind Meldungen und Docstrings, der Rest ist Code: Namen, SQL, Schlüssel, Testdaten.
            text = {id(t) for k in meldungsknoten(baum) for t in ast.walk(k)}
            text |= {id(k.value) for k in ast.walk(baum) if isinstance(k, ast.Expr)}
            for k in ast.walk(baum):
                namen.update(getattr(k, feld) for feld in ("id", "arg", "attr", "name")
                             if isinstance(getattr(k, feld, None), str))
                if isinstance(k, ast.Constant) and isinstance(k.value, str) and id(k) not in text:
                    # "kunde-A" und die Namen im SQL, nicht der Text seiner Literale ('Absturz …')
                    namen.update([k.value, *re.findall(r"[A-Za-z_]\w*", re.sub(r"'[^']*'", "", k.value))])
    return namen


@functools.cache
def alle_code_namen(wurzel: Path) -> frozenset[str]:
    """Die Namen im Code aller Snippets (code_namen je Ordner): Ein Diagramm nennt sie ohne `…`."""
    ordner = {d.parent for d in (wurzel / "snippets").rglob("*.md")}
    return frozenset().union(*(code_namen(o, wurzel) for o in sorted(ordner)))


# Ein Wort mit Code darin: receive(), q.ack(m['id']), max_versuche, >=; nicht "(ohne" in Klammern.
CODEWORT = re.compile(r"\S*(?:\w\(|\w\.\w|[\[\]=_<>{}])\S*")


def ohne_code(zeilen: list[str], namen: set[str]) -> list[str]:
    """Meldungen nennen Code ohne `…`: Wörter mit Klammern oder _ und Namen aus dem Code fallen weg."""
    ergebnis = []
    for zeile in zeilen:
        zeile = CODEWORT.sub(" ", re.sub(r"\((?:e|en|n|s)\)", "", zeile))  # Versuch(en) wird Versuch
        ergebnis.append(" ".join(w for w in zeile.split() if w.strip(".,;:!?\"'()") not in namen))
    return ergebnis


# --- Notebooks: die Sätze, die kurs/notebooks.py selbst schreibt ----------------


def notebook_saetze(datei: Path, wurzel: Path) -> list[str]:
    """Die Zeichenketten von kurs/notebooks.py, die in einer Markdown-Zelle der gebauten Notebooks
    stehen, auf ihren Zeilen. Den Rest des Notebooks (Seiten, Auswahlfragen) prüfen deren Quellen."""
    spec = importlib.util.spec_from_file_location("kurs_notebooks_rechtschreibung", datei)
    notebooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(notebooks)  # genau diese Datei, auch in einer Kopie des Kurses
    gebaut = "\n".join(z["source"] for nb in notebooks.alle(Kurs(wurzel)).values()
                       for z in nb["cells"] if z["cell_type"] == "markdown")
    code = datei.read_text(encoding="utf-8").split("\n")
    baum = ast.parse("\n".join(code))
    teile = {id(t) for k in ast.walk(baum) if isinstance(k, ast.JoinedStr) for t in k.values}
    zeilen = [""] * len(code)
    for k in ast.walk(baum):
        if id(k) in teile or not zeichenketten(k) == [k]:
            continue
        stuecke = [k.value] if isinstance(k, ast.Constant) else [t.value for t in k.values if isinstance(t, ast.Constant)]
        if any(" " in s.strip() and s.strip() in gebaut for s in stuecke):
            for nummer, text in literal_texte(k, code):
                zeilen[nummer - 1] += " " + text
    return zeilen


# --- Code, dessen Texte Leserinnen sehen: kurs/lauf.py, kurs/seite/, Skripte, Vorlagen ------------

HTML_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
# Was in einer Vorlage kein Text ist: Jinja, Skripte und Stile, je so viele Zeilen, wie es hatte.
VORLAGE_CODE = re.compile(r"\{%.*?%\}|\{\{.*?\}\}|\{#.*?#\}|<script\b.*?</script>|<style\b.*?</style>", re.S)
JS_TEXT = re.compile(r"""(?P<q>["'`])(?P<inhalt>(?:\\.|(?!(?P=q))[^\n])*)(?P=q)""")


# Kein Wort: Inline-Code, Klassen und IDs (md-button), Pfade, Einheiten, die Art eines Kastens.
KEIN_WORT = re.compile(r"`[^`]*`|(?<!\S)[a-z]+(?:-+[a-z]+)+(?!\S)|\S*/\S*|\b\d*px\b|(?:\?\?\?|!!!)\+? \w+|(?<!\S)[-–]+(?!\S)")


def _text_oder_leer(text: str) -> str:
    """Ein Text für Leserinnen: ohne HTML-Tags, Platzhalter und Code; leer, wenn darin kein Satz steht
    (ein Satz hat ein großgeschriebenes Wort: "use strict" und "quiz kurz" sind Code)."""
    text = KEIN_WORT.sub(" ", HTML_TAG.sub(" ", re.sub(r"\$\{[^}]*\}|\{[^{}]*\}", " ", text)))
    return text if re.search(r"[A-ZÄÖÜ][a-zäöüß]+", text) and re.search(r"\w{3,} \w", text) else ""


def python_texte(datei: Path) -> list[str]:
    """Die Zeichenketten eines Moduls, die Leserinnen sehen: mit Leerzeichen, nicht roh (r"…": Muster),
    keine Docstrings; HTML-Tags und Platzhalter darin werden zu Leerzeichen."""
    code = datei.read_text(encoding="utf-8").split("\n")
    baum = ast.parse("\n".join(code))
    docstrings = {id(k.value) for k in ast.walk(baum) if isinstance(k, ast.Expr)}
    # Verglichen wird mit Text von anderen (MkDocs' Meldungen): das ist Code.
    docstrings |= {id(o) for k in ast.walk(baum) if isinstance(k, ast.Compare) for o in [k.left, *k.comparators]}
    zeilen = [""] * len(code)
    for k in meldungsknoten(baum):
        if id(k) in docstrings or re.match(r"[rR]", code[k.lineno - 1][k.col_offset:]):
            continue
        for nummer, text in literal_texte(k, code):
            zeilen[nummer - 1] += " " + _text_oder_leer(text)
    namen = {getattr(k, f) for k in ast.walk(baum) for f in ("id", "attr", "name", "arg")
             if isinstance(getattr(k, f, None), str)} | set(dir(builtins)) | set(keyword.kwlist)
    return ohne_code(zeilen, namen)


def skript_texte(datei: Path) -> list[str]:
    """Die Zeichenketten eines Skripts (JavaScript), die Sätze sind: Meldungen und Beschriftungen."""
    zeilen = []
    for zeile in datei.read_text(encoding="utf-8").split("\n"):
        code = zeile.split("//")[0] if "//" in zeile and "://" not in zeile else zeile
        # Ein Schlüssel ("Control character": "Steuerzeichen", CodeMirrors Texte) ist Englisch, sein Wert nicht.
        zeilen.append(" ".join(_text_oder_leer(m["inhalt"]) for m in JS_TEXT.finditer(code)
                               if not re.match(r"\s*:", code[m.end():])))
    return ohne_code(zeilen, set())


def vorlage_texte(datei: Path) -> list[str]:
    """Der Text einer Vorlage (overrides/): ohne Jinja, Skripte und Stile, Attribute zum Vorlesen bleiben."""
    text = VORLAGE_CODE.sub(lambda m: "\n" * m[0].count("\n"), datei.read_text(encoding="utf-8"))
    text = re.sub(r'(?:aria-label|title|alt|placeholder)="([^"]*)"', r"> \1 <", text)
    return [HTML_TAG.sub(" ", z) for z in text.split("\n")]


def aufzeichnung_texte(datei: Path) -> list[str]:
    """kurs/aufzeichnung.py: die Sätze wie python_texte, dazu die Beschriftungen der Zeichnung, die
    einzelne Wörter sind (Teilnehmer wie "Konsument", f"Gruppe {gruppe}"); Namen aus dem Code nicht."""
    zeilen = python_texte(datei)
    baum = ast.parse(datei.read_text(encoding="utf-8"))
    docstrings = {id(k.value) for k in ast.walk(baum) if isinstance(k, ast.Expr)}
    for k in ast.walk(baum):
        if isinstance(k, ast.Constant) and isinstance(k.value, str) and id(k) not in docstrings \
                and " " not in k.value.strip():
            zeilen[k.lineno - 1] += " " + " ".join(re.findall(r"\b[A-ZÄÖÜ][a-zäöüß]{2,}\b", k.value))
    namen = {getattr(k, f) for k in ast.walk(baum) for f in ("id", "attr", "name", "arg")
             if isinstance(getattr(k, f, None), str)}
    return ohne_code(zeilen, namen)

