// Glossarbegriffe im Text (<abbr>, aus glossar.md): Zeigst du auf einen, tippst du ihn an oder
// erreichst du ihn mit Tab, erscheint seine Erklärung, im Aussehen von Materials Tooltips.
//
// Warum nicht Materials content.tooltips: Material richtet beim Laden für jedes Element mit
// title einen Tooltip ein, jeden mit eigenen Beobachtern, auf Teil 2 für 25 Begriffe. Das
// verlängerte die lange Aufgabe beim Laden (Lighthouse mobil, Total Blocking Time auf Teil 2:
// 338 statt 253 ms; benchmarks/lighthouse.py). Darum nimmt overrides/main.html den Begriffen
// den title, bevor Material sie sieht, und hier zeigt ein einziger Listener am Dokument die
// Erklärung erst, wenn jemand auf einen Begriff zeigt. Ohne JavaScript bleibt der title, und
// der Browser zeigt ihn selbst. Dieses Skript lädt einmal (außerhalb des Containers, den die
// Instant-Navigation austauscht) und gilt darum für jede Seite, auf die sie führt.
(() => {
  "use strict";

  const BEGRIFF = "abbr[data-kurs-erklaerung]";
  // Materials Klassen und Variablen (wie in seinem Tooltip mit role="tooltip"): So sieht die
  // Erklärung aus wie jeder andere Tooltip der Seite, in beiden Farbschemata.
  const tooltip = document.createElement("div");
  tooltip.className = "md-tooltip2 md-tooltip2--bottom";
  tooltip.id = "kurs-erklaerung";
  tooltip.setAttribute("role", "tooltip");
  const text = document.createElement("div");
  text.className = "md-tooltip2__inner md-typeset";
  tooltip.append(text);
  // Mit der Tastatur: Tab hält nur am ersten Begriff eines Absatzes (overrides/main.html), die
  // Pfeiltasten gehen zu den anderen. Das sagt die Erklärung, wenn der Absatz mehr hat.
  const ABSATZ = "p, li, td, dd, dt, th, h1, h2, h3, h4";
  const nachbarn = (begriff) => [...(begriff.closest(ABSATZ) ?? begriff.parentElement).querySelectorAll(BEGRIFF)];
  const pfeile = document.createElement("span");
  pfeile.className = "kurs-erklaerung-pfeile";
  pfeile.textContent = " (← → weitere Begriffe im Absatz)";

  let begriff = null; // der Begriff, dessen Erklärung gerade steht
  let entfernen = null;

  function zeigen(neu, tastatur = false) {
    if (neu === begriff) return;
    verbergen();
    clearTimeout(entfernen);
    begriff = neu;
    text.textContent = neu.dataset.kursErklaerung;
    if (tastatur && nachbarn(neu).length > 1) text.append(pfeile);
    document.body.append(tooltip);
    // Unter dem Begriff, mittig; Materials CSS hält die Erklärung im Bild.
    const rahmen = neu.getBoundingClientRect();
    const setzen = (name, px) => tooltip.style.setProperty(name, `${px}px`);
    setzen("--md-tooltip-host-x", rahmen.x + window.scrollX);
    setzen("--md-tooltip-host-y", rahmen.y + window.scrollY);
    setzen("--md-tooltip-x", rahmen.width / 2);
    setzen("--md-tooltip-y", 8 + rahmen.height);
    setzen("--md-tooltip-tail", 0);
    setzen("--md-tooltip-width", text.offsetWidth);
    neu.setAttribute("aria-describedby", tooltip.id);
    // Erst im nächsten Bild aktiv, sonst spielt der Übergang nicht (Material macht es ebenso).
    requestAnimationFrame(() => begriff === neu && tooltip.classList.add("md-tooltip2--active"));
  }

  function verbergen() {
    if (!begriff) return;
    begriff.removeAttribute("aria-describedby");
    begriff = null;
    tooltip.classList.remove("md-tooltip2--active");
    entfernen = setTimeout(() => begriff || tooltip.remove(), 250); // nach dem Ausblenden
  }

  // Antippen auf dem Handy löst mouseover ebenso aus. Über der Erklärung selbst bleibt sie
  // stehen: Man kann sie mit der Maus erreichen, ohne dass sie verschwindet.
  document.addEventListener("mouseover", (ereignis) => {
    const ziel = ereignis.target instanceof Element ? ereignis.target.closest(BEGRIFF) : null;
    if (ziel) zeigen(ziel);
    else if (!tooltip.contains(ereignis.target)) verbergen();
  });
  // Mit der Tastatur (Tab, im Absatz die Pfeiltasten): Ein Begriff zeigt seine Erklärung, solange
  // er den Fokus hat.
  document.addEventListener("focusin", (ereignis) => {
    const ziel = ereignis.target instanceof Element ? ereignis.target.closest(BEGRIFF) : null;
    if (ziel) zeigen(ziel, ziel.matches(":focus-visible"));
  });
  document.addEventListener("keydown", (ereignis) => {
    const schritt = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[ereignis.key];
    const hier = ereignis.target instanceof Element && ereignis.target.matches(BEGRIFF) ? ereignis.target : null;
    if (!hier || !schritt || ereignis.altKey || ereignis.ctrlKey || ereignis.metaKey || ereignis.shiftKey) return;
    const alle = nachbarn(hier);
    const ziel = alle[alle.indexOf(hier) + schritt];
    if (!ziel) return;
    ereignis.preventDefault();
    ziel.focus();
  });
  document.addEventListener("focusout", (ereignis) => ereignis.target === begriff && verbergen());
  // Escape schließt sie, ohne die Maus zu bewegen (WCAG 1.4.13).
  document.addEventListener("keydown", (ereignis) => ereignis.key === "Escape" && verbergen());
})();
