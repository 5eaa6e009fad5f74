// Maw's service worker: after one visit the whole site opens and plays with the network gone.
//
// scripts/vendor_site.py writes this file into the built site's root as maw-sw.js (so its scope is
// every page), filling in BUILD: the build's version (a hash of every file listed) and each file
// with its SHA-256. At install it stores all of them in a cache named after that version, fetched
// with subresource integrity, so the cache holds exactly this build: a file still in some older
// cache on the way is refused, and the install is tried again on a later visit. A new build is a
// new maw-sw.js (the server sends it with no-cache); the browser installs it, it takes over at
// once and deletes every older Maw cache: no stale engine beside new pages.
//
// Requests: a file of this build comes from its cache; anything else goes to the network as usual.
// Nothing here ever asks another origin.

const BUILD = /*MAW_BUILD*/null;
const PREFIX = "maw-";
const CACHE = PREFIX + BUILD.version;
const ROOT = new URL("./", self.location.href);
const LISTED = new Set(BUILD.files.map(([path]) => new URL(path, ROOT).href));
// Versioned paths (the runtime's version or the engine's hash is in the URL) may come from the
// HTTP cache, where the visit that registered this worker has just put them; every other file is
// revalidated with the server first.
const VERSIONED = /^_static\/(pyodide\/[^/]+|wheels\/[0-9a-f]{16})\//;
const PARALLEL = 6;

async function store(cache, [path, integrity]) {
  const url = new URL(path, ROOT);
  if (await cache.match(url)) return;   // an install resumed after an interruption
  const response = await fetch(url, { cache: VERSIONED.test(path) ? "default" : "no-cache", integrity });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  if (path.endsWith(".snapshot.gz") && typeof DecompressionStream === "function") {
    // Stored inflated (31 MB rather than 6): every later start skips the inflating, and the
    // worker knows an inflated snapshot by its first bytes (no gzip magic number).
    const body = response.body.pipeThrough(new DecompressionStream("gzip"));
    await cache.put(url, new Response(body, { headers: { "Content-Type": "application/octet-stream" } }));
    return;
  }
  await cache.put(url, response);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const queue = BUILD.files.slice();
    const lane = async () => { while (queue.length) await store(cache, queue.shift()); };
    await Promise.all(Array.from({ length: PARALLEL }, lane));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The save-offline button asks how far the install has got: the files of this build in its cache.
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "stored" || !event.ports[0]) return;
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    const keys = new Set((await cache.keys()).map((request) => request.url));
    const stored = [...LISTED].filter((url) => keys.has(url)).length;
    event.ports[0].postMessage({ stored, total: LISTED.size });
  })());
});

// The cache key of a request: no query string (a play page's ?seed=, Sphinx's ?v= on styles), and
// a folder's index.html for a folder.
function keyOf(url) {
  const key = new URL(url.pathname, url.origin);
  if (key.pathname.endsWith("/")) key.pathname += "index.html";
  return key.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = keyOf(url);
  if (!LISTED.has(key)) return;
  event.respondWith((async () => {
    const cached = await caches.match(key, { cacheName: CACHE });
    return cached || fetch(request);
  })());
});
