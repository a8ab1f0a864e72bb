"""Characters: the catalogue file, the derived wire objects, synthetic padding.

``characters.json`` (and ``characters-hostile.json``) hold facts only, one
record per character::

    {"id": 1009652, "name": "Thanos", "description": "A Titan obsessed with death …",
     "modified": "2014-02-19T15:41:57-0500",
     "thumbnail": {"path": "http://i.annihil.us/u/prod/marvel/i/mg/6/40/5274137e3e2cd",
                   "extension": "jpg"},
     "available": {"comics": 78, "series": 42, "stories": 72, "events": 4},
     "urlTypes": ["detail", "wiki"]}

Everything else in a character's wire object (``resourceURI``, the four
collections with their ``collectionURI``, ``items`` and ``returned``, and the
``urls``) is derived by ``wire_object``, the same deterministic function that
builds synthetic characters. Loading only reads the facts; the derived parts
are built when a character is first serialised (the catalogue caches the
JSON), so startup stays fast. ``tools/make_characters.py`` writes these
records; ``fact_record`` turns a wire object back into one.
"""

from __future__ import annotations

import json
from pathlib import Path

from .comics import ComicFactory, collection, image_for
from .common import (COLLECTIONS, DEFAULT_DATA, EVENT_POOL, GATEWAY, HOSTILE_DATA, K_CHAR,
                     POOL_SIZES, SYNTHETIC_FIRST_ID, UTM, format_eastern, mix,
                     parse_marvel_date, slug)
from .sequences import sequence

# --------------------------------------------------------------------------
# Wire objects
# --------------------------------------------------------------------------


def character_lists(comics: ComicFactory, char_id: int, counts: tuple[int, int, int, int]) -> dict:
    """The comics/series/stories/events lists of a character (items capped at 20, sorted by name)."""
    base = f"{GATEWAY}/characters/{char_id}"
    out = {}
    for kind, available in zip(COLLECTIONS, counts):
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


def wire_object(ident: int, name: str, description: str | None, modified: str, thumbnail: dict,
                counts: tuple[int, int, int, int], url_types: list[str],
                comics: ComicFactory) -> dict:
    """A character's full wire object, keys in Marvel's order, from its facts."""
    wire = {"id": ident, "name": name, "description": description, "modified": modified,
            "thumbnail": thumbnail, "resourceURI": f"{GATEWAY}/characters/{ident}"}
    wire.update(character_lists(comics, ident, counts))
    wire["urls"] = character_urls(ident, name, url_types)
    return wire


def fact_record(wire: dict) -> dict:
    """The facts of a character as stored in characters.json (the inverse of expand_record)."""
    return {"id": wire["id"], "name": wire["name"], "description": wire["description"],
            "modified": wire["modified"],
            "thumbnail": {"path": wire["thumbnail"]["path"],
                          "extension": wire["thumbnail"]["extension"]},
            "available": {k: wire[k]["available"] for k in COLLECTIONS},
            "urlTypes": [u["type"] for u in wire["urls"]]}


def expand_record(record: dict, comics: ComicFactory, modified: str | None = None) -> dict:
    """The wire object of a characters.json record (optionally with another ``modified``)."""
    counts = tuple(int(record["available"][k]) for k in COLLECTIONS)
    return wire_object(int(record["id"]), record["name"], record["description"],
                       record["modified"] if modified is None else modified,
                       dict(record["thumbnail"]), counts, list(record["urlTypes"]), comics)


RECORD_KEYS = ("id", "name", "description", "modified", "thumbnail", "available", "urlTypes")


def check_record(record, path: Path) -> dict:
    """A characters.json record, or ValueError naming what is missing."""
    if not isinstance(record, dict):
        raise ValueError(f"{path.name}: a character record must be a JSON object")
    missing = [k for k in RECORD_KEYS if k not in record]
    missing += [f"available.{k}" for k in COLLECTIONS if k not in record.get("available", {})]
    if missing:
        raise ValueError(f"{path.name}: character {record.get('id')} lacks {', '.join(missing)}")
    return record


# --------------------------------------------------------------------------
# Characters
# --------------------------------------------------------------------------


class Character:
    """One character: the sortable facts, plus its file record if it came from a file.

    ``modified`` is kept as a Unix time and formatted on first use, so that
    100,000 synthetic characters load quickly. ``counts`` are the ``available``
    counts, capped at the pool sizes.
    """

    __slots__ = ("id", "name", "sort_name", "_modified", "modified_epoch", "counts", "record")

    def __init__(self, ident: int, name: str, modified_epoch: int, counts: tuple,
                 record: dict | None = None, modified: str | None = None):
        self.id = ident
        self.name = name
        self.sort_name = name.lower()
        self.modified_epoch = modified_epoch
        self._modified = modified
        self.counts = counts
        self.record = record

    @property
    def modified(self) -> str:
        if self._modified is None:
            self._modified = format_eastern(self.modified_epoch)
        return self._modified

    def set_modified(self, epoch: int) -> None:
        self.modified_epoch, self._modified = epoch, None

    @classmethod
    def from_record(cls, record: dict) -> "Character":
        counts = tuple(min(int(record["available"][k]), pool)
                       for k, pool in zip(COLLECTIONS, POOL_SIZES))
        return cls(int(record["id"]), record["name"], parse_marvel_date(record["modified"]),
                   counts, record, record["modified"])


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
    return wire_object(ch.id, ch.name, description, ch.modified, image_for(K_CHAR, index, every=3),
                       ch.counts, ["detail", "wiki", "comiclink"][: 2 + m % 2], comics)


def character_wire(ch: Character, comics: ComicFactory) -> dict:
    """The full wire object of any character, with its current ``modified``."""
    if ch.record is None:
        return synthetic_wire(ch, comics)
    return expand_record(ch.record, comics, modified=ch.modified)


def load_characters(count: int, hostile: bool, data_file: Path = DEFAULT_DATA) -> list[Character]:
    """The catalogue: file characters (plus hostile ones), by id, padded or cut to ``count``."""
    by_id = {}
    files = [data_file] + ([HOSTILE_DATA] if hostile else [])
    for path in files:
        for record in json.loads(path.read_text(encoding="utf-8")):
            ch = Character.from_record(check_record(record, path))
            by_id[ch.id] = ch
    chars = sorted(by_id.values(), key=lambda c: c.id)[:count]
    chars.extend(synthetic_character(i) for i in range(1, count - len(chars) + 1))
    return chars
