"""The catalogue: all characters in memory, sorted views, filters, serialised characters.

Sorted views are computed once per order, filter results and serialised
characters are kept in LRU caches, and ``touch`` moves a character's
``modified`` date forward (bumping ``version`` so cached pages go stale).
"""

from __future__ import annotations

import threading

from .cache import LRU
from .comics import ComicFactory
from .common import COLLECTIONS, dumps
from .data import Character, character_wire
from .sequences import sequence

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
            text = dumps(character_wire(ch, self.comics))
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
    index = COLLECTIONS.index(kind)
    seq = sequence(kind, ch.id, ch.counts[index])
    return any(seq.has_position(pos) for pos in value)
