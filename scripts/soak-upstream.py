#!/usr/bin/env python3
"""A tile upstream for scripts/soak.sh that fails on purpose, by path.

Usage: scripts/soak-upstream.py TILES_DIR THUMBNAILS_DIR
Listens on a free loopback port and prints "listening PORT" on stdout once it accepts connections.

  /ok/Z/X/Y.png         the real tile of TILES_DIR, or its nearest ancestor that exists (so every
                        zoom has a tile and the URL space is as large as the soak wants), with a
                        strong ETag; a matching If-None-Match gets 304 (Cairn's revalidation)
  /e500/...             500 Internal Server Error
  /garbage/...          200 image/png whose body is a PNG signature followed by noise
  /truncated/...        200 announcing the whole tile's Content-Length, then half of it and a close
  /hang/...             says nothing for HANG_SECONDS (past the source timeout), then closes
  /thumbs/ID.png        a card thumbnail of THUMBNAILS_DIR, 404 when there is none
  anything else         404

Standard library only; one thread per connection, so hanging requests never block the others.
"""
import hashlib
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HANG_SECONDS = 5.0
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def tile_path(root, z, x, y):
    """The file of tile z/x/y, or of its nearest ancestor that exists; None if none does."""
    while z >= 0:
        path = os.path.join(root, str(z), str(x), f"{y}.png")
        if os.path.isfile(path):
            return path
        z, x, y = z - 1, x // 2, y // 2
    return None


def parse_tile(parts):
    """(z, x, y) from ["Z", "X", "Y.png"], or None."""
    if len(parts) != 3 or not parts[2].endswith(".png"):
        return None
    try:
        return int(parts[0]), int(parts[1]), int(parts[2][:-4])
    except ValueError:
        return None


class Upstream(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    tiles = ""
    thumbnails = ""

    def log_message(self, *args):  # quiet: the soak reads Cairn's numbers, not these
        pass

    def do_GET(self):
        mode, _, rest = self.path.lstrip("/").partition("/")
        handler = {"ok": self.ok, "e500": self.e500, "garbage": self.garbage,
                   "truncated": self.truncated, "hang": self.hang, "thumbs": self.thumb}.get(mode)
        if handler is None:
            self.answer(404, b"no such mode\n", "text/plain")
        else:
            handler(rest.split("/"))

    def answer(self, status, body, content_type="image/png", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def real_tile(self, parts):
        tile = parse_tile(parts)
        path = tile and tile_path(self.tiles, *tile)
        if not path:
            self.answer(404, b"no tile\n", "text/plain")
            return None
        with open(path, "rb") as file:
            return file.read()

    def ok(self, parts):
        body = self.real_tile(parts)
        if body is None:
            return
        etag = '"%s"' % hashlib.sha1(body).hexdigest()[:16]
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", "0")
            self.end_headers()
        else:
            self.answer(200, body, headers=[("ETag", etag)])

    def e500(self, _parts):
        self.answer(500, b"upstream broke on purpose\n", "text/plain")

    def garbage(self, parts):
        seed = "/".join(parts).encode()
        noise = b"".join(hashlib.sha256(seed + bytes([i])).digest() for i in range(64))
        self.answer(200, PNG_SIGNATURE + noise)

    def truncated(self, parts):
        body = self.real_tile(parts)
        if body is None:
            return
        self.send_response(200)
        self.send_header("Content-Type", "image/png")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[: len(body) // 2])
        self.wfile.flush()
        self.close_connection = True

    def hang(self, _parts):
        time.sleep(HANG_SECONDS)
        self.close_connection = True

    def thumb(self, parts):
        name = parts[0] if len(parts) == 1 else ""
        path = os.path.join(self.thumbnails, name)
        if not name.endswith(".png") or "/" in name or not os.path.isfile(path):
            self.answer(404, b"no thumbnail\n", "text/plain")
            return
        with open(path, "rb") as file:
            self.answer(200, file.read())


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: soak-upstream.py TILES_DIR THUMBNAILS_DIR")
    Upstream.tiles, Upstream.thumbnails = sys.argv[1], sys.argv[2]
    server = ThreadingHTTPServer(("127.0.0.1", 0), Upstream)
    server.daemon_threads = True
    server.request_queue_size = 128
    print("listening", server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
