"""Der strenge Build gelingt, und die gebaute Seite zeigt, was sie soll."""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit


from kurs.zusammensetzen import WURZEL


def seite(site, name):
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_keine_snippet_zeile_bleibt_roh_stehen(site):
    for html in site.rglob("*.html"):
        assert "--8&lt;--" not in html.read_text(encoding="utf-8") and "--8<--" not in html.read_text(encoding="utf-8"), html


def test_teil_2_hat_seine_diagramme_und_die_quiz_auswahl(site):
    html = seite(site, "teil-2")
    assert html.count('class="mermaid"') >= 3
    assert len(re.findall(r'<input type="radio" name="quiz-teil-2-uebung-3"', html)) == 4
    uebung_3 = html.split('<fieldset class="quiz" id="quiz-teil-2-uebung-3">', 1)[1].split("</fieldset>", 1)[0]
    assert uebung_3.count('class="quiz-erklaerung quiz-richtig"') == 1


def test_loesungen_und_pruefungen_sind_eingeklappt(site):
    html = seite(site, "teil-2")
    for titel in ("Lösung", "So wird geprüft"):
        assert len(re.findall(rf"<details class=\"\w+\">\s*<summary>{titel}</summary>", html)) == 3, titel


def test_ausgaben_sind_beschriftet(site):
    html = seite(site, "teil-2")
    assert html.count('<span class="filename">Ausgabe</span>') == 4


# --- Interne Links und Anker ---------------------------------------------
# Der strenge Build prüft Markdown-Links. Hier zählt, was wirklich im HTML steht:
# auch Navigation, Inhaltsverzeichnis, Theme-Dateien und die 404-Seite.


class _Verweise(HTMLParser):
    """Sammelt die Anker (id, <a name>) und die Verweise (href, src) einer Seite."""

    def __init__(self):
        super().__init__()
        self.anker, self.verweise = set(), []

    def handle_starttag(self, tag, attrs):
        for name, wert in attrs:
            if wert and (name == "id" or (tag == "a" and name == "name")):
                self.anker.add(wert)
            elif wert and name in ("href", "src"):
                self.verweise.append(wert)


def kaputte_verweise(site: Path, site_url: str) -> tuple[int, list[str]]:
    """(Zahl der geprüften internen Verweise, Meldungen für jeden kaputten)."""
    praefix = urlsplit(site_url).path  # "/messaging-kurs/": so liegt die Seite später im Netz
    seiten = {}

    def lies(datei: Path) -> _Verweise:
        if datei not in seiten:
            seiten[datei] = _Verweise()
            seiten[datei].feed(datei.read_text(encoding="utf-8"))
        return seiten[datei]

    geprueft, fehler = 0, []
    for html in sorted(site.rglob("*.html")):
        seite_url = "https://kurs.invalid" + praefix + html.relative_to(site).as_posix()
        for verweis in lies(html).verweise:
            ziel = urlsplit(urljoin(seite_url, verweis.replace(site_url, praefix, 1)))
            if ziel.netloc != "kurs.invalid" or ziel.scheme != "https":
                continue  # extern (https://…, mailto:): nicht unsere Sache
            geprueft += 1
            wo = f"{html.relative_to(site)}: {verweis}"
            if not ziel.path.startswith(praefix):
                fehler.append(f"{wo} zeigt aus der Seite hinaus (erwartet {praefix}…)")
                continue
            datei = site / unquote(ziel.path[len(praefix):])
            if datei.is_dir() or ziel.path.endswith("/"):
                datei = datei / "index.html"
            if not datei.is_file():
                fehler.append(f"{wo}: Die Datei {datei.relative_to(site)} gibt es nicht")
            elif ziel.fragment and datei.suffix == ".html" and unquote(ziel.fragment) not in lies(datei).anker:
                fehler.append(f"{wo}: Den Anker #{ziel.fragment} gibt es in {datei.relative_to(site)} nicht")
    return geprueft, fehler


def test_jeder_interne_link_und_anker_fuehrt_zu_etwas(site):
    site_url = re.search(r"^site_url:\s*(\S+)", (WURZEL / "mkdocs.yml").read_text(encoding="utf-8"), re.M)[1]
    geprueft, fehler = kaputte_verweise(site, site_url)
    assert not fehler, "Kaputte Links in der gebauten Seite:\n" + "\n".join(fehler)
    assert geprueft > 100, f"Nur {geprueft} interne Verweise gefunden: Liest die Prüfung das HTML noch?"


def test_linkpruefung_findet_fehlende_seiten_und_anker(tmp_path):
    (tmp_path / "teil-2").mkdir()
    (tmp_path / "teil-2" / "index.html").write_text('<h2 id="da">Da</h2><a name="alt"></a>', encoding="utf-8")
    (tmp_path / "kurs.css").write_text("", encoding="utf-8")
    (tmp_path / "index.html").write_text(
        '<link href="kurs.css"><a href="teil-2/#da"></a><a href="teil-2/#alt"></a><a href="#oben" id="oben"></a>'
        '<a href="https://example.invalid/kurs/teil-2/"></a><a href="https://anderswo.invalid/x"></a>'
        '<a href="teil-2/#weg"></a><a href="teil-3/"></a><script src="/kurs/fehlt.js"></script><a href="/x/"></a>',
        encoding="utf-8",
    )
    geprueft, fehler = kaputte_verweise(tmp_path, "https://example.invalid/kurs/")
    assert geprueft == 9
    assert fehler == [
        "index.html: teil-2/#weg: Den Anker #weg gibt es in teil-2/index.html nicht",
        "index.html: teil-3/: Die Datei teil-3/index.html gibt es nicht",
        "index.html: /kurs/fehlt.js: Die Datei fehlt.js gibt es nicht",
        "index.html: /x/ zeigt aus der Seite hinaus (erwartet /kurs/…)",
    ]


def test_jede_seite_hat_seite_bearbeiten(site):
    for md in sorted((WURZEL / "docs").glob("*.md")):
        html = site / ("index.html" if md.stem == "index" else f"{md.stem}/index.html")
        # Material: Stift-Symbol mit rel="edit"; die Adresse kommt aus edit_uri in mkdocs.yml.
        muster = rf'<a href="https://github\.com/[\w.-]+/[\w.-]+/edit/main/docs/{md.name}"[^>]*rel="edit"'
        assert re.search(muster, html.read_text(encoding="utf-8")), f"{md.name}: Der Link „Seite editieren“ fehlt"


def test_glossarbegriffe_erklaeren_sich_beim_zeigen(site):
    html = seite(site, "teil-2")
    assert re.search(r'<abbr title="Tabelle, in die eine Anwendung[^"]*">Outbox</abbr>', html)
    # einmal je Seite, beim ersten Vorkommen im Text, nie in einer Überschrift
    assert html.count(">Outbox</abbr>") == 1
    assert not re.search(r"<h[1-6][^>]*>[^<]*<abbr", html)
    assert "<abbr" not in seite(site, "glossar")


def test_startseite_nennt_das_zeitlimit_im_browser():
    text = (WURZEL / "docs" / "index.md").read_text(encoding="utf-8")
    lauf_js = (WURZEL / "docs" / "assets" / "kurs-lauf.js").read_text(encoding="utf-8")
    genannt = re.search(r"Eine Endlosschleife hält nach (\d+) Sekunden an", text)
    gesetzt = re.search(r"const ZEITLIMIT_S = (\d+);", lauf_js)
    assert genannt and gesetzt, "Zeitlimit nicht mehr in der bekannten Form in docs/index.md oder kurs-lauf.js"
    assert genannt[1] == gesetzt[1], f"docs/index.md nennt {genannt[1]} s, kurs-lauf.js stoppt nach {gesetzt[1]} s"
