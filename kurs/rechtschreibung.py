"""Rechtschreibung von allem, was Leserinnen lesen: Debians hunspell mit dem deutschen
Wörterbuch (Pakete hunspell, hunspell-de-de) und der Wortliste des Kurses.

Geprüft werden
- die Seiten (docs/*.md), README.md und CONTRIBUTING.md: die Prosa. Code, Inline-Code, URLs,
  HTML-Kommentare, Snippet-Zeilen und Mermaid-Quelltext bleiben draußen; von einem Diagramm
  zählen accTitle und accDescr, die Screenreader vorlesen. Eine Tabellenspalte "Englisch"
  (Glossar) ist absichtlich Englisch und bleibt auch draußen;
- die Fragen „Kurz geprüft“ (snippets/teil-N/kurz-geprueft/*.toml): frage, text, erklaerung;
- die Meldungen der Übungsprüfungen: in pruefung.md und snippets/uebungen/ jede Zeichenkette
  mit Leerzeichen (Meldungen, Hinweise, Optionen einer Auswahlfrage) außer SQL und Docstrings,
  dazu die Namen der Szenarien; Namen aus dem Code darin bleiben draußen. In fehler.toml
  meldung und vorlage_meldung;
- der Text der Übungs-Notebooks. Er kommt aus den Seiten und den Optionen der Auswahlfragen,
  dazu aus den Sätzen, die kurs/notebooks.py selbst schreibt.

Jeder Fund nennt `pfad:zeile`, wie ein Compiler: Editor und Terminal springen dorthin.
Die Tests stehen in tests/test_rechtschreibung.py.

Warum eigener Code und nicht pyspelling 2.13 (hunspell mit Markdown- und HTML-Filtern):
benchmarks/rechtschreibung.py prüft beide auf denselben Texten mit derselben Wortliste. Auf dem
Kurs, wie er ist, meldet pyspelling 365 Wörter, die alle richtig sind: Teile von Wendungen der
Wortliste ("Dead", "Sub"; pyspelling kennt nur einzelne Wörter), Namen aus dem Code in Meldungen
("verarbeite", "None"), SQL. Von 13 gepflanzten Tippfehlern findet es 12 (nicht im accDescr eines
Diagramms, das es mit dem Code verwirft), nennt aber keine Zeile, außer in Python-Zeichenketten,
und dort die falsche, sobald die Python-Blöcke aus dem Markdown geschnitten sind. Es braucht
33 bis 35 s CPU statt 0,8 bis 0,9 s: Es startet für jede Zeichenkette einen eigenen hunspell. Dieser Code
findet alle 13, jeden mit Zeile und Vorschlägen, ohne Fehlalarm.
"""

import ast
import builtins
import importlib.util
import re
import shutil
import subprocess
import tomllib
from pathlib import Path

from kurs.modell import WURZEL, Kurs

WORTLISTE = WURZEL / "tests" / "rechtschreibung" / "woerter.txt"
FRAGE = ("frage", "text", "erklaerung")  # „Kurz geprüft“
MELDUNG = ("meldung", "vorlage_meldung")  # fehler.toml
HINWEIS = ("text",)  # hinweise.toml
SZENARIO = ("S",)  # so heißt in den Prüfungen der Name des Szenarios, mit dem jede Meldung beginnt


def texte(wurzel: Path = WURZEL) -> list[Path]:
    """Jede Datei mit Text, den Leserinnen lesen."""
    snippets = wurzel / "snippets"
    return [
        *sorted((wurzel / "docs").glob("*.md")), wurzel / "README.md", wurzel / "CONTRIBUTING.md",
        *sorted((wurzel / "beitragen").glob("*.md")), wurzel / "kurs" / "README.md",
        *sorted(snippets.glob("*/kurz-geprueft/*.toml")), *sorted(snippets.glob("*/uebung-*/hinweise.toml")),
        *sorted(snippets.glob("*/uebung-*/pruefung.md")), *sorted(snippets.glob("uebungen/*.md")),
        *sorted(snippets.glob("*/uebung-*/fehler.toml")),
        wurzel / "kurs" / "notebooks.py",
    ]


def lesetext(datei: Path, wurzel: Path = WURZEL) -> list[str]:
    """Was Leserinnen von `datei` lesen, als Zeilen der Datei: Alles andere wird zu Leerzeichen."""
    text = datei.read_text(encoding="utf-8")
    pfad = datei.relative_to(wurzel).as_posix()
    if "/kurz-geprueft/" in pfad:  # Die Seite zeigt `…` als Code, wie in Markdown.
        return prosa("\n".join(toml_texte(text, FRAGE, pfad)))
    if datei.name == "hinweise.toml":  # Die Seite zeigt `…` als Code, wie in Markdown.
        return prosa("\n".join(toml_texte(text, HINWEIS, pfad)))
    if datei.suffix == ".toml":
        return ohne_code(prosa("\n".join(toml_texte(text, MELDUNG, pfad))), code_namen(datei.parent, wurzel))
    if pfad.startswith("snippets/"):
        return ohne_code(prosa("\n".join(meldungen(text, pfad))), code_namen(datei.parent, wurzel))
    if datei.suffix == ".py":
        return prosa("\n".join(notebook_saetze(datei, wurzel)))
    return prosa(text)


# --- Seiten: Markdown ------------------------------------------------------

# Ein Zaun aus Backticks hat keinen Backtick dahinter (CommonMark): "```` ```py ````, …" ist Inline-Code.
FENCE = re.compile(r"^\s*(`{3,}(?=[^`]*$)|~{3,})")
MERMAID_TEXT = re.compile(r"^\s*acc(?:Title|Descr)\s*:(.*)$")
ERSETZUNGEN = [
    (re.compile(r"<!--.*?-->", re.S), ""),  # HTML-Kommentare, auch mehrzeilig (Quiz-Marker)
    # Inline-Code wird zum Wort "Code": So bleibt "`with con:`-Block" ein prüfbares "Code-Block".
    (re.compile(r"(`+).+?\1"), "Code"),
    (re.compile(r"\]\([^)]*\)"), "] "),  # Linkziel: [Text](ziel) behält nur den Text
    (re.compile(r"<https?://[^>]*>|https?://\S+"), " "),  # URLs
    (re.compile(r"</?[a-zA-Z][^>]*>"), " "),  # HTML-Tags
    (re.compile(r"^\s*(!!!|\?\?\?\+?)\s+\w+", re.M), " "),  # Admonition-Typ (warning, info …), nicht der Titel
    (re.compile(r"\{[:#.][^}]*\}"), " "),  # attr_list: { #anker .klasse }
    (re.compile(r"\S*\d\S*"), " "),  # Wörter mit Ziffern: crc32, sqlite3, 4990
    (re.compile(r"\S+\.[a-z]{2,}\S*"), " "),  # Domains und Namen mit Punkt: microservices.io
    (re.compile(r"\|"), " "),  # Tabellenspalten
    (re.compile(r"(?<!\S)[-.]+(?!\S)"), " "),  # Listenpunkte, |---|, Gedankenstriche
]


def prosa(markdown: str) -> list[str]:
    """Die Zeilen des Textes ohne Code & Co.; die Zeilennummern bleiben gleich."""
    zeilen, zaun, mermaid, spalten = [], None, False, None
    for zeile in markdown.split("\n"):
        m = FENCE.match(zeile)
        if zaun is None and m:
            zaun, mermaid = m[1], zeile.strip()[len(m[1]):].strip() == "mermaid"
            zeilen.append("")
        elif zaun is not None:
            if m and m[1].startswith(zaun) and not zeile.strip().strip(zaun[0]):
                zaun = None
            # accTitle und accDescr lesen Screenreader vor: Das ist Prosa, der Rest des Diagramms nicht.
            zeilen.append(a[1] if mermaid and (a := MERMAID_TEXT.match(zeile)) else "")
        elif "--8<--" in zeile:
            zeilen.append("")
        elif zeile.startswith("|"):
            zellen = zeile.split("|")
            if spalten is None:  # Kopfzeile einer neuen Tabelle
                spalten = [z.strip() for z in zellen]
            # Die Spalte "Englisch" (Glossar) ist absichtlich Englisch.
            if "Englisch" in spalten and len(zellen) > spalten.index("Englisch"):
                zellen[spalten.index("Englisch")] = " "
            zeilen.append("|".join(zellen))
        else:
            spalten = None
            zeilen.append(zeile)
    text = "\n".join(zeilen)
    for muster, ersatz in ERSETZUNGEN:
        # Mehrzeilige Treffer (Kommentare) ersetzt durch ebenso viele Zeilenumbrüche.
        text = muster.sub(lambda t, ersatz=ersatz: ersatz + "\n" * t[0].count("\n"), text)
    return text.split("\n")


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


# --- hunspell ---------------------------------------------------------------


def woerter_der_liste(wurzel: Path = WURZEL) -> list[str]:
    zeilen = (wurzel / WORTLISTE.relative_to(WURZEL)).read_text(encoding="utf-8").splitlines()
    return [z.strip() for z in zeilen if z.strip() and not z.lstrip().startswith("#")]


def ist_wendung(eintrag: str) -> bool:
    return bool(re.search(r"[^\w-]", eintrag))


def fundstellen(eintrag: str) -> re.Pattern:
    """Der Eintrag als ganzes Wort; eine Wendung auch über einen Zeilenumbruch und in
    jeder Groß- und Kleinschreibung ("Exactly once" am Satzanfang, "exactly once" im Satz)."""
    muster = r"(?<!\w)" + r"\s+".join(map(re.escape, eintrag.split())) + r"(?!\w)"
    return re.compile(muster, re.I if ist_wendung(eintrag) else 0)


def hunspell_fehlt() -> bool:
    return not shutil.which("hunspell") or not Path("/usr/share/hunspell/de_DE.dic").is_file()


def ohne_wendungen(zeilen: list[str], wortliste: list[str]) -> list[str]:
    """Einträge mit Leerzeichen, "/" oder "." ("Dead Letter", "Pub/Sub") sind Wendungen:
    Sie gelten nur als Ganzes, damit nicht "Dead" oder "for" allein als richtig durchgeht.
    Eine Wendung darf über einen Zeilenumbruch gehen; sie wird zu einem bekannten Wort
    ("Pub/Sub-Modell" wird "Begriff-Modell"), die Zeilen bleiben gezählt."""
    text = "\n".join(zeilen)
    for wendung in (w for w in wortliste if ist_wendung(w)):
        text = fundstellen(wendung).sub(lambda t: "Begriff" + "\n" * t[0].count("\n"), text)
    return text.split("\n")


def unbekannte_woerter(zeilen: list[str], wortliste: list[str], tmp_path: Path) -> list[tuple[int, str, str]]:
    """(Zeile, Wort, Vorschläge) für jedes Wort, das hunspell nicht kennt."""
    return auswerten(starte_hunspell(ohne_wendungen(zeilen, wortliste), wortliste, tmp_path))


def starte_hunspell(zeilen: list[str], wortliste: list[str], ordner: Path) -> subprocess.Popen:
    """hunspell im Pipe-Modus für `zeilen`, als eigener Prozess; `auswerten` liest die Antwort."""
    nummer = len(list(ordner.glob("*.dic")))  # mehrere Läufe im selben Ordner
    persoenlich = ordner / f"{nummer}.dic"
    persoenlich.write_text("".join(f"{w}\n" for w in wortliste if not ist_wendung(w)), encoding="utf-8")
    # -a: Pipe-Modus, eine Antwort je Wort, eine Leerzeile je Eingabezeile.
    # "^" vor jeder Zeile: Sie ist Text, nie ein Befehl an hunspell. Die Eingabe kommt aus
    # einer Datei: So prüft hunspell sofort, auch wenn der Test ihn erst später liest.
    eingabe = ordner / f"{nummer}.txt"
    eingabe.write_text("".join(f"^{z}\n" for z in zeilen), encoding="utf-8")
    with eingabe.open(encoding="utf-8") as stdin:
        return subprocess.Popen(
            ["hunspell", "-d", "de_DE", "-p", str(persoenlich), "-i", "utf-8", "-a"],
            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
        )


def auswerten(lauf: subprocess.Popen) -> list[tuple[int, str, str]]:
    ausgabe, fehler = lauf.communicate(timeout=60)
    assert lauf.returncode == 0 and "Can't open" not in fehler, (
        f"hunspell läuft nicht: {fehler.strip()}\n"
        "Fehlt das deutsche Wörterbuch? sudo apt-get install hunspell-de-de"
    )
    funde, nummer = [], 1
    for antwort in ausgabe.split("\n")[1:]:  # Zeile 1: Versionskopf
        if not antwort:
            nummer += 1
        elif antwort[0] in "&#":
            kopf, _, vorschlaege = antwort.partition(": ")
            funde.append((nummer, kopf.split()[1], vorschlaege))
    return funde


def pruefe(dateien: list[Path], ordner: Path, wurzel: Path = WURZEL) -> subprocess.Popen:
    """Ein hunspell für alle `dateien` (einer startet schneller als viele); `funde_je_datei` liest ihn."""
    wortliste, zeilen = woerter_der_liste(wurzel), []
    for datei in dateien:
        zeilen += ohne_wendungen(lesetext(datei, wurzel), wortliste)
    lauf = starte_hunspell(zeilen, wortliste, ordner)
    lauf.dateien = dateien
    lauf.wurzel = wurzel
    return lauf


def funde_je_datei(lauf: subprocess.Popen) -> dict[Path, list[tuple[int, str, str]]]:
    """Datei -> (Zeile in der Datei, Wort, Vorschläge) aus dem gemeinsamen Lauf."""
    funde, ende, grenzen = auswerten(lauf), 0, []
    for datei in lauf.dateien:
        anzahl = len(datei.read_text(encoding="utf-8").split("\n"))
        grenzen.append((datei, ende, ende + anzahl))
        ende += anzahl
    return {datei: [(n - anfang, w, v) for n, w, v in funde if anfang < n <= ende] for datei, anfang, ende in grenzen}


def fehlerbericht(funde: list[tuple[str, int, str, str]]) -> str:
    """Eine Zeile je Fund: `pfad:zeile: 'Wort' (Vorschläge: …)`."""
    zeilen = [f"{pfad}:{n}: {wort!r}" + (f" (Vorschläge: {v})" if v else "") for pfad, n, wort, v in funde]
    return (
        "hunspell kennt diese Wörter nicht:\n  " + "\n  ".join(zeilen) + "\n"
        "Korrigiere die Schreibweise. Ist es ein echter Fachbegriff, trag ihn in "
        f"{WORTLISTE.relative_to(WURZEL)} ein (ein Wort pro Zeile)."
    )
