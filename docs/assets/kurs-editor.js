// Der Editor eines Python-Blocks: CodeMirror 6, selbst gehostet und gebündelt
// (docs/assets/vendor/codemirror/, kurs/vendor.py). kurs-lauf.js lädt dieses Modul erst, wenn
// eine Leserin einen Block zum ersten Mal bearbeitet (oder eine gespeicherte Lösung da ist):
// Bis dahin steht der von Pygments gefärbte Block aus dem HTML da.
import {
  EditorState, EditorView, keymap, lineNumbers, drawSelection, highlightSpecialChars,
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

// Zeilennummern erst ab dieser Länge: Bei drei Zeilen helfen sie nicht, sie kosten nur Breite.
const ZEILEN_FUER_NUMMERN = 5;

// Erzeugt den Editor im <pre> des Blocks an der Stelle des <code>. `aenderung(text)` kommt bei
// jeder Änderung, `ausfuehren()` bei Strg+Enter. Gibt den EditorView zurück.
export function editor(block, { text, label, aenderung, ausfuehren }) {
  const code = block.querySelector("code");
  const view = new EditorView({
    doc: text,
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
      // Tab rückt ein, Shift+Tab aus. Keine Tastaturfalle (WCAG 2.1.2): Nach Escape verlässt
      // Tab den Editor (CodeMirror, tabFocusMode); das Label sagt es an.
      keymap.of([
        { key: "Mod-Enter", run: () => { ausfuehren(); return true; } },
        ...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, indentWithTab,
      ]),
      // tabindex: Ein bearbeitbares Feld ist ohnehin fokussierbar, axe-core erkennt aber nur so,
      // dass der scrollbare Bereich darum per Tastatur erreichbar ist (scrollable-region-focusable).
      EditorView.contentAttributes.of({ "aria-label": label, spellcheck: "false", autocapitalize: "off", tabindex: "0" }),
      EditorView.updateListener.of((u) => { if (u.docChanged) aenderung(u.state.doc.toString()); }),
    ],
  });
  code.hidden = true; // bleibt für Materials Kopierknopf, mit dem Text des Editors
  code.after(view.dom);
  block.classList.add("kurs-editor");
  return view;
}
