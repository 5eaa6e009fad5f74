"""Serve the built site on the loopback interface, as ``make serve`` does, with the headers that make
a second visit cheap. Standard library only.

    python scripts/serve.py [--port 8000] [--bind 127.0.0.1] [--directory docs/_build/html]

What it adds to ``python -m http.server``:

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

import argparse
import email.utils
import gzip
import http.server
import os
import re
import sys
import threading
from functools import partial
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DIRECTORY = ROOT / "docs" / "_build" / "html"

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


def cache_control(url_path: str, query: str) -> str:
    if VERSIONED_PATH.match(url_path) or VERSIONED_QUERY.search(query):
        return IMMUTABLE
    return REVALIDATE


class _GzipCache:
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


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` with the caching headers above."""

    protocol_version = "HTTP/1.1"     # keep-alive: a visit asks for a hundred files
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    gzip_cache = _GzipCache()
    quiet = False
    bytes_sent = 0          # bodies written, for benchmarks (304s and HEADs write none)
    _count_lock = threading.Lock()

    def log_message(self, *args):
        if not self.quiet:
            super().log_message(*args)

    def end_headers(self):
        if not getattr(self, "_cache_sent", False):
            url = urlsplit(self.path)
            self.send_header("Cache-Control", cache_control(unquote(url.path), url.query))
        super().end_headers()

    def send_head(self):
        self._cache_sent = False
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlsplit(self.path).path.endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()      # folders (index.html, redirects) and 404s as usual
        stat = path.stat()
        last_modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        etag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}"'
        if self._not_modified(etag, stat.st_mtime):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", last_modified)
            self.end_headers()
            return None
        ctype = self.guess_type(str(path))
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        compress = path.suffix in COMPRESSIBLE and stat.st_size >= MIN_GZIP
        if compress and accepts_gzip:
            body = self.gzip_cache.get(path, stat)
            self._body = body
        else:
            self._body = None
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", last_modified)
        if compress:
            self.send_header("Vary", "Accept-Encoding")
        if self._body is not None:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(self._body)))
        else:
            self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        return open(path, "rb") if self._body is None else _Body(self._body)

    def _not_modified(self, etag: str, mtime: float) -> bool:
        if "If-None-Match" in self.headers:
            return etag in [t.strip() for t in self.headers["If-None-Match"].split(",")]
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                return False
        return False

    def copyfile(self, source, outputfile):
        data = source.read()
        with self._count_lock:
            SiteHandler.bytes_sent += len(data)
        outputfile.write(data)


class _Body:
    def __init__(self, data: bytes):
        self.data = data

    def read(self, *args):
        data, self.data = self.data, b""
        return data

    def close(self):
        pass


def make_server(directory: Path, port: int = 8000, bind: str = "127.0.0.1", quiet: bool = False,
                handler: type = SiteHandler) -> http.server.ThreadingHTTPServer:
    handler = type(handler.__name__, (handler,), {"quiet": quiet})
    return http.server.ThreadingHTTPServer((bind, port), partial(handler, directory=str(directory)))


def precompress(directory: Path) -> None:
    """Compress the large files before the first visit asks for them (in a background thread)."""
    for path in directory.rglob("*"):
        if path.is_file() and path.suffix in COMPRESSIBLE and path.stat().st_size > 256_000:
            SiteHandler.gzip_cache.get(path, path.stat())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", 8000)))
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--directory", type=Path, default=DEFAULT_DIRECTORY)
    args = parser.parse_args(argv)
    if not (args.directory / "index.html").is_file():
        print(f"serve: no built site in {args.directory}: run `make site` first", file=sys.stderr)
        return 1
    httpd = make_server(args.directory, args.port, args.bind)
    threading.Thread(target=precompress, args=(args.directory,), daemon=True).start()
    print(f"Serving {args.directory} at http://{args.bind}:{httpd.server_address[1]}/ (Ctrl-C stops)")
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
