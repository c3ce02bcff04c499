"""Fuzzing every operation of the OpenAPI document: mutated bodies, queries and paths (wrong types,
missing keys, deep nesting, unicode with lone surrogates, huge values) never get a 5xx; every
answer is one the document lists for the operation, an error is JSON in English and Chinese, and
a success matches its documented schema. Bounded: a few dozen examples an operation, each with a
generous deadline (a request doing unbounded work fails it), derandomised so a run is repeatable.
"""

from __future__ import annotations

import datetime
import io
import json
import os

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_service_support import StubRecognizer, jpeg_bytes

from assistant.service import create_app
from assistant.service.openapi import openapi_document

DOC = openapi_document()
OPERATIONS = [(path, method, op) for path, ops in DOC["paths"].items()
              for method, op in ops.items()]
#: Examples per operation; ``MAHJONG_FUZZ_EXAMPLES=2000`` for a long run by hand.
EXAMPLES = int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "25"))
FUZZ = settings(max_examples=EXAMPLES, deadline=datetime.timedelta(seconds=5), derandomize=True,
                database=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                      HealthCheck.too_slow])

SURROGATE = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
TEXT = st.one_of(st.text(max_size=12), st.text(alphabet=SURROGATE, min_size=1, max_size=3),
                 st.sampled_from(["5p", "123m456p789s1112z", "E", "back", "一万 东", "²", "٣",
                                  "1" * 500, "\x00", "guangdong", "zhi"]))
ATOM = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.floats(), TEXT)
VALUE = st.recursive(ATOM, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(TEXT, inner, max_size=4)), max_leaves=12)
DEEP = st.integers(13, 3000).map(lambda n: json.loads("[" * min(n, 900) + "]" * min(n, 900)))


@st.composite
def mutated(draw: st.DrawFn, example: object) -> object:
    """The example body, mutated: keys dropped, added or given other values, nested deep."""
    if not isinstance(example, dict) or draw(st.integers(0, 9)) == 0:
        return draw(st.one_of(VALUE, DEEP))
    body = json.loads(json.dumps(example))
    for _ in range(draw(st.integers(1, 3))):
        keys = sorted(body)
        kind = draw(st.sampled_from(["drop", "add", "value", "deep", "nested"]))
        key = draw(st.sampled_from(keys)) if keys else draw(TEXT)
        if kind == "drop" and keys:
            del body[key]
        elif kind == "add":
            body[draw(TEXT)] = draw(VALUE)
        elif kind == "deep":
            body[key] = draw(DEEP)
        elif kind == "nested" and isinstance(body.get(key), dict) and body[key]:
            inner = body[key]
            inner[draw(st.sampled_from(sorted(inner)))] = draw(VALUE)
        else:
            body[key] = draw(VALUE)
    return body


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    return create_app({"DATABASE": tmp_path_factory.mktemp("fuzz") / "t.sqlite3",
                       "RECOGNIZER": StubRecognizer(), "MAX_CONTENT_LENGTH": 1024 * 1024})


@pytest.fixture(scope="module")
def table(app):
    made = app.test_client().post("/api/tables", json={"players": ["A", "B", "C", "D"],
                                                       "variant": "guangdong"}).get_json()
    return made


def check(op: dict, response) -> None:  # type: ignore[no-untyped-def]
    """No 5xx but a documented 503; a documented status; a JSON error or a valid answer."""
    status = response.status_code
    text = response.get_data(as_text=True)[:400]
    assert status < 500 or (status == 503 and "503" in op["responses"]), text
    assert str(status) in op["responses"], f"undocumented status {status}: {text}"
    assert response.mimetype == "application/json", text
    body = response.get_json()
    schema = op["responses"][str(status)]["content"]["application/json"]["schema"]
    jsonschema.validate(body, schema)
    if status >= 400:
        assert body["error"] and body["error_zh"] and body["status"] == status, body


def _url(path: str, op: dict, table: dict, draw_path: str | None) -> str:
    if "{table_id}" in path:
        path = path.replace("{table_id}", draw_path if draw_path is not None else table["id"])
    if "{tileset_id}" in path:  # a drawn value stands for the path's last id
        example_id, set_id = "1", table["id"]
        if draw_path is not None and "{example_id}" in path:
            example_id = draw_path
        elif draw_path is not None:
            set_id = draw_path
        path = path.replace("{example_id}", example_id).replace("{tileset_id}", set_id)
    if "{name}" in path:
        path = path.replace("{name}", draw_path if draw_path is not None else "guangdong")
    return path


def _text(body: object, key: str) -> str:
    """A form field's value from a mutated body: a string as it is, anything else as JSON."""
    value = body.get(key) if isinstance(body, dict) else body
    text = value if isinstance(value, str) else json.dumps(value)
    return text.encode("utf-8", "replace").decode("utf-8")


PATH_PARAM = st.one_of(st.none(), st.text(alphabet=st.characters(
    blacklist_categories=["Cs", "Cc"], blacklist_characters="/?#%"), min_size=1, max_size=80))


@pytest.mark.parametrize("path,method,op", OPERATIONS, ids=[f"{m} {p}" for p, m, _ in OPERATIONS])
def test_fuzz_every_operation(app, table, path, method, op):
    content = op.get("requestBody", {}).get("content", {})
    example = content.get("application/json", {}).get("example")
    if example is None and "multipart/form-data" in content:
        example = content["multipart/form-data"]["schema"].get("example")
    params = [p for p in op.get("parameters", []) if p["in"] == "query"]

    @FUZZ
    @given(body=mutated(example) if example is not None else st.none(),
           query=st.fixed_dictionaries({}, optional={p["name"]: TEXT for p in params}),
           path_value=PATH_PARAM, raw=st.sampled_from([None, b"", b"{", b"\xff\xfe", b"[1]"]),
           with_auth=st.booleans())
    def run(body, query, path_value, raw, with_auth):  # type: ignore[no-untyped-def]
        client = app.test_client()
        own = table
        if "{table_id}" in path and method != "get":  # each write on a table of its own
            own = app.extensions["sessions"].create({"players": ["A", "B", "C", "D"],
                                                     "variant": "guangdong"})
        if "{tileset_id}" in path:  # a set of its own, with an example 1 to take back
            own = app.extensions["tilesets"].create()
            if "{example_id}" in path:
                client.post(f"/api/tilesets/{own['id']}/examples", data={
                    "image": (io.BytesIO(jpeg_bytes()), "p.jpg"), "box": "10,10,50,60",
                    "tile": "5p"}, headers={"Authorization": f"Bearer {own['secret']}"})
        url = _url(path, op, own, path_value)
        headers = {"Authorization": f"Bearer {own['secret']}"} if with_auth else {}
        query = {k: v.encode("utf-8", "replace").decode("utf-8") for k, v in query.items()}
        if "multipart/form-data" in content:
            data = jpeg_bytes() if raw is None else raw
            fields = dict(content["multipart/form-data"]["schema"].get("example", {}))
            if body is not None or example is None:  # the form's text fields fuzzed too
                for key in list(fields):
                    fields[key] = _text(body, key)
            response = client.open(url, method=method.upper(), query_string=query,
                                   data={"image": (io.BytesIO(data), "p.jpg"), **fields},
                                   content_type="multipart/form-data", headers=headers)
        elif raw is not None and content:
            response = client.open(url, method=method.upper(), query_string=query, data=raw,
                                   content_type="application/json", headers=headers)
        elif content:
            response = client.open(url, method=method.upper(), query_string=query, json=body,
                                   headers=headers)
        else:
            response = client.open(url, method=method.upper(), query_string=query,
                                   headers=headers)
        check(op, response)

    run()


def test_wrong_content_types_and_methods_are_documented_json(app, table):
    for path, method, op in OPERATIONS:
        if "requestBody" not in op:
            continue
        url = _url(path, op, table, None)
        r = app.test_client().open(url, method=method.upper(), data="x",
                                   content_type="text/plain",
                                   headers={"Authorization": f"Bearer {table['secret']}"})
        check(op, r)
