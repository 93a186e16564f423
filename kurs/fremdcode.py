"""Jeder Eingriff des Kurses in Interna fremder Pakete, an einer Stelle aufgeführt.

Ein Eingriff hängt an einem Verhalten, das das Paket nicht als Schnittstelle verspricht. Jeder
Eintrag nennt das Verhalten (mit Link auf die Quelle), wo der Kurs es nutzt und den Test, der
rot wird, wenn eine neue Version es ändert (tests/test_fremdcode.py, sonst der genannte).
Wo ein Paket eine unterstützte Möglichkeit hat, nimmt der Kurs sie (zum Beispiel den Hook
`pytest_timeout_set_timer` von pytest-timeout statt eines eigenen Zeitgebers).
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Eingriff:
    paket: str
    verhalten: str
    quelle: str  # wo das Verhalten steht
    genutzt_in: str
    geprueft_von: str


EINGRIFFE = [
    Eingriff("pymdown-extensions", "Ein eigener Fence zeichnet mit md.preprocessors['fenced_code_block'].highlight "
             "wie jeder andere; Optionen heißen nur [a-zA-Z][a-zA-Z0-9_]*; eine Ausnahme außer "
             "SuperFencesException verschluckt superfences und lässt den Block als Text stehen",
             "https://github.com/facelessuser/pymdown-extensions/blob/main/pymdownx/superfences.py",
             "kurs/seite/codebloecke.py", "tests/test_fremdcode.py::test_superfences_*"),
    Eingriff("pymdown-extensions", "Eine Zeile mit einer Abschnittsmarke (--8<-- [start:x]) fällt beim "
             "Einbinden der ganzen Datei weg, auch mit Text davor",
             "https://facelessuser.github.io/pymdown-extensions/extensions/snippets/#snippet-sections",
             "kurs/modell/beispiele.py (ausbreiten)", "Gegenprobe in kurs/modell/snippets.py bei jedem Lesen"),
    Eingriff("pytest-codeblocks", "MarkdownFile.collect und TestBlock.runtest: der Kurs sammelt wie collect (mit "
             "ausgebreitetem Text) und schreibt Ausgaben neu wie runtest; die Meldungen des Parsers und "
             "des Vergleichs (RuntimeError) liest er",
             "https://github.com/nschloe/pytest-codeblocks/blob/main/src/pytest_codeblocks/plugin.py",
             "kurs/pytest_plugin.py, kurs/modell/beispiele.py", "tests/test_fremdcode.py::test_pytest_codeblocks_*"),
    Eingriff("mkdocs-jupyter", "plugin.py importiert jupytext und mkdocs_jupyter.convert beim Laden und braucht sie "
             "nur bei einem Notebook, das neu zu rendern ist",
             "https://github.com/danielfrg/mkdocs-jupyter/blob/main/src/mkdocs_jupyter/plugin.py",
             "kurs/seite/verzoegert.py", "tests/test_fremdcode.py::test_mkdocs_jupyter_*, tests/seite/test_plugin.py"),
    Eingriff("mkdocs-jupyter", "on_pre_page ersetzt page.render; ein Treffer setzt content, toc (get_toc aus "
             "toc_tokens) und als title die erste Überschrift der Ebene 1; nbconvert2 rendert mit den Vorlagen "
             "mkdocs_html/notebook.html.j2 und mkdocs_md/md-no-codecell.md.j2. Der Kurs legt seinen Cache um "
             "page.render und fragt nbconvert mit denselben Vorlagen nach seinen Suchpfaden",
             "https://github.com/danielfrg/mkdocs-jupyter/blob/main/src/mkdocs_jupyter/plugin.py",
             "kurs/seite/notebookcache.py, kurs/seite/notebookschluessel.py",
             "tests/test_fremdcode.py::test_mkdocs_jupyter_*"),
    Eingriff("nbconvert", "TemplateExporter._template_paths(prune=False) nennt alle Orte, an denen eine Vorlage "
             "gesucht wird, auch die, die es nicht gibt",
             "https://github.com/jupyter/nbconvert/blob/main/nbconvert/exporters/templateexporter.py",
             "kurs/seite/notebookschluessel.py", "tests/seite/test_notebookschluessel.py::test_fundorte_eines_echten_renders"),
    Eingriff("mkdocs-jupyter / nbconvert", "Eine Codezelle steht als <div class=\"highlight-ipynb hl-python\"><pre>"
             "<span></span>…</pre></div>; Kopierknopf und Zellen-Tags in zeroclipboard-container und celltoolbar",
             "https://github.com/danielfrg/mkdocs-jupyter/blob/main/src/mkdocs_jupyter/templates/mkdocs_html/notebook.html.j2",
             "kurs/seite/notebookseiten.py",
             "tests/test_notebooks.py::test_jede_codezelle_ist_ein_ausfuehrbarer_block_und_die_pruefung_eingeklappt"),
    Eingriff("mkdocs-material", "Die Farben der Pygments-Klassen stehen im minifizierten CSS als "
             ".highlight .k{color:var(--md-code-hl-keyword-color)}",
             "https://github.com/squidfunk/mkdocs-material/tree/master/src/templates/assets/stylesheets",
             "kurs/codefarben.py", "tests/test_fremdcode.py::test_material_css_nennt_farben_der_pygments_klassen"),
    Eingriff("mkdocs-material", "Der Kopf enthält data-md-component=\"search\" role=\"dialog\" und "
             "data-md-component=\"palette\"; overrides/main.html ersetzt beides",
             "https://github.com/squidfunk/mkdocs-material/blob/master/src/templates/partials/header.html",
             "overrides/main.html", "tests/test_fremdcode.py::test_ersetzungen_im_kopf_von_material_greifen"),
    Eingriff("mkdocs-material", "Das Farbschema merkt sich Material in localStorage unter __palette "
             "(index, color); overrides/partials/javascripts/palette.html schaltet es selbst, im selben Format",
             "https://github.com/squidfunk/mkdocs-material/blob/master/src/templates/partials/javascripts/palette.html",
             "overrides/partials/javascripts/palette.html",
             "tests/browser/test_seiten.py::test_farbschema_des_systems_und_umschalten"),
    Eingriff("mkdocs-material", "Der Kopierknopf eines Codeblocks steckt in <nav class=\"md-code__nav\">; "
             "docs/assets/kurs-lauf.js gibt ihm role=none (sonst 20 namenlose Landmarken)",
             "https://github.com/squidfunk/mkdocs-material/tree/master/src/templates/assets/javascripts",
             "docs/assets/kurs-lauf.js",
             "tests/browser/test_ausfuehren.py::test_codebloecke_richtet_material_erst_beim_sichtbarwerden_ein"),
    Eingriff("mkdocs", "Warnungen über Links und Anker kommen vom Logger mkdocs.structure.pages und beginnen mit "
             "„Doc file '<seite>' contains a link '<link>', but …“; kurs/seite/meldungen.py schreibt sie als Filter "
             "mit Datei und Zeile auf Deutsch um", "https://github.com/mkdocs/mkdocs/blob/master/mkdocs/structure/pages.py",
             "kurs/seite/meldungen.py", "tests/seite/test_meldungen.py"),
    Eingriff("mkdocs", "Der DuplicateFilter (mkdocs.utils) hängt einmal je Prozess an mkdocs.commands.build und "
             "merkt sich jede Meldung in msgs; meldungen.py leert msgs je Build, sonst zeigt `mkdocs serve` "
             "einen wiederholten Fehler nicht", "https://github.com/mkdocs/mkdocs/blob/master/mkdocs/utils/__init__.py",
             "kurs/seite/meldungen.py", "tests/test_fremdcode.py::test_mkdocs_duplicatefilter_merkt_sich_meldungen_in_msgs"),
    Eingriff("CPython", "PYTHONDONTWRITEBYTECODE schaltet .pyc ab; das pytest-Plugin schaltet sie für seinen "
             "Prozess und dessen Kinder wieder ein", "https://docs.python.org/3/using/cmdline.html#envvar-PYTHONDONTWRITEBYTECODE",
             "kurs/pytest_plugin.py", "benchmarks/suite.py (misst es)"),
]
