// The "Keep this site on this device" button (the maw-save-offline directive): registers the site's
// service worker now and says how many of the build's files it has stored, until all are there.
//
// The service worker stores every file of the build when it installs (scripts/service_worker.js);
// asked {type: "stored"}, it answers {stored, total} from its cache. Nothing here stores anything
// itself, so the count is what a later visit without a network will really find.

const POLL_MS = 500;

function ask(worker) {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    worker.postMessage({ type: "stored" }, [channel.port2]);
  });
}

async function keep(root, button, said) {
  button.disabled = true;
  said.textContent = "Saving the site…";
  try {
    const sw = new URL("../../maw-sw.js", import.meta.url);
    const registration = await navigator.serviceWorker.register(sw, { scope: new URL("../../", import.meta.url).pathname });
    for (;;) {
      const worker = registration.installing || registration.waiting || registration.active;
      if (!worker) throw new Error("the browser did not start the site's service worker");
      if (worker.state === "redundant") throw new Error("storing the files failed (is the device's storage full?)");
      const { stored, total } = await ask(worker);
      root.dataset.stored = String(stored);
      root.dataset.total = String(total);
      if (stored >= total && registration.active) {
        said.textContent = `Done: all ${total} files of the site are kept on this device; it opens and plays without a network.`;
        root.dataset.state = "done";
        return;
      }
      said.textContent = `Saving the site: ${stored} of ${total} files…`;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } catch (error) {
    said.textContent = `The site could not be saved: ${error.message}.`;
    root.dataset.state = "failed";
    button.disabled = false;
  }
}

for (const root of document.querySelectorAll("[data-maw-save-offline]")) {
  const button = root.querySelector("button");
  const said = root.querySelector("[role=status]");
  if (!("serviceWorker" in navigator) || location.protocol === "file:") {
    said.textContent = "This browser cannot keep the site offline here (it needs the site served over HTTP or HTTPS).";
    continue;
  }
  button.disabled = false;
  said.textContent = "";
  button.addEventListener("click", () => keep(root, button, said));
}
