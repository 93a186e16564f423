"""Eigener hunspell-Wrapper (kurs/rechtschreibung.py) gegen pyspelling: was jeder findet
und was er kostet, auf denselben Texten. Zahlen, kein Test.

    uv run --with pyspelling==2.13 python benchmarks/rechtschreibung.py

Beide prüfen eine Kopie des Kurses (git ls-files) mit Debians hunspell de_DE und derselben
Wortliste (tests/rechtschreibung/woerter.txt):

1. die Kopie, wie sie ist: Jeder Fund ist ein Fehlalarm, denn der Kurs ist richtig geschrieben
   (tests/test_rechtschreibung.py ist grün); dreimal, mit Wand- und CPU-Zeit (Median, samt
   Start von Python);
2. die Kopie mit gepflanzten Tippfehlern an jeder Art Stelle, die Leserinnen lesen (FANG), und
   an Stellen, die Code sind und draußen bleiben müssen (DRAUSSEN).

pyspelling bekommt die Einstellung, die ihm am nächsten kommt (PYSPELLING unten): Markdown mit
den Erweiterungen der Seite, dann HTML ohne Code; in TOML die Werte der Schlüssel; in Python
die Zeichenketten. Der Wrapper nennt Datei und Zeile, pyspelling nur die Datei.
"""

import json
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

WURZEL = Path(__file__).resolve().parent.parent

# (Art der Stelle, Datei, alt, neu): ein Tippfehler, den eine Prüfung finden muss.
FANG = [
    ("Prosa", "docs/teil-1.md", "Einzelheiten und Versionen", "Einzelheiten und Versoinen"),
    ("Tabellenzelle", "docs/teil-1.md", "Nachricht kann verloren gehen", "Nachricht kann verlohren gehen"),
    ("Titel eines Kastens", "docs/teil-1.md", "Dedup außerhalb der Transaktion", "Dedup außerhalb der Transaktoin"),
    ("Linktext", "docs/teil-1.md", "[RabbitMQ: Frist für die Bestätigung]", "[RabbitMQ: Frist für die Bestätigugn]"),
    ("Diagramm (accDescr)", "docs/teil-1.md", "Diesmal bestätigt der Konsument", "Diesmal bestätigt der Konsumnet"),
    ("README", "README.md", "Online-Kurs über zuverlässiges", "Online-Kurs über zuverläsiges"),
    ("Frage „Kurz geprüft“", "snippets/teil-2/kurz-geprueft/schritt-2.toml", "zehn Sekunden weg", "zehn Sekudnen weg"),
    ("Erklärung „Kurz geprüft“", "snippets/teil-2/kurz-geprueft/schritt-2.toml", "den Ausfall.", "den Ausfal."),
    ("Meldung (pruefung.md)", "snippets/teil-1/uebung-1/pruefung.md", "bei einer bekannten ID", "bei einer bekanten ID"),
    ("Hinweis (pruefung.md)", "snippets/teil-1/uebung-2/pruefung.md", "Mal zugestellt:", "Mal zugestelt:"),
    ("Option einer Auswahlfrage", "snippets/teil-2/uebung-3/pruefung.md", "Jedes Team betreibt", "Jedes Taem betreibt"),
    ("Meldung (fehler.toml)", "snippets/teil-2/uebung-2/fehler.toml", "erlaubte Versuch ist", "erlaubte Versuhc ist"),
    ("Satz eines Notebooks", "kurs/notebooks.py", "in die Vorlage der Übung", "in die Vorlaeg der Übung"),
]
# Ein "Tippfehler" in Code: Meldet ihn eine Prüfung, ist das ein Fehlalarm.
DRAUSSEN = [
    ("Inline-Code", "docs/teil-1.md", "`verarbeite` oben", "`verarbieten` oben"),
    ("URL", "docs/teil-1.md", "docs/confirms)", "docs/confirmz)"),
    ("Mermaid-Quelltext", "docs/teil-1.md", "unsichtbar bis zum Timeout", "unsichtbar bis zum Timeuot"),
    ("Spalte Englisch im Glossar", "docs/glossar.md", "| acknowledgement |", "| acknowledgemnet |"),
    ("SQL in einer Prüfung", "snippets/teil-1/uebung-1/pruefung.md", "punkte FROM konto WHERE", "punkte FROM kontto WHERE"),
]

# pyspelling, so nah am Wrapper wie möglich.
MARKDOWN = [
    # context_visible_first: Sichtbar ist, was außerhalb der Begrenzer steht; hier die Snippet-Zeilen.
    {"pyspelling.filters.context": {"context_visible_first": True,
                                    "delimiters": [{"open": r"^\s*--8<--", "close": "$"}]}},
    {"pyspelling.filters.markdown": {"markdown_extensions": [
        "abbr", "admonition", "attr_list", "md_in_html", "tables", "pymdownx.details",
        "pymdownx.superfences", {"pymdownx.tabbed": {"alternate_style": True}}]}},
    {"pyspelling.filters.html": {"comments": False, "ignores": ["code", "pre"]}},
    {"pyspelling.filters.url": None},
]


def toml_werte(schluessel: str, quote: str) -> list[dict]:
    return [
        # Sichtbar ist nur der Wert, darin ohne Inline-Code.
        {"pyspelling.filters.context": {"delimiters": [
            {"open": rf"^\s*(?:{schluessel})\s*=\s*{quote}", "close": rf"{quote}\s*$"}]}},
        {"pyspelling.filters.context": {"context_visible_first": True, "delimiters": [{"open": "`", "close": "`"}]}},
    ]


PYTHON = [{"pyspelling.filters.python": {"strings": True, "comments": False, "docstrings": False}}]
PYSPELLING = [
    ("seiten", ["docs/[!g]*.md", "README.md", "CONTRIBUTING.md"], MARKDOWN),  # ohne docs/glossar.md
    # Die Spalte „Englisch“ ist die zweite.
    ("glossar", ["docs/glossar.md"], MARKDOWN[:2] + [{"pyspelling.filters.html": {
        "comments": False, "ignores": ["code", "pre", "td:nth-child(2)", "th:nth-child(2)"]}}] + MARKDOWN[3:]),
    ("fragen", ["snippets/*/kurz-geprueft/*.toml"], toml_werte("frage|text|erklaerung", '"')),
    ("fehler", ["snippets/*/uebung-*/fehler.toml"], toml_werte("meldung|vorlage_meldung", "'")),
    ("pruefungen", ["snippets/*/uebung-*/pruefung.md", "snippets/uebungen/*.md"], [
        # Sichtbar sind nur die Python-Blöcke; pyspelling fügt sie mit Leerzeichen aneinander.
        {"pyspelling.filters.context": {"delimiters": [
            {"open": r"^```python$", "content": r"(?s:.*?)", "close": r"^```$"}]}}] + PYTHON),
    ("notebooks", ["kurs/notebooks.py"], PYTHON),
]


def pyspelling_einstellung(kopie: Path) -> Path:
    matrix = [{
        "name": name, "sources": quellen, "aspell": {}, "hunspell": {"d": "de_DE"},
        "dictionary": {"wordlists": [str(kopie / "tests/rechtschreibung/woerter.txt")],
                       "output": str(kopie / f".pyspelling/{name}.dic")},
        "pipeline": pipeline, "default_encoding": "utf-8",
    } for name, quellen, pipeline in PYSPELLING]
    datei = kopie / ".pyspelling.yml"
    datei.write_text(yaml.safe_dump({"spellchecker": "hunspell", "matrix": matrix}, allow_unicode=True), encoding="utf-8")
    return datei


def pyspelling(kopie: Path) -> tuple[list[tuple[str, int | None, str]], float, float]:
    """(Datei, None, Wort) je Fund; pyspelling nennt keine Zeile."""
    lauf, wand, cpu = messen([sys.executable, "-m", "pyspelling", "-c", str(pyspelling_einstellung(kopie))], kopie)
    if "Misspelled words" not in lauf.stdout and "passed" not in lauf.stdout:
        sys.exit(f"pyspelling lief nicht:\n{lauf.stdout}\n{lauf.stderr}")
    funde = set()
    for block in lauf.stdout.split("Misspelled words:\n")[1:]:
        # "<html-content> docs/teil-1.md: html>body>p" oder "<py-string> kurs/notebooks.py(182): notebook()"
        kopf, _, rest = block.partition("\n")
        m = re.match(r"<[^>]*> (?P<datei>[^:(]+)(?:\((?P<zeile>\d+)\))?", kopf)
        woerter = rest.split("-" * 80 + "\n")[1]
        funde |= {(m["datei"], int(m["zeile"]) if m["zeile"] else None, w) for w in woerter.split("\n") if w}
    return sorted(funde, key=str), wand, cpu


def eigener(kopie: Path) -> tuple[list[tuple[str, int | None, str]], float, float]:
    lauf, wand, cpu = messen([sys.executable, __file__, "--eigener", str(kopie)], WURZEL)
    if lauf.returncode:
        sys.exit(f"Der eigene Wrapper lief nicht:\n{lauf.stderr}")
    return [tuple(f) for f in json.loads(lauf.stdout)], wand, cpu


def eigener_lauf(kopie: Path) -> None:
    """Im eigenen Prozess (wie pyspelling): kurs/rechtschreibung.py auf `kopie`."""
    from kurs import rechtschreibung as r

    with tempfile.TemporaryDirectory() as ordner:
        funde = r.funde_je_datei(r.pruefe(r.texte(kopie), Path(ordner), kopie))
    print(json.dumps([(d.relative_to(kopie).as_posix(), n, w) for d, fs in funde.items() for n, w, _ in fs]))


def messen(befehl: list[str], ordner: Path) -> tuple[subprocess.CompletedProcess, float, float]:
    vorher, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    lauf = subprocess.run(befehl, cwd=ordner, capture_output=True, text=True, encoding="utf-8")
    wand, nachher = time.perf_counter() - start, resource.getrusage(resource.RUSAGE_CHILDREN)
    return lauf, wand, (nachher.ru_utime - vorher.ru_utime) + (nachher.ru_stime - vorher.ru_stime)


def kopieren(ziel: Path) -> Path:
    dateien = subprocess.run(["git", "ls-files"], cwd=WURZEL, capture_output=True, text=True, check=True).stdout.split()
    for name in dateien:
        if (WURZEL / name).is_file():
            (ziel / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(WURZEL / name, ziel / name)
    return ziel


def pflanzen(kopie: Path, stellen) -> list[tuple[str, str, int, str]]:
    """Setzt jeden Tippfehler ein; (Art, Datei, Zeile, falsches Wort)."""
    gepflanzt = []
    for art, name, alt, neu in stellen:
        datei = kopie / name
        text = datei.read_text(encoding="utf-8")
        if text.count(alt) != 1:
            sys.exit(f"{name}: {alt!r} steht nicht genau einmal da; passe FANG/DRAUSSEN an.")
        text = text.replace(alt, neu)
        datei.write_text(text, encoding="utf-8")
        wort = next(n for a, n in zip(re.findall(r"\w+", alt), re.findall(r"\w+", neu), strict=True) if a != n)
        gepflanzt.append((art, name, text[:text.index(neu)].count("\n") + 1, wort))
    return gepflanzt


def gefunden(funde, name: str, zeile: int, wort: str) -> str:
    treffer = [n for d, n, w in funde if d == name and re.search(rf"(?<!\w){wort}(?!\w)", w)]
    if not treffer:
        return "–"
    return "ja, Zeile richtig" if zeile in treffer else "ja, ohne Zeile" if None in treffer else f"ja, Zeile {treffer}"


def main() -> None:
    try:
        import pyspelling as _  # noqa: F401
    except ImportError:
        sys.exit("pyspelling fehlt. Starte so: uv run --with pyspelling==2.13 python benchmarks/rechtschreibung.py")
    with tempfile.TemporaryDirectory(prefix="kurs-rechtschreibung-") as ordner:
        kopie = kopieren(Path(ordner) / "kurs")
        print("1. Der Kurs, wie er ist (jeder Fund ist ein Fehlalarm), je 3 Läufe, Median:\n")
        zeiten, sauber = {}, {}
        for name, pruefung in (("eigener Wrapper", eigener), ("pyspelling 2.13", pyspelling)):
            laeufe = [pruefung(kopie) for _ in range(3)]
            sauber[name] = laeufe[0][0]
            zeiten[name] = (statistics.median(x[1] for x in laeufe), statistics.median(x[2] for x in laeufe))
        print(f"{'':28}{'eigener Wrapper':>18}{'pyspelling 2.13':>18}")
        print(f"{'Funde (alle falsch)':28}" + "".join(f"{len(sauber[n]):>18}" for n in sauber))
        print(f"{'Wandzeit':28}" + "".join(f"{zeiten[n][0]:>16.2f} s" for n in zeiten))
        print(f"{'CPU-Zeit':28}" + "".join(f"{zeiten[n][1]:>16.2f} s" for n in zeiten))
        je_art = {}
        for d, _, w in sauber["pyspelling 2.13"]:
            je_art.setdefault(d.split("/")[0] if not d.startswith("snippets") else d.rsplit("/", 1)[-1], []).append(w)
        print("\nFehlalarme von pyspelling je Art Datei (Beispiele):")
        for art, woerter in sorted(je_art.items()):
            print(f"  {art}: {len(woerter)}, z. B. {', '.join(sorted(set(woerter))[:12])}")

        print("\n2. Gepflanzte Tippfehler:\n")
        fang, draussen = pflanzen(kopie, FANG), pflanzen(kopie, DRAUSSEN)
        funde = {"eigener Wrapper": eigener(kopie)[0], "pyspelling 2.13": pyspelling(kopie)[0]}
        print(f"{'Stelle':34}{'Datei:Zeile':50}{'eigener Wrapper':>20}{'pyspelling 2.13':>20}")
        for titel, liste in (("muss gefunden werden", fang), ("ist Code, muss draußen bleiben", draussen)):
            print(f"-- {titel}")
            for art, name, zeile, wort in liste:
                print(f"{art:34}{name + ':' + str(zeile):50}"
                      + "".join(f"{gefunden(f, name, zeile, wort):>20}" for f in funde.values()))
        for name, f in funde.items():
            treffer = sum(gefunden(f, d, z, w) != "–" for _, d, z, w in fang)
            alarme = sum(gefunden(f, d, z, w) != "–" for _, d, z, w in draussen)
            print(f"{name}: {treffer} von {len(fang)} gefunden, {alarme} von {len(draussen)} Code-Stellen gemeldet")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--eigener"]:
        eigener_lauf(Path(sys.argv[2]))
    else:
        main()
