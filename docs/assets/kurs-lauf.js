// Jeder Python-Block wird bearbeitbar und bekommt "Ausführen"; jede Übungsvorlage
// bekommt "Prüfen". Was ein Block ausführt, steht in programme.json neben der Seite
// (kurs/seite/codebloecke.py): das Beispiel, das pytest-codeblocks ausführt, mit diesem Block als Lücke.
// Beides, diese Daten und Python (Pyodide, in einem Web Worker), lädt erst beim ersten Klick;
// der Editor (kurs-editor.js, CodeMirror) erst, wenn du einen Block zum ersten Mal bearbeitest.
(() => {
  "use strict";

  // Die Instant-Navigation führt dieses Skript auf jeder Seite mit Code erneut aus:
  // Es gibt nur eine Einrichtung und einen Worker.
  if (window.kursLauf) {
    window.kursLauf();
    return;
  }

  const BASIS = new URL(".", document.currentScript.src); // .../assets/
  const ZEITLIMIT_S = 10;

  let worker = null;
  let naechsteId = 0;
  let laufend = null; // { id, fertig, abbrechen, timer }

  function neuerWorker() {
    worker = new Worker(new URL("kurs-worker.js", BASIS), { type: "module" });
    worker.onmessage = ({ data }) => {
      if (!laufend || data.id !== laufend.id) return;
      if (data.status === "laeuft") {
        laufend.laeuft();
        const grenze = window.kursZeitlimitS ?? ZEITLIMIT_S; // Tests setzen es kürzer
        laufend.timer = setTimeout(() => abbrechen(
          `Dein Code lief länger als ${grenze} s und wurde gestoppt. ` +
          "Wahrscheinlich eine Endlosschleife: Endet jede Schleife?"), grenze * 1000);
      } else {
        const { fertig } = laufend;
        clearTimeout(laufend.timer);
        laufend = null;
        fertig(data.ergebnis);
      }
    };
  }

  // Ein Worker, der hängt, lässt sich nur beenden. Sein Nachfolger startet sofort und lädt
  // Python, während die Leserin die Meldung liest: Der nächste Klick wartet nicht darauf.
  function abbrechen(meldung) {
    if (!laufend) return;
    const { fertig } = laufend;
    clearTimeout(laufend.timer);
    laufend = null;
    worker.terminate();
    neuerWorker();
    fertig({ ok: false, meldung, ausgabe: "" });
  }

  function ausfuehren(auftrag, teile, laeuft) {
    if (laufend) abbrechen("Abgebrochen: Ein neuer Lauf wurde gestartet.");
    if (!worker) neuerWorker();
    return new Promise((fertig) => {
      const id = ++naechsteId;
      laufend = { id, fertig, laeuft, timer: null };
      worker.postMessage({ id, auftrag, teile });
    });
  }

  // Relativ zur Adresse beim Klick: Das ist die Seite des Blocks, auch nach Instant-Navigation.
  const programme = new Map();
  function programmeDerSeite() {
    const url = new URL("programme.json", location.href).href;
    if (!programme.has(url)) {
      // Die Meldung des Browsers bei fehlendem Netz ist englisch („Failed to fetch“).
      const holen = fetch(url).catch(() => { throw new Error("keine Verbindung"); });
      programme.set(url, holen.then((antwort) => {
        if (!antwort.ok) throw new Error(`HTTP ${antwort.status}`);
        return antwort.json();
      }).catch((fehler) => {
        programme.delete(url); // beim nächsten Klick neu versuchen
        throw fehler;
      }));
    }
    return programme.get(url);
  }

  // Ein Zeilenende am Schluss, wie im Fence: Dann ist der unveränderte Text genau das Stück,
  // das pytest-codeblocks ausgeführt hat (tests/seite/test_codebloecke.py).
  const alsStueck = (text) => text.replace(/\n?$/, "\n");

  // Der Text, der gerade in Block `nummer` dieser Seite steht (vielleicht geändert, im Editor).
  function textVonBlock(nummer) {
    return alsStueck(document.querySelector(`.language-python.highlight[data-lauf="${nummer}"]`).kursText());
  }

  function einrichten(block) {
    const code = block.querySelector("code");
    const original = code.innerHTML;
    const originalText = code.textContent;
    const { lauf: nummer, uebung: name, rolle } = block.dataset;
    const istVorlage = rolle === "vorlage";
    // Derselbe Schlüssel in kurs-fortschritt.js: „Fortschritt zurücksetzen“ löscht ihn.
    const speicher = istVorlage ? `kurs:${name}` : null;
    const label = (istVorlage ? "Deine Lösung (Python-Editor; Strg+Enter prüft" : "Python-Code (Editor; Strg+Enter führt aus")
      + "; Escape, dann Tab verlässt den Editor)";

    // Der Editor (kurs-editor.js, CodeMirror) lädt erst beim ersten Klick oder Fokus: Bis dahin
    // steht der gefärbte Block aus dem HTML da, und die Seite lädt nicht mehr als ohne Editor
    // (benchmarks/seitengewicht.py). pointerdown kommt vor dem Setzen der Schreibmarke: Der
    // erste Klick setzt sie schon, und der Editor übernimmt sie.
    let view = null;
    let laden = null;
    const text = () => (view ? view.state.doc.toString() : code.textContent);
    // Bis der Editor da ist (beim ersten Mal auf dem Handy vielleicht eine Sekunde), tippst du
    // direkt in den Block; der Editor übernimmt dann Text und Schreibmarke.
    function schreibmarke() {
      const auswahl = getSelection();
      if (!auswahl.rangeCount || !code.contains(auswahl.anchorNode)) return null;
      const bereich = document.createRange();
      bereich.setStart(code, 0);
      bereich.setEnd(auswahl.anchorNode, auswahl.anchorOffset);
      return bereich.toString().length;
    }
    function editorOeffnen(fokus) {
      if (fokus && !view && !code.isContentEditable) {
        code.contentEditable = "plaintext-only";
        // Kam der Fokus mit der Tastatur, steht noch keine Schreibmarke im Code: an den Anfang.
        const auswahl = getSelection();
        if (!code.contains(auswahl.anchorNode)) auswahl.collapse(code, 0);
      }
      laden ??= import(new URL("kurs-editor.js", BASIS)).then(({ editor }) => {
        const marke = schreibmarke();
        code.removeAttribute("contenteditable");
        view = editor(block, {
          text: code.textContent,
          label,
          aenderung: (neu) => {
            code.textContent = neu; // Materials Kopierknopf und die Prüfung einer Lösung lesen hier
            if (speicher) localStorage.setItem(speicher, neu);
          },
          ausfuehren: () => (pruefenKnopf ? pruefenKlick : ausfuehrenKlick)(),
        });
        // Was du getippt hast, während der Editor lud, bleibt gespeichert wie jede Änderung.
        if (speicher && code.textContent !== originalText) localStorage.setItem(speicher, code.textContent);
        return marke;
      }).catch((fehler) => {
        laden = null; // beim nächsten Klick neu versuchen
        throw fehler;
      });
      return laden.then((marke) => {
        if (!fokus) return;
        if (marke !== null) view.dispatch({ selection: { anchor: Math.min(marke, view.state.doc.length) } });
        view.focus();
      }).catch(() => {
        // Ohne Editor (etwa offline) bleibt der Block ein schlichtes Textfeld; der nächste Klick
        // versucht es noch einmal.
      });
    }
    // Für textVonBlock und die Tests: der Text des Blocks, ob mit Editor oder ohne.
    block.kursText = text;
    block.kursSetze = (neu) => {
      if (view) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: neu } });
      else {
        code.textContent = neu;
        if (speicher) localStorage.setItem(speicher, neu);
      }
    };
    code.addEventListener("pointerdown", () => { editorOeffnen(true); });
    code.addEventListener("focus", () => { editorOeffnen(true); });
    code.spellcheck = false;
    code.setAttribute("role", "textbox");
    code.setAttribute("aria-multiline", "true");
    code.setAttribute("aria-label", label);
    code.tabIndex = 0;
    // Material setzt tabindex selbst, sobald es den Block einrichtet (content.lazy: beim
    // Sichtbarwerden): "0" nur, wenn der Block seitlich scrollt, sonst entfernt es ihn. Der Code
    // ist aber ein Textfeld und muss per Tab erreichbar bleiben.
    new MutationObserver(() => {
      if (code.tabIndex !== 0) code.tabIndex = 0;
    }).observe(code, { attributes: true, attributeFilter: ["tabindex"] });
    if (speicher && localStorage.getItem(speicher) !== null) {
      // Deine gespeicherte Lösung: gleich mit Editor, damit sie gefärbt dasteht wie der Code der Seite.
      code.textContent = localStorage.getItem(speicher);
      editorOeffnen(false);
    }

    // Knöpfe und Ergebnis stehen schon im HTML hinter dem Block (kurs/seite/codebloecke.py, mit_leiste).
    const leiste = block.nextElementSibling;
    const ergebnis = leiste.nextElementSibling;
    const knopf = (art) => leiste.querySelector(`[data-kurs-knopf="${art}"]`);
    const ausfuehrenKnopf = knopf("ausfuehren");
    const pruefenKnopf = knopf("pruefen");
    const stoppKnopf = knopf("stopp");
    const zuruecksetzenKnopf = knopf("zuruecksetzen");
    // Die Hinweise (etwa „Strg+Enter“) werden erst beim ersten Zeigen oder Fokus zum title: Dann
    // zeigt sie der Browser, und Material hat beim Laden keinen Tooltip je Knopf eingerichtet
    // (kurs/seite/codebloecke.py, mit_leiste).
    const hinweiseZeigen = () => {
      leiste.querySelectorAll("[data-kurs-hinweis]").forEach((k) => { k.title = k.dataset.kursHinweis; });
    };
    leiste.addEventListener("pointerover", hinweiseZeigen, { once: true });
    leiste.addEventListener("focusin", hinweiseZeigen, { once: true });

    function zeige(art, titel, text) {
      ergebnis.className = `kurs-ergebnis kurs-${art}`;
      ergebnis.replaceChildren();
      const kopf = document.createElement("p");
      kopf.className = "kurs-ergebnis-titel";
      kopf.textContent = titel;
      ergebnis.append(kopf);
      if (text) {
        const pre = document.createElement("pre");
        pre.textContent = text;
        ergebnis.append(pre);
      }
    }

    // `auftrag` ergibt "lauf" oder "pruefe", `teile` was kurs/lauf.py ausführt; beide bekommen
    // das Programm des Blocks und seine Übung. Ergibt true, wenn es klappte.
    async function starte(auftrag, teile, titelOk) {
      const knoepfe = (laeuft) => {
        ausfuehrenKnopf.disabled = laeuft;
        if (pruefenKnopf) pruefenKnopf.disabled = laeuft;
        stoppKnopf.hidden = !laeuft;
      };
      knoepfe(true);
      zeige("wartet", worker ? "Läuft …" : "Python wird geladen (einmalig) …");
      let daten;
      try {
        daten = await programmeDerSeite();
      } catch (fehler) {
        knoepfe(false);
        zeige("fehler", "Fehler", `Die Daten dieser Seite ließen sich nicht laden (${fehler.message}). ` +
          "Bist du offline? Versuch es noch einmal.");
        return false;
      }
      const programm = daten.bloecke[Number(nummer)];
      const uebung = daten.uebungen[name];
      const e = await ausfuehren(auftrag(programm, uebung), teile(programm, uebung),
        () => zeige("wartet", "Läuft …"));
      knoepfe(false);
      if (!e.ok) {
        zeige("fehler", auftrag(programm, uebung) === "pruefe" ? "Nicht bestanden" : "Fehler",
          (e.ausgabe ? e.ausgabe + "\n" : "") + e.meldung);
      } else {
        zeige("ok", titelOk(e.ausgabe, programm), e.ausgabe || "(keine Ausgabe)");
      }
      return e.ok;
    }

    // Was ein Block ausführt, steht in programme.json (kurs/modell/snippets.py, Programm): Teile, die
    // kurs/lauf.py der Reihe nach ausführt. null ist der Text dieses Blocks, eine Zahl der Text
    // des Blocks mit dieser Nummer (auf einer Notebook-Seite prüft die Prüfzelle die Vorlage).
    function ausfuehrenKlick() {
      return starte((programm) => programm.auftrag,
        (programm) => programm.teile.map((t) => t === null ? alsStueck(text()) : typeof t === "number" ? textVonBlock(t) : t),
        (ausgabe, programm) => programm.auftrag === "pruefe" ? "Bestanden"
          : programm.ausgabe === null || programm.ausgabe === undefined ? "Ausgabe"
          : ausgabe === programm.ausgabe ? "Ausgabe (wie auf der Seite)" : "Ausgabe (anders als auf der Seite)");
    }

    async function pruefenKlick() {
      const bestanden = await starte(() => "pruefe", (p, uebung) => [uebung.kontext, alsStueck(text()), uebung.pruefung],
        () => "Bestanden");
      // Nur „Prüfen“ an deiner Lösung zählt für deinen Fortschritt (kurs-fortschritt.js merkt es sich),
      // nicht die Musterlösung oder die Prüfung, die du unter „Lösung“ ausführst.
      if (bestanden) document.dispatchEvent(new CustomEvent("kurs:bestanden", { detail: { uebung: name } }));
    }

    ausfuehrenKnopf.addEventListener("click", ausfuehrenKlick);
    if (pruefenKnopf) pruefenKnopf.addEventListener("click", pruefenKlick);
    stoppKnopf.addEventListener("click", () => abbrechen("Gestoppt."));
    zuruecksetzenKnopf.addEventListener("click", () => {
      if (view) view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: originalText } });
      code.innerHTML = original;
      if (speicher) localStorage.removeItem(speicher);
      ergebnis.replaceChildren();
      ergebnis.className = "kurs-ergebnis";
    });
    code.addEventListener("input", () => {
      // Nur solange der Editor fehlt; danach speichert er selbst (aenderung).
      if (speicher && !view) localStorage.setItem(speicher, code.textContent);
    });
    code.addEventListener("keydown", (ereignis) => {
      if (ereignis.key === "Enter" && (ereignis.ctrlKey || ereignis.metaKey)) {
        ereignis.preventDefault();
        (pruefenKnopf ? pruefenKlick : ausfuehrenKlick)();
      }
    });
  }

  // Material legt um jeden Kopierknopf ein <nav>: zwanzig namenlose Landmarken je Seite
  // für Screenreader (axe-core: landmark-unique). Der Knopf bleibt, die Landmarke geht.
  // Mit content.lazy (mkdocs.yml) kommt jedes <nav> erst, wenn sein Block sichtbar wird.
  new MutationObserver((aenderungen) => {
    for (const { addedNodes } of aenderungen) {
      for (const knoten of addedNodes) {
        if (knoten.matches?.("nav.md-code__nav")) knoten.setAttribute("role", "none");
      }
    }
  }).observe(document.body, { childList: true, subtree: true });

  function seiteEinrichten() {
    document.querySelectorAll(".language-python.highlight[data-lauf]").forEach((block) => {
      if (block.dataset.kursBereit) return;
      block.dataset.kursBereit = "1";
      einrichten(block);
    });
  }

  window.kursLauf = seiteEinrichten;
  // Material tauscht bei der Instant-Navigation den Inhalt aus und meldet das über document$.
  if (window.document$) window.document$.subscribe(seiteEinrichten);
  seiteEinrichten();
})();
