"""Marvel's error bodies and the query parameter checks, with the contract's exact texts.

Marvel answers with two error shapes: the gateway's string ``code`` +
``message`` (auth, throttling, method, unknown path) and the API's integer
``code`` + ``status`` (validation, not found). ``ApiError`` carries either.
"""

from __future__ import annotations

from .common import MAX_FILTER_IDS, MAX_LIMIT, parse_query_date
from .sequences import pool_positions


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
