"""Der strenge Build gelingt, und die gebaute Seite zeigt, was sie soll."""

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import im_browser as browser
import kurs_kopie as kurs_kopie_

from kurs.modell import WURZEL, Kurs

KURS = Kurs()


def seite(site, name):
    return (site / name / "index.html").read_text(encoding="utf-8")


def test_strenger_build(site):
    """mkdocs build --strict gelingt. Scheitert er, steht hier, warum (mit Datei und Zeile, wo der Kurs
    sie kennt); jeder andere Test, der die Seite braucht, wird dann übersprungen (tests/conftest.py)."""
    assert (site / "index.html").is_file()


def test_startseite_zeigt_jede_uebung_mit_link_und_namen(site):
    html = seite(site, ".")
    for uebung in KURS.uebungen.values():
        zeile = re.search(rf'<a href="{uebung.kapitel}/#{uebung.anker}">{uebung.name}</a></td>\s*<td>(.*?)</td>', html)
        assert zeile, f"{uebung.name} fehlt in der Übungstabelle der Startseite"
        assert re.findall(r"<code>(\w+)</code>", zeile[1]) == uebung.definiert


def test_keine_snippet_zeile_bleibt_roh_stehen(site):
    for html in site.rglob("*.html"):
        assert "--8&lt;--" not in html.read_text(encoding="utf-8") and "--8<--" not in html.read_text(encoding="utf-8"), html


def test_jedes_diagramm_der_quelle_steht_als_svg_auf_der_seite(site):
    for kapitel in KURS.kapitel:
        quelle = kapitel.seite.read_text(encoding="utf-8").count("```mermaid")
        html = seite(site, kapitel.name)
        assert len(browser.STATISCH.findall(html)) == quelle, kapitel.name
        # Hell und dunkel je Diagramm, bis nach der Suche abgelegt (diagramm_html.Ablage) und wieder eingesetzt.
        assert html.count("<svg data-search-exclude") >= 2 * quelle and "<!--kurs-svgs-" not in html, kapitel.name
        assert browser.IM_BROWSER not in html and "mermaid.tiny.js" not in html, kapitel.name


def test_quiz_zeigt_die_optionen_der_pruefung_und_markiert_genau_die_richtige(site):
    for uebung in (u for u in KURS.uebungen.values() if u.quiz):
        html = seite(site, uebung.kapitel)
        gruppe = "quiz-" + uebung.name.replace("/", "-")
        feld = re.search(rf'<fieldset class="quiz" id="{gruppe}"[^>]*>(.*?)</fieldset>', html, re.S)[1]
        werte = re.findall(rf'<input type="radio" name="{gruppe}" id="[^"]+" value="(\w)">', feld)
        assert werte == list(uebung.quiz.optionen), uebung.name
        richtig = [w for w, option in zip(werte, feld.split('<div class="quiz-option">')[1:], strict=True) if "quiz-richtig" in option]
        assert richtig == [uebung.quiz.richtig], uebung.name


def test_loesungen_und_pruefungen_sind_eingeklappt(site):
    for uebung in KURS.uebungen.values():
        html = seite(site, uebung.kapitel)
        for rolle, titel in (("loesung", "Lösung"), ("pruefung", "So wird geprüft")):
            muster = (rf'<details class="\w+">\s*<summary>{titel}</summary>(?:(?!</details>).)*'
                      rf'<div class="language-python highlight"[^>]*data-uebung="{uebung.name}" data-rolle="{rolle}"')
            assert re.search(muster, html, re.S), f"{uebung.name}: {titel} ist nicht eingeklappt"


def test_jede_ausgabe_ist_beschriftet(site):
    for kapitel in KURS.kapitel:
        text = KURS.zusammensetzen(kapitel.seite.read_text(encoding="utf-8"))
        mit_ausgabe = len(re.findall(r'^\s*```text title="Ausgabe"$', text, re.M))
        assert seite(site, kapitel.name).count('<span class="filename">Ausgabe</span>') == mit_ausgabe, kapitel.name


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
    geprueft, fehler = kaputte_verweise(site, KURS.site_url)
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


# Die Seite der Tests wird so gebaut, wie die Umgebung es sagt: lokal ohne Repository und ohne
# „Seite editieren“, im Workflow mit beidem. Die Kopie (tests/kurs_kopie.py) hat beides immer.
def _gebaut(site, kurs_kopie) -> list[tuple[Path, str | None, str | None]]:
    """(Ordner, Repository, Ziel von „Seite editieren“) beider Builds."""
    return [(site, KURS.konfiguration.repository, KURS.konfiguration.edit_uri),
            (kurs_kopie[0] / "site", kurs_kopie_.REPOSITORY, kurs_kopie_.EDIT_URI)]


def test_seite_bearbeiten_nur_mit_echter_adresse(site, kurs_kopie):
    assert kurs_kopie[1] == 0, kurs_kopie[2]
    for ordner, _, edit_uri in _gebaut(site, kurs_kopie):
        for eintrag in KURS.nav:
            html = (ordner / eintrag.url / "index.html").read_text(encoding="utf-8")
            # Material: Stift-Symbol mit rel="edit"; die Adresse kommt aus edit_uri in mkdocs.yml.
            link = f'<a href="{edit_uri}{eintrag.quelle}" title="Seite editieren" class="md-content__button md-icon" rel="edit">'
            if edit_uri:
                assert link in html, f"{ordner}: {eintrag.quelle}: Der Link „Seite editieren“ fehlt"
            else:
                assert 'rel="edit"' not in html, f"{eintrag.quelle}: Ein Stift ohne Ziel"


def test_pruefbefehl_und_git_clone_nennen_das_repository_oder_sagen_woher(site, kurs_kopie):
    """Wo der Kurs `git clone` oder `uv run pytest --uebung` sagt, steht die Adresse aus dem Build
    (extra.repository); ohne sie sagt die Seite, woher du den Kurs bekommst. Nie ein Platzhalter."""
    assert kurs_kopie[1] == 0, kurs_kopie[2]
    for ordner, repository, _ in _gebaut(site, kurs_kopie):
        start = seite(ordner, ".")
        if repository:
            assert f"Den Ordner holst du mit <code>git clone {repository}</code>." in start
        else:
            assert "Diese Seite wurde ohne die Adresse ihres Repositorys gebaut." in start
        for uebung in KURS.uebungen.values():
            html = seite(ordner, uebung.kapitel)
            befehl = f"<code>uv run pytest --uebung {uebung.name} --loesung meine_loesung.py</code>"
            woher = (f"den Ordner holst du mit <code>git clone {repository}</code>" if repository
                     else '<a href="../#eigene-losung-prufen">wie du ihn bekommst</a>')
            assert f"Prüfen im Ordner des Kurses: {befehl} ({woher}).</p>" in html, (ordner, uebung.name)
        for datei in ordner.rglob("*.html"):
            assert "beispiel-org" not in datei.read_text(encoding="utf-8"), datei


def test_startseite_nennt_das_zeitlimit_im_browser():
    text = (WURZEL / "docs" / "index.md").read_text(encoding="utf-8")
    lauf_js = (WURZEL / "docs" / "assets" / "kurs-lauf.js").read_text(encoding="utf-8")
    genannt = re.search(r"Eine Endlosschleife hält nach (\d+) Sekunden an", text)
    gesetzt = re.search(r"const ZEITLIMIT_S = (\d+);", lauf_js)
    assert genannt and gesetzt, "Zeitlimit nicht mehr in der bekannten Form in docs/index.md oder kurs-lauf.js"
    assert genannt[1] == gesetzt[1], f"docs/index.md nennt {genannt[1]} s, kurs-lauf.js stoppt nach {gesetzt[1]} s"


def test_fusszeile_ist_deutsch(site):
    for seite in ("index.html", "teil-1/index.html", "notebooks/uebungen-teil-1/index.html"):
        html = (site / seite).read_text(encoding="utf-8")
        assert "Gebaut mit" in html and "Made with" not in html, seite


def test_knoepfe_und_code_stehen_nicht_im_suchindex(site):
    """Gesucht wird im Text: Knopfleisten und Code tragen data-search-exclude (kurs/seite/codebloecke.py)."""
    index = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    for wort in ("Zurücksetzen", "AusführenStopp", "def verarbeite"):
        assert wort not in index, wort
