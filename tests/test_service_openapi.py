"""The OpenAPI document stays true: routes and documented paths match, examples work."""

from __future__ import annotations

import re

import jsonschema
import pytest

from assistant.service import create_app
from assistant.service.openapi import PAGES, openapi_document


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": tmp_path / "t.sqlite3"})


def _routes(app) -> set[tuple[str, str]]:
    out = set()
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static":
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            out.add((path, method.lower()))
    return out


def test_every_route_is_documented_and_every_documented_path_exists(app):
    doc = openapi_document()
    documented = {(p, m) for p, ops in doc["paths"].items() for m in ops}
    routes = {(p, m) for p, m in _routes(app) if p not in PAGES}
    assert routes == documented, (routes - documented, documented - routes)
    assert {p for p, _ in _routes(app)} >= set(PAGES)


def test_the_served_document_is_the_document(app):
    r = app.test_client().get("/api/openapi.json")
    assert r.status_code == 200 and r.get_json() == openapi_document()
    assert r.get_json()["openapi"].startswith("3.1")


def _examples():
    for path, ops in openapi_document()["paths"].items():
        for method, op in ops.items():
            body = op.get("requestBody", {}).get("content", {}).get("application/json")
            if body is not None:
                yield pytest.param(path, method, op, body, id=f"{method} {path}")


@pytest.mark.parametrize("path,method,op,body", list(_examples()))
def test_examples_validate_and_work(app, path, method, op, body):
    jsonschema.validate(body["example"], body["schema"])
    client = app.test_client()
    headers = {}
    if "{table_id}" in path:
        created = client.post("/api/tables", json={"players": ["A", "B", "C", "D"],
                                                   "variant": "guangdong"}).get_json()
        path = path.replace("{table_id}", created["id"])
        headers = {"Authorization": f"Bearer {created['secret']}"}
    if "{number}" in path:  # a hand to correct
        client.post(path.split("/hands/")[0] + "/hands", json={"result": "draw"},
                    headers=headers)
        path = path.replace("{number}", "1")
    r = client.open(path, method=method.upper(), json=body["example"], headers=headers)
    assert str(r.status_code) in op["responses"], r.get_data(as_text=True)
    assert r.status_code < 300, r.get_data(as_text=True)
    schema = op["responses"][str(r.status_code)]["content"]["application/json"]["schema"]
    jsonschema.validate(r.get_json(), schema)


def test_error_responses_match_the_error_schema(app):
    client = app.test_client()
    r = client.post("/api/analyze", json={"concealed": "11111m"})
    schema = openapi_document()["paths"]["/api/analyze"]["post"]["responses"]["422"]
    jsonschema.validate(r.get_json(), schema["content"]["application/json"]["schema"])


def _gets():
    for path, ops in openapi_document()["paths"].items():
        if "get" in ops and "{table_id}" not in path and "{tileset_id}" not in path:
            yield pytest.param(path, ops["get"], id=f"get {path}")


@pytest.mark.parametrize("path,op", list(_gets()))
def test_get_endpoints_answer_as_documented(app, path, op):
    query = []
    for p in op.get("parameters", []):
        if "example" not in p:
            continue
        if p["in"] == "path":
            path = path.replace("{" + p["name"] + "}", str(p["example"]))
        else:
            query.append((p["name"], str(p["example"])))
    r = app.test_client().get(path, query_string=query)
    assert r.status_code == 200 and "200" in op["responses"], r.get_data(as_text=True)
    jsonschema.validate(r.get_json(), op["responses"]["200"]["content"]["application/json"]["schema"])
