"""The command line and the server's lifecycle.

``run`` parses the arguments, loads the catalogue, starts the server on
127.0.0.1, prints the single ``READY <base URL>`` line and serves until
SIGTERM/SIGINT, until ``--parent-pid`` is gone or ``--max-seconds`` have
passed; then it returns 0.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import socket
import threading
import time

from .catalog import Catalog
from .comics import ComicFactory
from .common import API_PREFIX, DEFAULT_CHARACTERS
from .data import load_characters
from .faults import Fault, FaultQueue
from .requestlog import RequestLog
from .routes import MarvelApi
from .server import SimConfig, SimServer, SimServerV6, eprint


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Loopback simulator of the Marvel Comics API v1.")
    p.add_argument("--public-key", required=True)
    p.add_argument("--private-key", required=True)
    p.add_argument("--port", type=int, default=0, help="0 picks a free port (default)")
    p.add_argument("--ipv6", action="store_true", help="listen on the IPv6 loopback [::1] instead of 127.0.0.1")
    p.add_argument("--characters", type=int, default=DEFAULT_CHARACTERS,
                   help=f"catalogue size (default {DEFAULT_CHARACTERS})")
    p.add_argument("--hostile", action="store_true",
                   help="also load characters-hostile.json (awkward names/descriptions)")
    p.add_argument("--latency-ms", type=float, default=0.0, help="delay added to every API request")
    p.add_argument("--log", help="append every API request to this file as a JSON line")
    p.add_argument("--fault", action="append", default=[], metavar="JSON",
                   help="queue a fault (same JSON object as POST /_sim/faults); repeatable")
    p.add_argument("--ttl-etag-salt", default="", metavar="S",
                   help="mixed into every ETag digest (different salt, different ETags)")
    p.add_argument("--page-cache-mb", type=int, default=96, metavar="MB",
                   help="memory for built and gzipped pages (default 96); raise it so a benchmark "
                        "of a large catalogue measures the client, not page building")
    p.add_argument("--parent-pid", type=int, help="exit when this process is gone")
    p.add_argument("--max-seconds", type=float, default=3600.0, help="exit after this long")
    p.add_argument("--verbose", action="store_true", help="access log on stderr")
    args = p.parse_args(argv)
    if args.characters < 0:
        p.error("--characters must be >= 0")
    if args.page_cache_mb < 1:
        p.error("--page-cache-mb must be >= 1")
    try:
        args.faults = [Fault.parse(json.loads(text)) for text in args.fault]
    except ValueError as err:
        p.error(f"--fault: {err}")
    return args


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def build_server(args: argparse.Namespace) -> SimServer:
    comics = ComicFactory(hostile=args.hostile)
    catalog = Catalog(load_characters(args.characters, args.hostile), comics)
    api = MarvelApi(catalog, args.public_key, args.private_key, args.ttl_etag_salt,
                    page_cache_bytes=args.page_cache_mb << 20)
    faults = FaultQueue()
    faults.add(args.faults)
    config = SimConfig(latency_s=args.latency_ms / 1000, verbose=args.verbose)
    if args.ipv6:
        # Clients reach [::1] through "localhost" (FoundationNetworking refuses IPv6 literals), so
        # the same port on 127.0.0.1 is held too (bound, never listening): no other server there.
        for _ in range(50):
            server = SimServerV6(("::1", args.port), api, faults, RequestLog(args.log), config)
            server.ipv4_guard = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            try:
                server.ipv4_guard.bind(("127.0.0.1", server.server_address[1]))
                return server
            except OSError:
                server.ipv4_guard.close()
                server.server_close()
                if args.port:
                    raise
        raise OSError("no port free on both loopbacks")
    return SimServer(("127.0.0.1", args.port), api, faults, RequestLog(args.log), config)


def run(argv: list[str]) -> int:
    args = parse_args(argv)
    server = build_server(args)
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2},
                              daemon=True)
    thread.start()
    host = "[::1]" if server.address_family == socket.AF_INET6 else "127.0.0.1"
    print(f"READY http://{host}:{server.server_address[1]}{API_PREFIX}", flush=True)
    deadline = time.monotonic() + args.max_seconds
    while not stop.wait(0.5):
        if args.parent_pid and not pid_alive(args.parent_pid):
            eprint(f"marvel_sim: parent {args.parent_pid} is gone, exiting")
            break
        if time.monotonic() > deadline:
            eprint("marvel_sim: --max-seconds reached, exiting")
            break
    server.shutdown()
    server.server_close()
    server.log.close()
    return 0
