"""Marvel's server-side request signing: ``apikey``, ``ts`` and ``hash = md5(ts + private + public)``.

Auth is checked before any validation; failures use the gateway error shape.
"""

from __future__ import annotations

import hashlib

from .validation import ApiError


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
