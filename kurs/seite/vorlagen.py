"""Die Vorlagen in overrides/: ein Fehler darin als eine Zeile mit Datei und Zeile, ohne Traceback.

Jinja meldet einen Syntaxfehler erst, wenn MkDocs die Vorlage lädt, und einen Fehler beim Zeichnen
(eine fehlende Vorlage in `include`, ein Filter auf einem fehlenden Wert) als Traceback durch
MkDocs. `einrichten` übersetzt darum jede Vorlage aus overrides/ vor dem ersten Zeichnen und gibt
jeder Vorlage ein `render`, das einen Fehler als PluginError mit der Zeile der Vorlage meldet."""

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


def fehler(exc: BaseException, wurzel: Path) -> PluginError:
    if isinstance(exc, PluginError):
        return exc
    text = verorten(exc, wurzel)
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
