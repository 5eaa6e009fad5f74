"""The built site, served with the headers that make a second visit cheap.

One set of rules for both servers of the site: the table server (:mod:`maw_server.app`, an ASGI
app, :class:`StaticSite`) and the standard-library server a static host can run without the
``server`` extra (``scripts/serve.py``). Standard library only.

- ``Cache-Control: public, max-age=31536000, immutable`` for files whose URL changes whenever their
  bytes do: the Pyodide runtime under ``_static/pyodide/<version>/``, the engine under
  ``_static/wheels/<content hash>/``, and Sphinx's styles and scripts asked for with ``?v=<hash>``;
- ``Cache-Control: no-cache`` for everything else (pages, the service worker ``maw-sw.js``, the
  engine's ``manifest.json``, the table's scripts): the browser may keep them but asks first, and
  an unchanged file costs a ``304 Not Modified`` with no body;
- gzip for text and WebAssembly when the browser accepts it (the 9.6 MB ``pyodide.asm.wasm``
  travels as 3.6 MB), compressed once per file version and kept in memory;
- the types browsers insist on: ``application/wasm`` (streaming compilation) and ``text/javascript``
  for ``.mjs`` modules.
"""

from __future__ import annotations

import email.utils
import gzip
import mimetypes
import re
import threading
from pathlib import Path
from urllib.parse import unquote

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
# URL paths whose bytes never change: the runtime's version or the engine's hash is in the path.
VERSIONED_PATH = re.compile(r"^/_static/(pyodide/[^/]+|wheels/[0-9a-f]{16})/")
VERSIONED_QUERY = re.compile(r"(^|&)(v|digest)=[0-9a-zA-Z]+")
TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".map": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".gz": "application/gzip",     # the engine snapshot: inflated by the worker, not the browser
    ".svg": "image/svg+xml",
    ".woff2": "font/woff2",
    ".ipynb": "application/json",
}
COMPRESSIBLE = {".html", ".js", ".mjs", ".css", ".json", ".map", ".svg", ".txt", ".xml", ".wasm",
                ".ipynb", ".py"}
MIN_GZIP = 1024
CHUNK = 256 * 1024


def cache_control(url_path: str, query: str) -> str:
    if VERSIONED_PATH.match(url_path) or VERSIONED_QUERY.search(query):
        return IMMUTABLE
    return REVALIDATE


def content_type(path: Path) -> str:
    # As http.server names them (the standard-library server of scripts/serve.py sends the same).
    return TYPES.get(path.suffix.lower()) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"


def etag_of(stat) -> str:
    return f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'


def not_modified(headers, etag: str, mtime: float) -> bool:
    """Whether the client's copy is current (``headers``: a mapping with case-insensitive get)."""
    match = headers.get("If-None-Match")
    if match is not None:
        return etag in [t.strip() for t in match.split(",")]
    since = headers.get("If-Modified-Since")
    if since:
        try:
            return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
    return False


class GzipCache:
    """Compressed bodies by (path, mtime, size): compressed once per version of a file."""

    def __init__(self):
        self._lock = threading.Lock()
        self._items: dict = {}

    def get(self, path: Path, stat) -> bytes:
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        with self._lock:
            body = self._items.get(key)
            if body is None:
                body = gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)
                self._items = {k: v for k, v in self._items.items() if k[0] != key[0]}
                self._items[key] = body
            return body


GZIP_CACHE = GzipCache()


def precompress(directory: Path, cache: GzipCache = GZIP_CACHE) -> None:
    """Compress the large files before the first visit asks for them (run it in a background thread)."""
    for path in Path(directory).rglob("*"):
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size > 256_000:
            cache.get(path, path.stat())


def find_file(root: Path, url_path: str):
    """The file a URL path names under ``root``: (path, None), or (None, "/redirect/") for a folder
    asked for without its slash, or (None, None) when there is none. Never a file outside root."""
    parts = [p for p in unquote(url_path).split("/") if p not in ("", ".")]
    if any(p == ".." or "\\" in p or "\0" in p for p in parts):
        return None, None
    path = root.joinpath(*parts)
    try:
        if path.is_dir():
            if not url_path.endswith("/"):
                return None, url_path + "/"
            path = path / "index.html"
        if path.is_file() and path.resolve().is_relative_to(root.resolve()):
            return path, None
    except (OSError, ValueError):
        pass
    return None, None


class StaticSite:
    """An ASGI app serving ``directory`` by the rules above (GET and HEAD)."""

    def __init__(self, directory, cache: GzipCache = GZIP_CACHE):
        self.root = Path(directory)
        self.cache = cache

    async def __call__(self, scope, receive, send):
        assert scope["type"] == "http"
        method = scope["method"]
        url_path = scope["path"]
        query = scope.get("query_string", b"").decode("latin-1")
        headers = _Headers(scope["headers"])
        cache = cache_control(url_path, query)
        if method not in ("GET", "HEAD"):
            return await _send(send, 405, [("Allow", "GET, HEAD"), ("Cache-Control", cache)],
                               b"405: only GET and HEAD are served here\n", method)
        path, redirect = find_file(self.root, url_path)
        if redirect is not None:
            location = redirect + (f"?{query}" if query else "")
            return await _send(send, 301, [("Location", location), ("Cache-Control", cache)], b"", method)
        if path is None:
            return await _send(send, 404, [("Content-Type", "text/plain; charset=utf-8"),
                                           ("Cache-Control", cache)], b"404: no such file\n", method)
        stat = path.stat()
        etag = etag_of(stat)
        # X-Maw-Server: the play page's sign that the table server serves it (friends.js asks its
        # own address with HEAD: a static host answers too, without it, so no 404 is logged).
        common = [("ETag", etag), ("Last-Modified", email.utils.formatdate(stat.st_mtime, usegmt=True)),
                  ("Cache-Control", cache), ("X-Maw-Server", "1")]
        if not_modified(headers, etag, stat.st_mtime):
            return await _send(send, 304, common, b"", "HEAD")
        compress = path.suffix in COMPRESSIBLE and stat.st_size >= MIN_GZIP
        out = [("Content-Type", content_type(path)), *common]
        if compress:
            out.append(("Vary", "Accept-Encoding"))
        if compress and "gzip" in headers.get("Accept-Encoding", ""):
            body = self.cache.get(path, stat)
            out.append(("Content-Encoding", "gzip"))
            return await _send(send, 200, out, body, method)
        out.append(("Content-Length", str(stat.st_size)))
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(k.lower().encode(), v.encode()) for k, v in out]})
        if method == "HEAD":
            return await send({"type": "http.response.body", "body": b""})
        with open(path, "rb") as f:
            while True:
                chunk = f.read(CHUNK)
                more = len(chunk) == CHUNK
                await send({"type": "http.response.body", "body": chunk, "more_body": more})
                if not more:
                    break


class _Headers:
    """An ASGI scope's headers, read case-insensitively."""

    def __init__(self, raw):
        self._items = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in raw}

    def get(self, name: str, default=None):
        return self._items.get(name.lower(), default)


async def _send(send, status: int, headers: list, body: bytes, method: str):
    if not any(k == "Content-Length" for k, _ in headers) and status != 304:
        headers = [*headers, ("Content-Length", str(len(body)))]
    await send({"type": "http.response.start", "status": status,
                "headers": [(k.lower().encode(), v.encode()) for k, v in headers]})
    await send({"type": "http.response.body", "body": b"" if method == "HEAD" else body})
