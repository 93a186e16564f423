"""`python tests/bauen.py mkdocs.yml ZIEL…`: baut die Seite streng in jeden ZIEL-Ordner, alle in
einem Prozess, und druckt nach jedem Build als JSON, was von mkdocs-jupyter geladen ist und was
aus dem Seitencache kam. So sehen die Tests, dass ein warmer Build nbconvert nicht lädt und keine
Seite neu rendert (tests/seite/test_plugin.py)."""

import json
import sys

BUILDS = ("kalt", "warm", "nochmal")  # die Ordner der drei Builds der Tests (tests/conftest.py)


def main(config: str, *ziele: str) -> int:
    # Erst hier: tests/conftest.py liest BUILDS und soll dafür nicht MkDocs laden.
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import MkDocsException

    from kurs.seite import verzoegert

    for ziel in ziele:
        konfiguration = load_config(config, site_dir=ziel, strict=True)
        try:
            build(konfiguration)
        except MkDocsException as fehler:
            print(f"Der strenge Build scheitert: {fehler}")
            return 1
        print(json.dumps({"nbconvert": "nbconvert" in sys.modules, "jupytext": verzoegert.geladen("jupytext"),
                          "convert": verzoegert.geladen("mkdocs_jupyter.convert"),
                          "neu_gerechnet": konfiguration.plugins["kurs"].seitencache.gerechnet}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:]))
