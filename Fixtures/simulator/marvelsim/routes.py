"""The ``/v1/public`` API: auth, validation, routing, paging and cached, ETagged pages.

``MarvelApi.handle`` answers one GET below ``/v1/public`` (the HTTP layer has
already dealt with faults, other methods and other paths).
"""

from __future__ import annotations

import gzip

from .auth import check_auth
from .cache import LRU, etag_for, etag_matches
from .catalog import CHARACTER_SORT_KEYS, COMIC_SORT_KEYS, Catalog
from .common import API_PREFIX, dumps, parse_query_date
from .data import Character
from .responses import Response, data_container, success_body
from .validation import (CHARACTER_PARAMS, COMIC_PARAMS, NOT_FOUND, ApiError, check_known,
                         parse_character_filters, parse_ids, parse_order, parse_paging)


class MarvelApi:
    """Answers /v1/public requests: auth, validation, routing, paging, ETags."""

    def __init__(self, catalog: Catalog, public_key: str, private_key: str, etag_salt: str = "",
                 page_cache_bytes: int = 96 << 20):
        self.catalog = catalog
        self.public_key, self.private_key = public_key, private_key
        self.etag_salt = etag_salt
        self._pages = LRU(4096, page_cache_bytes)

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
            etag = etag_for(self.etag_salt, data_json)
            cached = (etag, success_body(data_json, etag))
            self._pages.put(key, cached, len(cached[1]))
        return cached
