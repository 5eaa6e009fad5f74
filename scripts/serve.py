"""Serve the built site with the standard library only: for a static host, or a machine without the
table server's extra (``make serve`` runs the table server, ``python -m maw_server``, which serves
the same site with the same headers and the tables too).

    python scripts/serve.py [--port 8000] [--bind 127.0.0.1] [--directory docs/_build/html]

The headers (an immutable cache for versioned paths, no-cache otherwise, gzip kept in memory, the
types browsers insist on) are :mod:`maw_server.static`'s, shared with the table server.
"""

from __future__ import annotations

import argparse
import email.utils
import http.server
import os
import sys
import threading
from functools import partial
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from maw_server.static import (COMPRESSIBLE, GZIP_CACHE, IMMUTABLE, MIN_GZIP, REVALIDATE, TYPES,  # noqa: E402,F401
                               cache_control, etag_of, not_modified, precompress)

DEFAULT_DIRECTORY = ROOT / "docs" / "_build" / "html"


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Serves ``directory`` with the caching headers of maw_server.static."""

    protocol_version = "HTTP/1.1"     # keep-alive: a visit asks for a hundred files
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    gzip_cache = GZIP_CACHE
    quiet = False
    bytes_sent = 0          # bodies written, for benchmarks (304s and HEADs write none)
    _count_lock = threading.Lock()

    def log_message(self, *args):
        if not self.quiet:
            super().log_message(*args)

    def end_headers(self):
        url = urlsplit(self.path)
        self.send_header("Cache-Control", cache_control(unquote(url.path), url.query))
        super().end_headers()

    def send_head(self):
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlsplit(self.path).path.endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            return super().send_head()      # folders (index.html, redirects) and 404s as usual
        stat = path.stat()
        last_modified = email.utils.formatdate(stat.st_mtime, usegmt=True)
        etag = etag_of(stat)
        if not_modified(self.headers, etag, stat.st_mtime):
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Last-Modified", last_modified)
            self.end_headers()
            return None
        ctype = self.guess_type(str(path))
        accepts_gzip = "gzip" in self.headers.get("Accept-Encoding", "")
        compress = path.suffix in COMPRESSIBLE and stat.st_size >= MIN_GZIP
        body = self.gzip_cache.get(path, stat) if compress and accepts_gzip else None
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("ETag", etag)
        self.send_header("Last-Modified", last_modified)
        if compress:
            self.send_header("Vary", "Accept-Encoding")
        if body is not None:
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(body)))
        else:
            self.send_header("Content-Length", str(stat.st_size))
        self.end_headers()
        return open(path, "rb") if body is None else _Body(body)

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
