#!/usr/bin/env python3
"""Loopback HTTP collector for the TrackersDelivery tests (Python 3 standard library only).

Binds 127.0.0.1 on a free port and prints the port as its first stdout line. Records every request
(method, path, query, headers, body; gunzipped when Content-Encoding is gzip) and answers from a
script, so tests can make it reply 200, 400, 413, 429 with Retry-After, 500, 503, delay, or drop the
connection, or misbehave: redirect anywhere (a 3xx with a Location header), answer with a huge
Retry-After, or stream a body of any size, endless included.

Control endpoints (never recorded):
  POST /_control/script    JSON list of responses to give next, in order:
                           {"status": 200, "headers": {...}, "body": "...", "delay": 0.0, "drop": false}
                           "stream": n streams n bytes of "x" as the body after "body" (Content-Length
                           announced), in 64 KiB writes; "stream": -1 streams without end (chunked) until
                           the client hangs up. Either way the collector counts what it wrote.
  POST /_control/default   one response object used when the script is empty (initially each vendor's
                           documented success, by path: see vendor_success; 200 {"ok":true} elsewhere)
  GET  /_control/requests  JSON list of received requests: method, path, query, headers, body, time
  GET  /_control/count     {"requests": n}
  GET  /_control/streamed  {"bytes": n, "finished": k}: body bytes streamed so far, and how many streams
                           ended (the client hung up or the whole body went out)
  POST /_control/reset     forget requests, script and default

It exits by itself when its stdin closes (the parent died) or after --idle-timeout seconds (default
120) without any request, so nothing lingers after a crashed test run.
"""
import gzip
import json
import os
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

lock = threading.Lock()
requests = []
script = []
default_response = None  # None: vendor_success
last_activity = time.monotonic()
streamed = {"bytes": 0, "finished": 0}
CHUNK = b"x" * 65536
# At most 64 MiB/s, a fast real link. Unpaced, loopback is a firehose that FoundationNetworking on Linux
# can't stop: `URLSessionTask.cancel()` waits on the session's work queue, which never idles while data
# keeps arriving, so an endless body once held both cores for minutes and starved the rest of the suite.
STREAM_PAUSE = 0.001


def vendor_success(path, body):
    """The success answer each vendor documents, for the path its module posts to."""
    try:
        records = json.loads(body or b"null")
    except ValueError:
        records = None
    if isinstance(records, dict):
        records = records.get("events") or records.get("batch")
    count = len(records) if isinstance(records, list) else 0
    if path == "/import":  # Mixpanel
        answer = {"code": 200, "num_records_imported": count, "status": "OK"}
    elif path in ("/engage", "/groups"):  # Mixpanel, verbose=1
        answer = {"status": 1, "error": None}
    elif path in ("/2/httpapi", "/batch"):  # Amplitude
        answer = {"code": 200, "events_ingested": count, "payload_size_bytes": len(body),
                  "server_upload_time": int(time.time() * 1000)}
    elif path == "/batch/":  # PostHog
        answer = {"status": 1}
    else:
        answer = {"ok": True}
    return {"status": 200, "body": json.dumps(answer)}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; with Nagle on, the client's delayed ACK costs 40 ms.
    disable_nagle_algorithm = True

    def log_message(self, format, *args):
        pass

    def read_body(self):
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size = int(self.rfile.readline().strip().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length else b""

    def reply(self, status, body=b"", headers=None):
        if isinstance(body, str):
            body = body.encode()
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, str(value))
        if not any(k.lower() == "content-type" for k in (headers or {})):
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def handle_any(self):
        global last_activity, default_response
        body = self.read_body()
        last_activity = time.monotonic()
        parts = urlsplit(self.path)
        if parts.path.startswith("/_control/"):
            return self.control(parts.path, body)
        if self.headers.get("Content-Encoding", "").lower() == "gzip":
            body = gzip.decompress(body)
        with lock:
            requests.append({
                "method": self.command,
                "path": parts.path,
                "query": parts.query,
                "headers": {k: v for k, v in self.headers.items()},
                "body": body.decode("utf-8", "replace"),
                "time": time.time(),
            })
            response = script.pop(0) if script else default_response or vendor_success(parts.path, body)
        if response.get("delay"):
            time.sleep(float(response["delay"]))
        if response.get("drop"):
            self.close_connection = True
            try:
                self.connection.shutdown(2)
            except OSError:
                pass
            return
        if response.get("stream") is not None:
            return self.stream(response)
        self.reply(int(response.get("status", 200)), response.get("body", ""), response.get("headers"))

    def stream(self, response):
        """Answers with `body` then `stream` bytes (-1: endless, chunked), 64 KiB per write, a millisecond
        apart (STREAM_PAUSE)."""
        global last_activity
        total = int(response["stream"])
        head = response.get("body", "").encode()
        headers = response.get("headers") or {}
        self.send_response(int(response.get("status", 200)))
        for name, value in headers.items():
            self.send_header(name, str(value))
        if not any(k.lower() == "content-type" for k in headers):
            self.send_header("Content-Type", "text/plain")
        if total < 0:
            self.send_header("Transfer-Encoding", "chunked")
        else:
            self.send_header("Content-Length", str(len(head) + total))
        self.end_headers()
        self.close_connection = True
        sent = 0
        try:
            if total < 0:
                if head:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(head), head))
                while True:
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(CHUNK), CHUNK))
                    sent += len(CHUNK)
                    self.count_streamed(len(CHUNK))
                    time.sleep(STREAM_PAUSE)
            else:
                self.wfile.write(head)
                while sent < total:
                    piece = CHUNK[: min(len(CHUNK), total - sent)]
                    self.wfile.write(piece)
                    sent += len(piece)
                    self.count_streamed(len(piece))
                    if sent < total:
                        time.sleep(STREAM_PAUSE)
        except OSError:
            pass  # the client hung up: what it was meant to do past its limit
        finally:
            with lock:
                streamed["finished"] += 1
            last_activity = time.monotonic()

    def count_streamed(self, n):
        with lock:
            streamed["bytes"] += n

    def control(self, path, body):
        global default_response
        with lock:
            if path == "/_control/script":
                script.extend(json.loads(body or b"[]"))
                payload = {"scripted": len(script)}
            elif path == "/_control/default":
                default_response = json.loads(body)
                payload = {"ok": True}
            elif path == "/_control/requests":
                payload = list(requests)
            elif path == "/_control/count":
                payload = {"requests": len(requests)}
            elif path == "/_control/streamed":
                payload = dict(streamed)
            elif path == "/_control/reset":
                requests.clear()
                script.clear()
                default_response = None
                streamed.update(bytes=0, finished=0)
                payload = {"ok": True}
            else:
                return self.reply(404, '{"error":"unknown control endpoint"}')
        self.reply(200, json.dumps(payload))

    do_GET = do_POST = do_PUT = do_DELETE = handle_any


class Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128

    def handle_error(self, request, client_address):
        # Clients that hang up mid-answer (a killed crash-test child, a cancelled request) are expected.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def exit_when_stdin_closes():
    try:
        while sys.stdin.buffer.read(4096):
            pass
    except Exception:
        pass
    os._exit(0)


def exit_when_idle(limit):
    while True:
        time.sleep(1)
        if time.monotonic() - last_activity > limit:
            os._exit(0)


def main():
    idle = 120.0
    if "--idle-timeout" in sys.argv:
        idle = float(sys.argv[sys.argv.index("--idle-timeout") + 1])
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    threading.Thread(target=exit_when_idle, args=(idle,), daemon=True).start()
    server.serve_forever()


if __name__ == "__main__":
    main()
