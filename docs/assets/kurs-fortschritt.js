// Dein Fortschritt: was du in diesem Browser bestanden hast. Nur localStorage, kein
// Server, kein Cookie. Gemerkt wird
//   - eine Übung, sobald ihr „Prüfen“ besteht (kurs-lauf.js meldet das als "kurs:bestanden");
//   - eine Auswahlfrage (fieldset.quiz mit id), sobald die richtige Option gewählt ist; ist sie
//     die Auswahl einer Übung (data-uebung), zählt das auch als bestandene Übung.
// Die Startseite zählt je Teil und verlinkt, was offen ist; das Inhaltsverzeichnis eines
// Teils bekommt ein Häkchen an jeder bestandenen Übung. Welche Übungen es gibt, steht als
// JSON in jeder Seite (#kurs-uebungen, aus kurs/fortschritt.py): hier ist nichts davon fest.
(() => {
  "use strict";

  const SCHLUESSEL = "kurs:fortschritt";
  // Unter diesem Schlüssel speichert kurs-lauf.js deine Lösung einer Übung.
  const loesungSchluessel = (name) => `kurs:${name}`;
  // Dieses Skript liegt in <Wurzel>/assets/; die Adressen der Übungsliste sind relativ zur Wurzel.
  const WURZEL = new URL("../", document.currentScript.src);
  const TEILE = JSON.parse(document.getElementById("kurs-uebungen").textContent);
  const alleUebungen = () => TEILE.flatMap((teil) => teil.uebungen);

  // { uebungen: { "teil-1/uebung-1": true, … }, fragen: { "quiz-teil-1-uebung-3": true, … },
  //   wahl: { "quiz-teil-1-uebung-3": "B", … } } (wahl: die zuletzt gewählte Option jeder Frage)
  function lesen() {
    try {
      const daten = JSON.parse(localStorage.getItem(SCHLUESSEL)) ?? {};
      return { uebungen: daten.uebungen ?? {}, fragen: daten.fragen ?? {}, wahl: daten.wahl ?? {} };
    } catch {
      return { uebungen: {}, fragen: {}, wahl: {} }; // ein kaputter Eintrag soll die Seite nicht stören
    }
  }

  // Deine Wahl in einer Frage steht nach dem Neuladen wieder da, mit ihrer Begründung (Issue 51).
  function waehlen(frage, wert) {
    const daten = lesen();
    daten.wahl[frage] = wert;
    localStorage.setItem(SCHLUESSEL, JSON.stringify(daten));
  }

  function wahlZeigen(wahl) {
    for (const [frage, wert] of Object.entries(wahl)) {
      const option = document.getElementById(frage)?.querySelector(`input[type=radio][value="${CSS.escape(wert)}"]`);
      if (option && !document.querySelector(`input[name="${CSS.escape(option.name)}"]:checked`)) option.checked = true;
    }
  }

  // Nur dazu, nie weg: Ein Häkchen heißt „hat einmal bestanden“ (so steht es auf der Startseite).
  function merken(art, name) {
    const daten = lesen();
    if (daten[art][name]) return;
    daten[art][name] = true;
    localStorage.setItem(SCHLUESSEL, JSON.stringify(daten));
    seiteZeigen();
  }

  function adresse(uebung) {
    return new URL(`${uebung.seite}#${uebung.anker}`, WURZEL);
  }

  function hakenSetzen(bestanden) {
    const hier = location.pathname.replace(/index\.html$/, "");
    // Beide Inhaltsverzeichnisse: links (schmale Fenster) und rechts. Material macht mit der
    // Instant-Navigation aus href="#anker" eine volle Adresse; darum vergleichen wir Pfad und Anker.
    const links = [...document.querySelectorAll("a.md-nav__link")].filter((a) => a.pathname === hier && a.hash);
    for (const uebung of alleUebungen()) {
      if (!bestanden[uebung.name] || adresse(uebung).pathname !== hier) continue;
      for (const link of links.filter((a) => decodeURIComponent(a.hash.slice(1)) === uebung.anker)) {
        const text = link.querySelector(".md-ellipsis") ?? link;
        if (text.querySelector(".kurs-haken")) continue;
        const haken = document.createElement("span");
        haken.className = "kurs-haken";
        haken.innerHTML = '<span aria-hidden="true">✓</span><span class="kurs-unsichtbar">Bestanden:</span> ';
        text.prepend(haken);
      }
    }
  }

  function startseiteZeigen(bestanden) {
    const kasten = document.querySelector(".kurs-fortschritt");
    if (!kasten) return;
    kasten.querySelector(".kurs-fortschritt-teile").replaceChildren(...TEILE.map((teil) => {
      const offen = teil.uebungen.filter((uebung) => !bestanden[uebung.name]);
      const zahl = document.createElement("strong");
      zahl.textContent = `${teil.teil}: ${teil.uebungen.length - offen.length} von ` +
        `${teil.uebungen.length} Übungen bestanden`;
      const zeile = document.createElement("li");
      zeile.append(zahl, offen.length ? ". Offen: " : ". Alles bestanden.");
      offen.forEach((uebung, i) => {
        const link = document.createElement("a");
        link.href = adresse(uebung).href;
        link.textContent = uebung.titel;
        zeile.append(...(i ? [", ", link] : [link]));
      });
      return zeile;
    }));
    kasten.hidden = false; // ohne JavaScript bleibt der Kasten unsichtbar
  }

  function seiteZeigen() {
    const { uebungen, wahl } = lesen();
    startseiteZeigen(uebungen);
    hakenSetzen(uebungen);
    wahlZeigen(wahl);
  }

  // Die Listener hängen am Dokument: Sie gelten auch für Inhalte der Instant-Navigation.
  document.addEventListener("kurs:bestanden", ({ detail }) => merken("uebungen", detail.uebung));

  // Jede Auswahl in der Form von quiz_html (kurs/seite/auswahl.py), auch künftige Fragen:
  // Die Begründung der richtigen Option trägt die Klasse quiz-richtig.
  document.addEventListener("change", ({ target }) => {
    const frage = target.closest?.("fieldset.quiz[id]");
    if (!frage || target.type !== "radio" || !target.checked) return;
    const ansage = frage.querySelector(".quiz-ansage");
    if (ansage) ansage.textContent = target.closest(".quiz-option").querySelector(".quiz-erklaerung").textContent;
    waehlen(frage.id, target.value);
    if (!target.closest(".quiz-option")?.querySelector(".quiz-richtig")) return;
    merken("fragen", frage.id);
    // Die Auswahl einer Übung ist ihre Prüfung (kurs/seite/auswahl.py): Die richtige Wahl besteht sie.
    if (frage.dataset.uebung) merken("uebungen", frage.dataset.uebung);
  });

  // In einer Radiogruppe wählen die Pfeiltasten sonst gleich aus: Im Quiz zeigte das jede
  // Begründung und zählte die Frage als beantwortet. Hier bewegen sie nur den Fokus, die
  // Leertaste (oder ein Klick) wählt. Ohne JavaScript bleibt es beim Verhalten des Browsers.
  const PFEILE = { ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
  document.addEventListener("keydown", (ereignis) => {
    const { target, key } = ereignis;
    const frage = target.closest?.("fieldset.quiz");
    if (!frage || target.type !== "radio" || !(key in PFEILE) || ereignis.altKey || ereignis.ctrlKey
      || ereignis.metaKey || ereignis.shiftKey) return;
    ereignis.preventDefault();
    const optionen = [...frage.querySelectorAll("input[type=radio]")];
    optionen[(optionen.indexOf(target) + PFEILE[key] + optionen.length) % optionen.length].focus();
  });

  document.addEventListener("click", ({ target }) => {
    if (!target.closest?.("[data-kurs-zuruecksetzen]")) return;
    if (!confirm("Deinen Fortschritt und deine gespeicherten Lösungen in diesem Browser löschen?")) return;
    localStorage.removeItem(SCHLUESSEL);
    for (const uebung of alleUebungen()) localStorage.removeItem(loesungSchluessel(uebung.name));
    seiteZeigen();
    const meldung = document.querySelector(".kurs-fortschritt-meldung");
    if (meldung) meldung.textContent = "Gelöscht: Fortschritt und gespeicherte Lösungen.";
  });

  // Eine andere Seite des Kurses in einem zweiten Tab hat etwas bestanden.
  window.addEventListener("storage", ({ key }) => (key === SCHLUESSEL || key === null) && seiteZeigen());

  // Material meldet jede Seite über document$, auch nach der Instant-Navigation.
  if (window.document$) window.document$.subscribe(seiteZeigen);
  else seiteZeigen();
})();
