// Registers the site's service worker (maw-sw.js, at the site's root), which keeps the whole site
// for offline use after one visit. Loaded by every page (docs/conf.py).
//
// On a page with a table or an experiment, it waits until the engine has started: the service
// worker's install then finds the runtime in the HTTP cache instead of downloading it a second
// time while the page's own worker is still fetching it.
(function () {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const here = document.currentScript && document.currentScript.src;
  if (!here) return;
  const root = new URL("../../", here);
  let done = false;
  function register() {
    if (done) return;
    done = true;
    navigator.serviceWorker.register(new URL("maw-sw.js", root), { scope: root.pathname })
      .catch((error) => console.warn(`maw: offline use is not available here (${error.message})`));
  }
  window.addEventListener("load", () => {
    if (document.querySelector("[data-maw-table], [data-maw-experiment]") && !window.mawEngineStarted) {
      window.addEventListener("maw:engine-started", register, { once: true });
      setTimeout(register, 60000);   // a table that never starts must not keep the site online-only
    } else {
      register();
    }
  });
})();
