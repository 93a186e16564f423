"""`python tests/bauen.py mkdocs.yml ZIEL…`: baut die Seite streng in jeden ZIEL-Ordner, alle in
einem Prozess, und druckt nach jedem Build als JSON, was von mkdocs-jupyter geladen ist. So sehen
die Tests, dass ein warmer Build nbconvert nicht lädt (tests/seite/test_plugin.py). Jede Warnung
und jeder Fehler von MkDocs steht in der Ausgabe, wie `mkdocs build` sie zeigt: Scheitert der
Build, liest der Test, warum."""

import json
import logging
import sys

BUILDS = ("kalt", "warm", "nochmal")  # die Ordner der drei Builds der Tests (tests/conftest.py)


def main(config: str, *ziele: str) -> int:
    # Erst hier: tests/conftest.py liest BUILDS und soll dafür nicht MkDocs laden.
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from kurs.seite import verzoegert

    meldungen = logging.StreamHandler(sys.stdout)
    meldungen.setLevel(logging.WARNING)
    meldungen.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    logging.getLogger("mkdocs").addHandler(meldungen)
    for ziel in ziele:
        konfiguration = load_config(config, site_dir=ziel, strict=True)
        try:
            build(konfiguration)
        except MkDocsException as fehler:
            print(f"Der strenge Build scheitert: {fehler}")
            return 1
        print(json.dumps({"nbconvert": "nbconvert" in sys.modules, "jupytext": verzoegert.geladen("jupytext"),
                          "convert": verzoegert.geladen("mkdocs_jupyter.convert")}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
