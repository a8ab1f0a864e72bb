"""The response object handed from the API and the fault queue to the HTTP layer,
and the pieces of a 200 body (the wrapper and the data container)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .common import ATTRIBUTION_HTML, ATTRIBUTION_TEXT, COPYRIGHT, JSON_TYPE, dumps
from .validation import ApiError


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
