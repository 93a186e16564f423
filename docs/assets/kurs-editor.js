// Der Editor eines Python-Blocks: CodeMirror 6, selbst gehostet und gebündelt
// (docs/assets/vendor/codemirror/, pflege/vendor_holen.py). kurs-lauf.js lädt dieses Modul
// erst, wenn eine Leserin einen Block zum ersten Mal bearbeitet (oder eine gespeicherte Lösung da ist):
// Bis dahin steht der von Pygments gefärbte Block aus dem HTML da.
import {
  EditorState, EditorView, Decoration, StateField, StateEffect, keymap, lineNumbers, drawSelection, highlightSpecialChars,
  defaultKeymap, history, historyKeymap, indentWithTab, indentOnInput, bracketMatching,
  syntaxHighlighting, indentUnit, closeBrackets, closeBracketsKeymap, classHighlighter, python,
} from "./vendor/codemirror/codemirror.js";

// Was CodeMirror selbst sagt oder zeigt (Screenreader-Ansagen, Titel), auf Deutsch.
const DEUTSCH = EditorState.phrases.of({
  "Control character": "Steuerzeichen",
  "Selection deleted": "Auswahl gelöscht",
  "Completions": "Vorschläge",
  "close": "schließen",
});

// Farben und Schrift kommen aus Materials Variablen (kurs.css färbt die tok-Klassen wie
// Pygments): So passt der Editor zum hellen und zum dunklen Schema, ohne eigenes Thema.
const AUSSEHEN = EditorView.theme({
  "&": { color: "var(--md-code-fg-color)", backgroundColor: "var(--md-code-bg-color)", fontSize: "inherit" },
  "&.cm-focused": { outline: "2px solid var(--md-accent-fg-color)", outlineOffset: "1px" },
  ".cm-scroller": { fontFamily: "var(--md-code-font-family)", lineHeight: "inherit" },
  ".cm-content": { padding: ".7720588235em 0", caretColor: "var(--md-code-fg-color)" },
  ".cm-line": { padding: "0 1.1764705882em" },
  ".cm-cursor": { borderLeftColor: "var(--md-code-fg-color)" },
  ".cm-gutters": {
    backgroundColor: "var(--md-code-bg-color)",
    color: "var(--md-code-hl-comment-color)", // kurs.css hebt sie auf mindestens 4,5:1
    borderRight: "1px solid var(--md-default-fg-color--lightest)",
  },
  "&.cm-focused .cm-matchingBracket": { backgroundColor: "var(--md-accent-fg-color--transparent)", outline: "1px solid var(--md-default-fg-color--light)" },
  "&.cm-focused .cm-selectionBackground, .cm-selectionBackground": { backgroundColor: "var(--md-default-fg-color--lightest)" },
});

// Die Zeile, auf die ein Fehler zeigt (kurs/lauf.py nennt sie), färbt kurs.css (.kurs-fehlerzeile),
// die eines Schritts der Zeichnung (kurs-zeichnung.js) .kurs-schrittzeile. Die nächste Änderung am
// Code nimmt die Markierung weg: Dann stimmt die Zeile nicht mehr sicher.
function markierung(klasse) {
  const zeigen = StateEffect.define();
  const feld = StateField.define({
    create: () => Decoration.none,
    update(deko, tr) {
      if (tr.docChanged) deko = Decoration.none;
      for (const e of tr.effects) if (e.is(zeigen)) deko = e.value;
      return deko;
    },
    provide: (f) => EditorView.decorations.from(f),
  });
  // Markiert Zeile `nummer` (ab 1); null nimmt die Markierung weg.
  const setzen = (view, nummer) => {
    const { doc } = view.state;
    const zeile = nummer >= 1 && nummer <= doc.lines ? doc.line(nummer) : null;
    view.dispatch({ effects: zeigen.of(zeile ? Decoration.set([Decoration.line({ class: klasse }).range(zeile.from)]) : Decoration.none) });
    return zeile;
  };
  return { feld, setzen };
}
const fehlerzeile = markierung("kurs-fehlerzeile");
const schrittzeile = markierung("kurs-schrittzeile");

// Auf dem Handy bricht kurs.css lange Zeilen um. Eine Fortsetzung steht vier Zeichen weiter rechts
// als der Code ihrer Zeile (--kurs-einzug: deren Einrückung in Zeichen): So sieht sie in Python nicht
// wie eine neue, weniger eingerückte Zeile aus.
const EINZUG = new Map();
function einzuege(doc) {
  const marken = [];
  for (let nummer = 1; nummer <= doc.lines; nummer++) {
    const zeile = doc.line(nummer);
    const breite = /^ */.exec(zeile.text)[0].length;
    if (!breite) continue;
    if (!EINZUG.has(breite)) EINZUG.set(breite, Decoration.line({ attributes: { style: `--kurs-einzug: ${breite}ch` } }));
    marken.push(EINZUG.get(breite).range(zeile.from));
  }
  return Decoration.set(marken);
}
const einzug = StateField.define({
  create: (state) => einzuege(state.doc),
  update: (marken, tr) => (tr.docChanged ? einzuege(tr.state.doc) : marken),
  provide: (feld) => EditorView.decorations.from(feld),
});

// Tab-Modus (WCAG 2.1.2, Issue 51): Kommst du mit Tab in den Editor, springt Tab weiter, ohne
// den Code zu ändern (CodeMirrors tabFocusMode), bis du zu tippen beginnst; dann rückt Tab ein,
// und Escape, dann Tab verlässt den Editor. Ein Klick in den Code heißt bearbeiten: Tab rückt
// gleich ein. Strg+M schaltet um. Unter dem Code steht, solange er den Fokus hat, was gerade gilt.
let zeigerZuletzt = -Infinity;
addEventListener("pointerdown", () => { zeigerZuletzt = performance.now(); }, { capture: true, passive: true });
const ZEIGER_MS = 1000; // ein Fokus so kurz nach einem Klick oder Tippen kam vom Zeiger
const BEARBEITET = ["input", "delete", "move", "undo", "redo"];

function hinweisText(bewegen, strgEnter) {
  return bewegen
    ? `Tab springt weiter, der Code bleibt. Tipp einfach, um ihn zu ändern. Strg+Enter: ${strgEnter}.`
    : `Tab rückt ein. Raus: Escape, dann Tab. Strg+Enter: ${strgEnter}. Strg+M: Tab springt weiter.`;
}

// Zeilennummern erst ab dieser Länge: Bei drei Zeilen helfen sie nicht, sie kosten nur Breite.
const ZEILEN_FUER_NUMMERN = 5;

// Bis der Editor da ist (beim ersten Mal auf dem Handy vielleicht eine Sekunde), tippst du
// direkt in den Block (kurs-lauf.js); der Editor übernimmt dann Text und Schreibmarke.
function schreibmarke(code) {
  const auswahl = getSelection();
  if (!auswahl.rangeCount || !code.contains(auswahl.anchorNode)) return null;
  const bereich = document.createRange();
  bereich.setStart(code, 0);
  bereich.setEnd(auswahl.anchorNode, auswahl.anchorOffset);
  return bereich.toString().length;
}

// Erzeugt den Editor im <pre> des Blocks an der Stelle des <code>, mit dessen Text und
// Schreibmarke. `aenderung(text)` kommt bei jeder Änderung, `ausfuehren()` bei Strg+Enter;
// `strgEnter` sagt, was Strg+Enter tut („ausführen“ oder „prüfen“).
// Von da an lesen und setzen block.kursText und block.kursSetze den Text im Editor;
// block.kursFehlerzeile markiert eine Zeile.
// Gibt den EditorView zurück.
export function editor(block, { label, aenderung, ausfuehren, strgEnter = "ausführen" }) {
  const code = block.querySelector("code");
  const marke = schreibmarke(code);
  const hinweis = document.createElement("p");
  hinweis.className = "kurs-tastenhinweis";
  hinweis.setAttribute("aria-hidden", "true"); // das Label sagt dasselbe
  let bewegen = false;
  let view = null;
  const modus = (neu) => {
    bewegen = neu;
    view?.setTabFocusMode(neu);
    hinweis.textContent = hinweisText(neu, strgEnter);
  };
  code.removeAttribute("contenteditable");
  const text = code.textContent;
  view = new EditorView({
    doc: text,
    selection: { anchor: Math.min(marke ?? 0, text.length) },
    extensions: [
      DEUTSCH,
      AUSSEHEN,
      text.split("\n").length >= ZEILEN_FUER_NUMMERN ? lineNumbers() : [],
      highlightSpecialChars(),
      history(),
      drawSelection(),
      indentUnit.of("    "),
      EditorState.tabSize.of(4),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      python(),
      syntaxHighlighting(classHighlighter),
      fehlerzeile.feld,
      schrittzeile.feld,
      einzug,
      // Tab rückt ein, Shift+Tab aus, sobald du bearbeitest (siehe oben, Tab-Modus).
      keymap.of([
        { key: "Mod-Enter", run: () => { ausfuehren(); return true; } },
        { key: "Mod-m", run: () => { modus(!bewegen); return true; } },
        ...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab,
      ]),
      // tabindex: Ein bearbeitbares Feld ist ohnehin fokussierbar, axe-core erkennt aber nur so,
      // dass der scrollbare Bereich darum per Tastatur erreichbar ist (scrollable-region-focusable).
      EditorView.contentAttributes.of({ "aria-label": label, spellcheck: "false", autocapitalize: "off", tabindex: "0" }),
      EditorView.focusChangeEffect.of((_, fokus) => {
        if (fokus) modus(performance.now() - zeigerZuletzt > ZEIGER_MS);
        return null;
      }),
      EditorView.updateListener.of((u) => {
        if (bewegen && u.transactions.some((tr) => BEARBEITET.some((art) => tr.isUserEvent(art)))) modus(false);
        if (!u.docChanged) return;
        code.textContent = u.state.doc.toString(); // Materials Kopierknopf und die Prüfung einer Lösung lesen hier
        aenderung(code.textContent);
      }),
    ],
  });
  code.hidden = true; // bleibt für Materials Kopierknopf, mit dem Text des Editors
  code.after(view.dom);
  block.append(hinweis);
  modus(performance.now() - zeigerZuletzt > ZEIGER_MS);
  block.classList.add("kurs-editor");
  block.kursText = () => view.state.doc.toString();
  // Ein eigener Schritt im Verlauf (userEvent): Strg+Z nimmt genau ihn zurück, etwa „Zurücksetzen“.
  // Danach steht der Code wieder ab dem Anfang jeder Zeile da, nicht seitlich verschoben.
  block.kursSetze = (neu) => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: neu }, userEvent: "kurs.setzen" });
    view.scrollDOM.scrollLeft = 0;
  };
  // Markiert Zeile `nummer` (ab 1) als die des Fehlers; null nimmt die Markierung weg.
  block.kursFehlerzeile = (nummer) => { fehlerzeile.setzen(view, nummer); };
  // Ein Schritt der Zeichnung (kurs-zeichnung.js): die Schreibmarke an den Anfang seiner Zeile, markiert.
  block.kursZeileZeigen = (nummer) => {
    const zeile = schrittzeile.setzen(view, nummer);
    if (!zeile) return;
    view.dispatch({ selection: { anchor: zeile.from }, effects: EditorView.scrollIntoView(zeile.from, { y: "center" }) });
    view.focus();
  };
  return view;
}
