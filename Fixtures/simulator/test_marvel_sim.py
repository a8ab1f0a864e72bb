"""Tests of the Marvel API simulator (stdlib unittest; run from the repository root):

    python3 -m unittest Fixtures/simulator/test_marvel_sim.py

Each test class starts the simulator as a subprocess on a free port and talks
to it over real HTTP/1.1 with http.client.
"""

from __future__ import annotations

import gzip
import hashlib
import http.client
import json
import os
import selectors
import signal
import socket
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path
from urllib.parse import urlencode, urlsplit

SIM = Path(__file__).resolve().parent / "marvel_sim.py"
PUB, PRIV = "pubkey123", "privkey456"


def auth(ts: str = "1") -> dict:
    return {"apikey": PUB, "ts": ts, "hash": hashlib.md5((ts + PRIV + PUB).encode()).hexdigest()}


class Sim:
    """A running simulator subprocess."""

    def __init__(self, *extra: str, timeout: float = 10.0):
        cmd = [sys.executable, str(SIM), "--public-key", PUB, "--private-key", PRIV,
               "--port", "0", "--parent-pid", str(os.getpid()), "--max-seconds", "300", *extra]
        self.started = time.monotonic()
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.ready_line = self._read_ready(timeout)
        self.ready_after = time.monotonic() - self.started
        self.base = self.ready_line.split(" ", 1)[1]
        url = urlsplit(self.base)
        self.host, self.port, self.prefix = url.hostname, url.port, url.path

    def _read_ready(self, timeout: float) -> str:
        sel = selectors.DefaultSelector()
        sel.register(self.proc.stdout, selectors.EVENT_READ)
        if not sel.select(timeout):
            self.stop()
            raise RuntimeError("simulator did not print READY in time")
        line = self.proc.stdout.readline().strip()
        if not line.startswith("READY "):
            self.stop()
            raise RuntimeError(f"unexpected first line {line!r}: {self.proc.stderr.read()}")
        return line

    def conn(self, timeout: float = 10.0) -> http.client.HTTPConnection:
        return http.client.HTTPConnection(self.host, self.port, timeout=timeout)

    def request(self, method: str, path: str, params: dict | None = None, headers=None,
                body: bytes | None = None, conn=None):
        """(status, headers, body bytes) of one request."""
        target = path + ("?" + urlencode(params) if params is not None else "")
        own = conn is None
        conn = conn or self.conn()
        try:
            conn.request(method, target, body=body, headers=headers or {})
            resp = conn.getresponse()
            return resp.status, resp, resp.read()
        finally:
            if own:
                conn.close()

    def api(self, path: str, params: dict | None = None, signed: bool = True, **kw):
        """GET an API path (relative to /v1/public), signed by default."""
        query = dict(auth() if signed else {}, **(params or {}))
        return self.request("GET", self.prefix + path, query, **kw)

    def api_json(self, path: str, params: dict | None = None, **kw):
        status, resp, body = self.api(path, params, **kw)
        return status, resp, json.loads(body)

    def control(self, method: str, path: str, payload=None):
        body = json.dumps(payload).encode() if payload is not None else None
        headers = {"Content-Type": "application/json"} if body else {}
        status, _, raw = self.request(method, "/_sim/" + path, headers=headers, body=body)
        return status, (json.loads(raw) if raw and raw != b"ok" else raw)

    def faults(self, *faults: dict) -> None:
        status, _ = self.control("POST", "faults", {"faults": list(faults)})
        assert status == 200, status

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for stream in (self.proc.stdout, self.proc.stderr):
            stream.close()
        return self.proc.returncode


class SimTestCase(unittest.TestCase):
    """Shares one default simulator per class; resets log and faults before each test."""

    extra_args: tuple = ()

    @classmethod
    def setUpClass(cls):
        cls.sim = Sim(*cls.extra_args)

    @classmethod
    def tearDownClass(cls):
        cls.sim.stop()

    def setUp(self):
        self.sim.control("POST", "reset")

    def assertError(self, response, status: int, body: dict):
        got_status, _, raw = response
        self.assertEqual(got_status, status)
        self.assertEqual(json.loads(raw), body)


class AuthAndValidationTests(SimTestCase):
    def test_ready_line(self):
        self.assertRegex(self.sim.ready_line, r"^READY http://127\.0\.0\.1:\d+/v1/public$")

    def test_missing_and_wrong_credentials(self):
        good = auth()
        cases = [
            ({"ts": "1", "hash": good["hash"]}, 409,
             {"code": "MissingParameter", "message": "You must provide a user key."}),
            ({"apikey": PUB, "ts": "1"}, 409,
             {"code": "MissingParameter", "message": "You must provide a hash."}),
            ({"apikey": PUB, "hash": good["hash"]}, 409,
             {"code": "MissingParameter", "message": "You must provide a timestamp."}),
            ({"apikey": "nope", "ts": "1", "hash": good["hash"]}, 401,
             {"code": "InvalidCredentials", "message": "The passed API key is invalid."}),
            ({"apikey": PUB, "ts": "2", "hash": good["hash"]}, 401,
             {"code": "InvalidCredentials",
              "message": "That hash, timestamp and key combination is invalid."}),
        ]
        for params, status, body in cases:
            with self.subTest(params=params):
                self.assertError(self.sim.api("/characters", params, signed=False), status, body)

    def test_contract_hash_example(self):
        self.assertEqual(hashlib.md5(b"1abcd1234").hexdigest(), "ffd275c5130566a2916217b101f26150")

    def test_auth_comes_before_validation(self):
        response = self.sim.api("/characters", {"limit": "500", "apikey": "nope"}, signed=True)
        self.assertEqual(response[0], 401)

    def test_validation_errors(self):
        cases = [
            ({"limit": "101"}, "You may not request more than 100 items."),
            ({"limit": "0"}, "You must pass an integer limit greater than 0."),
            ({"limit": "ten"}, "You must pass an integer limit greater than 0."),
            ({"name": ""}, "name cannot be blank if it is set"),
            ({"nameStartsWith": ""}, "nameStartsWith cannot be blank if it is set"),
            ({"x": "1"}, "We don't recognize the parameter x"),
            ({"invalid_param": "1"}, "We don't recognize the parameter invalid_param"),
            ({"orderBy": "goofiness"}, "goofiness is not a valid ordering parameter."),
            ({"comics": "one"}, "You must pass at least one valid issue id if you set the issue filter."),
            ({"comics": ",".join(str(i) for i in range(1, 12))},
             "You may not submit more than 10 issue ids."),
        ]
        for params, status_text in cases:
            with self.subTest(params=params):
                self.assertError(self.sim.api("/characters", params), 409,
                                 {"code": 409, "status": status_text})

    def test_not_found(self):
        self.assertError(self.sim.api("/characters/1"), 404,
                         {"code": 404, "status": "We couldn't find that character"})
        self.assertError(self.sim.api("/characters/1/comics"), 404,
                         {"code": 404, "status": "We couldn't find that character"})

    def test_non_get_is_405(self):
        for method in ("POST", "DELETE", "PUT"):
            with self.subTest(method=method):
                status, _, raw = self.sim.request(method, self.sim.prefix + "/characters", auth())
                self.assertEqual(status, 405)
                self.assertEqual(json.loads(raw),
                                 {"code": "MethodNotAllowed", "message": f"{method} is not allowed"})


class CharacterTests(SimTestCase):
    def test_wrapper(self):
        status, resp, doc = self.sim.api_json("/characters")
        self.assertEqual(status, 200)
        self.assertEqual(doc["code"], 200)
        self.assertEqual(doc["status"], "Ok")
        self.assertEqual(doc["copyright"], "© 2026 MARVEL")
        self.assertEqual(doc["attributionText"], "Data provided by Marvel. © 2026 MARVEL")
        self.assertIn("Data provided by Marvel.", doc["attributionHTML"])
        self.assertRegex(doc["etag"], r"^[0-9a-f]{40}$")
        self.assertEqual(resp.getheader("ETag"), doc["etag"])
        self.assertEqual(int(resp.getheader("Content-Length")) > 0, True)
        data = doc["data"]
        self.assertEqual((data["offset"], data["limit"], data["total"], data["count"]), (0, 20, 1562, 20))

    def test_character_shape(self):
        _, _, doc = self.sim.api_json("/characters/1009652")
        self.assertEqual(doc["data"]["total"], 1)
        self.assertEqual(doc["data"]["count"], 1)
        thanos = doc["data"]["results"][0]
        self.assertEqual(list(thanos), ["id", "name", "description", "modified", "thumbnail",
                                        "resourceURI", "comics", "series", "stories", "events", "urls"])
        self.assertEqual((thanos["id"], thanos["name"]), (1009652, "Thanos"))
        self.assertRegex(thanos["modified"], r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[-+]\d{4}$")
        self.assertEqual(thanos["comics"]["available"], 78)
        for kind in ("comics", "series", "stories", "events"):
            block = thanos[kind]
            self.assertLessEqual(len(block["items"]), 20)
            self.assertEqual(block["returned"], len(block["items"]))
            self.assertTrue(block["collectionURI"].startswith("http://gateway.marvel.com/"))
        self.assertTrue(all("type" in item for item in thanos["stories"]["items"]))
        self.assertTrue(all(u["type"] in ("detail", "wiki", "comiclink") for u in thanos["urls"]))
        self.assertTrue(all(u["url"].startswith("http://") for u in thanos["urls"]))

    def test_required_heroes_present(self):
        for ident in (1009610, 1009351, 1009220, 1009652, 1009368, 1009664, 1009718, 1009189):
            with self.subTest(id=ident):
                self.assertEqual(self.sim.api("/characters/%d" % ident)[0], 200)

    def test_full_sweep_is_16_pages_in_name_order(self):
        names, ids = [], set()
        conn = self.sim.conn()  # one keep-alive connection for the whole sweep
        for page in range(16):
            status, _, raw = self.sim.request("GET", self.sim.prefix + "/characters",
                                              dict(auth(), limit=100, offset=page * 100), conn=conn)
            self.assertEqual(status, 200)
            data = json.loads(raw)["data"]
            self.assertEqual(data["total"], 1562)
            self.assertEqual(data["count"], 100 if page < 15 else 62)
            names += [c["name"] for c in data["results"]]
            ids |= {c["id"] for c in data["results"]}
        conn.close()
        self.assertEqual(len(ids), 1562)
        self.assertEqual(names, sorted(names, key=str.lower))
        self.assertEqual(len(self.sim.control("GET", "log")[1]), 16)

    def test_past_the_end_is_empty(self):
        _, _, doc = self.sim.api_json("/characters", {"offset": 5000})
        self.assertEqual((doc["data"]["total"], doc["data"]["count"], doc["data"]["results"]), (1562, 0, []))

    def test_name_filters(self):
        _, _, doc = self.sim.api_json("/characters", {"nameStartsWith": "spider", "limit": 100})
        names = [c["name"] for c in doc["data"]["results"]]
        self.assertIn("Spider-Man (Peter Parker)", names)
        self.assertEqual(doc["data"]["total"], len(names))
        self.assertTrue(all(n.lower().startswith("spider") for n in names))
        _, _, doc = self.sim.api_json("/characters", {"name": "THANOS"})
        self.assertEqual([c["id"] for c in doc["data"]["results"]], [1009652])

    def test_order_by(self):
        _, _, asc = self.sim.api_json("/characters", {"limit": 100})
        _, _, desc = self.sim.api_json("/characters", {"orderBy": "-name", "limit": 100})
        desc_names = [c["name"].lower() for c in desc["data"]["results"]]
        self.assertEqual(desc_names, sorted(desc_names, reverse=True))
        self.assertNotEqual(asc["data"]["results"][0]["id"], desc["data"]["results"][0]["id"])
        _, _, mod = self.sim.api_json("/characters", {"orderBy": "-modified", "limit": 100})
        stamps = [c["modified"] for c in mod["data"]["results"]]
        from datetime import datetime
        epochs = [datetime.strptime(s, "%Y-%m-%dT%H:%M:%S%z").timestamp() for s in stamps]
        self.assertEqual(epochs, sorted(epochs, reverse=True))
        self.assertEqual(self.sim.api("/characters", {"orderBy": "modified,-name"})[0], 200)

    def test_modified_since(self):
        _, _, doc = self.sim.api_json("/characters", {"modifiedSince": "2019-01-01", "limit": 100})
        self.assertGreater(doc["data"]["total"], 0)
        self.assertLess(doc["data"]["total"], 1562)
        self.assertTrue(all(c["modified"] >= "2019" for c in doc["data"]["results"]))

    def test_comics_filter_finds_the_character(self):
        _, _, doc = self.sim.api_json("/characters/1009652")
        comic_id = doc["data"]["results"][0]["comics"]["items"][0]["resourceURI"].rsplit("/", 1)[1]
        _, _, found = self.sim.api_json("/characters", {"comics": comic_id, "limit": 100})
        self.assertIn(1009652, [c["id"] for c in found["data"]["results"]])


class ComicsTests(SimTestCase):
    def test_paging_covers_available(self):
        seen = []
        for offset in range(0, 100, 20):
            _, _, doc = self.sim.api_json("/characters/1009652/comics", {"offset": offset})
            self.assertEqual(doc["data"]["total"], 78)
            seen += [c["id"] for c in doc["data"]["results"]]
        self.assertEqual(len(seen), 78)
        self.assertEqual(len(set(seen)), 78)

    def test_items_agree_with_comics_endpoint(self):
        _, _, doc = self.sim.api_json("/characters/1009652")
        item_ids = {int(i["resourceURI"].rsplit("/", 1)[1])
                    for i in doc["data"]["results"][0]["comics"]["items"]}
        _, _, page = self.sim.api_json("/characters/1009652/comics", {"limit": 100})
        self.assertLessEqual(item_ids, {c["id"] for c in page["data"]["results"]})

    def test_comic_shape_and_order(self):
        params = {"orderBy": "-onsaleDate", "limit": 100, "noVariants": "true", "format": "comic",
                  "formatType": "comic", "dateDescriptor": "thisMonth", "titleStartsWith": "A"}
        status, _, doc = self.sim.api_json("/characters/1009220/comics", params)
        self.assertEqual(status, 200)
        comics = doc["data"]["results"]
        self.assertEqual(doc["data"]["total"], 2371)
        onsale = [next(d["date"] for d in c["dates"] if d["type"] == "onsaleDate") for c in comics]
        from datetime import datetime
        epochs = [datetime.strptime(s, "%Y-%m-%dT%H:%M:%S%z").timestamp() for s in onsale]
        self.assertEqual(epochs, sorted(epochs, reverse=True))
        years = {s[:3] for s in onsale}
        self.assertGreaterEqual(len(years), 1)
        first = comics[0]
        for key in ("id", "digitalId", "title", "issueNumber", "description", "modified", "dates",
                    "thumbnail", "urls", "series", "creators", "characters", "stories", "events"):
            self.assertIn(key, first)
        self.assertRegex(first["title"], r" \(\d{4}\) #\d+$")
        self.assertEqual([d["type"] for d in first["dates"]], ["onsaleDate", "focDate"])
        for kind in ("creators", "characters", "stories", "events"):
            self.assertEqual(set(first[kind]), {"available", "collectionURI", "items", "returned"})

    def test_dates_spread_over_decades(self):
        _, _, doc = self.sim.api_json("/characters/1009220/comics", {"orderBy": "onsaleDate", "limit": 100})
        first = doc["data"]["results"][0]["dates"][0]["date"][:4]
        _, _, doc = self.sim.api_json("/characters/1009220/comics",
                                      {"orderBy": "-onsaleDate", "limit": 100})
        last = doc["data"]["results"][0]["dates"][0]["date"][:4]
        self.assertGreater(int(last) - int(first), 40)

    def test_comic_orderings(self):
        for order in ("onsaleDate", "focDate", "title", "issueNumber", "modified", "-title", "-focDate"):
            with self.subTest(order=order):
                self.assertEqual(self.sim.api("/characters/1009652/comics", {"orderBy": order})[0], 200)
        self.assertError(self.sim.api("/characters/1009652/comics", {"orderBy": "name"}), 409,
                         {"code": 409, "status": "name is not a valid ordering parameter."})


class EtagAndGzipTests(SimTestCase):
    def test_304_with_any_quoting(self):
        status, resp, raw = self.sim.api("/characters", {"limit": 5})
        etag = json.loads(raw)["etag"]
        self.assertEqual(resp.getheader("ETag"), etag)
        for header in (etag, f'"{etag}"', f'W/"{etag}"', f'"other", "{etag}"'):
            with self.subTest(header=header):
                status, resp, raw = self.sim.api("/characters", {"limit": 5},
                                                 headers={"If-None-Match": header})
                self.assertEqual(status, 304)
                self.assertEqual(raw, b"")
                self.assertEqual(resp.getheader("Content-Length"), "0")
        status, _, _ = self.sim.api("/characters", {"limit": 5}, headers={"If-None-Match": '"stale"'})
        self.assertEqual(status, 200)
        log = self.sim.control("GET", "log")[1]
        self.assertEqual([e["status"] for e in log], [200, 304, 304, 304, 304, 200])
        self.assertEqual(log[1]["ifNoneMatch"], etag)

    def test_etag_is_deterministic_and_changes_on_touch(self):
        params = {"nameStartsWith": "Thanos"}
        etag1 = self.sim.api_json("/characters", params)[2]["etag"]
        self.assertEqual(self.sim.api_json("/characters", dict(params, ts="2",
                                                               hash=auth("2")["hash"]))[2]["etag"], etag1)
        other = self.sim.api_json("/characters", {"nameStartsWith": "Hulk"})[2]["etag"]
        status, touched = self.sim.control("POST", "touch", {"id": 1009652})
        self.assertEqual(status, 200)
        _, _, after = self.sim.api_json("/characters", params)
        self.assertNotEqual(after["etag"], etag1)
        self.assertEqual(after["data"]["results"][0]["modified"], touched["modified"])
        self.assertEqual(self.sim.api_json("/characters", {"nameStartsWith": "Hulk"})[2]["etag"], other)
        _, _, newest = self.sim.api_json("/characters", {"orderBy": "-modified", "limit": 1})
        self.assertEqual(newest["data"]["results"][0]["id"], 1009652)
        self.assertEqual(self.sim.control("POST", "touch", {"id": 1})[0], 404)

    def test_gzip(self):
        _, _, plain = self.sim.api("/characters", {"limit": 50})
        status, resp, raw = self.sim.api("/characters", {"limit": 50},
                                         headers={"Accept-Encoding": "gzip, deflate"})
        self.assertEqual(status, 200)
        self.assertEqual(resp.getheader("Content-Encoding"), "gzip")
        self.assertEqual(int(resp.getheader("Content-Length")), len(raw))
        self.assertLess(len(raw), len(plain))
        self.assertEqual(gzip.decompress(raw), plain)
        status, resp, raw = self.sim.api("/characters", {"limit": 0},
                                         headers={"Accept-Encoding": "gzip"})
        self.assertEqual(json.loads(gzip.decompress(raw))["code"], 409)


class FaultTests(SimTestCase):
    def test_status_faults(self):
        self.sim.faults({"kind": "status", "status": 429, "retryAfter": 7},
                        {"kind": "status", "status": 503})
        status, resp, raw = self.sim.api("/characters")
        self.assertEqual(status, 429)
        self.assertEqual(resp.getheader("Retry-After"), "7")
        self.assertEqual(json.loads(raw), {"code": "RequestThrottled",
                                           "message": "You have exceeded your rate limit.  Please try again later."})
        self.assertError(self.sim.api("/characters"), 503,
                         {"code": "InternalServerError", "message": "Internal Server Error"})
        self.assertEqual(self.sim.api("/characters")[0], 200)

    def test_custom_body_path_and_times(self):
        self.sim.faults({"kind": "status", "status": 500, "times": 2, "path": "/comics",
                         "body": {"code": "Boom", "message": "x"}})
        self.assertEqual(self.sim.api("/characters")[0], 200)
        self.assertError(self.sim.api("/characters/1009652/comics"), 500, {"code": "Boom", "message": "x"})
        self.assertEqual(self.sim.api("/characters/1009652/comics")[0], 500)
        self.assertEqual(self.sim.api("/characters/1009652/comics")[0], 200)

    def test_forever_until_reset(self):
        self.sim.faults({"kind": "status", "status": 502, "times": -1})
        for _ in range(3):
            self.assertEqual(self.sim.api("/characters")[0], 502)
        self.sim.control("POST", "reset")
        self.assertEqual(self.sim.api("/characters")[0], 200)

    def test_html(self):
        self.sim.faults({"kind": "html"})
        status, resp, raw = self.sim.api("/characters")
        self.assertEqual(status, 502)
        self.assertTrue(resp.getheader("Content-Type").startswith("text/html"))
        self.assertIn(b"<html>", raw)

    def test_malformed_empty_wrong_shape(self):
        self.sim.faults({"kind": "malformed"}, {"kind": "empty"}, {"kind": "wrongShape"})
        status, _, raw = self.sim.api("/characters")
        self.assertEqual(status, 200)
        self.assertTrue(raw.startswith(b'{"code":200,"data":{"results":[{"id":'))
        with self.assertRaises(ValueError):
            json.loads(raw)
        status, resp, raw = self.sim.api("/characters")
        self.assertEqual((status, raw, resp.getheader("Content-Length")), (200, b"", "0"))
        status, _, raw = self.sim.api("/characters")
        self.assertEqual(status, 200)
        self.assertIsInstance(json.loads(raw)["data"]["results"], str)

    def test_truncated(self):
        self.sim.faults({"kind": "truncated"})
        conn = self.sim.conn()
        conn.request("GET", self.sim.prefix + "/characters?" + urlencode(auth()))
        resp = conn.getresponse()
        self.assertEqual(resp.status, 200)
        with self.assertRaises(http.client.IncompleteRead):
            resp.read()
        conn.close()
        entry = self.sim.control("GET", "log")[1][-1]
        self.assertEqual(entry["fault"], "truncated")
        self.assertEqual(self.sim.api("/characters")[0], 200)

    def test_drop(self):
        self.sim.faults({"kind": "drop"})
        with self.assertRaises((http.client.RemoteDisconnected, ConnectionError)):
            self.sim.api("/characters")
        entry = self.sim.control("GET", "log")[1][-1]
        self.assertEqual((entry["fault"], entry["status"]), ("drop", None))
        self.assertEqual(self.sim.api("/characters")[0], 200)

    def test_slow(self):
        self.sim.faults({"kind": "slow", "delayMs": 400})
        start = time.monotonic()
        self.assertEqual(self.sim.api("/characters")[0], 200)
        self.assertGreaterEqual(time.monotonic() - start, 0.38)

    def test_bad_fault_rejected(self):
        self.assertEqual(self.sim.control("POST", "faults", {"faults": [{"kind": "meteor"}]})[0], 400)
        self.assertEqual(self.sim.control("POST", "faults", {"nope": 1})[0], 400)

    def test_keep_alive_survives_faults(self):
        conn = self.sim.conn()
        self.sim.faults({"kind": "status", "status": 500})
        for expected in (500, 200, 200):
            status, _, _ = self.sim.request("GET", self.sim.prefix + "/characters", auth(), conn=conn)
            self.assertEqual(status, expected)
        conn.close()


class HostileServerFaultTests(SimTestCase):
    """Issue 15's misbehaving servers: lying paging, oversized bodies, redirects."""

    extra_args = ("--characters", "250")

    def page(self, offset: int) -> dict:
        status, _, body = self.sim.api_json("/characters", {"limit": 100, "offset": offset})
        self.assertEqual(status, 200)
        return body["data"]

    def test_page_keep_total_and_delay(self):
        self.sim.faults({"kind": "page", "path": "offset=100", "keep": 50, "total": 9999999, "delayMs": 300})
        start = time.monotonic()
        data = self.page(100)
        self.assertGreaterEqual(time.monotonic() - start, 0.28)
        self.assertEqual((data["offset"], data["count"], data["total"], len(data["results"])), (100, 50, 9999999, 50))
        self.assertEqual(self.page(100)["count"], 100, "used up")

    def test_page_shift_repeats_ids_and_rename_changes_names(self):
        earlier = [c["id"] for c in self.page(50)["results"]]
        self.sim.faults({"kind": "page", "shift": -50, "path": "offset=100",
                         "rename": {str(earlier[0]): "Renamed"}})
        data = self.page(100)
        self.assertEqual(data["offset"], 100, "it still claims the offset asked for")
        self.assertEqual([c["id"] for c in data["results"]], earlier)
        self.assertEqual(data["results"][0]["name"], "Renamed")

    def test_page_patch_overwrites_fields_in_listings_and_single_characters(self):
        first, second = [c["id"] for c in self.page(0)["results"][:2]]
        self.sim.faults({"kind": "page", "times": 2,
                         "patch": {str(first): {"id": 0, "name": "   "}, str(second): {"id": first}}})
        results = self.page(0)["results"]
        self.assertEqual([(c["id"], c["name"]) for c in results[:1]], [(0, "   ")])
        self.assertEqual(results[1]["id"], first, "another character's id")
        status, _, raw = self.sim.api(f"/characters/{second}")
        self.assertEqual(status, 200, raw)
        self.assertEqual(json.loads(raw)["data"]["results"][0]["id"], first)
        with self.assertRaises(Exception):
            self.sim.faults({"kind": "page", "patch": {"1": "not an object"}})

    def test_not_http_replies_bare_bytes(self):
        for reply, start in (("garbage", b"\x00\xff"), ("http09", b'{"code"'), ("version", b"HTTP/7.0")):
            self.sim.faults({"kind": "notHttp", "reply": reply})
            with socket.create_connection(("127.0.0.1", self.sim.port), timeout=5) as conn:
                conn.sendall(b"GET /v1/public/characters HTTP/1.1\r\nHost: x\r\n\r\n")
                received = b""
                while chunk := conn.recv(4096):
                    received += chunk
            self.assertTrue(received.startswith(start), (reply, received[:40]))

    def test_retry_after_list_is_sent_as_several_header_lines(self):
        self.sim.faults({"kind": "status", "status": 429, "retryAfter": [5, "30"]})
        status, resp, _ = self.sim.api("/characters")
        self.assertEqual(status, 429)
        self.assertEqual(resp.headers.get_all("Retry-After"), ["5", "30"])

    def test_total_forever_with_empty_pages_past_the_end(self):
        self.sim.faults({"kind": "page", "total": 9999999, "times": -1})
        data = self.page(300)
        self.assertEqual((data["count"], data["total"]), (0, 9999999))

    def test_huge_body_has_a_length_and_streams(self):
        self.sim.faults({"kind": "huge", "sizeMb": 3})
        status, resp, raw = self.sim.api("/characters")
        self.assertEqual(status, 200)
        self.assertEqual(int(resp.getheader("Content-Length")), len(raw))
        self.assertGreater(len(raw), 3 << 20)
        self.assertEqual(json.loads(raw)["data"]["count"], 1)

    def test_endless_body_has_no_length_and_does_not_end(self):
        self.sim.faults({"kind": "endless"})
        conn = self.sim.conn()
        conn.request("GET", self.sim.prefix + "/characters?" + urlencode(auth()))
        resp = conn.getresponse()
        self.assertEqual(resp.status, 200)
        self.assertIsNone(resp.getheader("Content-Length"))
        self.assertEqual(len(resp.read(5 << 20)), 5 << 20, "still sending after 5 MiB")
        conn.close()

    def test_gzip_bomb_is_small_on_the_wire_and_large_expanded(self):
        self.sim.faults({"kind": "gzipBomb", "sizeMb": 20})
        status, resp, raw = self.sim.api("/characters", headers={"Accept-Encoding": "gzip"})
        self.assertEqual((status, resp.getheader("Content-Encoding")), (200, "gzip"))
        self.assertLess(len(raw), 1 << 20)
        self.assertGreater(len(gzip.decompress(raw)), 20 << 20)

    def test_redirect_to_itself_elsewhere_or_another_port(self):
        self.sim.faults({"kind": "redirect"}, {"kind": "redirect", "location": "file:///etc/hostname"},
                        {"kind": "redirect", "toPort": 4321})
        status, resp, _ = self.sim.api("/characters", {"limit": 1})
        self.assertEqual(status, 302)
        self.assertTrue(resp.getheader("Location").startswith(self.sim.prefix + "/characters?"))
        self.assertEqual(self.sim.api("/characters")[1].getheader("Location"), "file:///etc/hostname")
        location = self.sim.api("/characters", {"limit": 1})[1].getheader("Location")
        self.assertTrue(location.startswith("http://127.0.0.1:4321" + self.sim.prefix + "/characters?"))

    def test_bad_specs_rejected(self):
        for spec in ({"kind": "huge"}, {"kind": "gzipBomb", "sizeMb": 0}, {"kind": "page", "keep": "x"}):
            self.assertEqual(self.sim.control("POST", "faults", {"faults": [spec]})[0], 400, spec)

    def test_the_log_records_the_user_agent(self):
        self.sim.api("/characters", headers={"User-Agent": "squad/9.9"})
        self.assertEqual(self.sim.control("GET", "log")[1][-1]["userAgent"], "squad/9.9")


class IPv6Tests(unittest.TestCase):
    def test_listens_on_the_ipv6_loopback(self):
        sim = Sim("--ipv6", "--characters", "20")
        try:
            self.assertTrue(sim.base.startswith("http://[::1]:"))
            self.assertEqual(sim.api("/characters")[0], 200)
        finally:
            sim.stop()


class LogTests(SimTestCase):
    def test_log_entries(self):
        self.sim.control("GET", "health")
        self.sim.api("/characters", {"limit": 3}, headers={"If-None-Match": "abc"})
        self.sim.api("/characters/1")
        log = self.sim.control("GET", "log")[1]
        self.assertEqual(len(log), 2)  # control requests are not logged
        first, second = log
        self.assertEqual(second["seq"], first["seq"] + 1)
        self.assertEqual(first["method"], "GET")
        self.assertEqual(first["path"], "/v1/public/characters")
        self.assertEqual(first["query"], dict(auth(), limit="3"))
        self.assertEqual((first["status"], first["ifNoneMatch"], first["fault"]), (200, "abc", None))
        self.assertGreater(first["bytes"], 0)
        self.assertLessEqual(first["receivedAt"], first["answeredAt"])
        self.assertLessEqual(first["answeredAt"], second["receivedAt"])
        self.assertEqual(second["status"], 404)
        self.assertEqual(self.sim.control("GET", "health"), (200, b"ok"))


class CommandLineTests(unittest.TestCase):
    def test_cli_fault_log_file_and_small_catalogue(self):
        with tempfile.TemporaryDirectory() as tmp:
            log_path = Path(tmp) / "requests.jsonl"
            sim = Sim("--characters", "50", "--log", str(log_path), "--latency-ms", "150",
                      "--fault", json.dumps({"kind": "status", "status": 503}))
            try:
                start = time.monotonic()
                self.assertEqual(sim.api("/characters")[0], 503)
                self.assertGreaterEqual(time.monotonic() - start, 0.14)
                status, _, doc = sim.api_json("/characters", {"limit": 100, "orderBy": "name"})
                self.assertEqual(doc["data"]["total"], 50)
                ids = sorted(c["id"] for c in doc["data"]["results"])
                self.assertEqual(ids[0], 1009144)  # the first 50 by id
                lines = log_path.read_text().splitlines()
                entries = [json.loads(l) for l in lines]
                self.assertEqual([e["status"] for e in entries], [503, 200])
                # The latency falls between receiving a request and answering it.
                self.assertGreaterEqual(entries[1]["answeredAt"] - entries[1]["receivedAt"], 0.149)
            finally:
                self.assertEqual(sim.stop(), 0)

    def test_hundred_thousand_characters(self):
        sim = Sim("--characters", "100000")
        try:
            self.assertLess(sim.ready_after, 2.0)
            start = time.monotonic()
            _, _, doc = sim.api_json("/characters", {"limit": 100, "offset": 99900})
            self.assertEqual((doc["data"]["total"], doc["data"]["count"]), (100000, 100))
            synthetic = 100000 - len(json.loads((SIM.parent / "characters.json").read_text()))
            _, _, doc = sim.api_json("/characters/%d" % (2000000 + synthetic))
            self.assertEqual(doc["data"]["results"][0]["name"], "Synthetic Hero %05d" % synthetic)
            self.assertEqual(sim.api("/characters/%d" % (2000001 + synthetic))[0], 404)
            _, _, doc = sim.api_json("/characters", {"nameStartsWith": "synthetic hero 0000"})
            self.assertEqual(doc["data"]["total"], 9)
            self.assertLess(time.monotonic() - start, 2.0)
        finally:
            sim.stop()

    def test_page_cache_size(self):
        refused = subprocess.run([sys.executable, str(SIM), "--public-key", PUB, "--private-key", PRIV,
                                  "--page-cache-mb", "0"], capture_output=True, text=True, timeout=30)
        self.assertEqual(refused.returncode, 2)
        self.assertIn("--page-cache-mb must be >= 1", refused.stderr)
        sim = Sim("--page-cache-mb", "1", "--characters", "400")
        try:
            for _ in range(2):  # pages larger than the cache are built again, and still served
                _, _, doc = sim.api_json("/characters", {"limit": 100, "offset": 300})
                self.assertEqual(doc["data"]["count"], 100)
        finally:
            sim.stop()

    def test_hostile_data(self):
        sim = Sim("--hostile")
        try:
            _, _, doc = sim.api_json("/characters", {"nameStartsWith": "Ara"})
            self.assertIn("Araña", [c["name"] for c in doc["data"]["results"]])
            _, _, doc = sim.api_json("/characters/1010792")
            self.assertIsNone(doc["data"]["results"][0]["description"])
            _, _, doc = sim.api_json("/characters/1009604")
            self.assertIn("\u001b[31m", doc["data"]["results"][0]["description"])
            self.assertEqual(doc["data"]["total"], 1)
            _, _, doc = sim.api_json("/characters", {"limit": 1})
            self.assertEqual(doc["data"]["total"], 1562)
        finally:
            sim.stop()

    def test_default_data_is_clean(self):
        chars = json.loads((SIM.parent / "characters.json").read_text(encoding="utf-8"))
        self.assertGreaterEqual(len(chars), 250)
        for c in chars:
            self.assertEqual(c["name"], c["name"].strip())
            self.assertTrue(c["name"].isascii())
            self.assertIsInstance(c["description"], str)
            self.assertNotIn("\u001b", c["description"])

    def test_sigterm_and_parent_death(self):
        sim = Sim()
        self.assertEqual(sim.stop(), 0)
        parent = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        cmd = [sys.executable, str(SIM), "--public-key", PUB, "--private-key", PRIV,
               "--parent-pid", str(parent.pid)]
        child = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            self.assertTrue(child.stdout.readline().startswith("READY "))
            parent.kill()
            parent.wait()
            self.assertEqual(child.wait(5), 0)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait()
            child.stdout.close()

    def test_max_seconds(self):
        cmd = [sys.executable, str(SIM), "--public-key", PUB, "--private-key", PRIV,
               "--max-seconds", "0.5"]
        child = subprocess.run(cmd, capture_output=True, text=True, timeout=10)
        self.assertEqual(child.returncode, 0)
        self.assertEqual(len(child.stdout.splitlines()), 1)


if __name__ == "__main__":
    unittest.main()
