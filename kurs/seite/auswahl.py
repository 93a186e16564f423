"""Auswahlfragen und Übungstabelle: aus dem Kursmodell in das Markdown der Seite.

- `<!-- quiz: teil-2/uebung-3 -->` (aus der Prüfung der Übung) und
  `<!-- kurz-geprueft: teil-1/schritt-2 -->` (eine Frage nach jedem Schritt) werden zur
  Auswahl mit Erklärung je Option, ohne JavaScript und ohne Python.
- `<!-- uebungen-tabelle -->` wird zur Tabelle aller Übungen.
"""

import html
import re

from mkdocs.exceptions import PluginError

from kurs.modell import KURZ_GEPRUEFT, QUIZ, Kurs, Quiz
from kurs.modell.kapitel import AUSWAHL_VERSUCH

INLINE_CODE = re.compile(r"`([^`]+)`")
UEBUNGEN_TABELLE = "<!-- uebungen-tabelle -->"


def _text(text: str) -> str:
    # Im HTML-Block wirkt kein Markdown: `Code` wird hier zu <code>.
    return INLINE_CODE.sub(r"<code>\1</code>", html.escape(text))


def quiz_html(quiz: Quiz, uebung: str | None = None) -> str:
    """Eine Auswahl als Radio-Gruppe: Die Erklärung jeder Option erscheint mit CSS, sobald sie
    gewählt ist (docs/assets/kurs.css), auch ohne JavaScript. Vorgelesen wird sie über die
    Ansage am Ende: Ein Bereich, der von display:none auf sichtbar wechselt, wird oft nicht
    angesagt; docs/assets/kurs-fortschritt.js schreibt die gewählte Erklärung hinein.

    Die Auswahl einer Übung (`uebung`, data-uebung) ist deren Prüfung: Die richtige Wahl besteht
    sie (kurs-fortschritt.js), aus denselben Daten wie die Prüfung in Python (OPTIONEN, RICHTIG)."""
    legende = _text(quiz.frage) if quiz.frage else "Wähle eine Option; die Begründung erscheint darunter."
    art_der_frage = "quiz kurz-geprueft" if quiz.frage else "quiz"
    daten = f' data-uebung="{html.escape(uebung, quote=True)}"' if uebung else ""
    zeilen = [f'<fieldset class="{art_der_frage}" id="{quiz.gruppe}"{daten}>', f"<legend>{legende}</legend>"]
    for wahl, option in quiz.optionen.items():
        urteil = "Richtig." if wahl == quiz.richtig else "Passt nicht."
        bestanden = " Damit hast du die Übung bestanden." if uebung and wahl == quiz.richtig else ""
        art = "quiz-richtig" if wahl == quiz.richtig else "quiz-falsch"
        zeilen += [
            '<div class="quiz-option">',
            f'<input type="radio" name="{quiz.gruppe}" id="{quiz.gruppe}-{wahl}" value="{wahl}">',
            f'<label for="{quiz.gruppe}-{wahl}"><strong>{wahl}</strong> {_text(option["text"])}</label>',
            f'<p class="quiz-erklaerung {art}"><strong>{urteil}</strong> '
            f'{_text(option["erklaerung"])}{bestanden}</p>',
            "</div>",
        ]
    zeilen += ['<p class="quiz-ansage" aria-live="polite"></p>', "</fieldset>"]
    return "\n".join(zeilen)


def auswahl_einsetzen(kurs: Kurs, markdown: str, wo: str) -> str:
    """Ersetzt jede Auswahl-Zeile durch ihre Auswahl; eine vertippte Zeile bricht den Build ab."""
    markdown = re.sub(QUIZ.pattern, lambda m: quiz_html(kurs.uebung(m["uebung"]).quiz, m["uebung"]), markdown,
                      flags=re.M)
    markdown = re.sub(KURZ_GEPRUEFT.pattern, lambda m: quiz_html(kurs.frage(m["name"])), markdown, flags=re.M)
    if rest := AUSWAHL_VERSUCH.search(markdown):
        zeile = markdown[rest.start():].split("\n", 1)[0]
        raise PluginError(f"{wo}: Zeile nicht erkannt: {zeile!r}. Form, allein in einer Zeile: "
                          "<!-- quiz: teil-2/uebung-3 --> oder <!-- kurz-geprueft: teil-2/schritt-1 -->")
    return markdown


def uebungen_tabelle(kurs: Kurs) -> str:
    zeilen = ["| Übung | Was deine Datei definiert |", "|---|---|"]
    for kapitel in kurs.kapitel:
        for u in kapitel.uebungen:
            namen = ", ".join(f"`{n}`" for n in u.definiert)
            # Link ohne Code-Schrift: Code in einem Link ist im dunklen Schema zu blass (axe-core).
            zeilen.append(f"| [{u.name}]({kapitel.seite.name}#{u.anker}) | {namen} |")
    return "\n".join(zeilen)
