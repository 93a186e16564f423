"""Die Fehler, die der Mutationstest einbaut: je Art Quelle, was Beitragende dort falsch machen.

Je Art Quelle eine Funktion, die jeden möglichen Fehler aufzählt (deterministisch, nach Datei und Zeile);
stichprobe.py sammelt sie (`kandidaten`) und zieht daraus."""

import functools
import random
import re
from dataclasses import replace
from pathlib import Path

from kurs.mutation import Mutation

WORT = re.compile(r"(?<![\w`/.#-])[A-Za-zÄÖÜäöüß]{7,}(?![\w`/.(-])")
EINBINDUNG = re.compile(r'^(\s*)-{1,}8<-{1,}\s+"([^"]+)"\s*$')
LINK = re.compile(r"\]\((?P<ziel>[\w./-]*\.md)?(?P<anker>#[\w-]+)?\)")
BEZEICHNER = re.compile(r"(?<![\w.\"'])([a-z_][a-z0-9_]{3,})(?=\()")
FENCE = re.compile(r"^\s*(`{3,})(\w*)")
NAV_SEITE = re.compile(r"^\s*- (?:.*: )?[\w/-]+\.md\s*$")
ZEICHENKETTE = re.compile(r"([\"'])(?:(?!\1).)*\1")


@functools.cache
def _zeilen(wurzel: Path, pfad: str) -> tuple[str, ...]:
    """Die Zeilen einer Datei, einmal gelesen je Aufzählung (`kandidaten` leert den Speicher)."""
    return tuple((wurzel / pfad).read_text(encoding="utf-8").split("\n"))


@functools.cache
def _markdown_dateien(wurzel: Path) -> tuple[str, ...]:
    """docs/*.md und snippets/**/*.md, relativ zur Wurzel: wo Einbindungen und Links stehen."""
    return tuple(d.relative_to(wurzel).as_posix()
                 for d in sorted([*(wurzel / "docs").glob("*.md"), *(wurzel / "snippets").rglob("*.md")]))


def _zeile_ersetzt(pfad: str, nummer: int, neu: list[str]) -> tuple:
    """Der Schritt: Zeile `nummer` (ab 1) wird `neu` (auch leer oder zwei Zeilen). Den Text baut erst
    `Mutation.anwenden`: So kostet die Aufzählung von 15000 Fehlern keine 15000 Kopien des Texts."""
    return ("zeile", pfad, nummer, tuple(neu))


def tippfehler(zeile: str, rng: random.Random, nur_in_text: bool = False) -> str | None:
    """Zwei benachbarte Buchstaben eines langen Worts vertauscht, oder None. `nur_in_text`: in Code
    nur in Zeichenketten (Meldungen), nicht in Namen."""
    texte = [t.span() for t in ZEICHENKETTE.finditer(zeile)] if nur_in_text else [(0, len(zeile))]
    woerter = [m for m in WORT.finditer(zeile) if any(a <= m.start() and m.end() <= e for a, e in texte)]
    if not woerter:
        return None
    m = rng.choice(woerter)
    wort = m[0]
    stellen = [i for i in range(1, len(wort) - 2) if wort[i] != wort[i + 1]]
    if not stellen:
        return None
    i = rng.choice(stellen)
    return zeile[:m.start()] + wort[:i] + wort[i + 1] + wort[i] + wort[i + 2:] + zeile[m.end():]


def _zeilenfehler(art: str, dateiart: str, pfad: str, zeilen: list[str], nummer: int, rng) -> Mutation | None:
    """Die Fehler, die jede Zeile treffen: weg, doppelt, anders eingerückt, vertippt."""
    zeile = zeilen[nummer - 1]
    if art == "zeile-weg":
        return Mutation(art, dateiart, pfad, nummer, f"gelöscht: {zeile.strip()[:50]!r}",
                        (_zeile_ersetzt(pfad, nummer, []),))
    if art == "zeile-doppelt":
        return Mutation(art, dateiart, pfad, nummer + 1, f"doppelt: {zeile.strip()[:50]!r}",
                        (_zeile_ersetzt(pfad, nummer, [zeile, zeile]),))
    if art == "einzug":
        neu = zeile.lstrip() if zeile.startswith(" ") else "    " + zeile
        return Mutation(art, dateiart, pfad, nummer, f"Einzug geändert: {zeile.strip()[:50]!r}",
                        (_zeile_ersetzt(pfad, nummer, [neu]),))
    if art == "tippfehler" and (neu := tippfehler(zeile, rng, dateiart == "code")):
        return Mutation(art, dateiart, pfad, nummer, f"{zeile.strip()[:40]!r} -> {neu.strip()[:40]!r}",
                        (_zeile_ersetzt(pfad, nummer, [neu]),))
    return None


def _ersetzt(art, dateiart, pfad, zeilen, nummer, alt, neu, was) -> Mutation:
    zeile = zeilen[nummer - 1]
    return Mutation(art, dateiart, pfad, nummer, was,
                    (_zeile_ersetzt(pfad, nummer, [zeile.replace(alt, neu, 1)]),))


def _verweise_auf(wurzel: Path, ziel: str) -> tuple[tuple[str, int], ...]:
    """Wo docs/ und snippets/ eine Snippet-Datei `ziel` (relativ zu snippets/) einbinden."""
    return tuple((pfad, nummer) for pfad in _markdown_dateien(wurzel)
                 for nummer, zeile in enumerate(_zeilen(wurzel, pfad), start=1)
                 if "8<" in zeile and (m := EINBINDUNG.match(zeile)) and m[2].split(":")[0] == ziel)


def _links_auf(wurzel: Path, ueberschrift: str) -> tuple[tuple[str, int], ...]:
    from markdown.extensions.toc import slugify

    anker = "#" + slugify(re.sub(r"\{[^}]*\}\s*$", "", ueberschrift).strip(), "-")
    return tuple((pfad, n) for pfad in _markdown_dateien(wurzel)
                 for n, z in enumerate(_zeilen(wurzel, pfad), start=1) if f"{anker})" in z)


def _dateifehler(dateiart: str, pfad: str, verweise: tuple, neu: str) -> list[Mutation]:
    if not verweise:
        return []
    return [Mutation("datei-weg", dateiart, pfad, None, "gelöscht", (("weg", pfad),), verweise),
            Mutation("datei-umbenannt", dateiart, pfad, None, f"umbenannt in {neu}", (("umbenennen", pfad, neu),),
                     verweise)]


# --- je Art Quelle -------------------------------------------------------------------


def _markdown_bereiche(zeilen: list[str]) -> list[str]:
    """Je Zeile: "text", "python", "ausgabe", "mermaid", "fence" (andere Blöcke) oder "marke"."""
    arten, offen, ausgabe_folgt = [], None, False
    for zeile in zeilen:
        m = FENCE.match(zeile)
        if offen is None and m:
            offen = (m[1], "ausgabe" if ausgabe_folgt or 'title="Ausgabe"' in zeile else m[2] or "fence")
            arten.append("marke" if offen[1] == "ausgabe" else "fence")
            ausgabe_folgt = False
        elif offen is not None:
            if m and zeile.strip() == offen[0]:
                arten.append("marke" if offen[1] == "ausgabe" else "fence")
                offen = None
            else:
                arten.append(offen[1] if offen[1] in ("python", "ausgabe", "mermaid") else "fence")
        elif zeile.startswith("<!--pytest-codeblocks:"):
            arten.append("marke")
            ausgabe_folgt = "expected-output" in zeile
        else:
            arten.append("text")
    return arten


def _seiten(wurzel: Path, rng) -> list[Mutation]:
    ergebnis = []
    nav = _zeilen(wurzel, "mkdocs.yml")
    for datei in sorted((wurzel / "docs").glob("*.md")):
        pfad = datei.relative_to(wurzel).as_posix()
        zeilen = _zeilen(wurzel, pfad)
        for nummer, (zeile, art) in enumerate(zip(zeilen, _markdown_bereiche(zeilen), strict=True), start=1):
            if not zeile.strip():
                continue
            dateiart = "diagramm" if art == "mermaid" else "seite"
            if art not in ("text", "mermaid"):
                continue
            for fehler in ("zeile-weg", "zeile-doppelt", "einzug", "tippfehler"):
                if m := _zeilenfehler(fehler, dateiart, pfad, zeilen, nummer, rng):
                    ergebnis.append(m)
            if m := EINBINDUNG.match(zeile):
                ziel = m[2]
                ergebnis.append(_ersetzt("verweis", "seite", pfad, zeilen, nummer, ziel, ziel.replace("/", "/x", 1),
                                         f"Einbindung {ziel!r} vertippt"))
            for link in LINK.finditer(zeile):
                teil = link["anker"] or link["ziel"]
                ergebnis.append(_ersetzt("verweis", "seite", pfad, zeilen, nummer, teil, teil[:-1] + "x" + teil[-1],
                                         f"Link {link[0]!r} vertippt"))
            if m := re.match(r"^(#{2,3}) (.+)$", zeile):
                # Wer auf den Anker der Überschrift verlinkt, dort darf die Meldung stehen.
                ergebnis.append(replace(_ersetzt("name", "seite", pfad, zeilen, nummer, m[2], m[2] + " neu",
                                                 f"Überschrift {m[2][:30]!r} umbenannt"), auch=_links_auf(wurzel, m[2])))
            if m := re.match(r"^<!-- (quiz|kurz-geprueft): ([\w/-]+) -->$", zeile):
                ergebnis.append(_ersetzt("verweis", "seite", pfad, zeilen, nummer, m[2], m[2] + "0",
                                         f"Marke {m[1]} vertippt"))
            if re.match(r"^(!!!|\?\?\?\+?) \w+", zeile):
                ergebnis.append(_ersetzt("wert", "seite", pfad, zeilen, nummer, '"', "", "Anführungszeichen des "
                                         "Titels fehlt"))
            if art == "mermaid" and re.search(r"-+>>|-->", zeile):
                ergebnis.append(_ersetzt("wert", "diagramm", pfad, zeilen, nummer, ">", "", "Pfeil kaputt"))
            if art == "mermaid" and (m := re.match(r"^\s*participant (\w+)", zeile)):
                ergebnis.append(_ersetzt("name", "diagramm", pfad, zeilen, nummer, m[1], m[1] + "X",
                                         f"Teilnehmer {m[1]} umbenannt"))
        verweise = tuple(("mkdocs.yml", n) for n, z in enumerate(nav, start=1) if z.rstrip().endswith(f" {datei.name}"))
        ergebnis += _dateifehler("seite", pfad, verweise, pfad.replace(".md", "-alt.md"))
    return ergebnis


def _snippets(wurzel: Path, rng) -> list[Mutation]:
    ergebnis = []
    for datei in sorted((wurzel / "snippets").rglob("*.md")):
        pfad = datei.relative_to(wurzel).as_posix()
        zeilen = _zeilen(wurzel, pfad)
        for nummer, (zeile, art) in enumerate(zip(zeilen, _markdown_bereiche(zeilen), strict=True), start=1):
            if zeile.strip() in ("```python", "```sh"):  # vertippt, läuft der Block still nie
                sprache = zeile.strip()[3:]
                ergebnis.append(_ersetzt("tippfehler", "code", pfad, zeilen, nummer, sprache,
                                         sprache[:-2] + sprache[-1] + sprache[-2], f"Sprache {sprache} vertippt"))
            if not zeile.strip() or art in ("fence", "text") and not EINBINDUNG.match(zeile):
                continue
            dateiart = "code" if art == "python" else "ausgabe"
            for fehler in ("zeile-weg", "zeile-doppelt", "einzug", "tippfehler"):
                if (fehler != "einzug" or art == "python") and (m := _zeilenfehler(fehler, dateiart, pfad, zeilen,
                                                                                    nummer, rng)):
                    ergebnis.append(m)
            if m := EINBINDUNG.match(zeile):
                ziel = m[2]
                ergebnis.append(_ersetzt("verweis", "code", pfad, zeilen, nummer, ziel, ziel.replace("/", "/x", 1),
                                         f"Einbindung {ziel!r} vertippt"))
            if art == "marke" and zeile.startswith("<!--"):
                ergebnis.append(_ersetzt("wert", "ausgabe", pfad, zeilen, nummer, "-->", "->", "Marke nicht "
                                         "geschlossen"))
                ergebnis.append(_ersetzt("name", "ausgabe", pfad, zeilen, nummer, "codeblocks:", "codeblock:",
                                         "Marke umbenannt"))
            if art == "python":
                for b in BEZEICHNER.finditer(zeile):
                    if not zeile.lstrip().startswith(("def ", "class ")):
                        ergebnis.append(_ersetzt("name", "code", pfad, zeilen, nummer, b[0] + "(", b[0] + "x(",
                                                 f"Aufruf {b[0]} umbenannt"))
                        break
                if re.search(r"[\"']\)?:?$|\"\"\"|= \d", zeile):
                    ergebnis.append(_ersetzt("wert", "code", pfad, zeilen, nummer, zeile.rstrip()[-1:] if
                                             zeile.rstrip()[-1:] in "\"')" else "= ", "" if zeile.rstrip()[-1:] in
                                             "\"')" else "= ?", "Wert kaputt"))
        verweise = _verweise_auf(wurzel, datei.relative_to(wurzel / "snippets").as_posix())
        if "/uebung-" not in pfad:
            ergebnis += _dateifehler("code", pfad, verweise, pfad.replace(".md", "_alt.md"))
    return ergebnis


def _toml(wurzel: Path, rng) -> list[Mutation]:
    ergebnis = []
    dateien = sorted([*(wurzel / "snippets").glob("*/uebung-*/*.toml"), *(wurzel / "snippets").glob("*/kurz-geprueft/*.toml")])
    for datei in dateien:
        pfad = datei.relative_to(wurzel).as_posix()
        dateiart = "frage" if "/kurz-geprueft/" in pfad else "uebung"
        zeilen = _zeilen(wurzel, pfad)
        for nummer, zeile in enumerate(zeilen, start=1):
            if not zeile.strip() or zeile.startswith("#"):
                continue
            for fehler in ("zeile-weg", "zeile-doppelt", "einzug", "tippfehler"):
                if m := _zeilenfehler(fehler, dateiart, pfad, zeilen, nummer, rng):
                    ergebnis.append(m)
            if m := re.match(r"^(\w+)\s*=\s*(.*)$", zeile):
                schluessel, wert = m[1], m[2]
                ergebnis.append(_ersetzt("name", dateiart, pfad, zeilen, nummer, schluessel, schluessel + "n",
                                         f"Schlüssel {schluessel} umbenannt"))
                if wert[:1] in "\"'" and wert[-1:] == wert[:1] and not wert.startswith(wert[0] * 3):
                    ergebnis.append(Mutation("wert", dateiart, pfad, nummer, "Anführungszeichen fehlt", (
                        _zeile_ersetzt(pfad, nummer, [zeile.rstrip()[:-1]]),)))
                if schluessel == "richtig":
                    ergebnis.append(_ersetzt("verweis", dateiart, pfad, zeilen, nummer, wert, '"E"', "richtig = E"))
                if schluessel == "fehler" and wert.startswith("["):
                    ergebnis.append(_ersetzt("verweis", dateiart, pfad, zeilen, nummer, "'", "'x", "Name eines Fehlers"))
                if schluessel == "alt":
                    ergebnis.append(_ersetzt("verweis", dateiart, pfad, zeilen, nummer, wert, wert[:-1] + " " + wert[-1],
                                             "alt passt nicht zur Lösung"))
            if m := re.match(r"^\[(optionen\.)?(\w+)\]", zeile) if dateiart == "frage" else None:
                ergebnis.append(_ersetzt("name", dateiart, pfad, zeilen, nummer, f"{m[2]}]", f"{m[2]}{m[2]}]",
                                         "Option umbenannt"))
        if dateiart == "frage":
            kapitel, _, name = pfad.split("/")[1:4]
            marke = f"<!-- kurz-geprueft: {kapitel}/{Path(name).stem} -->"
            verweise = tuple((d.relative_to(wurzel).as_posix(), n) for d in sorted((wurzel / "docs").glob("*.md"))
                             for n, z in enumerate(_zeilen(wurzel, d.relative_to(wurzel).as_posix()), start=1)
                             if z == marke)
        else:
            verweise = ((pfad, None),)
        ergebnis += _dateifehler(dateiart, pfad, verweise, pfad.replace(".toml", "-alt.toml"))
    return ergebnis


def _mkdocs_yml(wurzel: Path, rng) -> list[Mutation]:
    ergebnis, pfad = [], "mkdocs.yml"
    zeilen = _zeilen(wurzel, pfad)
    for nummer, zeile in enumerate(zeilen, start=1):
        if not zeile.strip() or zeile.lstrip().startswith("#"):
            continue
        for fehler in ("zeile-weg", "zeile-doppelt", "einzug", "tippfehler"):
            if m := _zeilenfehler(fehler, "mkdocs.yml", pfad, zeilen, nummer, rng):
                # Eine Seite, deren Zeile in nav fehlt: Die Zeile gibt es nicht mehr, die Meldung nennt die Datei.
                ergebnis.append(replace(m, zeile=None) if fehler == "zeile-weg" and NAV_SEITE.match(zeile) else m)
        if m := re.search(r": ([\w-]+\.md)$", zeile):
            ergebnis.append(_ersetzt("verweis", "mkdocs.yml", pfad, zeilen, nummer, m[1], "x" + m[1], "nav vertippt"))
        if m := re.match(r"^\s*-?\s*([\w.]+):", zeile):
            ergebnis.append(_ersetzt("name", "mkdocs.yml", pfad, zeilen, nummer, m[1] + ":", m[1] + "x:",
                                     f"Schlüssel {m[1]} umbenannt"))
        if re.search(r': .*["\]]$', zeile):
            ergebnis.append(Mutation("wert", "mkdocs.yml", pfad, nummer, "schließendes Zeichen fehlt", (
                _zeile_ersetzt(pfad, nummer, [zeile.rstrip()[:-1]]),)))
    return ergebnis


def _overrides(wurzel: Path, rng) -> list[Mutation]:
    ergebnis = []
    for datei in sorted((wurzel / "overrides").rglob("*.html")):
        pfad = datei.relative_to(wurzel).as_posix()
        zeilen = _zeilen(wurzel, pfad)
        for nummer, zeile in enumerate(zeilen, start=1):
            if not zeile.strip():
                continue
            for fehler in ("zeile-weg", "zeile-doppelt", "einzug", "tippfehler"):
                if m := _zeilenfehler(fehler, "overrides", pfad, zeilen, nummer, rng):
                    ergebnis.append(m)
            if m := re.search(r'(?:include|extends|import) "([^"]+)"', zeile):
                ergebnis.append(_ersetzt("verweis", "overrides", pfad, zeilen, nummer, m[1], m[1].replace(".", "x.", 1),
                                         f"Vorlage {m[1]} vertippt"))
            if m := re.search(r"\{\{-? *([a-z_]+)", zeile):
                ergebnis.append(_ersetzt("name", "overrides", pfad, zeilen, nummer, m[1], m[1] + "x",
                                         f"Variable {m[1]} umbenannt"))
            if "%}" in zeile or "}}" in zeile:
                ergebnis.append(_ersetzt("wert", "overrides", pfad, zeilen, nummer, "%}" if "%}" in zeile else "}}", "}",
                                         "Jinja-Marke nicht geschlossen"))
        name = datei.relative_to(wurzel / "overrides").as_posix()
        verweise = tuple((d.relative_to(wurzel).as_posix(), n) for d in sorted((wurzel / "overrides").rglob("*.html"))
                         for n, z in enumerate(_zeilen(wurzel, d.relative_to(wurzel).as_posix()), start=1)
                         if f'"{name}"' in z)
        ergebnis += _dateifehler("overrides", pfad, verweise, pfad.replace(".html", "-alt.html"))
    return ergebnis
