# SPDX-License-Identifier: Apache-2.0
"""A minimal LSP client over pipes for the tests and the benchmark: frames JSON-RPC messages,
reads the server's with a deadline, keeps notifications apart from responses."""
import json
import os
import select
import subprocess


class Client:
    def __init__(self, hcl, cwd=None):
        self.proc = subprocess.Popen([hcl, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, cwd=cwd)
        self.buf = bytearray()
        self.next_id = 1
        self.notifications = []

    def write_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    @staticmethod
    def frame(msg):
        body = msg if isinstance(msg, bytes) else json.dumps(msg).encode()
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    def send(self, msg):
        self.write_raw(self.frame(msg))

    def _fill(self, timeout):
        ready, _, _ = select.select([self.proc.stdout], [], [], timeout)
        if not ready:
            raise TimeoutError("no answer from the server within %ss" % timeout)
        chunk = os.read(self.proc.stdout.fileno(), 1 << 20)
        if not chunk:
            raise EOFError("the server closed its output")
        self.buf += chunk

    def read(self, timeout=20):
        # The buffer grows in place and is searched only where new bytes arrived: re-scanning and
        # copying it on every read made a 50 MB answer cost the client minutes.
        searched = 0
        while (end := self.buf.find(b"\r\n\r\n", max(0, searched - 3))) < 0:
            searched = len(self.buf)
            self._fill(timeout)
        length = int(bytes(self.buf[:end]).split(b":")[1])
        start = end + 4
        while len(self.buf) < start + length:
            self._fill(timeout)
        body = bytes(self.buf[start:start + length])
        del self.buf[:start + length]
        return json.loads(body)

    def response(self, rid, timeout=20):
        while True:
            m = self.read(timeout)
            if "method" not in m and m.get("id") == rid:
                return m
            if "method" not in m and m.get("id") is None and "error" in m:
                return m
            self.notifications.append(m)

    def request(self, method, params=None, timeout=20):
        rid = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": rid, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        return self.response(rid, timeout)

    def notify(self, method, params=None):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    def notification(self, method, timeout=20, uri=None):
        """The next notification of a method (queued ones first)."""
        while True:
            for i, m in enumerate(self.notifications):
                if m.get("method") == method and (uri is None or m["params"].get("uri") == uri):
                    return self.notifications.pop(i)
            self.notifications.append(self.read(timeout))

    def initialize(self, encodings=None, root=None):
        caps = {"textDocument": {"documentSymbol": {"hierarchicalDocumentSymbolSupport": True}}}
        if encodings:
            caps["general"] = {"positionEncodings": encodings}
        r = self.request("initialize", {"processId": None, "rootUri": root, "capabilities": caps})
        self.notify("initialized", {})
        return r

    def open(self, uri, text, version=1):
        self.notify("textDocument/didOpen",
                    {"textDocument": {"uri": uri, "languageId": "hcl", "version": version, "text": text}})

    def close(self):
        """shutdown, exit; returns the exit status."""
        self.request("shutdown")
        self.notify("exit")
        return self.proc.wait(timeout=20)


def uri(path):
    return "file://" + os.path.abspath(path)


def offset(text, pos, encoding="utf-16"):
    """A protocol position to an index into a bytes text (the tests' own reading of LSP)."""
    data = text.encode() if isinstance(text, str) else text
    lines = data.split(b"\n")
    if pos["line"] >= len(lines):
        return len(data)
    start = sum(len(l) + 1 for l in lines[:pos["line"]])
    line = lines[pos["line"]]
    if encoding == "utf-8":
        return start + min(pos["character"], len(line))
    units, i = 0, 0
    s = line.decode("utf-8", "surrogateescape")
    for ch in s:
        w = 2 if ord(ch) > 0xFFFF else 1
        if units + w > pos["character"]:
            break
        units += w
        i += len(ch.encode("utf-8", "surrogateescape"))
    return start + i


def apply_edits(text, edits, encoding="utf-16"):
    data = text.encode()
    spans = sorted(((offset(data, e["range"]["start"], encoding), offset(data, e["range"]["end"], encoding), e["newText"])
                    for e in edits), reverse=True)
    for a, b, t in spans:
        data = data[:a] + t.encode() + data[b:]
    return data.decode()
