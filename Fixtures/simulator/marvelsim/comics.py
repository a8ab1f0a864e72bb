"""Synthetic comics, series, stories, events and creators, built from ids.

Comic ``c`` is issue ``(c-1) % 25 + 1`` of series ``(c-1) // 25 + 1``. Every
name and date comes from the pure ``mix`` hash, so the same id always gives
the same comic. Also here: the small wire-shape helpers (``collection``,
``image_for``) that character objects use too.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import datetime, timezone

from .common import (EVENT_POOL, GATEWAY, IMAGE_BASE, ISSUES_PER_SERIES, K_COMIC, K_CREATOR,
                     K_EVENT_NAME, K_SERIES_INFO, MODIFIED_CAP, NO_IMAGE_PATH, UNKNOWN_COMIC_DATE,
                     UNKNOWN_COMIC_EPOCH, UTM, eastern_midnight, format_eastern, mix, slug)

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
