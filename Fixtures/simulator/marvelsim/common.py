"""Constants and small pure helpers shared by the whole simulator.

The deterministic hash (``mix``), Marvel-style slugs, compact JSON, and the
Marvel date format ("yyyy-MM-dd'T'HH:mm:ssZ" in US Eastern time).
"""

from __future__ import annotations

import json
import math
from datetime import datetime, timedelta, timezone
from pathlib import Path

SIM_DIR = Path(__file__).resolve().parent.parent  # Fixtures/simulator
DEFAULT_DATA = SIM_DIR / "characters.json"
HOSTILE_DATA = SIM_DIR / "characters-hostile.json"

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

# A character's four collections, in wire order, with their pool sizes.
COLLECTIONS = ("comics", "series", "stories", "events")
POOL_SIZES = (COMIC_POOL, SERIES_POOL, STORY_POOL, EVENT_POOL)

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
