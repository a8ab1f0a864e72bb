#!/usr/bin/env python3
"""A loopback simulator of the (retired) Marvel Comics API v1, for squad's tests.

It serves ``/v1/public/characters``, ``/v1/public/characters/{id}`` and
``/v1/public/characters/{id}/comics`` on 127.0.0.1 with the real wire shapes,
both error body shapes, md5 request signing, ETag/304 revalidation and gzip,
plus a small unauthenticated control API under ``/_sim/`` (request log, fault
injection, data changes). Python 3.11 standard library only.

Run ``python3 marvel_sim.py --help`` for the command line; see README.md.

All data is deterministic: the same command line always produces the same
bodies and the same ETags. Characters come from ``characters.json`` next to
this file, padded with synthetic characters; comics, series, stories and
events are synthesised from ids with the pure functions in this module.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import signal
import socket
import sys
import threading
import time
import traceback
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

# --------------------------------------------------------------------------
# Constants
# --------------------------------------------------------------------------

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE / "characters.json"
HOSTILE_DATA = HERE / "characters-hostile.json"

API_PREFIX = "/v1/public"
GATEWAY = "http://gateway.marvel.com/v1/public"
IMAGE_BASE = "http://i.annihil.us/u/prod/marvel/i/mg"
NO_IMAGE_PATH = IMAGE_BASE + "/b/40/image_not_available"
UTM = "utm_campaign=apiRef&utm_source=5e1c1e0c0ffee0ddba11c0de5eed5a1d"

COPYRIGHT = "© 2026 MARVEL"
ATTRIBUTION_TEXT = "Data provided by Marvel. © 2026 MARVEL"
ATTRIBUTION_HTML = '<a href="http://marvel.com">Data provided by Marvel. © 2026 MARVEL</a>'

UNKNOWN_MODIFIED = "1969-12-31T19:00:00-0500"  # Marvel's "unknown" (epoch 0)
UNKNOWN_COMIC_DATE = "-0001-11-30T00:00:00-0500"  # Marvel's "no date" (hostile mode only)
UNKNOWN_COMIC_EPOCH = -62169984000

SYNTHETIC_FIRST_ID = 2000001
MODIFIED_CAP = 1735000000  # no synthetic comic was modified after Dec 2024
DEFAULT_CHARACTERS = 1562
MAX_LIMIT = 100
MAX_FILTER_IDS = 10

# Pools the synthetic collections draw their ids from.
COMIC_POOL = 99991
ISSUES_PER_SERIES = 25
SERIES_POOL = math.ceil(COMIC_POOL / ISSUES_PER_SERIES)  # 4000
STORY_POOL = 2 * COMIC_POOL  # every comic has a cover story and an interior story
EVENT_POOL = 120

# Kind tags for the deterministic hash.
K_COMICS, K_SERIES, K_STORIES, K_EVENTS, K_CHAR, K_COMIC, K_SERIES_INFO, K_CREATOR, K_EVENT_NAME = range(1, 10)

JSON_TYPE = "application/json; charset=utf-8"
MASK64 = (1 << 64) - 1

# --------------------------------------------------------------------------
# Deterministic helpers
# --------------------------------------------------------------------------


def mix(*parts: int) -> int:
    """A 64-bit deterministic hash of integers (a splitmix64 chain)."""
    h = 0x9E3779B97F4A7C15
    for part in parts:
        h = (h ^ (part & MASK64)) & MASK64
        h = (h + 0x9E3779B97F4A7C15) & MASK64
        h = ((h ^ (h >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        h = ((h ^ (h >> 27)) * 0x94D049BB133111EB) & MASK64
        h ^= h >> 31
    return h


def slug(text: str) -> str:
    """Marvel-style URL slug: lower case, runs of other characters become '_'."""
    out, last_us = [], False
    for ch in text.lower():
        if ch.isascii() and ch.isalnum():
            out.append(ch)
            last_us = False
        elif not last_us:
            out.append("_")
            last_us = True
    return "".join(out).strip("_")


def dumps(value) -> str:
    """Compact JSON with raw UTF-8, like the real gateway."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


# --------------------------------------------------------------------------
# Dates ("yyyy-MM-dd'T'HH:mm:ssZ" in US Eastern time, like Marvel)
# --------------------------------------------------------------------------


def eastern_offset_hours(month: int) -> int:
    """Approximate US Eastern offset: daylight time April to October."""
    return -4 if 4 <= month <= 10 else -5


def format_eastern(epoch: int) -> str:
    """Format a Unix time the way Marvel does, e.g. 2014-04-29T14:18:17-0400."""
    if epoch == 0:
        return UNKNOWN_MODIFIED
    utc = datetime.fromtimestamp(epoch, timezone.utc)
    hours = eastern_offset_hours(utc.month)
    local = utc + timedelta(hours=hours)
    return local.strftime("%Y-%m-%dT%H:%M:%S") + ("-0400" if hours == -4 else "-0500")


def eastern_midnight(year: int, month: int, day: int) -> int:
    """Unix time of local midnight (Eastern) on a calendar day."""
    hours = eastern_offset_hours(month)
    return int(datetime(year, month, day, tzinfo=timezone(timedelta(hours=hours))).timestamp())


def parse_marvel_date(text: str | None) -> int:
    """Unix time of a Marvel date string; unknown or odd dates sort first."""
    if not text:
        return UNKNOWN_COMIC_EPOCH
    try:
        return int(datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z").timestamp())
    except ValueError:
        return UNKNOWN_COMIC_EPOCH


def parse_query_date(text: str) -> int | None:
    """Parse a modifiedSince value (ISO date or date-time); None if invalid.

    A '+' in an offset arrives as a space when the client did not escape it,
    so a space is read back as '+'. Naive times are taken as US Eastern.
    """
    text = text.strip().replace(" ", "+")
    for parse in (datetime.fromisoformat, lambda t: datetime.strptime(t, "%Y-%m-%dT%H:%M:%S%z")):
        try:
            value = parse(text)
        except ValueError:
            continue
        if value.tzinfo is None:
            value = value.replace(tzinfo=timezone(timedelta(hours=eastern_offset_hours(value.month))))
        return int(value.timestamp())
    return None


# --------------------------------------------------------------------------
# Synthetic id sequences (which comics/series/stories/events a character has)
# --------------------------------------------------------------------------


class PoolPermutation:
    """A fixed, non-linear bijection of range(size): a 3-round Feistel network
    with cycle walking. It scatters a character's ids over series, issue
    numbers and decades, and it is invertible for O(1) membership tests."""

    def __init__(self, size: int, tag: int):
        bits = max(2, (size - 1).bit_length())
        self.half = (bits + 1) // 2
        self.mask = (1 << self.half) - 1
        self.size = size
        self.keys = [mix(tag, 1000 + r) & 0xFFFFFFFF for r in range(3)]

    def _round(self, value: int, key: int) -> int:
        return (((value ^ key) * 0x9E3779B1) >> 11 ^ value) & self.mask

    def _encrypt(self, x: int) -> int:
        left, right = x >> self.half, x & self.mask
        for key in self.keys:
            left, right = right, left ^ self._round(right, key)
        return (left << self.half) | right

    def _decrypt(self, y: int) -> int:
        left, right = y >> self.half, y & self.mask
        for key in reversed(self.keys):
            left, right = right ^ self._round(left, key), left
        return (left << self.half) | right

    def forward(self, x: int) -> int:
        x = self._encrypt(x)
        while x >= self.size:
            x = self._encrypt(x)
        return x

    def inverse(self, y: int) -> int:
        y = self._decrypt(y)
        while y >= self.size:
            y = self._decrypt(y)
        return y


class IdSequence:
    """A deterministic walk through a pool of ids: id_i = P((a + i*b) mod pool) + 1,
    where P is the pool's PoolPermutation.

    b is coprime with the pool, so the first ``length`` ids are distinct, and
    membership is O(1): invert P, solve for i and check i < length.
    """

    __slots__ = ("a", "b", "inv_b", "length", "perm")

    def __init__(self, kind: int, owner_id: int, length: int, perm: PoolPermutation):
        pool = perm.size
        self.perm = perm
        self.length = max(0, min(length, pool))
        self.a = mix(kind, owner_id, 1) % pool
        b = 1 + mix(kind, owner_id, 2) % (pool - 1)
        while math.gcd(b, pool) != 1:
            b = b % (pool - 1) + 1
        self.b = b
        self.inv_b = pow(b, -1, pool)

    def ids(self, count: int | None = None) -> list[int]:
        """The first ``count`` ids (all of them by default)."""
        n = self.length if count is None else min(count, self.length)
        a, b, pool, forward = self.a, self.b, self.perm.size, self.perm.forward
        return [forward((a + i * b) % pool) + 1 for i in range(n)]

    def has_position(self, position: int) -> bool:
        """Membership of an id given as ``perm.inverse(id - 1)``."""
        return ((position - self.a) * self.inv_b) % self.perm.size < self.length

    def __contains__(self, ident: int) -> bool:
        if not 1 <= ident <= self.perm.size:
            return False
        return self.has_position(self.perm.inverse(ident - 1))


POOLS = {kind: (tag, PoolPermutation(size, tag)) for kind, tag, size in (
    ("comics", K_COMICS, COMIC_POOL), ("series", K_SERIES, SERIES_POOL),
    ("stories", K_STORIES, STORY_POOL), ("events", K_EVENTS, EVENT_POOL))}


def sequence(kind: str, owner_id: int, length: int) -> IdSequence:
    """The id sequence of one of a character's collections."""
    tag, perm = POOLS[kind]
    return IdSequence(tag, owner_id, length, perm)


def pool_positions(kind: str, ids: tuple[int, ...]) -> tuple[int, ...]:
    """Filter ids as pool positions (ids outside the pool can match nothing)."""
    perm = POOLS[kind][1]
    return tuple(perm.inverse(i - 1) for i in ids if 1 <= i <= perm.size)


# --------------------------------------------------------------------------
# Synthetic comics, series, stories, events, creators
# --------------------------------------------------------------------------

SERIES_ADJ = ["Amazing", "Astonishing", "Uncanny", "Mighty", "Incredible", "Spectacular",
              "Sensational", "Invincible", "Savage", "Cosmic", "Secret", "Untold", "Immortal",
              "Marvelous", "Furious", "Silent", "Radiant", "Midnight", "Iron", "Crimson",
              "Golden", "Eternal", "Wild", "Lost", "Brave", "Daring", "Strange", "Hidden",
              "Shattered", "Electric"]
SERIES_NOUN = ["Tales", "Adventures", "Chronicles", "Saga", "Sentinels", "Wanderers", "Legion",
               "Vanguard", "Odyssey", "Patrol", "Crusaders", "Outlaws", "Heralds", "Nomads",
               "Titans", "Rangers", "Mysteries", "Stories", "Quest", "Frontier", "Legends",
               "Watch", "Squadron", "Agents", "Renegades", "Voyagers", "Keepers", "Wardens",
               "Drifters", "Pioneers"]
EVENT_ADJ = ["Crimson", "Silent", "Shattered", "Endless", "Broken", "Final", "Burning",
             "Frozen", "Hollow", "Rising", "Twilight", "Infinite"]
EVENT_NOUN = ["Convergence", "Reckoning", "Eclipse", "Uprising", "Tide", "Siege", "Crown",
              "Storm", "Horizon", "Gambit"]
CREATOR_FIRST = ["Alex", "Bea", "Carlos", "Dana", "Eli", "Farah", "Gus", "Hana", "Ivo", "Jun",
                 "Kira", "Leon", "Mara", "Nico", "Oda", "Priya", "Quinn", "Rosa", "Sol", "Tomas"]
CREATOR_LAST = ["Abara", "Brandt", "Castell", "Dorsey", "Ekwueme", "Falk", "Gorski", "Hale",
                "Ibarra", "Jansen", "Kowal", "Lindqvist", "Moreau", "Novak", "Okafor", "Petrov",
                "Quiroga", "Rinaldi", "Sato", "Thorne"]
CREATOR_ROLES = ["writer", "penciller", "inker", "colorist", "letterer", "editor", "penciller (cover)"]


@dataclass(frozen=True)
class SeriesInfo:
    """A synthetic series: its display title, start year/month and end year (at most 2023)."""

    id: int
    title: str
    start_year: int
    start_month: int
    end_year: int

    @property
    def name(self) -> str:
        end = "Present" if self.end_year >= 2024 else str(self.end_year)
        return f"{self.title} ({self.start_year} - {end})"


@dataclass(frozen=True)
class ComicInfo:
    """The sortable facts of one synthetic comic."""

    id: int
    title: str
    issue: int
    series: SeriesInfo
    onsale: int
    foc: int
    modified: int


class ComicFactory:
    """Builds synthetic comics (and the names of series, stories, events) from ids.

    Comic ``c`` is issue ``(c-1) % 25 + 1`` of series ``(c-1) // 25 + 1``; a
    series starts in a year between 1961 and 2023 and ships monthly.
    """

    def __init__(self, hostile: bool = False):
        self.hostile = hostile
        self._series: dict[int, SeriesInfo] = {}
        self._comics: OrderedDict[int, ComicInfo] = OrderedDict()
        self._lock = threading.Lock()

    # -- names used in collection items ---------------------------------

    def series(self, sid: int) -> SeriesInfo:
        """Series facts (cached; there are only 4,000 series)."""
        info = self._series.get(sid)
        if info is None:
            m = mix(K_SERIES_INFO, sid)
            title = f"{SERIES_ADJ[m % len(SERIES_ADJ)]} {SERIES_NOUN[(m >> 8) % len(SERIES_NOUN)]}"
            start_year = 1961 + (m >> 16) % 61
            start_month = 1 + (m >> 24) % 12
            end_year = start_year + (start_month - 1 + ISSUES_PER_SERIES - 1) // 12
            info = SeriesInfo(sid, title, start_year, start_month, end_year)
            self._series[sid] = info
        return info

    def comic(self, cid: int) -> ComicInfo:
        """Comic facts (small LRU cache)."""
        with self._lock:
            info = self._comics.get(cid)
            if info is not None:
                self._comics.move_to_end(cid)
                return info
        info = self._make_comic(cid)
        with self._lock:
            self._comics[cid] = info
            if len(self._comics) > 50000:
                self._comics.popitem(last=False)
        return info

    def _make_comic(self, cid: int) -> ComicInfo:
        sid = (cid - 1) // ISSUES_PER_SERIES + 1
        issue = (cid - 1) % ISSUES_PER_SERIES + 1
        series = self.series(sid)
        months = series.start_month - 1 + issue - 1
        year, month = series.start_year + months // 12, months % 12 + 1
        m = mix(K_COMIC, cid)
        onsale = eastern_midnight(year, month, 1 + m % 28)
        foc = onsale - 21 * 86400
        modified = min(onsale + (m >> 8) % (3000 * 86400), max(onsale, MODIFIED_CAP))
        if self.hostile and year < 2000:
            foc = UNKNOWN_COMIC_EPOCH
        title = f"{series.title} ({series.start_year}) #{issue}"
        return ComicInfo(cid, title, issue, series, onsale, foc, modified)

    def story_name(self, story_id: int) -> tuple[str, str]:
        """(name, type) of a story: odd ids are covers, even ids interior stories."""
        comic = self.comic((story_id - 1) // 2 + 1)
        if story_id % 2 == 1:
            return f"cover from {comic.title}", "cover"
        return f"story from {comic.title}", "interiorStory"

    @staticmethod
    def event_name(event_id: int) -> str:
        m = mix(K_EVENT_NAME, event_id)
        return f"{EVENT_ADJ[m % len(EVENT_ADJ)]} {EVENT_NOUN[(m >> 8) % len(EVENT_NOUN)]}"

    # -- full comic objects ------------------------------------------------

    def comic_date(self, epoch: int) -> str:
        return UNKNOWN_COMIC_DATE if epoch == UNKNOWN_COMIC_EPOCH else format_eastern(epoch)

    def comic_wire(self, cid: int, owner_id: int, owner_name: str) -> dict:
        """A full Comic object as /characters/{id}/comics returns it."""
        c = self.comic(cid)
        m = mix(K_COMIC, cid, 7)
        uri = f"{GATEWAY}/comics/{cid}"
        year = datetime.fromtimestamp(c.onsale, timezone.utc).year
        return {
            "id": cid, "digitalId": 0, "title": c.title, "issueNumber": c.issue,
            "variantDescription": "", "description": "", "modified": self.comic_date(c.modified),
            "isbn": "", "upc": "", "diamondCode": "", "ean": "", "issn": "",
            "format": "Comic", "pageCount": (32, 36, 40)[m % 3], "textObjects": [],
            "resourceURI": uri,
            "urls": [{"type": "detail",
                      "url": f"http://marvel.com/comics/issue/{cid}/{slug(c.title)}?{UTM}"}],
            "series": {"resourceURI": f"{GATEWAY}/series/{c.series.id}", "name": c.series.name},
            "variants": [], "collections": [], "collectedIssues": [],
            "dates": [{"type": "onsaleDate", "date": self.comic_date(c.onsale)},
                      {"type": "focDate", "date": self.comic_date(c.foc)}],
            "prices": [{"type": "printPrice", "price": cover_price(year)}],
            "thumbnail": image_for(K_COMIC, cid, every=5),
            "images": [],
            "creators": self._creators(cid, uri),
            "characters": collection(f"{uri}/characters", 1, [
                {"resourceURI": f"{GATEWAY}/characters/{owner_id}", "name": owner_name}]),
            "stories": collection(f"{uri}/stories", 2, [
                {"resourceURI": f"{GATEWAY}/stories/{sid}", "name": name, "type": kind}
                for sid in (2 * cid - 1, 2 * cid) for name, kind in [self.story_name(sid)]]),
            "events": self._comic_events(cid, uri),
        }

    def _creators(self, cid: int, uri: str) -> dict:
        m = mix(K_CREATOR, cid)
        items = []
        for i in range(1 + m % 4):
            person = mix(K_CREATOR, cid, i) % (len(CREATOR_FIRST) * len(CREATOR_LAST))
            name = f"{CREATOR_FIRST[person % 20]} {CREATOR_LAST[person // 20]}"
            items.append({"resourceURI": f"{GATEWAY}/creators/{1000 + person}", "name": name,
                          "role": CREATOR_ROLES[i % len(CREATOR_ROLES)]})
        return collection(f"{uri}/creators", len(items), items)

    def _comic_events(self, cid: int, uri: str) -> dict:
        if mix(K_COMIC, cid, 9) % 10:
            return collection(f"{uri}/events", 0, [])
        eid = 1 + mix(K_COMIC, cid, 10) % EVENT_POOL
        return collection(f"{uri}/events", 1, [
            {"resourceURI": f"{GATEWAY}/events/{eid}", "name": self.event_name(eid)}])


def cover_price(year: int) -> float:
    """A plausible cover price for a year."""
    for until, price in ((1969, 0.12), (1979, 0.35), (1989, 0.75), (1999, 1.99), (2009, 2.99)):
        if year <= until:
            return price
    return 3.99


def image_for(tag: int, ident: int, every: int) -> dict:
    """A thumbnail: the placeholder for one id in ``every``, else a made-up image path."""
    if ident % every == 0:
        return {"path": NO_IMAGE_PATH, "extension": "jpg"}
    h = f"{mix(tag, ident, 77):016x}"
    return {"path": f"{IMAGE_BASE}/{h[0]}/{h[1]}0/{h[3:16]}", "extension": "jpg"}


def collection(uri: str, available: int, items: list) -> dict:
    """A {available, collectionURI, items, returned} list."""
    return {"available": available, "collectionURI": uri, "items": items, "returned": len(items)}


def character_lists(comics: ComicFactory, char_id: int, counts: tuple[int, int, int, int]) -> dict:
    """The comics/series/stories/events lists of a character (items capped at 20, sorted by name)."""
    base = f"{GATEWAY}/characters/{char_id}"
    out = {}
    for kind, available in zip(("comics", "series", "stories", "events"), counts):
        items = []
        for ident in sequence(kind, char_id, available).ids(20):
            item = {"resourceURI": f"{GATEWAY}/{kind}/{ident}"}
            if kind == "comics":
                item["name"] = comics.comic(ident).title
            elif kind == "series":
                item["name"] = comics.series(ident).name
            elif kind == "stories":
                item["name"], item["type"] = comics.story_name(ident)
            else:
                item["name"] = comics.event_name(ident)
            items.append(item)
        items.sort(key=lambda it: (it["name"].lower(), it["resourceURI"]))
        out[kind] = collection(f"{base}/{kind}", available, items)
    return out


def character_urls(char_id: int, name: str, types: list[str]) -> list[dict]:
    """The urls list of a character (detail, wiki, comiclink)."""
    urls = []
    for kind in types:
        if kind == "wiki":
            page = name.strip().replace(" ", "_")
            urls.append({"type": "wiki", "url": f"http://marvel.com/universe/{page}?{UTM}"})
        else:
            urls.append({"type": kind,
                         "url": f"http://marvel.com/comics/characters/{char_id}/{slug(name)}?{UTM}"})
    return urls


# --------------------------------------------------------------------------
# Characters
# --------------------------------------------------------------------------


class Character:
    """One character: the sortable facts, plus its wire object if it came from a file.

    ``modified`` is kept as a Unix time and formatted on first use, so that
    100,000 synthetic characters load quickly.
    """

    __slots__ = ("id", "name", "sort_name", "_modified", "modified_epoch", "counts", "wire")

    def __init__(self, ident: int, name: str, modified_epoch: int, counts: tuple,
                 wire: dict | None = None, modified: str | None = None):
        self.id = ident
        self.name = name
        self.sort_name = name.lower()
        self.modified_epoch = modified_epoch
        self._modified = modified
        self.counts = counts
        self.wire = wire

    @property
    def modified(self) -> str:
        if self._modified is None:
            self._modified = format_eastern(self.modified_epoch)
        return self._modified

    def set_modified(self, epoch: int) -> None:
        self.modified_epoch, self._modified = epoch, None

    @classmethod
    def from_wire(cls, wire: dict) -> "Character":
        pools = (COMIC_POOL, SERIES_POOL, STORY_POOL, EVENT_POOL)
        counts = tuple(min(int(wire[k]["available"]), pool)
                       for k, pool in zip(("comics", "series", "stories", "events"), pools))
        return cls(int(wire["id"]), wire["name"], parse_marvel_date(wire["modified"]), counts,
                   wire, wire["modified"])


SYNTHETIC_BLURBS = [
    "A synthetic hero made for load tests.",
    "Generated to pad the catalogue; guards the edge of page {n}.",
    "A stand-in hero with a very ordinary secret identity.",
    "Appears only in simulators, never in print.",
    "Test hero number {n}, fond of long paginated sweeps.",
]
SYNTH_START = 1262322000  # 2010-01-01 Eastern
SYNTH_SPAN = 1719720000 - SYNTH_START  # until 2024-06-30


def synthetic_character(index: int) -> Character:
    """Synthetic character ``index`` (1-based), id 2000000 + index."""
    ident = SYNTHETIC_FIRST_ID - 1 + index
    m = mix(K_CHAR, ident)
    epoch = 0 if m % 5 == 0 else SYNTH_START + (m >> 8) % SYNTH_SPAN
    tier = (m >> 40) % 100
    if tier < 40:
        comics = (m >> 20) % 6
    elif tier < 85:
        comics = 5 + (m >> 20) % 55
    elif tier < 98:
        comics = 60 + (m >> 20) % 340
    else:
        comics = 400 + (m >> 20) % 1100
    series = min(comics, max(0, comics // 3 + (m >> 50) % 3)) if comics else 0
    stories = comics + comics // 4 + ((m >> 33) % 3 if comics else 0)
    events = min(EVENT_POOL, comics // 40) if comics else 0
    return Character(ident, f"Synthetic Hero {index:05d}", epoch, (comics, series, stories, events))


def synthetic_wire(ch: Character, comics: ComicFactory) -> dict:
    """The full wire object of a synthetic character."""
    index = ch.id - SYNTHETIC_FIRST_ID + 1
    m = mix(K_CHAR, ch.id, 3)
    description = "" if index % 3 == 0 else SYNTHETIC_BLURBS[m % len(SYNTHETIC_BLURBS)].format(n=index)
    wire = {"id": ch.id, "name": ch.name, "description": description, "modified": ch.modified,
            "thumbnail": image_for(K_CHAR, index, every=3),
            "resourceURI": f"{GATEWAY}/characters/{ch.id}"}
    wire.update(character_lists(comics, ch.id, ch.counts))
    wire["urls"] = character_urls(ch.id, ch.name, ["detail", "wiki", "comiclink"][: 2 + m % 2])
    return wire


def load_characters(count: int, hostile: bool, data_file: Path = DEFAULT_DATA) -> list[Character]:
    """The catalogue: file characters (plus hostile ones), by id, padded or cut to ``count``."""
    by_id = {}
    files = [data_file] + ([HOSTILE_DATA] if hostile else [])
    for path in files:
        for wire in json.loads(path.read_text(encoding="utf-8")):
            ch = Character.from_wire(wire)
            by_id[ch.id] = ch
    chars = sorted(by_id.values(), key=lambda c: c.id)[:count]
    chars.extend(synthetic_character(i) for i in range(1, count - len(chars) + 1))
    return chars


# --------------------------------------------------------------------------
# Small caches
# --------------------------------------------------------------------------


class LRU:
    """A thread-safe LRU map bounded by entry count and by total size."""

    def __init__(self, max_items: int, max_bytes: int = 1 << 62):
        self.max_items, self.max_bytes = max_items, max_bytes
        self._data: OrderedDict = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()

    def get(self, key):
        with self._lock:
            entry = self._data.get(key)
            if entry is None:
                return None
            self._data.move_to_end(key)
            return entry[0]

    def put(self, key, value, size: int = 1) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._data[key] = (value, size)
            self._bytes += size
            while self._data and (len(self._data) > self.max_items or self._bytes > self.max_bytes):
                _, (_, dropped) = self._data.popitem(last=False)
                self._bytes -= dropped

    def pop(self, key) -> None:
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._bytes -= old[1]

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._bytes = 0


# --------------------------------------------------------------------------
# The catalogue: sorted views, filters, serialised characters
# --------------------------------------------------------------------------

CHARACTER_SORT_KEYS = {"name": lambda c: c.sort_name, "modified": lambda c: c.modified_epoch}
COMIC_SORT_KEYS = {"onsaleDate": lambda c: c.onsale, "focDate": lambda c: c.foc,
                   "title": lambda c: c.title.lower(), "issueNumber": lambda c: c.issue,
                   "modified": lambda c: c.modified}
TOUCH_BASE = 1767243600  # 2026-01-01T00:00:00-0500


def multi_sort(items: list, order: tuple, keys: dict) -> list:
    """Sort by several (field, descending) pairs; ties keep the incoming order."""
    result = list(items)
    for name, desc in reversed(order):
        result.sort(key=keys[name], reverse=desc)
    return result


class Catalog:
    """All characters in memory, with cached sorted views and filter results."""

    def __init__(self, characters: list[Character], comics: ComicFactory):
        self.comics = comics
        self.by_id = {c.id: c for c in characters}
        self._by_id_order = characters
        self._sorted: dict[tuple, list[Character]] = {}
        self._queries = LRU(128)
        self._fragments = LRU(5000, 64 << 20)
        self._comic_orders = LRU(256)
        self._touches = 0
        self.lock = threading.RLock()
        self.version = 0  # bumped on every data change
        self.ordered((("name", False),))

    def __len__(self) -> int:
        return len(self.by_id)

    def ordered(self, order: tuple) -> list[Character]:
        """All characters in ``order`` (computed once per order; ties by id)."""
        with self.lock:
            view = self._sorted.get(order)
            if view is None:
                view = multi_sort(self._by_id_order, order, CHARACTER_SORT_KEYS)
                self._sorted[order] = view
            return view

    def query(self, filters: tuple, order: tuple) -> list[Character]:
        """Characters matching ``filters`` (a normalised tuple) in ``order``."""
        if not filters:
            return self.ordered(order)
        key = (self.version, filters, order)
        found = self._queries.get(key)
        if found is None:
            found = [c for c in self.ordered(order) if all(matches(c, f) for f in filters)]
            self._queries.put(key, found)
        return found

    def character_json(self, ch: Character) -> str:
        """The serialised wire object of a character (cached)."""
        key = (ch.id, ch.modified)
        text = self._fragments.get(key)
        if text is None:
            wire = dict(ch.wire, modified=ch.modified) if ch.wire else synthetic_wire(ch, self.comics)
            text = dumps(wire)
            self._fragments.put(key, text, len(text))
        return text

    def comic_ids(self, ch: Character, order: tuple) -> list[int]:
        """The ids of a character's comics in ``order`` (default: by id)."""
        key = (ch.id, order)
        ids = self._comic_orders.get(key)
        if ids is None:
            ids = sorted(sequence("comics", ch.id, ch.counts[0]).ids())
            if order:
                infos = multi_sort([self.comics.comic(i) for i in ids], order, COMIC_SORT_KEYS)
                ids = [c.id for c in infos]
            self._comic_orders.put(key, ids)
        return ids

    def touch(self, ident: int) -> str | None:
        """Give a character a new, later modified date; None if unknown."""
        with self.lock:
            ch = self.by_id.get(ident)
            if ch is None:
                return None
            self._touches += 1
            ch.set_modified(TOUCH_BASE + self._touches)
            self._sorted = {k: v for k, v in self._sorted.items()
                            if all(name != "modified" for name, _ in k)}
            self.version += 1
            return ch.modified


def matches(ch: Character, flt: tuple) -> bool:
    """Whether a character passes one normalised filter."""
    kind, value = flt
    if kind == "name":
        return ch.sort_name == value
    if kind == "nameStartsWith":
        return ch.sort_name.startswith(value)
    if kind == "modifiedSince":
        return ch.modified_epoch >= value
    index = ("comics", "series", "stories", "events").index(kind)
    seq = sequence(kind, ch.id, ch.counts[index])
    return any(seq.has_position(pos) for pos in value)


# --------------------------------------------------------------------------
# Errors and request validation
# --------------------------------------------------------------------------


class ApiError(Exception):
    """An error response: HTTP status plus a JSON body in one of Marvel's two shapes."""

    def __init__(self, http_status: int, body: dict):
        super().__init__(body)
        self.http_status = http_status
        self.body = body

    @classmethod
    def invalid(cls, status_text: str, http_status: int = 409) -> "ApiError":
        """Validation / not-found shape: integer code + status."""
        return cls(http_status, {"code": http_status, "status": status_text})

    @classmethod
    def gateway(cls, http_status: int, code: str, message: str) -> "ApiError":
        """Gateway shape (auth, throttling, method): string code + message."""
        return cls(http_status, {"code": code, "message": message})


NOT_FOUND = "We couldn't find that character"
AUTH_PARAMS = {"apikey", "ts", "hash"}
CHARACTER_PARAMS = {"name", "nameStartsWith", "modifiedSince", "comics", "series", "events",
                    "stories", "orderBy", "limit", "offset"}
COMIC_PARAMS = {"format", "formatType", "noVariants", "dateDescriptor", "dateRange", "title",
                "titleStartsWith", "startYear", "issueNumber", "diamondCode", "digitalId", "upc",
                "isbn", "ean", "issn", "hasDigitalIssue", "modifiedSince", "creators", "series",
                "events", "stories", "sharedAppearances", "collaborators", "orderBy", "limit",
                "offset"}
FILTER_WORDS = {"comics": "issue", "series": "series", "events": "event", "stories": "story"}


def check_auth(params: dict, public_key: str, private_key: str) -> None:
    """Marvel's server-side signing: apikey, ts, hash = md5(ts + private + public)."""
    if not params.get("apikey"):
        raise ApiError.gateway(409, "MissingParameter", "You must provide a user key.")
    if not params.get("hash"):
        raise ApiError.gateway(409, "MissingParameter", "You must provide a hash.")
    if not params.get("ts"):
        raise ApiError.gateway(409, "MissingParameter", "You must provide a timestamp.")
    if params["apikey"] != public_key:
        raise ApiError.gateway(401, "InvalidCredentials", "The passed API key is invalid.")
    expected = hashlib.md5((params["ts"] + private_key + public_key).encode()).hexdigest()
    if params["hash"] != expected:
        raise ApiError.gateway(401, "InvalidCredentials",
                               "That hash, timestamp and key combination is invalid.")


def check_known(params: dict, allowed: set) -> None:
    for name in params:
        if name not in allowed and name not in AUTH_PARAMS:
            raise ApiError.invalid(f"We don't recognize the parameter {name}")


def parse_paging(params: dict) -> tuple[int, int]:
    """(limit, offset) with Marvel's messages."""
    limit, offset = 20, 0
    if "limit" in params:
        try:
            limit = int(params["limit"])
        except ValueError:
            limit = 0
        if limit > MAX_LIMIT:
            raise ApiError.invalid("You may not request more than 100 items.")
        if limit < 1:
            raise ApiError.invalid("You must pass an integer limit greater than 0.")
    if "offset" in params:
        try:
            offset = int(params["offset"])
        except ValueError:
            offset = -1
        if offset < 0:
            raise ApiError.invalid("You must pass an integer offset greater than or equal to 0.")
    return limit, offset


def parse_order(params: dict, fields) -> tuple:
    """orderBy as a tuple of (field, descending); () when absent."""
    if "orderBy" not in params:
        return ()
    raw = params["orderBy"]
    if not raw.strip():
        raise ApiError.invalid("orderBy cannot be blank if it is set")
    order = []
    for part in raw.split(","):
        part = part.strip()
        name = part[1:] if part.startswith("-") else part
        if name not in fields:
            raise ApiError.invalid(f"{part} is not a valid ordering parameter.")
        order.append((name, part.startswith("-")))
    return tuple(order)


def parse_ids(kind: str, raw: str) -> tuple[int, ...]:
    """A comma-separated id filter: integers only, at most 10."""
    word = FILTER_WORDS[kind]
    parts = [p.strip() for p in raw.split(",")]
    try:
        ids = tuple(int(p) for p in parts)
    except ValueError:
        ids = ()
    if not ids:
        raise ApiError.invalid(
            f"You must pass at least one valid {word} id if you set the {word} filter.")
    if len(ids) > MAX_FILTER_IDS:
        raise ApiError.invalid(f"You may not submit more than 10 {word} ids.")
    return ids


def parse_character_filters(params: dict) -> tuple:
    """The /characters filters as a normalised, hashable tuple."""
    filters = []
    for name in ("name", "nameStartsWith"):
        if name in params:
            if not params[name].strip():
                raise ApiError.invalid(f"{name} cannot be blank if it is set")
            filters.append((name, params[name].lower()))
    if "modifiedSince" in params:
        epoch = parse_query_date(params["modifiedSince"])
        if epoch is None:
            raise ApiError.invalid("You must pass a valid date for modifiedSince.")
        filters.append(("modifiedSince", epoch))
    for kind in ("comics", "series", "events", "stories"):
        if kind in params:
            filters.append((kind, pool_positions(kind, parse_ids(kind, params[kind]))))
    return tuple(filters)


# --------------------------------------------------------------------------
# Responses
# --------------------------------------------------------------------------


@dataclass
class Response:
    """One HTTP response before transport concerns (gzip, faults)."""

    status: int
    body: bytes = b""
    content_type: str = JSON_TYPE
    headers: dict = field(default_factory=dict)
    etag: str | None = None
    gz: bytes | None = None  # pre-compressed body, when cached

    @classmethod
    def json(cls, status: int, value, headers: dict | None = None) -> "Response":
        return cls(status, dumps(value).encode(), headers=headers or {})

    @classmethod
    def from_error(cls, err: ApiError) -> "Response":
        return cls.json(err.http_status, err.body)


def success_body(data_json: str, etag: str) -> bytes:
    """The 200 wrapper around a serialised data container."""
    head = dumps({"code": 200, "status": "Ok", "copyright": COPYRIGHT,
                  "attributionText": ATTRIBUTION_TEXT, "attributionHTML": ATTRIBUTION_HTML,
                  "etag": etag})
    return (head[:-1] + ',"data":' + data_json + "}").encode()


def data_container(offset: int, limit: int, total: int, fragments: list[str]) -> str:
    return (f'{{"offset":{offset},"limit":{limit},"total":{total},"count":{len(fragments)},'
            f'"results":[{",".join(fragments)}]}}')


def etag_matches(header: str | None, etag: str) -> bool:
    """If-None-Match check: quoted or not, W/ or not, lists, '*'."""
    if not header:
        return False
    for candidate in header.split(","):
        candidate = candidate.strip()
        if candidate.startswith("W/"):
            candidate = candidate[2:]
        candidate = candidate.strip('"')
        if candidate in (etag, "*"):
            return True
    return False


# --------------------------------------------------------------------------
# The API itself
# --------------------------------------------------------------------------


class MarvelApi:
    """Answers /v1/public requests: auth, validation, routing, paging, ETags."""

    def __init__(self, catalog: Catalog, public_key: str, private_key: str, etag_salt: str = ""):
        self.catalog = catalog
        self.public_key, self.private_key = public_key, private_key
        self.etag_salt = etag_salt
        self._pages = LRU(4096, 96 << 20)

    def handle(self, path: str, params: dict, if_none_match: str | None) -> Response:
        """Answer one GET (the caller has already dealt with other methods)."""
        try:
            check_auth(params, self.public_key, self.private_key)
            page = self._route(path.rstrip("/"), params)
        except ApiError as err:
            return Response.from_error(err)
        etag, body = page
        headers = {"ETag": etag}
        if etag_matches(if_none_match, etag):
            return Response(304, b"", content_type="", headers=headers, etag=etag)
        return Response(200, body, headers=headers, etag=etag)

    def gzipped(self, response: Response) -> bytes:
        """The gzip form of a response body, cached for 200 pages."""
        key = ("gz", response.etag)
        if response.etag:
            cached = self._pages.get(key)
            if cached is not None:
                return cached
        data = gzip.compress(response.body, compresslevel=6, mtime=0)
        if response.etag:
            self._pages.put(key, data, len(data))
        return data

    # -- routing -----------------------------------------------------------

    def _route(self, path: str, params: dict) -> tuple[str, bytes]:
        parts = path[len(API_PREFIX):].strip("/").split("/") if path.startswith(API_PREFIX) else []
        if parts == ["characters"]:
            return self._characters(params)
        if len(parts) in (2, 3) and parts[0] == "characters":
            ch = self._character(parts[1])
            if len(parts) == 2:
                return self._one_character(ch, params)
            if parts[2] == "comics":
                return self._comics(ch, params)
        raise ApiError.gateway(404, "ResourceNotFound", f"{path} does not exist")

    def _character(self, raw_id: str) -> Character:
        try:
            ch = self.catalog.by_id.get(int(raw_id))
        except ValueError:
            ch = None
        if ch is None:
            raise ApiError.invalid(NOT_FOUND, 404)
        return ch

    # -- endpoints -----------------------------------------------------------

    def _characters(self, params: dict) -> tuple[str, bytes]:
        check_known(params, CHARACTER_PARAMS)
        limit, offset = parse_paging(params)
        filters = parse_character_filters(params)
        order = parse_order(params, CHARACTER_SORT_KEYS) or (("name", False),)
        key = ("characters", self.catalog.version, filters, order, limit, offset)

        def build():
            rows = self.catalog.query(filters, order)
            frags = [self.catalog.character_json(c) for c in rows[offset:offset + limit]]
            return data_container(offset, limit, len(rows), frags)
        return self._page(key, build)

    def _one_character(self, ch: Character, params: dict) -> tuple[str, bytes]:
        check_known(params, set())
        key = ("character", self.catalog.version, ch.id)
        return self._page(key, lambda: data_container(0, 20, 1, [self.catalog.character_json(ch)]))

    def _comics(self, ch: Character, params: dict) -> tuple[str, bytes]:
        check_known(params, COMIC_PARAMS)
        limit, offset = parse_paging(params)
        order = parse_order(params, COMIC_SORT_KEYS)
        if "modifiedSince" in params and parse_query_date(params["modifiedSince"]) is None:
            raise ApiError.invalid("You must pass a valid date for modifiedSince.")
        for kind in ("series", "events", "stories"):
            if kind in params:
                parse_ids(kind, params[kind])
        key = ("comics", ch.id, order, limit, offset)

        def build():
            ids = self.catalog.comic_ids(ch, order)
            frags = [dumps(self.catalog.comics.comic_wire(i, ch.id, ch.name))
                     for i in ids[offset:offset + limit]]
            return data_container(offset, limit, len(ids), frags)
        return self._page(key, build)

    def _page(self, key: tuple, build) -> tuple[str, bytes]:
        """(etag, body) for a data container, cached by request key."""
        cached = self._pages.get(key)
        if cached is None:
            with self.catalog.lock:
                data_json = build()
            etag = hashlib.sha1((self.etag_salt + data_json).encode()).hexdigest()
            cached = (etag, success_body(data_json, etag))
            self._pages.put(key, cached, len(cached[1]))
        return cached


# --------------------------------------------------------------------------
# Fault injection
# --------------------------------------------------------------------------

FAULT_KINDS = {"status", "html", "malformed", "truncated", "empty", "drop", "slow", "wrongShape"}


@dataclass
class Fault:
    """One queued fault: what to do, how many more times, and to which requests."""

    kind: str
    times: int = 1
    path: str | None = None
    spec: dict = field(default_factory=dict)

    @classmethod
    def parse(cls, spec) -> "Fault":
        """Validate a fault given as a JSON object; raises ValueError."""
        if not isinstance(spec, dict):
            raise ValueError("a fault must be a JSON object")
        kind = spec.get("kind")
        if kind not in FAULT_KINDS:
            raise ValueError(f"unknown fault kind {kind!r}; one of {sorted(FAULT_KINDS)}")
        times = spec.get("times", 1)
        if not isinstance(times, int) or times == 0 or times < -1:
            raise ValueError("times must be a positive integer or -1")
        path = spec.get("path")
        if path is not None and not isinstance(path, str):
            raise ValueError("path must be a string")
        if kind == "status" and not (isinstance(spec.get("status"), int)
                                     and 100 <= spec["status"] <= 599):
            raise ValueError("a status fault needs an integer status")
        if kind == "slow" and not (isinstance(spec.get("delayMs"), (int, float))
                                   and spec["delayMs"] >= 0):
            raise ValueError("a slow fault needs delayMs >= 0")
        return cls(kind, times, path, dict(spec))

    def applies_to(self, target: str) -> bool:
        return self.path is None or self.path in target


class FaultQueue:
    """A FIFO of faults; the first one matching a request is applied to it."""

    def __init__(self):
        self._faults: list[Fault] = []
        self._lock = threading.Lock()

    def add(self, faults: list[Fault]) -> None:
        with self._lock:
            self._faults.extend(faults)

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()

    def take(self, target: str) -> Fault | None:
        """The fault for a request (path + query), consuming one use of it."""
        with self._lock:
            for index, fault in enumerate(self._faults):
                if fault.applies_to(target):
                    if fault.times > 0:
                        fault.times -= 1
                        if fault.times == 0:
                            del self._faults[index]
                    return fault
        return None

    def snapshot(self) -> list[dict]:
        with self._lock:
            return [dict(f.spec, times=f.times) for f in self._faults]


THROTTLED = {"code": "RequestThrottled",
             "message": "You have exceeded your rate limit.  Please try again later."}
INTERNAL = {"code": "InternalServerError", "message": "Internal Server Error"}
PROXY_PAGE = ("<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n"
              "<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n"
              "</body>\r\n</html>\r\n")
MALFORMED = '{"code":200,"data":{"results":[{"id":#%&*garbage<<<'


def fault_response(fault: Fault) -> Response:
    """The canned response of a fault that replaces the real answer."""
    spec = fault.spec
    if fault.kind == "status":
        status = spec["status"]
        body = spec.get("body")
        if body is None:
            body = THROTTLED if status == 429 else INTERNAL if status >= 500 else \
                {"code": status, "status": f"Simulated error {status}"}
        raw = body.encode() if isinstance(body, str) else dumps(body).encode()
        headers = {"Retry-After": str(spec["retryAfter"])} if "retryAfter" in spec else {}
        return Response(status, raw, headers=headers)
    if fault.kind == "html":
        return Response(spec.get("status", 502), PROXY_PAGE.encode(), "text/html")
    if fault.kind == "malformed":
        return Response(200, MALFORMED.encode())
    if fault.kind == "empty":
        return Response(200, b"")
    if fault.kind == "wrongShape":
        data = {"offset": 0, "limit": 20, "total": 1, "count": 1, "results": "not a list"}
        return Response(200, success_body(dumps(data), "0" * 40))
    raise AssertionError(fault.kind)


REPLACING_FAULTS = {"status", "html", "malformed", "empty", "wrongShape"}


# --------------------------------------------------------------------------
# Request log
# --------------------------------------------------------------------------


class RequestLog:
    """Every API request served (control requests excluded), optionally mirrored to a file."""

    def __init__(self, path: str | None):
        self._entries: list[dict] = []
        self._seq = 0
        self._lock = threading.Lock()
        self._file = open(path, "a", encoding="utf-8") if path else None

    def record(self, **entry) -> None:
        with self._lock:
            self._seq += 1
            entry = {"seq": self._seq, **entry}
            self._entries.append(entry)
            if self._file:
                self._file.write(dumps(entry) + "\n")
                self._file.flush()

    def entries(self, since: int = 0) -> list[dict]:
        with self._lock:
            return [e for e in self._entries if e["seq"] > since]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()

    def close(self) -> None:
        if self._file:
            self._file.close()


# --------------------------------------------------------------------------
# HTTP layer
# --------------------------------------------------------------------------


@dataclass
class SimConfig:
    """Server-wide settings from the command line."""

    latency_s: float = 0.0
    verbose: bool = False


class SimServer(ThreadingHTTPServer):
    """ThreadingHTTPServer carrying the simulator's state; never dies on client errors."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address, api: MarvelApi, faults: FaultQueue, log: RequestLog,
                 config: SimConfig):
        super().__init__(address, SimHandler)
        self.api, self.faults, self.log, self.config = api, faults, log, config

    def handle_error(self, request, client_address) -> None:
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, socket.timeout, TimeoutError)):
            return
        eprint(f"marvel_sim: error while serving {client_address}:\n{traceback.format_exc()}")


def eprint(text: str) -> None:
    """Write to stderr, ignoring a closed stderr."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


class SimHandler(BaseHTTPRequestHandler):
    """Routes /_sim/ control requests and API requests; HTTP/1.1 keep-alive."""

    protocol_version = "HTTP/1.1"
    server_version = "MarvelSim/1.0"
    sys_version = ""
    timeout = 120
    server: SimServer

    def do_GET(self):
        self._dispatch()

    do_POST = do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, fmt, *args):
        if self.server.config.verbose:
            eprint("marvel_sim: " + fmt % args)

    # -- plumbing --------------------------------------------------------------

    def _dispatch(self) -> None:
        try:
            body = self._read_body()
            url = urlsplit(self.path)
            if url.path.startswith("/_sim/"):
                self._control(url.path, url.query, body)
            else:
                self._api(url.path, url.query)
        except (ConnectionError, socket.timeout, TimeoutError):
            self.close_connection = True
        except Exception:  # never let one request kill the server
            eprint("marvel_sim: internal error:\n" + traceback.format_exc())
            self.close_connection = True
            try:
                self._write(Response.json(500, INTERNAL))
            except OSError:
                pass

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            self.close_connection = True  # not supported: read nothing, then hang up
            return b""
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _wants_gzip(self) -> bool:
        return "gzip" in self.headers.get("Accept-Encoding", "").lower()

    def _write(self, response: Response, truncate: bool = False) -> int:
        """Send a response; returns the number of body bytes written."""
        body = response.body
        headers = dict(response.headers)
        if body and self._wants_gzip():
            body = self.server.api.gzipped(response) if response.etag else gzip.compress(body, mtime=0)
            headers["Content-Encoding"] = "gzip"
        if response.content_type:
            headers["Content-Type"] = response.content_type
        if response.status != 304:
            headers["Vary"] = "Accept-Encoding"
        self.send_response(response.status)
        for name, value in headers.items():
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command == "HEAD" or response.status == 304:
            return 0
        if truncate:
            body = body[: len(body) // 2]
            self.close_connection = True
        self.wfile.write(body)
        self.wfile.flush()
        if truncate:
            self.connection.shutdown(socket.SHUT_WR)
        return len(body)

    # -- API requests ------------------------------------------------------------

    def _api(self, path: str, query: str) -> None:
        params = dict(parse_qsl(query, keep_blank_values=True))
        target = path + ("?" + query if query else "")
        fault = self.server.faults.take(target)
        if self.server.config.latency_s:
            time.sleep(self.server.config.latency_s)
        if fault and fault.kind == "slow":
            time.sleep(fault.spec["delayMs"] / 1000)
        status, sent = None, 0
        try:
            if fault and fault.kind == "drop":
                self.close_connection = True
                self.connection.shutdown(socket.SHUT_RDWR)
            else:
                response = self._api_response(path, params, fault)
                status = response.status
                sent = self._write(response, truncate=bool(fault and fault.kind == "truncated"))
        finally:
            self.server.log.record(
                method=self.command, path=path, query=params, status=status, bytes=sent,
                ifNoneMatch=self.headers.get("If-None-Match"),
                fault=fault.kind if fault else None, gzip=self._wants_gzip())

    def _api_response(self, path: str, params: dict, fault: Fault | None) -> Response:
        if fault and fault.kind in REPLACING_FAULTS:
            return fault_response(fault)
        if self.command != "GET":
            return Response.json(405, {"code": "MethodNotAllowed",
                                       "message": f"{self.command} is not allowed"})
        if not (path == API_PREFIX or path.startswith(API_PREFIX + "/")):
            return Response.json(404, {"code": "ResourceNotFound",
                                       "message": f"{path} does not exist"})
        return self.server.api.handle(path, params, self.headers.get("If-None-Match"))

    # -- control requests ----------------------------------------------------------

    def _control(self, path: str, query: str, body: bytes) -> None:
        route = (self.command, path.rstrip("/"))
        handlers = {("GET", "/_sim/health"): self._health, ("GET", "/_sim/log"): self._get_log,
                    ("POST", "/_sim/reset"): self._reset, ("POST", "/_sim/faults"): self._add_faults,
                    ("GET", "/_sim/faults"): self._get_faults, ("POST", "/_sim/touch"): self._touch}
        handler = handlers.get(route)
        if handler is None:
            self._write(Response.json(404, {"error": f"no control route {self.command} {path}"}))
            return
        try:
            payload = json.loads(body) if body.strip() else {}
        except ValueError:
            self._write(Response.json(400, {"error": "body is not JSON"}))
            return
        self._write(handler(payload, dict(parse_qsl(query))))

    def _health(self, payload, query) -> Response:
        return Response(200, b"ok", "text/plain; charset=utf-8")

    def _get_log(self, payload, query) -> Response:
        since = int(query.get("since", "0") or 0)
        return Response.json(200, self.server.log.entries(since))

    def _reset(self, payload, query) -> Response:
        self.server.log.clear()
        self.server.faults.clear()
        return Response.json(200, {"ok": True})

    def _add_faults(self, payload, query) -> Response:
        specs = payload.get("faults") if isinstance(payload, dict) else None
        if not isinstance(specs, list):
            return Response.json(400, {"error": 'expected {"faults": [...]}'})
        try:
            faults = [Fault.parse(spec) for spec in specs]
        except ValueError as err:
            return Response.json(400, {"error": str(err)})
        self.server.faults.add(faults)
        return Response.json(200, {"queued": self.server.faults.snapshot()})

    def _get_faults(self, payload, query) -> Response:
        return Response.json(200, {"queued": self.server.faults.snapshot()})

    def _touch(self, payload, query) -> Response:
        ident = payload.get("id") if isinstance(payload, dict) else None
        if not isinstance(ident, int):
            return Response.json(400, {"error": 'expected {"id": <character id>}'})
        modified = self.server.api.catalog.touch(ident)
        if modified is None:
            return Response.json(404, {"error": f"no character {ident}"})
        return Response.json(200, {"id": ident, "modified": modified})


# --------------------------------------------------------------------------
# Command line and lifecycle
# --------------------------------------------------------------------------


def parse_args(argv: list[str]) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Loopback simulator of the Marvel Comics API v1.")
    p.add_argument("--public-key", required=True)
    p.add_argument("--private-key", required=True)
    p.add_argument("--port", type=int, default=0, help="0 picks a free port (default)")
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
    p.add_argument("--parent-pid", type=int, help="exit when this process is gone")
    p.add_argument("--max-seconds", type=float, default=3600.0, help="exit after this long")
    p.add_argument("--verbose", action="store_true", help="access log on stderr")
    args = p.parse_args(argv)
    if args.characters < 0:
        p.error("--characters must be >= 0")
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
    api = MarvelApi(catalog, args.public_key, args.private_key, args.ttl_etag_salt)
    faults = FaultQueue()
    faults.add(args.faults)
    config = SimConfig(latency_s=args.latency_ms / 1000, verbose=args.verbose)
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
    print(f"READY http://127.0.0.1:{server.server_address[1]}{API_PREFIX}", flush=True)
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


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
