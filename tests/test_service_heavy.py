"""Heavy work cannot stall the service: the photo pool and its queue under a real server, the
memory budget of a photo, motion photos, forms of many parts, /api/read's bound, and what the
servers answer themselves (JSON with the security headers)."""

from __future__ import annotations

import http.client
import io
import json
import socket
import struct
import threading
import zlib

import pytest
from test_service_support import StubRecognizer, jpeg_bytes

from assistant.service import create_app
from assistant.service.limits import MAX_FORM_PARTS, MAX_READ_TILES
from assistant.service.security import HEADERS
from assistant.service.upload import BYTES_PER_WORK_PIXEL, PHOTO_MEMORY_BUDGET


def png_bytes(width: int, height: int) -> bytes:
    """A valid RGB PNG of ``width`` × ``height`` black pixels: a few kB on the wire, as large
    as it says once decoded."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    comp = zlib.compressobj(9)
    row = b"\x00" * (3 * width + 1)
    body = b"".join(comp.compress(row) for _ in range(height)) + comp.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0,
                                                              0, 0))
            + chunk(b"IDAT", body) + chunk(b"IEND", b""))


def multipart(fields: list[tuple[str, bytes, str | None]]) -> tuple[bytes, str]:
    """A multipart body of ``(name, value, filename)`` parts, and its content type."""
    boundary = "b0undary"
    out = io.BytesIO()
    for name, value, filename in fields:
        out.write(f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"".encode())
        if filename:
            out.write(f"; filename=\"{filename}\"\r\nContent-Type: image/jpeg".encode())
        out.write(b"\r\n\r\n" + value + b"\r\n")
    out.write(f"--{boundary}--\r\n".encode())
    return out.getvalue(), f"multipart/form-data; boundary={boundary}"


class Seen(StubRecognizer):
    """The stub, keeping the size of each image it was given."""

    def __init__(self) -> None:
        super().__init__()
        self.shapes: list[tuple[int, ...]] = []

    def detect(self, image_bgr, tileset=None, faces_first=None, lettered=True):  # type: ignore[no-untyped-def]
        self.shapes.append(image_bgr.shape)
        return super().detect(image_bgr, tileset)


def upload(client, data: bytes):  # type: ignore[no-untyped-def]
    return client.post("/api/recognize", data={"image": (io.BytesIO(data), "p.jpg")},
                       content_type="multipart/form-data")


def test_a_small_png_declaring_4096_square_is_recognised_within_the_memory_budget(tmp_path):
    """A 4096×4096 PNG of a few kB: decoded (the header allows it), then reduced so that the
    recogniser's working memory (32 bytes a pixel, measured) fits the budget of one photo."""
    seen = Seen()
    client = create_app({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": seen}).test_client()
    data = png_bytes(4096, 4096)
    assert len(data) < 100_000
    r = upload(client, data)
    assert r.status_code == 200, r.get_json()
    h, w = seen.shapes[-1][:2]
    assert w * h * BYTES_PER_WORK_PIXEL <= PHOTO_MEMORY_BUDGET
    assert r.get_json()["image"] == {"width": 4096, "height": 4096, "format": "png",
                                     "recognized_at": {"width": w, "height": h}}
    box = r.get_json()["tiles"][0]["box"]
    assert box[3] == pytest.approx(4096 * 0.6, abs=2), "boxes in pixels of the photo as sent"
    small = create_app({"DATABASE": tmp_path / "u.sqlite3", "RECOGNIZER": seen,
                        "PHOTO_MEMORY_BUDGET": 32 * 1000 * 1000}).test_client()
    assert upload(small, data).status_code == 200
    h, w = seen.shapes[-1][:2]
    assert w * h <= 1_000_000


def test_a_motion_photo_is_read_not_refused_as_truncated(tmp_path):
    """A phone's motion photo: a whole JPEG, then its video appended."""
    client = create_app({"DATABASE": tmp_path / "t.sqlite3",
                         "RECOGNIZER": StubRecognizer()}).test_client()
    video = b"\x00\x00\x00\x18ftypmp42" + bytes(range(256)) * 40 + b"\xff\xd8\x00\x01"
    r = upload(client, jpeg_bytes() + video)
    assert r.status_code == 200, r.get_json()
    r = upload(client, jpeg_bytes()[:-200])
    assert r.status_code == 400 and "truncated" in r.get_json()["error"]


def test_a_form_of_many_tiny_parts_is_told_the_parts_limit(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3",
                         "RECOGNIZER": StubRecognizer()}).test_client()
    body, ctype = multipart([("image", jpeg_bytes(), "p.jpg")]
                            + [(f"f{i}", b"x", None) for i in range(2000)])
    r = client.post("/api/recognize", data=body, content_type=ctype)
    assert r.status_code == 413
    answer = r.get_json()
    assert f"more than {MAX_FORM_PARTS} parts" in answer["error"], answer
    assert "bytes" not in answer["error"] and "部分" in answer["error_zh"]
    body, ctype = multipart([("image", jpeg_bytes(), "p.jpg"), ("tileset", b"", None)])
    assert client.post("/api/recognize", data=body, content_type=ctype).status_code == 200


def test_api_read_is_bounded_by_the_tiles_a_hand_can_have(tmp_path):
    client = create_app({"DATABASE": tmp_path / "t.sqlite3"}).test_client()
    tiles = [{"tile": "1m", "box": [i * 20, 0, i * 20 + 18, 30], "confidence": 0.9}
             for i in range(MAX_READ_TILES + 1)]
    r = client.post("/api/read", json={"tiles": tiles})
    assert r.status_code == 400 and f"at most {MAX_READ_TILES}" in r.get_json()["error"]
    assert str(MAX_READ_TILES) in r.get_json()["error_zh"]
    assert client.post("/api/read", json={"tiles": tiles[:-1]}).status_code == 200


# -- under a real server -----------------------------------------------------------------------

class Blocking(StubRecognizer):
    """The stub, holding each photo until released: the pool stays full as long as wanted."""

    def __init__(self) -> None:
        super().__init__()
        self.release = threading.Event()
        self.inside = threading.Semaphore(0)

    def detect(self, image_bgr, tileset=None, faces_first=None, lettered=True):  # type: ignore[no-untyped-def]
        self.inside.release()
        self.release.wait(30)
        return super().detect(image_bgr, tileset)


@pytest.fixture()
def served(tmp_path):
    """A waitress server of 8 threads in this process, its recogniser held, and its port."""
    from assistant.service.loopback import LoopbackServer

    stub = Blocking()
    app = create_app({"DATABASE": tmp_path / "t.sqlite3", "RECOGNIZER": stub,
                      "RECOGNIZE_CONCURRENCY": 2, "RECOGNIZE_QUEUE": 100})
    served = LoopbackServer(app, threads=8)  # stops its loop before closing the sockets
    yield app, stub, served.server.effective_port
    stub.release.set()
    served.close()


def post_photo(port: int, out: list) -> None:
    body, ctype = multipart([("image", jpeg_bytes(), "p.jpg")])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("POST", "/api/recognize", body, {"Content-Type": ctype})
    r = conn.getresponse()
    out.append((r.status, r.getheader("Retry-After"), json.loads(r.read())))
    conn.close()


def test_a_full_pool_answers_503_with_retry_after_and_health_still_answers(served):
    """Twenty photos at once on 8 threads: the pool takes what leaves a quarter of the threads
    free (2 recognised, 4 waiting), the rest are told 503 with Retry-After at once, and health
    and analyze answer while the pool is full. Not timed: a health check that waited for a
    thread would wait for the photos, which are held until the end."""
    app, stub, port = served
    holder = app.extensions["recognizer"]
    assert (holder.concurrency, holder.queue) == (2, 4)
    answers: list = []
    senders = [threading.Thread(target=post_photo, args=(port, answers)) for _ in range(20)]
    for t in senders:
        t.start()
    for _ in range(2):
        assert stub.inside.acquire(timeout=30), "two photos are being recognised"
    busy = []
    while len(busy) < 14:
        for t in senders:
            t.join(0.05)
        busy = [a for a in answers if a[0] == 503]
        assert len(answers) == len(busy), "no photo is answered before it is released"
        if not any(t.is_alive() for t in senders):
            break
    assert len(busy) == 14, answers
    for _status, retry_after, body in busy:
        assert retry_after and retry_after.isdigit() and "busy" in body["error"]
        assert body["error_zh"]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    for method, path, body in (("GET", "/api/health", None),
                               ("POST", "/api/analyze", b'{"concealed": "123m456p789s1112z"}')):
        conn.request(method, path, body, {"Content-Type": "application/json"})
        answer = conn.getresponse()
        assert answer.status == 200 and json.loads(answer.read()), path
    conn.close()
    stub.release.set()
    for t in senders:
        t.join(30)
    assert sorted(a[0] for a in answers) == [200] * 6 + [503] * 14


def raw_request(port: int, data: bytes, tls: bool = False) -> tuple[str, dict[str, str], bytes]:
    """Send ``data`` as it is; the status line, the headers and the body of the answer."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if tls:
        import ssl

        sock = ssl._create_unverified_context().wrap_socket(sock)
    sock.sendall(data)
    answer = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            break
        answer += chunk
    sock.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    return status, {k.lower(): v.strip() for k, _, v in (x.partition(":") for x in lines)}, body


def test_waitresss_own_errors_are_json_with_the_security_headers(served):
    _, _, port = served
    status, headers, body = raw_request(port, b"GET /api/health HTTP/1.1\r\nHost: x\r\n"
                                        b"Content-Length: nope\r\n\r\n")
    assert status.split()[1] == "400"
    assert json.loads(body)["status"] == 400 and json.loads(body)["error_zh"]
    for name, value in HEADERS.items():
        assert headers[name.lower()] == value


def test_cheroots_own_errors_are_json_with_the_security_headers(tmp_path):
    from assistant.service.tls import https_server, self_signed

    app = create_app({"DATABASE": tmp_path / "t.sqlite3", "HTTPS": True})
    server = https_server(app, "127.0.0.1", 0, 4, *self_signed(tmp_path / "tls"))
    server.prepare()
    thread = threading.Thread(target=server.serve, daemon=True)
    thread.start()
    try:
        port = server.bind_addr[1]
        status, headers, body = raw_request(port, b"GARBAGE\r\n\r\n", tls=True)
        assert status.split()[1] == "400", status
        answer = json.loads(body)
        assert answer["status"] == 400 and answer["error_zh"], answer
        assert headers["content-type"].startswith("application/json")
        for name, value in HEADERS.items():
            assert headers[name.lower()] == value
        assert headers["strict-transport-security"].startswith("max-age=")
    finally:
        server.stop()
        thread.join(10)
