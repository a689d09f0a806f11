#!/usr/bin/python3
"""`python3 -m http.server` with the two headers that make its pages cross-origin isolated
(Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp), so
that the static build's page may share memory with its workers and runs the threaded
engine (docs/board.md). For the browser tests; any server sending the headers will do.

Run: /usr/bin/python3 tests/board/isolated.py DIRECTORY PORT
"""

import functools
import http.server
import sys


class Isolating(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cross-Origin-Opener-Policy", "same-origin")
        self.send_header("Cross-Origin-Embedder-Policy", "require-corp")
        super().end_headers()

    def log_message(self, *args):
        pass


def main():
    if len(sys.argv) != 3 or not sys.argv[2].isdigit():
        raise SystemExit("usage: isolated.py DIRECTORY PORT")
    handler = functools.partial(Isolating, directory=sys.argv[1])
    http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), handler).serve_forever()


if __name__ == "__main__":
    main()
