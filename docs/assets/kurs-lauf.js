// Jeder Python-Block wird bearbeitbar und bekommt "Ausführen"; jede Übungsvorlage
// bekommt "Prüfen". Was ein Block ausführt, steht in programme.json neben der Seite
// (kurs/seite/codebloecke.py): das Beispiel, das pytest-codeblocks ausführt, mit diesem Block als Lücke.
// Beides, diese Daten und Python (Pyodide, in einem Web Worker), lädt erst beim ersten Klick.
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

  // Der Text, der gerade in Block `nummer` dieser Seite steht (vielleicht geändert).
  function textVonBlock(nummer) {
    return document.querySelector(`.language-python.highlight[data-lauf="${nummer}"] code`).textContent;
  }

  function einrichten(block) {
    const code = block.querySelector("code");
    const original = code.innerHTML;
    const { lauf: nummer, uebung: name, rolle } = block.dataset;
    const istVorlage = rolle === "vorlage";
    // Derselbe Schlüssel in kurs-fortschritt.js: „Fortschritt zurücksetzen“ löscht ihn.
    const speicher = istVorlage ? `kurs:${name}` : null;

    // Bearbeitbar erst beim ersten Klick oder Fokus: contentEditable gleich beim Laden ließe den
    // Browser die Stile jedes Zeichens im Block neu rechnen, auf einer Kapitelseite ein Drittel
    // der Blockierzeit (Lighthouse, benchmarks/lighthouse.py). pointerdown kommt vor dem
    // Setzen der Schreibmarke: Der erste Klick setzt sie schon.
    const bearbeitbar = () => {
      if (code.isContentEditable) return;
      code.contentEditable = "plaintext-only";
      // Kam der Fokus mit der Tastatur, steht noch keine Schreibmarke im Code: an den Anfang.
      const auswahl = getSelection();
      if (!code.contains(auswahl.anchorNode)) auswahl.collapse(code, 0);
    };
    code.addEventListener("pointerdown", bearbeitbar);
    code.addEventListener("focus", bearbeitbar);
    code.spellcheck = false;
    code.setAttribute("role", "textbox");
    code.setAttribute("aria-multiline", "true");
    code.setAttribute("aria-label", istVorlage
      ? "Deine Lösung (bearbeitbar; Strg+Enter prüft)"
      : "Python-Code (bearbeitbar; Strg+Enter führt aus)");
    code.tabIndex = 0;
    // Material setzt tabindex selbst, sobald es den Block einrichtet (content.lazy: beim
    // Sichtbarwerden): "0" nur, wenn der Block seitlich scrollt, sonst entfernt es ihn. Der Code
    // ist aber ein Textfeld und muss per Tab erreichbar bleiben.
    new MutationObserver(() => {
      if (code.tabIndex !== 0) code.tabIndex = 0;
    }).observe(code, { attributes: true, attributeFilter: ["tabindex"] });
    if (speicher && localStorage.getItem(speicher) !== null) {
      code.textContent = localStorage.getItem(speicher);
    }

    // Knöpfe und Ergebnis stehen schon im HTML hinter dem Block (kurs/mkdocs_hooks.py, mit_leiste).
    const leiste = block.nextElementSibling;
    const ergebnis = leiste.nextElementSibling;
    const knopf = (art) => leiste.querySelector(`[data-kurs-knopf="${art}"]`);
    const ausfuehrenKnopf = knopf("ausfuehren");
    const pruefenKnopf = knopf("pruefen");
    const stoppKnopf = knopf("stopp");
    const zuruecksetzenKnopf = knopf("zuruecksetzen");
    // Die Hinweise (etwa „Strg+Enter“) werden erst beim ersten Zeigen oder Fokus zum title: Dann
    // zeigt sie der Browser, und Material hat beim Laden keinen Tooltip je Knopf eingerichtet
    // (kurs/mkdocs_hooks.py, mit_leiste).
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

    // Ein Zeilenende am Schluss, wie im Fence: Dann ist der unveränderte Text genau das Stück,
    // das pytest-codeblocks ausgeführt hat (tests/test_programme.py).
    const text = () => code.textContent.replace(/\n?$/, "\n");

    // Was ein Block ausführt, steht in programme.json (kurs/modell/snippets.py, Programm): Teile, die
    // kurs/lauf.py der Reihe nach ausführt. null ist der Text dieses Blocks, eine Zahl der Text
    // des Blocks mit dieser Nummer (auf einer Notebook-Seite prüft die Prüfzelle die Vorlage).
    function ausfuehrenKlick() {
      return starte((programm) => programm.auftrag,
        (programm) => programm.teile.map((t) => t === null ? text() : typeof t === "number" ? textVonBlock(t) : t),
        (ausgabe, programm) => programm.auftrag === "pruefe" ? "Bestanden"
          : programm.ausgabe === null || programm.ausgabe === undefined ? "Ausgabe"
          : ausgabe === programm.ausgabe ? "Ausgabe (wie auf der Seite)" : "Ausgabe (anders als auf der Seite)");
    }

    async function pruefenKlick() {
      const bestanden = await starte(() => "pruefe", (p, uebung) => [uebung.kontext, text(), uebung.pruefung],
        () => "Bestanden");
      // Nur „Prüfen“ an deiner Lösung zählt für deinen Fortschritt (kurs-fortschritt.js merkt es sich),
      // nicht die Musterlösung oder die Prüfung, die du unter „Lösung“ ausführst.
      if (bestanden) document.dispatchEvent(new CustomEvent("kurs:bestanden", { detail: { uebung: name } }));
    }

    ausfuehrenKnopf.addEventListener("click", ausfuehrenKlick);
    if (pruefenKnopf) pruefenKnopf.addEventListener("click", pruefenKlick);
    stoppKnopf.addEventListener("click", () => abbrechen("Gestoppt."));
    zuruecksetzenKnopf.addEventListener("click", () => {
      code.innerHTML = original;
      if (speicher) localStorage.removeItem(speicher);
      ergebnis.replaceChildren();
      ergebnis.className = "kurs-ergebnis";
    });
    code.addEventListener("input", () => {
      if (speicher) localStorage.setItem(speicher, text());
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
