"""Setzt Snippets so zusammen, wie MkDocs es tut: mit pymdownx.snippets.

Tests, Prüfbefehl und Hooks nutzen diese eine Stelle. So läuft im Test genau
der Code, den die Seite zeigt, samt allem, was ein Snippet per `--8<--` einbindet.
"""

import io
from functools import cache
from pathlib import Path

import markdown
import yaml
from pytest_codeblocks import CodeBlock, extract_from_buffer

WURZEL = Path(__file__).resolve().parent.parent
SNIPPETS = WURZEL / "snippets"


class _MkdocsYaml(yaml.SafeLoader):
    """Liest mkdocs.yml; `!!python/name:`-Werte bleiben Text (wir brauchen sie nicht)."""


_MkdocsYaml.add_multi_constructor("tag:yaml.org,2002:python/name:", lambda loader, suffix, node: suffix)


@cache
def _snippet_praeprozessor():
    # Dieselben Einstellungen wie in mkdocs.yml, ohne MkDocs zu laden (schneller).
    config = yaml.load((WURZEL / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_MkdocsYaml)
    (einstellungen,) = [e["pymdownx.snippets"] for e in config["markdown_extensions"]
                        if isinstance(e, dict) and "pymdownx.snippets" in e]
    einstellungen = {**einstellungen, "base_path": [str(WURZEL / p) for p in einstellungen["base_path"]]}
    md = markdown.Markdown(extensions=["pymdownx.snippets"], extension_configs={"pymdownx.snippets": einstellungen})
    return md.preprocessors["snippet"]


def zusammensetzen(text: str) -> str:
    """Ersetzt alle `--8<--`-Zeilen in `text` durch die eingebundenen Snippets."""
    zeilen = _snippet_praeprozessor().run(text.split("\n"))
    return "\n".join(zeilen)


def snippet(name: str) -> str:
    """Ein Snippet unter snippets/, vollständig zusammengesetzt."""
    return zusammensetzen(f'--8<-- "{name}"')


def bloecke(name: str) -> list[CodeBlock]:
    """Die Codeblöcke eines zusammengesetzten Snippets, gelesen von pytest-codeblocks."""
    return extract_from_buffer(io.StringIO(snippet(name)))


def python_code(name: str) -> str:
    """Der Python-Code eines Snippets, das genau einen Python-Block hat."""
    python = [b for b in bloecke(name) if b.syntax == "python"]
    if len(python) != 1:
        raise ValueError(f"{name}: erwartet genau einen Python-Block, gefunden {len(python)}")
    return python[0].code
