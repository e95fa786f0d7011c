#!/usr/bin/env python3
"""The signature of docs/signed-urls.md, written from the document alone: an independent reference
for Cairn's own signer (Tests/ServerTests/SignedURLTests.swift).

    sign_url.py KEY TARGET [EXP]   prints TARGET (/path or /path?query) with exp=EXP (when given)
                                   and sig= appended, signed with KEY
"""
import base64
import hashlib
import hmac
import sys


def signature(key: bytes, message: str) -> str:
    """The first 32 characters of the unpadded base64url HMAC-SHA256 of MESSAGE."""
    mac = hmac.new(key, message.encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")[:32]


def sign(key: bytes, target: str, exp: str | None = None) -> str:
    path, _, query = target.partition("?")
    if exp is not None:
        query = f"{query}&exp={exp}" if query else f"exp={exp}"
    message = f"{path}?{query}" if query else path
    sig = signature(key, message)
    return f"{path}?{query}&sig={sig}" if query else f"{path}?sig={sig}"


if __name__ == "__main__":
    print(sign(sys.argv[1].encode(), sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None))
