"""kurs/seite/meldungen.py an einem echten Build von MkDocs: Jede Warnung über einen Link nennt
Datei und Zeile, auf Deutsch, auch wenn der Link in einem eingebundenen Snippet steht. Ändert
MkDocs die Form seiner Meldungen, wird dieser Test rot (kurs/fremdcode.py)."""

import logging

import pytest

from kurs.modell import Kurs
from kurs.seite import meldungen

MKDOCS_YML = """site_name: Probe
nav: [a.md, b.md]
markdown_extensions:
  - pymdownx.snippets:
      base_path: [snippets]
validation:
  links:
    anchors: warn
    absolute_links: warn
    unrecognized_links: warn
"""
A = """# A

## Da

Ein [Link](#weg) auf dieser Seite.

Einer [nach B](b.md#fehlt).

Einer [ins Nichts](c.md).

Einer [absolut](/b/).

Einer [ohne Endung](b).

--8<-- "teil.md"
"""
TEIL = "Text aus dem Snippet\n\nNoch einer [nach B](b.md#auch-weg).\n"


@pytest.fixture
def warnungen(tmp_path, monkeypatch):
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (tmp_path / "docs" / "a.md").write_text(A, encoding="utf-8")
    (tmp_path / "docs" / "b.md").write_text("# B\n\n## Hier\n", encoding="utf-8")
    (tmp_path / "snippets" / "teil.md").write_text(TEIL, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    meldungen.einrichten(Kurs(tmp_path))
    gesehen = []

    class Sammler(logging.Handler):
        def emit(self, record):
            if record.levelno >= logging.WARNING:
                gesehen.append(record.getMessage())

    sammler = Sammler()
    logging.getLogger("mkdocs").addHandler(sammler)
    try:
        build(load_config(str(tmp_path / "mkdocs.yml"), site_dir=str(tmp_path / "site")))
    finally:
        logging.getLogger("mkdocs").removeHandler(sammler)
        meldungen.einrichten(None)
    return gesehen


def test_jede_warnung_ueber_einen_link_nennt_datei_und_zeile_auf_deutsch(warnungen):
    assert sorted(warnungen) == sorted([
        "docs/a.md:5: Der Link '#weg' führt ins Leere: Diese Seite hat keinen Anker '#weg'.",
        "docs/a.md:7: Der Link 'b.md#fehlt' führt ins Leere: b.md hat keinen Anker '#fehlt'.",
        "docs/a.md:9: Der Link 'c.md' führt ins Leere: Die Datei c.md gibt es in docs/ nicht.",
        "docs/a.md:11: Der Link '/b/' ist absolut; verlinke die Markdown-Datei relativ zur Seite. Meintest du 'b.md'?",
        "docs/a.md:13: Der Link 'b' zeigt auf keine Datei; verlinke die Markdown-Datei, etwa 'teil-1.md'. "
        "Meintest du 'b.md'?",
        "snippets/teil.md:3: Der Link 'b.md#auch-weg' führt ins Leere: b.md hat keinen Anker '#auch-weg'.",
    ])


def test_andere_meldungen_bleiben_wie_sie_sind():
    assert meldungen.deutsch(Kurs(), "Doc file 'a.md' contains a link to 'b.md' which is excluded from the built site.") is None


YML = ("site_name: Probe\ntheme:\n  name: material\n  # Kommentar\n  custom_dir: overrieds\n  language: de\n"
       "  palette:\n    - scheme: default\n      toggle:\n        name: Dunkel\n    - scheme: slate\n      scheme: slate\n"
       "toggle:\n        name: Hell\nplugins:\n  - search\n  - mkdocs-jupyter:\n      include: ['*.ipynb']\n"
       "      ignorex: [x]\nwatch:\n  - snippets\n  - diargamme\n")


@pytest.mark.parametrize("name, text, zeile", [
    ("theme", "The path set in custom_dir ('/x/overrieds') does not exist.", 5),  # der Schlüssel darunter
    ("theme", "Unrecognised theme name: 'materail'.", 3),
    ("theme", "Expected a dict.", 2),
    ("plugins", "The \"serch\" plugin is not installed", 15),
    ("gibt_es_nicht", "Unrecognised configuration name", None),
    # Ein Schlüssel, der seinen Einzug verlor: seine Zeile ganz links, nicht der gleichnamige in palette
    # und nicht dessen name: (das Wort steht auch in MkDocs' Satz).
    ("toggle", "Unrecognised configuration name: toggle", 13),
    # Die Option des Plugins, nicht das Plugin (beide stehen im Satz).
    ("plugins", "Plugin 'mkdocs-jupyter' option 'ignorex': Unrecognised configuration name: ignorex", 19),
    # Ein Eintrag einer Liste, nicht ihr Schlüssel.
    ("watch", "The path '/x/kurs/diargamme' isn't an existing file or directory.", 22),
])
def test_einstellung_an_der_zeile_ihres_schluessels(name, text, zeile):
    assert meldungen.einstellung_zeile(YML, name, text) == zeile


def test_filter_haengt_schon_beim_lesen_von_mkdocs_yml():
    """MkDocs importiert kurs.seite.codebloecke (`!!python/name:` in mkdocs.yml), bevor es ein Plugin lädt."""
    import subprocess
    import sys

    code = ("import logging, kurs.seite.codebloecke; from kurs.seite import meldungen; "
            "print(meldungen._EINSTELLUNG in logging.getLogger('mkdocs.config').filters)")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "True\n"


@pytest.mark.parametrize("neu", ["## Hier drüben", "    ## Hier", ""])
def test_weggefallene_ueberschrift_nennt_ihre_zeile_nicht_nur_den_link(tmp_path, neu):
    """Umbenannt, eingerückt oder gelöscht seit dem letzten Commit: Der Fehler steht bei der Überschrift."""
    import shutil
    import subprocess

    import werkzeuge

    if not shutil.which("git"):
        werkzeuge.fehlt("git", "git fehlt")
    from kurs.modell import aenderungen

    (tmp_path / "docs").mkdir()
    (tmp_path / "snippets").mkdir()
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    (tmp_path / "docs" / "a.md").write_text("# A\n\nNach [B](b.md#hier).\n", encoding="utf-8")
    (tmp_path / "docs" / "b.md").write_text("# B\n\n## Hier\n\nText.\n", encoding="utf-8")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@localhost", "-c", "commit.gpgsign=false"]
    for befehl in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Stand"]):
        subprocess.run([*git, *befehl], cwd=tmp_path, check=True, capture_output=True)
    aenderungen._im_commit.cache_clear()
    (tmp_path / "docs" / "b.md").write_text(f"# B\n\n{neu}\n\nText.\n", encoding="utf-8")
    meldung = meldungen.deutsch(Kurs(tmp_path), "Doc file 'a.md' contains a link 'b.md#hier', but the doc 'b.md' "
                                                "does not contain an anchor '#hier'.")
    assert meldung.startswith("docs/b.md:3: Seit dem letzten Commit "), meldung
    assert meldung.endswith("die Überschrift mit dem Anker '#hier'; der Link 'b.md#hier' in docs/a.md:3 führt jetzt "
                            "ins Leere."), meldung


def test_ein_geloeschter_pflichtschluessel_steht_an_seiner_zeile(kopie_mit_commit, zeile_loeschen, monkeypatch):
    """„Config value 'site_name': Required configuration not provided.“ nennt keine Zeile; gemeint ist die, an der
    site_name seit dem letzten Commit fehlt."""
    import logging

    nummer = zeile_loeschen(kopie_mit_commit / "mkdocs.yml", lambda z: z.startswith("site_name:"))
    monkeypatch.chdir(kopie_mit_commit)
    eintrag = logging.LogRecord("mkdocs.config", logging.ERROR, __file__, 1,
                                "Config value 'site_name': Required configuration not provided.", (), None)
    meldungen.EinstellungMeldungen().filter(eintrag)
    assert eintrag.getMessage() == f"mkdocs.yml:{nummer}: Required configuration not provided."
