"""Die Vorlagen in overrides/: ein Fehler darin als eine Zeile mit Datei und Zeile, ohne Traceback.

Jinja meldet einen Syntaxfehler erst, wenn MkDocs die Vorlage lädt, und einen Fehler beim Zeichnen
(eine fehlende Vorlage in `include`, ein Filter auf einem fehlenden Wert) als Traceback durch
MkDocs. `einrichten` übersetzt darum jede Vorlage aus overrides/ vor dem ersten Zeichnen und gibt
jeder Vorlage ein `render`, das einen Fehler als PluginError mit der Zeile der Vorlage meldet."""

import re
from pathlib import Path

from mkdocs.exceptions import PluginError

from kurs.modell import QuellenFehler, verorten


def _stelle(exc: BaseException, ordner: Path) -> tuple[Path, int] | None:
    """Die innerste Zeile einer Vorlage aus `ordner` im Traceback (Jinja schreibt sie dort hinein)."""
    stelle, tb = None, exc.__traceback__
    while tb is not None:
        datei = Path(tb.tb_frame.f_code.co_filename)
        if datei.is_relative_to(ordner):
            stelle = datei, tb.tb_lineno
        tb = tb.tb_next
    return stelle


# Tags, die ein `end…` schließt; `set` nur ohne `=` (als Block).
MIT_ENDE = {"if", "for", "block", "macro", "call", "filter", "with", "autoescape", "trans", "set"}


def _tags(quelle: str) -> list[tuple[int, str, list[str]]]:
    """(Zeile, Name, Namen und Zeichen danach) jedes Tags `{% … %}` der Vorlage, mit Jinjas Lexer."""
    import jinja2

    tags, offen = [], None
    for zeile, art, wert in jinja2.Environment().lex(quelle):
        if art == "block_begin":
            offen = (zeile, [])
        elif art == "block_end" and offen:
            if offen[1]:
                tags.append((offen[0], offen[1][0], offen[1][1:]))
            offen = None
        elif offen and art in ("name", "operator"):
            offen[1].append(wert)
    return tags


def offener_block(quelle: str) -> tuple[int, str, int | None, str] | None:
    """Der Block, der nie geschlossen wird: (Zeile seines Tags, Name, Zeile, "vor" oder "nach" der sein
    `end…` wohl fehlt) oder None. Jinja selbst merkt es erst am nächsten `end…`, das nicht passt, oder am Ende.
    Wo das `end…` fehlt, sagt der Einzug: die erste Zeile danach, die nicht tiefer steht als der Tag."""
    try:
        tags = _tags(quelle)
    except Exception:  # noqa: BLE001 - schon der Lexer scheitert: Jinjas eigene Zeile gilt
        return None
    stapel, bemerkt = [], None
    for zeile, name, rest in tags:
        if name in MIT_ENDE and not (name == "set" and "=" in rest):
            stapel.append((zeile, name))
        elif name.startswith("end") and name[3:] in MIT_ENDE:
            if stapel and stapel[-1][1] == name[3:]:
                stapel.pop()
            elif any(n == name[3:] for _, n in stapel):
                bemerkt = zeile  # darüber ist einer offen geblieben
                break
            else:
                return None  # ein `end…` zu viel: Jinja meldet es selbst an seiner Zeile
    if not stapel:
        return None
    anfang, name = stapel[-1]
    zeilen = quelle.split("\n")
    einzug = len(zeilen[anfang - 1]) - len(zeilen[anfang - 1].lstrip())
    zweige = {z for z, n, _ in tags if n in ("elif", "else") and z > anfang}
    for nummer in range(anfang + 1, (bemerkt or len(zeilen)) + 1):
        zeile = zeilen[nummer - 1]
        if zeile.strip() and len(zeile) - len(zeile.lstrip()) <= einzug and nummer not in zweige:
            return anfang, name, nummer, "vor"
    if bemerkt is None:  # bis zum Ende der Datei: nach ihrer letzten Zeile
        return anfang, name, max(n for n, z in enumerate(zeilen, start=1) if z.strip()), "nach"
    return anfang, name, None, ""


def _nicht_geschlossen(exc: BaseException, wurzel: Path) -> QuellenFehler | None:
    """Ein Block ohne `end…`: gemeldet, wo er wohl enden sollte, mit der Zeile, wo er beginnt."""
    datei = Path(getattr(exc, "filename", None) or "")
    if type(exc).__name__ != "TemplateSyntaxError" or not datei.is_file() or not re.search(
            r"Unexpected end of template|needs to be closed", str(exc)):
        return None
    if (offen := offener_block(datei.read_text(encoding="utf-8"))) is None:
        return None
    anfang, name, vermutet, wo = offen
    ende, tag = f"`{{% end{name} %}}`", f"`{{% {name} … %}}`"
    if vermutet is None:
        return QuellenFehler.in_datei(datei, anfang, f"{tag} wird nie geschlossen: {ende} fehlt.", wurzel)
    grund = "hier endet sein Einzug" if wo == "vor" else "am Ende der Datei"
    return QuellenFehler.in_datei(datei, vermutet, f"{wo.capitalize()} dieser Zeile fehlt wohl {ende}: {tag} aus "
                                  f"Zeile {anfang} wird nie geschlossen ({grund}).", wurzel)


def fehler(exc: BaseException, wurzel: Path) -> PluginError:
    if isinstance(exc, PluginError):
        return exc
    text = _nicht_geschlossen(exc, wurzel) or verorten(exc, wurzel)
    if (stelle := _stelle(exc, wurzel / "overrides")) and not getattr(exc, "lineno", None):
        text = QuellenFehler.in_datei(stelle[0], stelle[1], str(text).split(": ", 1)[1], wurzel)
    return PluginError(str(text))


def einrichten(env, wurzel: Path) -> None:
    wurzel = wurzel.resolve()
    basis = env.template_class

    class Vorlage(basis):
        def render(self, *args, **kwargs):
            try:
                return super().render(*args, **kwargs)
            except Exception as exc:  # noqa: BLE001 - mit Datei und Zeile der Vorlage statt Traceback
                raise fehler(exc, wurzel) from None

    if basis.__name__ != "Vorlage":  # `serve` baut mit neuer Umgebung; sonst nicht zweimal
        env.template_class = Vorlage
    for datei in sorted((wurzel / "overrides").rglob("*.html")):
        try:
            env.get_template(datei.relative_to(wurzel / "overrides").as_posix())
        except Exception as exc:  # noqa: BLE001 - ein Syntaxfehler: Jinja nennt Datei und Zeile
            raise fehler(exc, wurzel) from None
        verweise_pruefen(env, datei, wurzel)


def verweise_pruefen(env, datei: Path, wurzel: Path) -> None:
    """Jede Vorlage, die `datei` mit include, extends oder import nennt, gibt es. Jinja merkte eine fehlende
    erst, wenn es die Stelle zeichnet, und manche nur selten (partials/mermaid.html nur auf einer Seite mit
    einem Diagramm, das noch nicht gezeichnet ist)."""
    from jinja2 import TemplateNotFound, meta

    quelle = datei.read_text(encoding="utf-8")
    for name in meta.find_referenced_templates(env.parse(quelle)):
        if name is None:  # ein Name, der erst beim Zeichnen feststeht
            continue
        try:
            env.loader.get_source(env, name)
        except TemplateNotFound:
            zeile = next((n for n, z in enumerate(quelle.split("\n"), start=1) if f'"{name}"' in z or f"'{name}'" in z), None)
            raise PluginError(str(QuellenFehler.in_datei(datei, zeile, f"Die Vorlage {name!r} gibt es weder in overrides/ "
                                                         "noch in Material.", wurzel))) from None


def namen_pruefen(env, wurzel: Path, kontext: set[str]) -> None:
    """Jeder Name, den eine Vorlage aus overrides/ liest, gibt es: im Kontext der Seite (`kontext`, von
    MkDocs), in den Globalen der Umgebung oder als Import oder `set` in einer Vorlage, die sie einbindet
    (Materials base.html). Jinja zeichnete einen vertippten Namen still als leeren Text."""
    import difflib

    from jinja2 import meta, nodes

    def definiert(quelle: str) -> set[str]:
        namen = set()
        for knoten in env.parse(quelle).find_all((nodes.Import, nodes.FromImport, nodes.Assign, nodes.AssignBlock)):
            if isinstance(knoten, nodes.Import):
                namen.add(knoten.target)
            elif isinstance(knoten, nodes.FromImport):
                namen |= {n if isinstance(n, str) else n[-1] for n in knoten.names}
            else:
                namen |= {n.name for n in knoten.target.find_all(nodes.Name)}
        return namen

    vorlagen = {datei: datei.read_text(encoding="utf-8") for datei in sorted((wurzel / "overrides").rglob("*.html"))}
    bekannt = set(kontext) | set(env.globals) | definiert(env.loader.get_source(env, "base.html")[0])
    for quelle in vorlagen.values():
        bekannt |= definiert(quelle)
    for datei, quelle in vorlagen.items():
        for name in sorted(meta.find_undeclared_variables(env.parse(quelle)) - bekannt):
            zeile = next((n for n, z in enumerate(quelle.split("\n"), start=1) if re.search(rf"\b{name}\b", z)), None)
            vorschlag = difflib.get_close_matches(name, sorted(bekannt), n=1)
            raise PluginError(str(QuellenFehler.in_datei(
                datei, zeile, f"{name!r} gibt es beim Zeichnen keiner Seite: Jinja schreibt an seiner Stelle still nichts."
                + (f" Meintest du {vorschlag[0]!r}?" if vorschlag else ""), wurzel)))
