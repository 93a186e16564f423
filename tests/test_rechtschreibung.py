"""Rechtschreibung der Prosa: Debians hunspell mit dem deutschen Wörterbuch
(Pakete hunspell, hunspell-de-de) und der Wortliste des Kurses.

Geprüft wird nur, was Leserinnen als Text lesen. Code, Inline-Code, URLs,
HTML-Kommentare, Snippet-Zeilen und Mermaid-Quelltext bleiben draußen; von einem
Diagramm zählen accTitle und accDescr, die Screenreader vorlesen. Eine Tabellenspalte
"Englisch" (Glossar) ist absichtlich Englisch und bleibt auch draußen.
"""

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
import werkzeuge

from kurs.modell import WURZEL

WORTLISTE = WURZEL / "tests" / "rechtschreibung" / "woerter.txt"
TEXTE = sorted((WURZEL / "docs").glob("*.md")) + [WURZEL / "README.md", WURZEL / "CONTRIBUTING.md",
                                                   WURZEL / "kurs" / "README.md", *sorted((WURZEL / "beitragen").glob("*.md"))]

FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
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


def woerter_der_liste() -> list[str]:
    zeilen = WORTLISTE.read_text(encoding="utf-8").splitlines()
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


def unbekannte_woerter(zeilen: list[str], wortliste: list[str], tmp_path: Path) -> list[tuple[int, str, str]]:
    """(Zeile, Wort, Vorschläge) für jedes Wort, das hunspell nicht kennt."""
    return auswerten(starte_hunspell(zeilen, wortliste, tmp_path))


def starte_hunspell(zeilen: list[str], wortliste: list[str], tmp_path: Path) -> subprocess.Popen:
    """hunspell im Pipe-Modus für `zeilen`, als eigener Prozess; `auswerten` liest die Antwort."""
    if hunspell_fehlt():
        werkzeuge.fehlt("hunspell", "hunspell mit deutschem Wörterbuch fehlt")
    # Einträge mit Leerzeichen, "/" oder "." ("Dead Letter", "Pub/Sub") sind Wendungen:
    # Sie gelten nur als Ganzes, damit nicht "Dead" oder "for" allein als richtig durchgeht.
    # Eine Wendung darf über einen Zeilenumbruch gehen; sie wird zu einem bekannten Wort
    # ("Pub/Sub-Modell" wird "Begriff-Modell"), die Zeilen bleiben gezählt.
    text = "\n".join(zeilen)
    for wendung in (w for w in wortliste if ist_wendung(w)):
        text = fundstellen(wendung).sub(lambda t: "Begriff" + "\n" * t[0].count("\n"), text)
    zeilen = text.split("\n")
    nummer = len(list(tmp_path.glob("*.dic")))  # mehrere Läufe im selben Ordner (im_hintergrund)
    persoenlich = tmp_path / f"{nummer}.dic"
    persoenlich.write_text("".join(f"{w}\n" for w in wortliste if not ist_wendung(w)), encoding="utf-8")
    # -a: Pipe-Modus, eine Antwort je Wort, eine Leerzeile je Eingabezeile.
    # "^" vor jeder Zeile: Sie ist Text, nie ein Befehl an hunspell. Die Eingabe kommt aus
    # einer Datei: So prüft hunspell sofort, auch wenn der Test ihn erst später liest.
    eingabe = tmp_path / f"{nummer}.txt"
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


def fehlerbericht(datei: Path, funde) -> str:
    zeilen = [f"{datei.relative_to(WURZEL)}, Zeile {n}: {wort!r}" + (f" (Vorschläge: {v})" if v else "")
              for n, wort, v in funde]
    return (
        "hunspell kennt diese Wörter nicht:\n  " + "\n  ".join(zeilen) + "\n"
        "Korrigiere die Schreibweise. Ist es ein echter Fachbegriff, trag ihn in "
        f"{WORTLISTE.relative_to(WURZEL)} ein (ein Wort pro Zeile)."
    )


_hunspell = {}  # Text -> hunspell, der ihn prüft
_ordner = []  # wo ihre Eingaben liegen


def im_hintergrund():
    """Startet hunspell für jeden Text schon beim Sammeln (tests/conftest.py): Er rechnet nebenher."""
    if hunspell_fehlt():
        return
    _ordner.append(Path(tempfile.mkdtemp(prefix="kurs-hunspell-")))
    for datei in TEXTE:
        _hunspell[datei] = starte_hunspell(prosa(datei.read_text(encoding="utf-8")), woerter_der_liste(), _ordner[0])


@pytest.fixture(scope="module", autouse=True)
def aufraeumen():
    yield
    for ordner in _ordner:
        shutil.rmtree(ordner, ignore_errors=True)


@pytest.mark.parametrize("datei", TEXTE, ids=lambda p: p.relative_to(WURZEL).as_posix())
def test_rechtschreibung(datei, tmp_path):
    lauf = _hunspell.pop(datei, None) or starte_hunspell(
        prosa(datei.read_text(encoding="utf-8")), woerter_der_liste(), tmp_path)
    funde = auswerten(lauf)
    if funde:
        pytest.fail(fehlerbericht(datei, funde), pytrace=False)  # nur die Meldung, kein Traceback


# --- Die Prüfung selbst ---------------------------------------------------


def test_tippfehler_wird_mit_datei_zeile_und_hinweis_gemeldet(tmp_path):
    datei = WURZEL / "docs" / "beispiel.md"
    funde = unbekannte_woerter(prosa("# Titel\n\nDie Nachrricht kommt an.\n"), [], tmp_path)
    assert [(n, w) for n, w, _ in funde] == [(3, "Nachrricht")]
    bericht = fehlerbericht(datei, funde)
    assert "docs/beispiel.md, Zeile 3: 'Nachrricht'" in bericht
    assert "Nachricht" in bericht  # Vorschlag
    assert "tests/rechtschreibung/woerter.txt" in bericht


def test_wortliste_macht_einen_fachbegriff_bekannt(tmp_path):
    assert [w for _, w, _ in unbekannte_woerter(["Das Relay sendet."], [], tmp_path)] == ["Relay"]
    assert unbekannte_woerter(["Das Relay sendet."], ["Relay"], tmp_path) == []


def test_code_urls_kommentare_snippets_und_mermaid_werden_nicht_geprueft():
    # Vom Diagramm bleiben nur accTitle und accDescr (Text für Screenreader).
    text = "\n".join([
        "Text mit `inline_kot` und [Linktext](https://beispiel.invalid/pfadd).",
        "<!-- quiz: teil-2/uebung-3 -->",
        '--8<-- "teil-2/partition.md"',
        "```mermaid",
        "sequenceDiagram",
        "    accTitle: Ablauf",
        "    participant A as Anwendnug",
        "```",
        "```python",
        "def bestellen_mit_dual_write(con): ...",
        "```",
        '!!! warning "Falle"',
        "Siehe <https://beispiel.invalid/xyz> und crc32.",
    ])
    zeilen = prosa(text)
    assert len(zeilen) == len(text.split("\n"))
    rest = " ".join(zeilen).split()
    assert rest == ["Text", "mit", "Code", "und", "[Linktext]", "Ablauf", '"Falle"', "Siehe", "und"]


def test_wortliste_ist_ehrlich(tmp_path):
    """Jeder Eintrag ist nötig (hunspell kennt ihn nicht) und steht wirklich in einem Text."""
    if not shutil.which("hunspell"):
        werkzeuge.fehlt("hunspell", "hunspell fehlt")
    woerter = woerter_der_liste()
    doppelt = sorted({w for w in woerter if woerter.count(w) > 1})
    assert not doppelt, f"Doppelt in der Wortliste: {doppelt}"
    einzeln = [w for w in woerter if not ist_wendung(w)]
    wendungen = [w for w in woerter if ist_wendung(w)]
    einzeln_dic = tmp_path / "einzeln.dic"
    einzeln_dic.write_text("".join(f"{w}\n" for w in einzeln), encoding="utf-8")

    def unbekannt(zeilen, *optionen):
        # -l: die unbekannten Wörter, -L: die Zeilen mit unbekannten Wörtern; beides ohne
        # Vorschläge, die hunspell sonst für jedes unbekannte Wort langsam sucht.
        lauf = subprocess.run(["hunspell", "-d", "de_DE", "-i", "utf-8", *optionen],
                              input="\n".join(zeilen) + "\n", capture_output=True, text=True, encoding="utf-8")
        return set(lauf.stdout.splitlines())

    # Eine Wendung ist nur nötig, wenn eines ihrer Wörter auch mit den Einzelwörtern unbekannt bleibt.
    unnoetig = sorted((set(einzeln) - unbekannt(einzeln, "-l")) | (set(wendungen) - unbekannt(
        wendungen, "-L", "-p", str(einzeln_dic))))
    assert not unnoetig, f"hunspell kennt diese Einträge schon; streich sie aus der Wortliste: {unnoetig}"
    alle = "\n".join(z for d in TEXTE for z in prosa(d.read_text(encoding="utf-8")))
    unbenutzt = [w for w in woerter if not fundstellen(w).search(alle)]
    assert not unbenutzt, f"Diese Wörter stehen in keinem geprüften Text; streich sie: {unbenutzt}"
