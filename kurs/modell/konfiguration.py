"""mkdocs.yml, gelesen wie MkDocs sie liest: Einstellungen, Adressen (Seite, Repository) und `nav`."""

from dataclasses import dataclass
from functools import cached_property
from pathlib import Path, PurePosixPath

import yaml
from yaml_env_tag import construct_env_tag

from kurs.modell.fehler import QuellenFehler, verorten


class _MkdocsYaml(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """mkdocs.yml wie MkDocs sie liest: `!ENV` gilt, `!!python/name:` bleibt Text. Mit libyaml,
    wo PyYAML sie hat: zehnmal schneller, und jeder Prozess der Tests liest die Datei."""


_MkdocsYaml.add_constructor("!ENV", construct_env_tag)
_MkdocsYaml.add_multi_constructor("tag:yaml.org,2002:python/name:", lambda loader, suffix, node: suffix)


@dataclass(frozen=True)
class Seite:
    titel: str
    quelle: str  # relativ zu docs/, wie in nav: "teil-1.md"

    @property
    def url(self) -> str:
        """Der Pfad der gebauten Seite relativ zur Basis: "", "teil-1/", …"""
        ohne = str(PurePosixPath(self.quelle).with_suffix(""))
        return "" if ohne == "index" else ohne.removesuffix("/index") + "/"


# Was der Kurs in mkdocs.yml braucht, und wofür.
NOETIG = {
    "plugins": {"search": "die Suche", "kurs": "Ausführen, Prüfen, Quiz und Notebooks (kurs/seite/plugin.py)",
                "mkdocs-jupyter": "die Übungen als Notebook-Seiten"},
    "markdown_extensions": {"abbr": "die Erklärung der Begriffe im Text (kurs/seite/glossar.py)",
                            "attr_list": "die Anker, auf die Links zeigen", "pymdownx.highlight": "gefärbten Code",
                            "pymdownx.snippets": "den Code aus snippets/",
                            "pymdownx.superfences": "Python-Blöcke und Diagramme"},
}

# Was Material sonst still anders machte: Unbekannte Schlüssel unter theme nimmt es hin.
THEMA = {"custom_dir": ("overrides", "seine Vorlagen (overrides/main.html: Ausführen, Mermaid, Suche bei Bedarf)"),
         "language": ("de", "deutsche Beschriftungen (Suche, Navigation, Kopierknopf)"),
         "font": (False, "Systemschriften statt einer Anfrage an Google Fonts")}

# Die Zäune, die der Kurs zeichnet (kurs/seite/codebloecke.py, Mermaid): Ein umbenannter Schlüssel fiel sonst erst
# an einem fehlenden Anker auf.
ZAEUNE = {"python": {"validator": "kurs.seite.codebloecke.validator", "format": "kurs.seite.codebloecke.formatter"},
          "mermaid": {"format": "pymdownx.superfences.fence_code_format"}}


class Konfiguration:
    """Der einzige Leser von mkdocs.yml."""

    def __init__(self, wurzel: Path):
        self.wurzel = wurzel
        self.datei = wurzel / "mkdocs.yml"

    @cached_property
    def config(self) -> dict:
        try:
            return yaml.load(self.datei.read_text(encoding="utf-8"), Loader=_MkdocsYaml)
        except (yaml.YAMLError, OSError, UnicodeDecodeError) as exc:
            raise verorten(exc, self.wurzel, self.datei) from None

    @property
    def site_url(self) -> str:
        return self.config["site_url"].rstrip("/") + "/"

    @property
    def edit_uri(self) -> str | None:
        """Ziel von „Seite editieren“; None, wenn der Build keins kennt (dann gibt es keinen Stift)."""
        return self.config.get("edit_uri") or None

    @property
    def repository(self) -> str | None:
        """Woher man den Kurs mit `git clone` holt (extra.repository); None, wenn der Build es nicht kennt."""
        return ((self.config.get("extra") or {}).get("repository") or "").rstrip("/") or None

    def markdown_erweiterung(self, name: str) -> dict:
        for e in self.config["markdown_extensions"]:
            if isinstance(e, dict) and name in e:
                return e[name] or {}
        raise QuellenFehler.in_datei(self.datei, None, f"markdown_extensions nennt {name} nicht", self.wurzel)

    def erweiterung_fehlt(self, name: str, liste: str = "markdown_extensions") -> str | None:
        """None, wenn `liste` (markdown_extensions oder plugins) `name` nennt; sonst die Stelle in mkdocs.yml, an
        der es fehlt: wo es seit dem letzten Commit gelöscht wurde (kurs/modell/aenderungen.py), sonst `liste:`."""
        if any(e == name if isinstance(e, str) else name in e for e in self.config.get(liste) or []):
            return None
        return self._wo_geloescht(name, liste)

    def _wo_geloescht(self, wort: str, abschnitt: str) -> str:
        """„mkdocs.yml:N“: wo eine Zeile mit `wort` seit dem letzten Commit fehlt, sonst die Zeile `abschnitt:`."""
        from kurs.modell.aenderungen import wo_fehlt

        weg = wo_fehlt(self.wurzel, "mkdocs.yml", lambda z: wort in z)
        zeilen = self.datei.read_text(encoding="utf-8").split("\n")
        return f"mkdocs.yml:{weg or next((n for n, z in enumerate(zeilen, 1) if z.startswith(f'{abschnitt}:')), 1)}"

    def noetiges_pruefen(self) -> None:
        """Was der Kurs von mkdocs.yml braucht (NOETIG): Fehlte es, ginge etwas still verloren (die Notebooks,
        die Begriffe im Text) oder bräche viel später ab, mit einer Meldung, die die Ursache nicht nennt."""
        for liste, namen in NOETIG.items():
            for name, wofuer in namen.items():
                if stelle := self.erweiterung_fehlt(name, liste):
                    raise QuellenFehler(stelle, f"{liste} nennt {name} nicht; der Kurs braucht es für {wofuer}.")
        zaeune = {z.get("name"): z for z in self.markdown_erweiterung("pymdownx.superfences").get("custom_fences") or []}
        for zaun, werte in ZAEUNE.items():
            for schluessel, wert in werte.items():
                if (zaeune.get(zaun) or {}).get(schluessel) != wert:
                    raise QuellenFehler(self._wo_geloescht(schluessel, "markdown_extensions"), f"custom_fences: Der Zaun "
                                        f"{zaun} braucht {schluessel}: !!python/name:{wert}, sonst zeichnet "
                                        f"pymdownx.superfences {zaun}-Blöcke ohne den Kurs.")
        thema = self.config.get("theme") or {}
        for name, (wert, wofuer) in THEMA.items():
            if thema.get(name) != wert:
                raise QuellenFehler(self._wo_geloescht(name, "theme"), f"theme nennt nicht {name}: "
                                    f"{str(wert).lower()}; der Kurs braucht es für {wofuer}.")

    def nav_pruefen(self, docs: Path) -> None:
        """Jede Seite aus `nav` gibt es in docs/; sonst die Zeile in mkdocs.yml."""
        for seite in self.nav:
            if not (docs / seite.quelle).is_file():
                zeilen = self.datei.read_text(encoding="utf-8").split("\n")
                zeile = next((n for n, z in enumerate(zeilen, start=1) if z.rstrip().endswith(f" {seite.quelle}")), None)
                raise QuellenFehler.in_datei(self.datei, zeile, f"nav nennt {seite.quelle}; die Datei gibt es in "
                                             f"{docs.name}/ nicht.", self.wurzel)

    @cached_property
    def nav(self) -> list[Seite]:
        """Die Seiten aus `nav`, flach, in ihrer Reihenfolge (ohne externe Links)."""
        seiten = []

        def gehe(eintraege):
            for eintrag in eintraege:
                titel, ziel = next(iter(eintrag.items())) if isinstance(eintrag, dict) else (None, eintrag)
                if isinstance(ziel, list):
                    gehe(ziel)
                elif not ziel.startswith(("http://", "https://")):
                    seiten.append(Seite(titel or ziel, ziel))

        gehe(self.config["nav"])
        return seiten
