"""``python -m maw_server``: the site and the tables in one process (uvicorn, one worker).

    python -m maw_server [--port 8000] [--bind 127.0.0.1] [--directory docs/_build/html]
                         [--db tables.sqlite3] [--idle-minutes 360] [--max-tables 2000]
                         [--max-connections 5000]

``--bind 0.0.0.0`` opens it to the local network (a classroom). One process: the tables live in
its memory and in the database; every open table is read back from the database at start.
"""

from __future__ import annotations

import argparse
import logging
import re
import socket
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m maw_server", description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--directory", type=Path, default=ROOT / "docs" / "_build" / "html",
                        help="the built site (none: the API alone)")
    parser.add_argument("--no-site", action="store_true", help="serve the API only")
    parser.add_argument("--db", default="tables.sqlite3",
                        help="a SQLite file, or a postgresql://user@host/name URL that several processes share")
    parser.add_argument("--owner", help="this process's name in the shared database's leases (default host:port)")
    parser.add_argument("--idle-minutes", type=float, default=360.0,
                        help="close a table nobody has touched for this long (its record is kept)")
    parser.add_argument("--reap-seconds", type=float, default=60.0, help="how often idle tables are looked for")
    parser.add_argument("--max-tables", type=int, default=2000)
    parser.add_argument("--max-connections", type=int, default=5000)
    parser.add_argument("--rate", type=float, default=20.0, help="messages a second per connection")
    parser.add_argument("--burst", type=float, default=40.0)
    parser.add_argument("--opens-per-minute", type=float, default=60.0,
                        help="tables, seats and classes opened from one address (bursts of twice that)")
    parser.add_argument("--test-deals", action="store_true", help=argparse.SUPPRESS)   # tests only
    parser.add_argument("--quiet", action="store_true", help="no access log")
    parser.add_argument("--trust-proxy", metavar="ADDRESSES",
                        help="behind a load balancer: its addresses (comma-separated), whose X-Forwarded-For "
                             "names the client (the per-address limits count clients, not the balancer)")
    args = parser.parse_args(argv)
    try:
        import uvicorn
    except ImportError:
        print("python -m maw_server needs the server extra: pip install -e '.[server]'", file=sys.stderr)
        return 1
    from .app import Settings, make_app
    from .static import precompress
    directory = None
    if not args.no_site:
        directory = args.directory
        if not (directory / "index.html").is_file():
            print(f"maw_server: no built site in {directory}: run `make site` first (or --no-site)",
                  file=sys.stderr)
            return 1
        threading.Thread(target=precompress, args=(directory,), daemon=True).start()
    settings = Settings(db=args.db, directory=directory, max_tables=args.max_tables,
                        max_connections=args.max_connections, idle_seconds=args.idle_minutes * 60,
                        reap_every=args.reap_seconds, rate=args.rate, burst=args.burst,
                        test_deals=args.test_deals, opens_per_minute=args.opens_per_minute,
                        opens_burst=2 * args.opens_per_minute,
                        owner=args.owner or f"{socket.gethostname()}:{args.port}")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    where = f"http://{args.bind}:{args.port}/"
    shown_db = re.sub(r"//[^@/]*@", "//...@", str(args.db))      # never a password in the log
    print(f"Serving {directory or 'the API'} and the tables at {where} (database {shown_db}; Ctrl-C stops)",
          flush=True)
    # 64 KB frames at most: a larger one closes the socket before it is read; up to 16 KB is read
    # and a longer message refused with words (maw_server.protocol).
    uvicorn.run(make_app(settings), host=args.bind, port=args.port, log_level="warning",
                access_log=not args.quiet, ws="websockets-sansio", ws_max_size=64 * 1024,
                ws_ping_interval=20, ws_ping_timeout=20, proxy_headers=bool(args.trust_proxy),
                forwarded_allow_ips=args.trust_proxy or None)
    return 0


if __name__ == "__main__":
    sys.exit(main())
