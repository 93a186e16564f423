// Jeder Python-Block wird bearbeitbar und bekommt "Ausführen"; jede Übungsvorlage
// bekommt "Prüfen". Was ein Block ausführt, steht in programme.json neben der Seite
// (kurs/seite/codebloecke.py): das Beispiel, das pytest-codeblocks ausführt, mit diesem Block als Lücke.
// Beides, diese Daten und Python (Pyodide, in einem Web Worker), lädt erst, wenn du auf einen Block
// zeigst oder ihn antippst (im Datensparmodus erst beim ersten Klick), mit Anzeige, wie weit es ist
// (unten: „Python laden“); der Editor (kurs-editor.js, CodeMirror) erst, wenn du einen Block zum
// ersten Mal bearbeitest.
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
    pythonLaden(worker);
    worker.onmessage = ({ data }) => {
      if (data.status === "laedt") {
        ladestandMelden(data);
        return;
      }
      if (!laufend || data.id !== laufend.id) return;
      if (data.status === "zwischenstand") {
        laufend.zwischenstand = data.aufzeichnung;
        return;
      }
      if (data.status === "laeuft") {
        python.bereit = true;
        clearTimeout(laufend.timer);
        laufend.laeuft();
        const grenze = window.kursZeitlimitS ?? ZEITLIMIT_S; // Tests setzen es kürzer
        laufend.timer = setTimeout(() => abbrechen({
          meldung: `Dein Code lief länger als ${grenze} s und wurde gestoppt. ` +
            "Wahrscheinlich eine Endlosschleife: Endet jede Schleife?",
        }), grenze * 1000);
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
  // `gestoppt`: Die Leserin hat den Lauf selbst beendet; das ist kein Fehler ihres Codes.
  function abbrechen({ meldung, gestoppt = false }) {
    if (!laufend) return;
    const { fertig, zwischenstand } = laufend;
    clearTimeout(laufend.timer);
    laufend = null;
    worker.terminate();
    neuerWorker();
    // Den letzten Zwischenstand der Aufzeichnung zeichnet kurs-ergebnis.js, als Teil markiert.
    fertig({ ok: false, meldung, ausgabe: "", gestoppt, zwischenstand: zwischenstand ?? null });
  }

  // Was erst nach einem Lauf zählt (das Ergebnis zeigen, die Aufzeichnung an die Zeichnung), steht in
  // kurs-ergebnis.js. Es lädt mit dem ersten Klick auf „Ausführen“ oder „Prüfen“, neben Python, oder
  // wenn du auf einen Block zeigst, nicht schon mit der Seite.
  let nachLauf = null;
  function ergebnisModul() {
    nachLauf ??= import(new URL("kurs-ergebnis.js", BASIS)).catch((fehler) => {
      nachLauf = null; // beim nächsten Lauf neu versuchen
      throw fehler;
    });
    return nachLauf;
  }

  function ausfuehren(auftrag, teile, laeuft) {
    if (laufend) abbrechen({ meldung: "Abgebrochen: Ein neuer Lauf wurde gestartet.", gestoppt: true });
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

  // Alles, was zu einem Block gehört, steht in einem Objekt `b`; die Funktionen unten bekommen es.
  function einrichten(block) {
    const code = block.querySelector("code");
    const { lauf: nummer, uebung: name, rolle } = block.dataset;
    const istVorlage = rolle === "vorlage";
    // Knöpfe und Ergebnis stehen schon im HTML hinter dem Block (kurs/seite/codebloecke.py, mit_leiste).
    const leiste = block.nextElementSibling;
    const knopf = (art) => leiste.querySelector(`[data-kurs-knopf="${art}"]`);
    const b = {
      block, code, nummer, name, leiste,
      ergebnis: leiste.nextElementSibling,
      original: code.innerHTML, originalText: code.textContent,
      // Derselbe Schlüssel in kurs-fortschritt.js: „Fortschritt zurücksetzen“ löscht ihn.
      speicher: istVorlage ? `kurs:${name}` : null,
      label: (istVorlage ? "Deine Lösung (Python-Editor; Strg+Enter prüft" : "Python-Code (Editor; Strg+Enter führt aus")
        + "; Tab springt weiter, bis du tippst; danach rückt Tab ein, und Escape, dann Tab verlässt den Editor)",
      view: null, laden: null, // der Editor, sobald er geladen ist (editorOeffnen)
      ausfuehrenKnopf: knopf("ausfuehren"), pruefenKnopf: knopf("pruefen"),
      stoppKnopf: knopf("stopp"), zuruecksetzenKnopf: knopf("zuruecksetzen"),
      // Die Ausgabe, die die Seite unter dem Block zeigt (```text title="Ausgabe"): Ein Lauf ersetzt
      // sie, solange sein Ergebnis dasteht.
      seitenAusgabe: seitenAusgabe(leiste.nextElementSibling),
      vorher: null, // der Text vor „Zurücksetzen“, solange „Rückgängig“ ihn zurückholen kann
    };
    textSchnittstelle(b);
    alsTextfeld(b);
    knoepfeVerbinden(b);
    b.block.addEventListener("kurs:aufzeichnung", (ereignis) => ergebnisModul()
      .then((m) => m.zeichnen(b, ereignis.detail, { zeige, editorOeffnen })).catch(() => {}));
    if (b.speicher && localStorage.getItem(b.speicher) !== null) {
      // Deine gespeicherte Lösung: gleich mit Editor, damit sie gefärbt dasteht wie der Code der Seite.
      code.textContent = localStorage.getItem(b.speicher);
      editorOeffnen(b, false);
    }
  }

  function seitenAusgabe(ergebnis) {
    const kasten = ergebnis.nextElementSibling;
    return kasten?.matches(".language-text.highlight") && kasten.querySelector(".filename")?.textContent === "Ausgabe"
      ? kasten : null;
  }

  // Jede Änderung am Code, im Editor oder (solange er fehlt) im Block. Nach „Zurücksetzen“ bleibt
  // deine gespeicherte Lösung, bis du den Code wieder änderst: Erst das bestätigt den Neuanfang.
  // Bis dahin holt „Rückgängig“ sie zurück, und nach dem Neuladen steht sie wieder da.
  function geaendert(b, text) {
    if (b.vorher !== null) {
      if (text === b.originalText) return; // das Zurücksetzen selbst
      angebotEntfernen(b);
    }
    if (b.speicher) localStorage.setItem(b.speicher, text);
  }

  // Für textVonBlock und die Tests: der Text des Blocks, bis der Editor ihn hat (kurs-editor.js).
  function textSchnittstelle(b) {
    b.block.kursText = () => b.code.textContent;
    b.block.kursSetze = (neu) => {
      b.code.textContent = neu;
      geaendert(b, neu);
    };
  }

  // Der Code ist ein Textfeld (Screenreader, Tastatur, Tippen), schon bevor der Editor (kurs-editor.js,
  // CodeMirror) lädt, erst beim ersten Klick oder Fokus: Bis dahin steht der gefärbte Block aus dem HTML
  // da, und die Seite lädt nicht mehr als ohne Editor (benchmarks/seitengewicht.py). pointerdown kommt
  // vor dem Setzen der Schreibmarke: Der erste Klick setzt sie schon, und der Editor übernimmt sie.
  function alsTextfeld(b) {
    const { code } = b;
    code.spellcheck = false;
    code.setAttribute("role", "textbox");
    code.setAttribute("aria-multiline", "true");
    code.setAttribute("aria-label", b.label);
    code.tabIndex = 0;
    // Material setzt tabindex selbst, sobald es den Block einrichtet (content.lazy: beim
    // Sichtbarwerden): "0" nur, wenn der Block seitlich scrollt, sonst entfernt es ihn. Der Code
    // ist aber ein Textfeld und muss per Tab erreichbar bleiben.
    new MutationObserver(() => {
      if (code.tabIndex !== 0) code.tabIndex = 0;
    }).observe(code, { attributes: true, attributeFilter: ["tabindex"] });
    code.addEventListener("pointerdown", () => { editorOeffnen(b, true); });
    code.addEventListener("focus", () => { editorOeffnen(b, true); });
    code.addEventListener("input", () => {
      // Nur solange der Editor fehlt; danach speichert er selbst (aenderung).
      if (!b.view) geaendert(b, code.textContent);
    });
    code.addEventListener("keydown", (ereignis) => {
      if (ereignis.key === "Enter" && (ereignis.ctrlKey || ereignis.metaKey)) {
        ereignis.preventDefault();
        starte(b, b.pruefenKnopf !== null);
      }
    });
  }

  // Bis der Editor da ist (beim ersten Mal auf dem Handy vielleicht eine Sekunde), tippst du
  // direkt in den Block; der Editor übernimmt dann Text und Schreibmarke (kurs-editor.js).
  function editorOeffnen(b, fokus) {
    const { code } = b;
    if (fokus && !b.view && !code.isContentEditable) {
      code.contentEditable = "plaintext-only";
      // Kam der Fokus mit der Tastatur, steht noch keine Schreibmarke im Code: an den Anfang.
      const auswahl = getSelection();
      if (!code.contains(auswahl.anchorNode)) auswahl.collapse(code, 0);
    }
    b.laden ??= import(new URL("kurs-editor.js", BASIS)).then(({ editor }) => {
      // Den Fokus bekommt der Editor nur, wenn er noch im Block steht: Hat die Leserin ihn
      // inzwischen weitergegeben (Tab zu „Ausführen“), bleibt er dort.
      b.fokusImBlock = document.activeElement === code;
      b.view = editor(b.block, {
        label: b.label,
        aenderung: (neu) => geaendert(b, neu),
        ausfuehren: () => starte(b, b.pruefenKnopf !== null),
        strgEnter: b.pruefenKnopf ? "prüfen" : "ausführen",
      });
      // Was du getippt hast, während der Editor lud, bleibt gespeichert wie jede Änderung.
      if (code.textContent !== b.originalText) geaendert(b, code.textContent);
    }).catch((fehler) => {
      b.laden = null; // beim nächsten Klick neu versuchen
      throw fehler;
    });
    return b.laden.then(() => {
      if (fokus && b.fokusImBlock) b.view.focus();
      b.fokusImBlock = false;
    }).catch(() => {
      // Ohne Editor (etwa offline) bleibt der Block ein schlichtes Textfeld; der nächste Klick
      // versucht es noch einmal.
    });
  }

  function knoepfeVerbinden(b) {
    // Die Hinweise (etwa „Strg+Enter“) werden erst beim ersten Zeigen oder Fokus zum title: Dann
    // zeigt sie der Browser, und Material hat beim Laden keinen Tooltip je Knopf eingerichtet
    // (kurs/seite/codebloecke.py, mit_leiste).
    const hinweiseZeigen = () => {
      b.leiste.querySelectorAll("[data-kurs-hinweis]").forEach((k) => { k.title = k.dataset.kursHinweis; });
    };
    b.leiste.addEventListener("pointerover", hinweiseZeigen, { once: true });
    b.leiste.addEventListener("focusin", hinweiseZeigen, { once: true });
    b.ausfuehrenKnopf.addEventListener("click", () => b.laeuft || starte(b, false));
    if (b.pruefenKnopf) b.pruefenKnopf.addEventListener("click", () => b.laeuft || starte(b, true));
    b.stoppKnopf.addEventListener("click", () => abbrechen({ meldung: "Du hast den Lauf gestoppt.", gestoppt: true }));
    b.zuruecksetzenKnopf.addEventListener("click", () => zuruecksetzen(b));
  }

  // „Zurücksetzen“ stellt den Code der Seite her und lässt sich rückgängig machen: mit dem Knopf
  // „Rückgängig“ daneben (er bleibt, bis du den Code änderst) oder mit Strg+Z im Editor.
  function zuruecksetzen(b) {
    const text = b.block.kursText();
    leeren(b);
    if (text === b.originalText) return;
    b.vorher = text;
    if (b.view) b.block.kursSetze(b.originalText); // eine Änderung im Verlauf des Editors: Strg+Z
    b.code.innerHTML = b.original;
    const angebot = document.createElement("p");
    angebot.className = "kurs-rueckgaengig";
    angebot.setAttribute("role", "status");
    const knopf = document.createElement("button");
    knopf.type = "button";
    knopf.className = "md-button kurs-knopf";
    knopf.textContent = "Rückgängig";
    knopf.addEventListener("click", () => {
      const vorher = b.vorher;
      angebotEntfernen(b);
      b.block.kursSetze(vorher);
      b.zuruecksetzenKnopf.focus();
    });
    angebot.append(b.speicher ? "Zurückgesetzt. Deine Fassung bleibt gespeichert, bis du etwas änderst. "
      : "Zurückgesetzt. ", knopf);
    b.angebot?.remove();
    b.angebot = angebot;
    b.leiste.after(angebot);
  }

  function angebotEntfernen(b) {
    b.vorher = null;
    b.angebot?.remove();
    b.angebot = null;
  }

  // Das Ergebnis verschwindet; die Ausgabe der Seite steht wieder da.
  function leeren(b) {
    b.ergebnis.replaceChildren();
    b.ergebnis.className = "kurs-ergebnis";
    if (b.seitenAusgabe) b.seitenAusgabe.hidden = false;
  }

  // Unter dem Block: Zeichen und Titel (läuft, bestanden, nicht bestanden …) und was `teile` zeigen
  // (kurs-ergebnis.js). Die Farbe der Art (kurs.css) allein trägt nichts: Zeichen und Wort sagen
  // dasselbe, auch dem Screenreader.
  const ZEICHEN = { ok: "✓", fehler: "✗", gestoppt: "■" };
  function zeige(b, art, titel, ...teile) {
    const { ergebnis } = b;
    ergebnis.className = `kurs-ergebnis kurs-${art}`;
    const kopf = element("p", "kurs-ergebnis-titel", titel);
    if (ZEICHEN[art]) {
      const zeichen = element("span", "kurs-zeichen", ZEICHEN[art]);
      zeichen.setAttribute("aria-hidden", "true");
      kopf.prepend(zeichen);
    }
    ergebnis.replaceChildren(kopf, ...teile);
    // Solange ein Lauf sein Ergebnis zeigt, ersetzt es die Ausgabe der Seite darunter.
    if (b.seitenAusgabe && art !== "wartet") b.seitenAusgabe.hidden = true;
  }

  function element(name, klasse, text = "") {
    const e = document.createElement(name);
    if (klasse) e.className = klasse;
    e.textContent = text;
    return e;
  }

  // „Ausführen“ (pruefen: false) oder „Prüfen“ (true) des Blocks, mit dem Ergebnis darunter.
  async function starte(b, pruefen) {
    // aria-disabled statt disabled: Ein Knopf, der disabled wird, verliert den Fokus an die Seite
    // (Issue 51). So bleibt er, wo die Leserin ihn hingesetzt hat, mit sichtbarem Rahmen; einen
    // Klick während des Laufs übergeht knoepfeVerbinden. Stand der Fokus auf „Stopp“, geht er
    // nach dem Lauf zurück auf den Knopf, der ihn startete.
    const knoepfe = (laeuft) => {
      b.laeuft = laeuft;
      for (const k of [b.ausfuehrenKnopf, b.pruefenKnopf]) k?.setAttribute("aria-disabled", String(laeuft));
      if (!laeuft && document.activeElement === b.stoppKnopf) (pruefen ? b.pruefenKnopf : b.ausfuehrenKnopf).focus();
      b.stoppKnopf.hidden = !laeuft;
    };
    knoepfe(true);
    b.block.kursFehlerzeile?.(null);
    if (!worker) neuerWorker(); // Python lädt schon, während die Daten der Seite kommen
    const modul = ergebnisModul();
    zeige(b, "wartet", ladeText() ?? "Läuft …");
    ladeAnzeige(b);
    let daten;
    try {
      daten = await programmeDerSeite();
    } catch (fehler) {
      knoepfe(false);
      // Die Anzeige des Ladens überschriebe sonst die Meldung mit dem nächsten Stand.
      if (python.anzeige === b) { python.anzeige = null; clearInterval(python.uhr); }
      zeige(b, "fehler", "Fehler", element("p", "kurs-meldung", `Die Daten dieser Seite ließen sich nicht laden (${fehler.message}). ` +
        "Bist du offline? Versuch es noch einmal."));
      return;
    }
    const programm = daten.bloecke[Number(b.nummer)];
    const uebung = daten.uebungen[b.name];
    const text = alsStueck(b.block.kursText());
    // Was ein Block ausführt, steht in programme.json (kurs/modell/snippets.py, Programm): Teile, die
    // kurs/lauf.py der Reihe nach ausführt. null ist der Text dieses Blocks, eine Zahl der Text
    // des Blocks mit dieser Nummer (auf einer Notebook-Seite prüft die Prüfzelle die Vorlage).
    const auftrag = pruefen ? "pruefe" : programm.auftrag;
    const teile = pruefen ? [uebung.kontext, text, uebung.pruefung]
      : programm.teile.map((t) => t === null ? text : typeof t === "number" ? textVonBlock(t) : t);
    const e = await ausfuehren(auftrag, teile, () => zeige(b, "wartet", "Läuft …"));
    knoepfe(false);
    const m = await modul.catch(() => null);
    if (m) m.ergebnis(b, e, { auftrag, programm, uebung }, { zeige, editorOeffnen });
    // Ohne kurs-ergebnis.js (die Verbindung brach ab) steht wenigstens da, was der Lauf sagte.
    else zeige(b, e.ok ? "ok" : "fehler", e.ok ? "Ausgabe" : "Fehler", element("pre", "kurs-ausgabe", e.ausgabe),
      element("p", "kurs-meldung", e.meldung ?? ""));
    // Nur „Prüfen“ an deiner Lösung zählt für deinen Fortschritt (kurs-fortschritt.js merkt es sich),
    // nicht die Musterlösung oder die Prüfung, die du unter „Lösung“ ausführst.
    if (e.ok && pruefen) document.dispatchEvent(new CustomEvent("kurs:bestanden", { detail: { uebung: b.name } }));
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

  // --- Python laden: vorab und mit Anzeige (Issue 42) ---------------------------------------
  // Was der Worker holt und wie groß es ist, schreibt der Build an dieses Skript (kurs/vendor.py,
  // python_im_browser): So steht die Größe schon beim Klick da, bevor die erste Antwort kommt.
  const PYTHON = JSON.parse(document.currentScript.dataset.python || '{"dateien": []}');
  const python = { geladen: 0, gesamt: 0, seit: 0, fertig: false, bereit: false, anzeige: null, uhr: null };
  const zahl = (wert) => wert.toLocaleString("de-DE", { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  function pythonLaden(neu) {
    const gesamt = PYTHON.dateien.reduce((summe, d) => summe + d.netz, 0);
    Object.assign(python, { geladen: 0, gesamt, seit: performance.now(), fertig: false, bereit: false, anzeige: null });
    neu.postMessage({ auftrag: "laden", ...PYTHON });
  }

  // Was unter dem Block steht, solange Python noch nicht läuft; null, sobald es läuft. Nach der
  // ersten Sekunde mit der Zeit, die es beim bisherigen Tempo noch braucht.
  function ladeText() {
    if (python.bereit) return null;
    if (python.fertig) return "Python startet …";
    const text = `Python wird geladen: ${zahl(python.geladen / 1e6)} von ${zahl(python.gesamt / 1e6)} MB`;
    const vergangen = performance.now() - python.seit;
    if (vergangen < 1000 || python.geladen <= 0) return text;
    const rest = Math.ceil((python.gesamt - python.geladen) / (python.geladen / vergangen) / 1000);
    return `${text}, noch etwa ${rest < 100 ? `${rest} s` : `${Math.ceil(rest / 60)} min`}`;
  }

  // Solange unter einem Block (b) geladen wird, steht dort jede halbe Sekunde der neue Stand, auch
  // wenn der Worker gerade nichts meldet (er rechnet, oder das Netz stockt).
  function ladeAnzeige(b) {
    python.anzeige = b;
    clearInterval(python.uhr);
    python.uhr = setInterval(() => {
      if (python.anzeige !== b || python.bereit || python.fertig) clearInterval(python.uhr);
      else zeige(b, "wartet", ladeText());
    }, 500);
  }

  // Der Worker meldet, was angekommen ist (höchstens alle 250 ms), oder dass ein Programm ein Modul
  // braucht, für das er die ganze Standardbibliothek nachlädt: Dann hält das Zeitlimit an.
  function ladestandMelden(data) {
    if (data.nachladen) {
      if (!laufend || data.id !== laufend.id) return;
      clearTimeout(laufend.timer);
      zeige(python.anzeige, "wartet", "Python lädt die ganze Standardbibliothek nach (einmalig) …");
      return;
    }
    Object.assign(python, { geladen: data.geladen, gesamt: data.gesamt, fertig: data.fertig });
    if (python.anzeige && !python.bereit) zeige(python.anzeige, "wartet", ladeText());
  }

  // Zeigt die Leserin auf einen Codeblock oder seine Knöpfe, oder kommt sie mit Tab dorthin, lädt
  // Python schon: Bis sie klickt, ist ein Teil da. Nicht, wenn ihr Browser Daten sparen soll.
  function vorladenEinrichten() {
    if (navigator.connection?.saveData) return;
    const absicht = (ereignis) => {
      if (!ereignis.target.closest?.(".language-python.highlight[data-lauf], .kurs-leiste")) return;
      document.removeEventListener("pointerover", absicht);
      document.removeEventListener("focusin", absicht);
      if (!worker) neuerWorker();
      programmeDerSeite().catch(() => {}); // beim Klick noch einmal, mit Meldung
      ergebnisModul().catch(() => {});
    };
    document.addEventListener("pointerover", absicht, { passive: true });
    document.addEventListener("focusin", absicht);
  }

  vorladenEinrichten();
  window.kursLauf = seiteEinrichten;
  // Material tauscht bei der Instant-Navigation den Inhalt aus und meldet das über document$.
  if (window.document$) window.document$.subscribe(seiteEinrichten);
  seiteEinrichten();
})();
