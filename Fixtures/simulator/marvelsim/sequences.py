"""Which comics, series, stories and events a character owns.

Each character owns a deterministic set of ids per collection: the first
``available`` ids of an ``IdSequence`` walking a fixed pool through a
``PoolPermutation``. Membership tests are O(1), which makes the
``comics``/``series``/``events``/``stories`` filters of /characters cheap.
"""

from __future__ import annotations

import math

from .common import (COMIC_POOL, EVENT_POOL, K_COMICS, K_EVENTS, K_SERIES, K_STORIES, SERIES_POOL,
                     STORY_POOL, mix)


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
