// Runs in every page's head, before the body is parsed (docs/conf.py adds it, not deferred).
//
// 1. Starts the engine's Web Worker as soon as the parser reaches a table or an experiment, while
//    the theme's scripts still load and run: the worker then downloads and starts Python in
//    parallel with the rest of the page. bridge.js adopts that worker (window.mawEarlyWorker)
//    with the messages it sent meanwhile, or starts its own where there is none.
// 2. Registers the site's service worker (maw-sw.js, at the site's root), which keeps the whole
//    site for offline use after one visit. On a page with a table or an experiment it waits until
//    the engine has started, so that the service worker's install finds the runtime in the HTTP
//    cache instead of downloading it a second time beside the page's worker.
(function () {
  const here = document.currentScript && document.currentScript.src;
  if (!here || location.protocol === "file:") return;
  const root = new URL("../../", here);
  const ENGINE_PAGES = "[data-maw-table], [data-maw-experiment], [data-maw-review]";

  function startWorker() {
    if (window.mawEarlyWorker || typeof Worker !== "function") return;
    // A table on the table server (?table=CODE, friends.js) plays on the server: no Python here.
    if (new URLSearchParams(location.search).has("table")) return;
    let worker;
    try {
      worker = new Worker(new URL("_static/maw/worker.js", root), { type: "module" });
    } catch (error) {
      return;   // bridge.js tries again, and reports what fails
    }
    const early = { worker, events: [] };
    early.keep = (event) => { early.events.push(event); if (event.type === "error") event.preventDefault(); };
    worker.addEventListener("message", early.keep);
    worker.addEventListener("error", early.keep);
    window.mawEarlyWorker = early;
  }

  if (typeof MutationObserver === "function") {
    const observer = new MutationObserver(() => {
      if (document.querySelector(ENGINE_PAGES)) {
        observer.disconnect();
        startWorker();
      }
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => observer.disconnect(), { once: true });
  }

  if (!("serviceWorker" in navigator)) return;
  let registered = false;
  function register() {
    if (registered) return;
    registered = true;
    navigator.serviceWorker.register(new URL("maw-sw.js", root), { scope: root.pathname })
      .catch((error) => console.warn(`maw: offline use is not available here (${error.message})`));
  }
  window.addEventListener("load", () => {
    if (document.querySelector(ENGINE_PAGES) && !window.mawEngineStarted) {
      window.addEventListener("maw:engine-started", register, { once: true });
      setTimeout(register, 60000);   // a table that never starts must not keep the site online-only
    } else {
      register();
    }
  });
})();
