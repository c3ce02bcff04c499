"""The OpenAPI 3.1 document of the API, written by hand as data (served at /api/openapi.json).

Kept true by ``tests/test_service_openapi.py``: every route of the app is documented here, every
path here exists, and every example request validates against its schema and gets the status
documented for it.
"""

from __future__ import annotations

from typing import Any

from ..variants import PROFILES
from .limits import MAX_READ_TILES
from .pages import PAGES as PAGE_ROUTES

TILE = {"type": "string", "description": "a tile code: 1m-9m, 1p-9p, 1s-9s, E S W N C F P, "
                                         "1f-8f, back", "examples": ["5p"]}
TILES = {"oneOf": [{"type": "array", "items": TILE},
                   {"type": "string", "description": "typed tiles, e.g. 123m456p or 一万 东"}]}
SEAT = {"type": "string", "enum": ["E", "S", "W", "N"]}
VARIANT = {"type": "string", "enum": list(PROFILES), "description": "a variant's name"}
#: A number the service takes (every number in a request is at most 10⁹ in size).
NUMBER = {"type": "number", "minimum": -1e9, "maximum": 1e9}
DETECTION = {"type": "object", "required": ["tile", "box"],
             "properties": {"tile": TILE, "box": {"type": "array", "items": NUMBER,
                                                  "minItems": 4, "maxItems": 4},
                            "confidence": NUMBER,
                            "detection": {"type": "number", "minimum": 0, "maximum": 1,
                                          "description": "the detector's score, which the "
                                          "table reader weighs"}}}
#: The most tiles a table photo is read with (a set is 144).
TABLE_TILES = 160
CAMERA_SEAT = {"enum": ["self", "right", "across", "left"], "description": "as seen from the "
               "camera: self nearest the bottom edge, then counter-clockwise"}
TABLE_ZONE = {"enum": ["hand", "meld", "river", "bonus", "indicator", "wall"]}
TABLE_CORRECTION = {"type": "object", "required": ["index"],
                    "properties": {"index": {"type": "integer", "minimum": 0},
                                   "seat": CAMERA_SEAT, "zone": TABLE_ZONE}}
TABLE_SEAT = {"type": "object", "required": ["hand", "hidden", "melds", "river", "bonus", "wall"],
              "properties": {"hand": {"type": "array", "items": TILE},
                             "hidden": {"type": "integer", "description": "face-down tiles of "
                                        "the hand, counted"},
                             "melds": {"type": "array", "items": {"type": "object"}},
                             "river": {"type": "array", "items": TILE},
                             "bonus": {"type": "array", "items": TILE},
                             "wall": {"type": "integer"}}}
TABLE_ANSWER = {
    "type": "object", "required": ["seats", "indicator", "tiles", "notes"],
    "properties": {
        "seats": {"type": "object", "required": ["self", "right", "across", "left"],
                  "properties": {s: TABLE_SEAT for s in ("self", "right", "across", "left")}},
        "indicator": {"type": ["string", "null"]},
        "tiles": {"type": "array", "items": {
            "type": "object", "required": ["tile", "box", "seat", "zone", "order", "confidence",
                                           "unsure"],
            "properties": {"tile": TILE, "box": {"type": "array", "items": NUMBER},
                           "seat": CAMERA_SEAT, "zone": TABLE_ZONE,
                           "order": {"type": ["integer", "null"]}, "confidence": NUMBER,
                           "unsure": {"type": "boolean"}}}},
        "notes": {"type": "array", "items": {"type": "object", "required": ["zh", "en"]}}}}
ERROR = {"type": "object", "required": ["error", "status"],
         "properties": {"error": {"type": "string"}, "status": {"type": "integer"},
                        "error_zh": {"type": "string", "description": "the message in Chinese, "
                                     "where the service has one"},
                        "error_en": {"type": "string", "description": "the message in English "
                                     "(the same as error)"},
                        "token": {}}}

HAND_STATE = {
    "type": "object",
    "description": "A hand state (the format of analyze's JSON input; see the README).",
    "properties": {
        "concealed": TILES,
        "melds": {"type": "array", "items": {
            "type": "object", "required": ["type", "tiles"],
            "properties": {"type": {"enum": ["chow", "pung", "kong", "quint"]}, "tiles": TILES,
                           "concealed": {"type": "boolean"},
                           "from": {"enum": ["left", "opposite", "right"]}}}},
        "win_tile": {"oneOf": [TILE, {"type": "null"}]},
        "context": {"type": ["object", "null"], "properties": {
            "self_drawn": {"type": "boolean"}, "seat_wind": SEAT, "prevalent_wind": SEAT,
            "wall_last": {"type": "boolean"}, "kong_replacement": {"type": "boolean"},
            "robbing_kong": {"type": "boolean"}, "first_go_around": {"type": "boolean"},
            "flowers": {"type": "integer"}, "void_suit": {"enum": ["m", "p", "s", None]},
            "riichi": {"type": "boolean"}, "double_riichi": {"type": "boolean"},
            "ippatsu": {"type": "boolean"},
            "draws_left": {"type": "integer", "minimum": 0, "maximum": 70,
                           "description": "own draws after this discard (advice)"}}},
        "advice": {"enum": ["efficiency", "value", "safety", "balanced"],
                   "description": "how the discards are ordered (default balanced)"},
        "bonus": TILES, "visible": TILES, "wilds": TILES,
        "dora_indicators": TILES, "ura_dora_indicators": TILES,
        "red_fives": {"type": "integer", "description": "riichi: red fives held (or type them "
                      "0m 0p 0s)"},
        "indicator": {**TILE, "description": "the tile turned up at the start: the variant makes "
                                             "its wild tiles from it"},
        "laid_out": {**TILES, "description": "tiles laid out singly as kongs (武汉 红中杠, 赖子杠)"},
        "jokers": {"type": "array", "items": {"type": "string"},
                   "description": "special jokers held (特别百搭: 元 喜 合 筒 索 万 总 一皇 … 四后)"},
        "nukidora": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 4}, TILES],
                     "description": "riichi_sanma: the 北 this seat set aside (抜きドラ), a count "
                                    "or the tiles"},
        "variant": VARIANT, "options": {"type": ["object", "null"]},
        "table": {"type": ["object", "null"], "description": "dealer, seat, bets, discarder, "
                                                             "kongs (used by the variants' scoring); "
                                                             "rivers, melds, declared, void_suits "
                                                             "(used by the advice)",
                  "properties": {
                      "claims_before": {
                          "oneOf": [{"type": "boolean"},
                                    {"type": "array", "items": SEAT, "maxItems": 4}],
                          "description": "the seats that chowed, punged or konged before the "
                                         "winner's first draw (or whether anyone did): "
                                         "first_go_around (天和/地和/人和) is then refused"}}},
    },
    "required": ["concealed"],
}

ANALYSIS = {"type": "object", "required": ["variant", "shanten", "shanten_forms", "waits",
                                           "is_win", "discards"],
            "properties": {"shanten": {"type": "integer"}, "is_win": {"type": "boolean"},
                           "waits": {"type": "array"}, "discards": {"type": "array"},
                           "score": {"type": "object", "description": "for scoring variants: "
                                     "items, total, payments per seat"},
                           "score_error": {"type": "object", "description": "a complete hand "
                                           "the variant does not score (riichi: no yaku)"},
                           "not_a_win": {"type": "object", "description": "{zh, en}: why the "
                                         "variant's rules refuse a complete shape a win (武汉 "
                                         "not open, the void suit held, no yaku, MCR under 8 "
                                         "points); given, the hand is not a win"},
                           "report": {"type": "string"}}}

CLAIMS_REQUEST = {
    "type": "object", "required": ["discard", "discarder", "hands"],
    "properties": {"discard": TILE, "discarder": SEAT,
                   "hands": {"type": "object", "additionalProperties": HAND_STATE,
                             "propertyNames": SEAT, "minProperties": 1},
                   "variant": VARIANT, "options": {"type": "object"},
                   "passed": {"type": "array", "items": {"type": "string"},
                              "description": "seats that passed on the discard"},
                   "robbing_kong": {"type": "boolean"}},
}

BETS = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 100},
        "minItems": 3, "maxItems": 4, "description": "one per player"}
POINTS = {"type": "array", "items": {"type": "integer", "minimum": -1_000_000,
                                     "maximum": 1_000_000},
          "minItems": 3, "maxItems": 4, "description": "one per player, summing to zero"}

TABLE_CREATE = {
    "type": "object", "required": ["players"],
    "properties": {"players": {"type": "array", "items": {"type": "string", "minLength": 1},
                               "minItems": 2, "maxItems": 4, "uniqueItems": True,
                               "description": "the players' names, different, in seating order "
                                              "(each cut to 40 characters): four, three "
                                              "where the variant seats three (riichi_sanma, "
                                              "sichuan with players 3), two for sichuan with "
                                              "players 2"},
                   "name": {"type": "string"}, "variant": VARIANT,
                   "options": {"type": "object"},
                   "bets": {"oneOf": [BETS, {"type": "null"}]}},
}

PLAYER_LIST = {"type": "array", "items": {"type": "integer", "minimum": 0, "maximum": 3},
               "maxItems": 4, "uniqueItems": True}

HAND_RESULT = {
    "type": "object", "required": ["result"],
    "properties": {"result": {"enum": ["win", "draw"]},
                   "winner": {"type": "integer", "minimum": 0, "maximum": 3},
                   "discarder": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": 3},
                                           {"type": "null"}]},
                   "hand": HAND_STATE,
                   "points": POINTS,
                   "bets": {"oneOf": [BETS, {"type": "null"}]},
                   "kongs": {"type": "object", "description": "player number -> kongs made this "
                             "hand: [{type: an|jia|zhi, tile, from: player}]"},
                   "winners": {"type": "array", "description": "several winners on one discard "
                               "(where the variant allows it), each {winner, hand or points}",
                               "items": {"type": "object", "required": ["winner"]}},
                   "riichi": {**PLAYER_LIST, "description": "riichi, or a Chinese table with "
                              "the riichi (立直) switch: the players who declared this hand (a "
                              "stick each on the table, taken by the next winner)"},
                   "tenpai": {**PLAYER_LIST, "description": "riichi, a drawn hand: the players "
                              "ready (noten payments; the dealer tenpai keeps the deal)"},
                   "la_zhuang": {**PLAYER_LIST, "description": "taiwan: the non-dealers who ask "
                                 "拉庄 (a third of what they owe the dealer is paid next hand)"},
                   "rivers": {"type": "object", "propertyNames": SEAT,
                              "additionalProperties": {"type": "array", "items": TILE,
                                                       "maxItems": 30},
                              "description": "each seat's discards in order, by the seat wind "
                                             "it sat at this hand (kept with the hand and shown "
                                             "in its history); at most 30 a river, no tile "
                                             "more than its 4 copies, no seat the table lacks"}},
}

TABLE = {"type": "object", "required": ["id", "players", "dealer", "prevalent_wind", "totals"],
         "properties": {"id": {"type": "string", "description": "128 random bits in hex"},
                        "players": {"type": "array"},
                        "dealer": {"type": "integer"}, "prevalent_wind": SEAT,
                        "totals": {"type": "array", "items": {"type": "integer"}},
                        "start_points": {"type": "integer", "description": "what each player "
                                         "held at the start (riichi 25000, else 0)"},
                        "held": {"type": "array", "items": {"type": "integer"}, "description":
                                 "points held: the start, the totals, less sticks on the table"},
                        "honba": {"type": "integer", "description": "riichi's honba counters"},
                        "riichi_sticks": {"type": "array", "items": {"type": "integer"},
                                          "description": "player -> riichi sticks on the table"},
                        "riichi_stick": {"type": "integer", "description": "what one 立直 "
                                         "stick is worth (riichi's stick_value, 1000 on a "
                                         "Chinese table with the riichi switch, else 0)"},
                        "streak": {"type": "integer", "description": "hands the dealer has "
                                   "kept in a row (连庄)"},
                        "stakes": {"type": "array", "description": "拉庄 stakes the next hand "
                                   "pays: {from, to, amount}"},
                        "hands": {"type": "array"},
                        "hands_total": {"type": "integer", "description": "hands kept (the "
                                        "list may be a page of them: ?offset=&limit=)"}}}
NEW_TABLE = {**TABLE, "required": [*TABLE["required"], "secret"],
             "properties": {**TABLE["properties"], "secret": {
                 "type": "string", "description": "given only here: send it as "
                 "'Authorization: Bearer <secret>' to record hands or delete the table"}}}
BEARER = [{"tableSecret": []}]

TILE_FACE = {**TILE, "description": "a tile face (1m-9m, 1p-9p, 1s-9s, E S W N C F P, 1f-8f)"}
TILESET = {"type": "object", "required": ["name", "examples", "kinds", "missing", "recent"],
           "properties": {"name": {"type": "string", "description": "the set's id"},
                          "examples": {"type": "integer", "minimum": 0},
                          "kinds": {"type": "object", "additionalProperties": {"type": "integer"},
                                    "description": "tile -> examples learnt of it"},
                          "missing": {"type": "array", "items": TILE_FACE,
                                      "description": "faces not learnt yet"},
                          "recent": {"type": "array", "description": "the latest 20 examples",
                                     "items": {"type": "object",
                                               "required": ["id", "tile", "source"],
                                               "properties": {
                                                   "id": {"type": "integer"}, "tile": TILE_FACE,
                                                   "source": {"enum": ["learn", "correction"]}}}}}}
NEW_TILESET = {"type": "object", "required": ["id", "secret", "tileset"],
               "properties": {"id": {"type": "string", "description": "128 random bits in hex"},
                              "secret": {"type": "string", "description": "given only here: "
                                         "send it as 'Authorization: Bearer <secret>' to teach, "
                                         "correct, undo or delete"},
                              "tileset": TILESET}}
LEARNT = {"type": "object", "required": ["tileset", "learnt", "per_kind", "count", "read_right"],
          "properties": {"tileset": TILESET, "count": {"type": "integer"},
                         "read_right": {"type": "integer", "description": "tiles the recogniser "
                                        "read right before learning them"},
                         "per_kind": {"type": "object", "additionalProperties": {
                             "type": "integer"}},
                         "learnt": {"type": "array", "items": {
                             "type": "object", "required": ["tile", "read", "box", "id"],
                             "properties": {"tile": TILE_FACE, "read": TILE, "id": {
                                 "type": "integer", "description": "the example's id (undo)"},
                                 "box": DETECTION["properties"]["box"]}}}}}
TILESET_BEARER = [{"tilesetSecret": []}]
PHOTO = {"type": "string", "format": "binary", "minLength": 1,
         "description": "JPEG, PNG, WebP or BMP; bounded in bytes and pixels"}


def _multipart(properties: dict[str, Any], required: list[str],
               example: dict[str, str] | None = None) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "object", "required": required, "properties": properties}
    if example:
        schema["example"] = example
    return {"required": True, "content": {"multipart/form-data": {"schema": schema}}}


DIRECTION = {"enum": ["right", "left", "opposite"], "description": "the pass: to the 下家 "
             "(right), the 上家 (left), the 对家 (opposite), in that order"}
CHARLESTON_REQUEST = {
    "type": "object", "required": ["concealed"],
    "properties": {"concealed": {**TILES, "description": "the dealt hand (13 tiles, 14 for the "
                                 "dealer; 16 or 17 in taiwan), as it stands before this pass"},
                   "pass": {**DIRECTION, "default": "right"},
                   "round": {"enum": [1, 2], "default": 1, "description": "2: the dealer's "
                             "second round (庄家有权再来一轮)"},
                   "variant": VARIANT, "options": {"type": ["object", "null"]},
                   "melds": {"type": "array", "maxItems": 0}},
}
REASON = {"type": "object", "required": ["tile", "reason_zh", "reason_en"],
          "properties": {"tile": TILE, "links": {"type": "integer"},
                         "reason_zh": {"type": "string"}, "reason_en": {"type": "string"}}}
CHARLESTON_ADVICE = {
    "type": "object",
    "required": ["direction", "round", "step", "next", "pass", "keep", "reasons", "title_zh",
                 "title_en"],
    "properties": {"variant": VARIANT, "direction": DIRECTION, "round": {"enum": [1, 2]},
                   "step": {"type": "integer", "minimum": 1, "maximum": 6},
                   "seat_offset": {"type": "integer", "description": "seats on, counter-"
                                   "clockwise, the tiles go: 1 下家, 2 对家, 3 上家"},
                   "dealer_calls": {"type": "boolean", "description": "a pass of the second "
                                    "round, played only when the dealer calls it"},
                   "next": {"oneOf": [{"type": "null"}, {
                       "type": "object", "required": ["direction", "round"],
                       "properties": {"direction": DIRECTION, "round": {"enum": [1, 2]},
                                      "dealer_calls": {"type": "boolean"}}}],
                            "description": "the pass after this one; null after the last"},
                   "pass": {"type": "array", "items": TILE, "minItems": 3, "maxItems": 3},
                   "keep": {"type": "array", "items": TILE},
                   "reasons": {"type": "array", "items": REASON, "minItems": 3, "maxItems": 3},
                   "title_zh": {"type": "string"}, "title_en": {"type": "string"},
                   "to_zh": {"type": "string"}, "to_en": {"type": "string"},
                   "rule_zh": {"type": "string"}, "rule_en": {"type": "string"}}}

EXAMPLE_HAND = {"concealed": "123m456p789s1112z", "win_tile": "S",
                "context": {"self_drawn": True, "seat_wind": "E"}, "variant": "guangdong"}


def _json_body(schema: dict[str, Any], example: dict[str, Any]) -> dict[str, Any]:
    return {"required": True, "content": {"application/json": {"schema": schema,
                                                               "example": example}}}


def _answer(description: str, schema: dict[str, Any] | None = None) -> dict[str, Any]:
    out: dict[str, Any] = {"description": description}
    out["content"] = {"application/json": {"schema": schema or {"type": "object"}}}
    return out


def _errors(*codes: int) -> dict[str, Any]:
    text = {400: "bad request (not JSON, a value out of its bounds, a bad query parameter)",
            403: "refused: a state-changing request from another site or to a foreign host "
                 "name, or (tables) without the table's secret",
            404: "not found",
            409: "the table is full (it keeps at most 1000 hands), only the last hand can be "
                 "undone, or the first request with this Idempotency-Key is still running",
            413: "request body, upload or image too large", 414: "query string too long",
            415: "wrong content type", 422: "invalid hand, tile or variant (the message names it)",
            429: "too many tables or tile sets made by this client today, or too many wrong "
                 "secrets (Retry-After)",
            431: "request headers too large",
            503: "the recogniser or its model is not installed, or the recognition queue is "
                 "full (Retry-After)"}
    return {str(c): _answer(text[c], ERROR) for c in codes}


#: The header a client retries a write with (``common.idempotent``).
IDEMPOTENCY_KEY = {"name": "Idempotency-Key", "in": "header", "required": False,
                   "schema": {"type": "string", "minLength": 1, "maxLength": 255},
                   "description": "a key of the client's choosing (e.g. a UUID): the same key "
                                  "sent again within a day gets the first answer again "
                                  "(Idempotent-Replayed: true) instead of a second write; the "
                                  "same key with another body is a 422"}


def _finish(paths: dict[str, Any]) -> dict[str, Any]:
    """Every operation can answer 414 and 431 (bounds on any request), and a state-changing
    one 400 (bounds of its body), 403 (origin and host) and 413 (body size); every write to a
    table or a tile set takes an ``Idempotency-Key`` and may answer 409, 422 and 429."""
    for path, ops in paths.items():
        for method, op in ops.items():
            writes = method in ("post", "put", "delete")
            codes = [414, 431] + ([400, 403, 413] if writes else [])
            if writes and path.startswith(("/api/tables", "/api/tilesets")):
                op["parameters"] = [*op.get("parameters", []), IDEMPOTENCY_KEY]
                codes += [409, 422, 429]
            for code, answer in _errors(*codes).items():
                op["responses"].setdefault(code, answer)
    return paths


def openapi_document() -> dict[str, Any]:
    """The whole document (a fresh copy each call)."""
    table_id = {"name": "table_id", "in": "path", "required": True, "schema": {"type": "string"}}
    hand_number = {"name": "number", "in": "path", "required": True,
                   "schema": {"type": "integer", "minimum": 1, "maximum": 1000},
                   "description": "the hand's number (1 is the first)"}
    tileset_id = {"name": "tileset_id", "in": "path", "required": True,
                  "schema": {"type": "string"}, "description": "32 hex digits"}
    example_id = {"name": "example_id", "in": "path", "required": True,
                  "schema": {"type": "string"}, "description": "an example's id (a number)"}
    pages = [{"name": "offset", "in": "query", "required": False,
              "schema": {"type": "integer", "minimum": 0, "maximum": 1000}},
             {"name": "limit", "in": "query", "required": False,
              "schema": {"type": "integer", "minimum": 0, "maximum": 1000}}]
    return {
        "openapi": "3.1.0",
        "info": {"title": "Mahjong table assistant 麻将助手", "version": "0.1.0",
                 "description": "Read tiles from a photo, analyse and score hands under regional "
                                "variants, keep table sessions. Errors are JSON "
                                "{error, status} with a 4xx status."},
        "components": {"securitySchemes": {"tableSecret": {
            "type": "http", "scheme": "bearer",
            "description": "the table's secret, as POST /api/tables gave it"}, "tilesetSecret": {
            "type": "http", "scheme": "bearer",
            "description": "the tile set's secret, as POST /api/tilesets gave it"}}},
        "paths": _finish({
            "/api/health": {"get": {"summary": "liveness", "responses": {
                "200": _answer("the service is up")}}},
            "/api/openapi.json": {"get": {"summary": "this document", "responses": {
                "200": _answer("the OpenAPI document")}}},
            "/api/variants": {"get": {"summary": "every variant and its options", "responses": {
                "200": _answer("variants", {"type": "object", "required": ["variants"]})}}},
            "/api/variants/{name}": {"get": {
                "summary": "one variant: options and rules",
                "parameters": [{"name": "name", "in": "path", "required": True,
                                "schema": {"type": "string"}, "example": "shaanxi"}],
                "responses": {"200": _answer("the variant"), **_errors(404)}}},
            "/api/analyze": {"post": {
                "summary": "analyse a hand (what `analyze --json` prints), score included",
                "parameters": [{"name": "lang", "in": "query", "required": False,
                                "schema": {"enum": ["zh", "en"]},
                                "description": "add a readable report"}],
                "requestBody": _json_body(HAND_STATE, EXAMPLE_HAND),
                "responses": {"200": _answer("the analysis", ANALYSIS),
                              **_errors(400, 415, 422)}}},
            "/api/claims": {"post": {
                "summary": "legal claims of each seat on a discard and who gets it",
                "requestBody": _json_body(CLAIMS_REQUEST, {
                    "discard": "5p", "discarder": "E",
                    "hands": {"S": {"concealed": "46p123m456s78sEES"},
                              "W": {"concealed": "55p19m19s1234567z"}}}),
                "responses": {"200": _answer("claims"), **_errors(400, 415, 422)}}},
            "/api/charleston-advice": {"post": {
                "summary": "the Charleston (查理士顿): which three tiles to pass on this pass, "
                           "and why, in Chinese and English",
                "requestBody": _json_body(CHARLESTON_REQUEST, {
                    "concealed": "123m456p789s11sEWC", "pass": "right", "round": 1}),
                "responses": {"200": _answer("the three tiles, the tiles kept, the reasons, "
                                             "the next pass", CHARLESTON_ADVICE),
                              **_errors(400, 415)}}},
            "/api/recognize": {"post": {
                "summary": "find the tiles in a photo and read the hand",
                "requestBody": _multipart({
                    "image": PHOTO,
                    "tileset": {"type": "string", "description": "the id of the player's tile "
                                "set (POST /api/tilesets) to read the tiles with"}}, ["image"]),
                "responses": {"200": _answer("what `detect --json` prints (image, tiles), the "
                                             "layout reading, timings", {
                    "type": "object", "required": ["image", "tiles", "reading"],
                    "properties": {"image": {"type": "object", "required": ["width", "height"]},
                                   "tiles": {"type": "array", "items": DETECTION},
                                   "reading": {"type": "object"},
                                   "tileset": {"type": "string", "description": "the tile set "
                                               "read with"}}}),
                    **_errors(400, 404, 413, 415, 422, 503)}}},
            "/api/recognize/live": {"post": {
                "summary": "a frame of the live page: as /api/recognize; a still frame (the "
                           "scene of the client's last frame read, moved by the camera's shake) "
                           "answered from that reading, boxes moved; else only the tiles changed "
                           "since the client's previous frame named again; a frame overtaken "
                           "by a newer one of its client is answered superseded, unread",
                "requestBody": _multipart({
                    "image": PHOTO,
                    "client": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$",
                               "description": "the live page's camera session id, made once "
                                              "per session"},
                    "tileset": {"type": "string", "description": "the id of the player's tile "
                                "set (POST /api/tilesets) to read the tiles with"}},
                    ["image", "client"]),
                "responses": {"200": _answer("as /api/recognize, with `live` (`frame`: held "
                                             "or read; `shift` of a held frame; tiles kept from "
                                             "the previous frame, tiles named); or "
                                             "`superseded: true` alone", {
                    "type": "object",
                    "properties": {"superseded": {"type": "boolean"},
                                   "image": {"type": "object", "required": ["width", "height"]},
                                   "tiles": {"type": "array", "items": DETECTION},
                                   "reading": {"type": "object"},
                                   "live": {"type": "object", "properties": {
                                       "frame": {"enum": ["held", "read"]},
                                       "shift": {"type": "array", "items": {"type": "number"},
                                                 "minItems": 2, "maxItems": 2},
                                       "reused": {"type": "integer"},
                                       "named": {"type": "integer"}}},
                                   "tileset": {"type": "string"}}}),
                    **_errors(400, 404, 413, 415, 422, 503)}}},
            "/api/read": {"post": {
                "summary": "read the hand again from (corrected) tiles as /api/recognize gave them",
                "requestBody": _json_body(
                    {"type": "object", "required": ["tiles"], "properties": {
                        "tiles": {"type": "array", "items": DETECTION,
                                  "maxItems": MAX_READ_TILES}}},
                    {"tiles": [{"tile": t, "box": [40 * i, 100, 40 * i + 36, 150],
                                     "confidence": 0.9}
                                    for i, t in enumerate(["1m", "2m", "3m", "4p", "5p", "6p",
                                                           "7s", "8s", "9s", "E", "E", "E",
                                                           "S", "S"])]}),
                "responses": {"200": _answer("the reading: hand, doubts", {
                    "type": "object", "required": ["hand", "doubts"]}),
                    **_errors(400, 415, 422, 503)}}},
            "/api/read-table": {"post": {
                "summary": "read the whole table from one photo (or from tiles found before): "
                           "each seat's hand, melds, river in order, flowers; the indicator",
                "requestBody": {"required": True, "content": {
                    **_multipart({
                        "image": PHOTO,
                        "tileset": {"type": "string", "description": "the id of the player's "
                                    "tile set (POST /api/tilesets) to read the tiles with"},
                        "corrections": {"type": "string", "description": "a JSON list of "
                                        "{index, seat, zone}: tile index belongs there"}},
                        ["image"])["content"],
                    **_json_body(
                        {"type": "object", "required": ["tiles"], "properties": {
                            "tiles": {"type": "array", "items": DETECTION,
                                      "maxItems": TABLE_TILES},
                            "corrections": {"type": "array", "items": TABLE_CORRECTION}}},
                        {"tiles": [{"tile": t, "box": [200 + 40 * i, 500, 236 + 40 * i, 550],
                                    "confidence": 0.9}
                                   for i, t in enumerate(["1m", "9p", "E", "C", "5s"])]
                         + [{"tile": t, "box": [300 + 40 * i, 100, 336 + 40 * i, 150],
                             "confidence": 0.9} for i, t in enumerate(["2m", "N"])],
                         "corrections": [{"index": 5, "seat": "across", "zone": "river"}]},
                    )["content"]}},
                "responses": {"200": _answer("seats, indicator, every tile placed, notes",
                                             TABLE_ANSWER),
                              **_errors(400, 404, 413, 415, 422, 503)}}},
            "/api/parse": {"get": {
                "summary": "tiles typed in any notation → codes and names",
                "parameters": [{"name": "text", "in": "query", "required": True,
                                "schema": {"type": "string", "minLength": 1, "maxLength": 400},
                                "example": "123m 东东"}],
                "responses": {"200": _answer("tiles"), **_errors(400, 422)}}},
            "/api/practice": {"get": {
                "summary": "a practice question: a ready hand",
                "parameters": [{"name": "seed", "in": "query", "required": False,
                                "schema": {"type": "integer", "minimum": 0,
                                           "maximum": 999_999_999_999_999_999}, "example": 7},
                               {"name": "variant", "in": "query", "required": False,
                                "schema": VARIANT}],
                "responses": {"200": _answer("the question"), **_errors(400, 422)}}},
            "/api/practice/value": {"get": {
                "summary": "a value exercise: a hand whose advised discard is not the most "
                           "efficient one",
                "parameters": [{"name": "seed", "in": "query", "required": False,
                                "schema": {"type": "integer", "minimum": 0,
                                           "maximum": 999_999_999_999_999_999}, "example": 2},
                               {"name": "family", "in": "query", "required": False,
                                "schema": {"type": "string", "enum": [
                                    "mcr", "sichuan", "guangdong", "riichi", "riichi_defence"]}}],
                "responses": {"200": _answer("the exercise"), **_errors(400, 422)}}},
            "/api/practice/value/check": {"post": {
                "summary": "check the answer to a value exercise",
                "requestBody": _json_body(
                    {"type": "object", "required": ["seed", "answer"],
                     "properties": {"seed": {"oneOf": [
                         {"type": "integer", "minimum": 0, "maximum": 1_000_000_000},
                         {"type": "string", "pattern": "^[0-9]{1,18}$"}]},
                                    "family": {"type": "string"}, "answer": TILE}},
                    {"seed": 2, "family": "sichuan", "answer": "4s"}),
                "responses": {"200": _answer("correct or not, and why"),
                              **_errors(400, 415, 422)}}},
            "/api/practice/check": {"post": {
                "summary": "check the answer to a practice question",
                "requestBody": _json_body(
                    {"type": "object", "required": ["hand", "answer"],
                     "properties": {"hand": {"oneOf": [
                         {"type": "array", "items": TILE, "minItems": 13, "maxItems": 13},
                         {"type": "string", "description": "13 typed tiles"}]},
                         "answer": TILES,
                                    "variant": VARIANT}},
                    {"hand": "55m99p234456sNNN", "answer": ["5m", "9p"]}),
                "responses": {"200": _answer("correct or not, and the waits"),
                              **_errors(400, 415, 422)}}},
            "/api/tables": {
                "get": {"summary": "no table: tables are private to who holds their link (the "
                                   "page keeps the ones it made)",
                        "responses": {"200": _answer("an empty list", {
                            "type": "object", "required": ["tables"],
                            "properties": {"tables": {"type": "array", "maxItems": 0}}})}},
                "post": {"summary": "start a table session of four players",
                         "requestBody": _json_body(TABLE_CREATE, {
                             "players": ["Ann", "Bo", "Chen", "Dai"], "variant": "guangdong",
                             "bets": [0, 0, 0, 0]}),
                         "responses": {"201": _answer("the new table, with its secret",
                                                      NEW_TABLE),
                                       **_errors(400, 415, 422, 429)}}},
            "/api/tables/{table_id}": {
                "get": {"summary": "a table: players, seat winds, dealer, hands, totals",
                        "parameters": [table_id, *pages],
                        "responses": {"200": _answer("the table", TABLE),
                                      **_errors(400, 404)}},
                "delete": {"summary": "forget a table (needs its secret)",
                           "parameters": [table_id], "security": BEARER,
                           "responses": {"200": _answer("deleted"), **_errors(403, 404)}}},
            "/api/tables/{table_id}/hands": {"post": {
                "summary": "record a hand; the dealer and prevalent wind rotate",
                "parameters": [table_id],
                "requestBody": _json_body(HAND_RESULT, {
                    "result": "win", "winner": 0, "discarder": None,
                    "hand": {"concealed": "123m456p789s1112z", "win_tile": "S"}}),
                "security": BEARER,
                "responses": {"201": _answer("the table after the hand", TABLE),
                              **_errors(400, 403, 404, 409, 415, 422)}}},
            "/api/tables/{table_id}/hands/{number}": {
                "put": {"summary": "correct a hand: it and every later hand are recorded again "
                                   "from the state before it, so the deal, the winds and the "
                                   "totals follow",
                        "parameters": [table_id, hand_number],
                        "requestBody": _json_body(HAND_RESULT, {
                            "result": "win", "winner": 1, "discarder": 0,
                            "points": [-8, 8, 0, 0]}),
                        "security": BEARER,
                        "responses": {"200": _answer("the table after the correction", TABLE),
                                      **_errors(400, 403, 404, 409, 415, 422)}},
                "delete": {"summary": "undo the last hand: the table as it was before it",
                           "parameters": [table_id, hand_number], "security": BEARER,
                           "responses": {"200": _answer("the table without the hand", TABLE),
                                         **_errors(403, 404, 409)}}},
            "/api/tilesets": {"post": {
                "summary": "a new, empty tile set of the player's own tiles",
                "responses": {"201": _answer("its id and secret", NEW_TILESET),
                              **_errors(429, 503)}}},
            "/api/tilesets/{tileset_id}": {
                "get": {"summary": "what a tile set has learnt",
                        "parameters": [tileset_id],
                        "responses": {"200": _answer("the set", TILESET),
                                      **_errors(400, 404, 503)}},
                "delete": {"summary": "forget a tile set (needs its secret)",
                           "parameters": [tileset_id], "security": TILESET_BEARER,
                           "responses": {"200": _answer("deleted"), **_errors(403, 404)}}},
            "/api/tilesets/{tileset_id}/learn": {"post": {
                "summary": "learn the tiles of a layout photo: tiles in rows, read left to right "
                           "and top to bottom in the order 'tiles' names them",
                "parameters": [tileset_id], "security": TILESET_BEARER,
                "requestBody": _multipart({
                    "image": PHOTO,
                    "tiles": {"type": "string", "minLength": 1, "maxLength": 600,
                              "description": "the photo's tiles in reading order, e.g. "
                                             "123456789m123456789p123456789sESWNCFP"}},
                    ["image", "tiles"], {"tiles": "123456789m123456789p123456789sESWNCFP"}),
                "responses": {"200": _answer("what was learnt, how many the recogniser read "
                                             "right before, the set", LEARNT),
                              **_errors(400, 403, 404, 413, 415, 503)}}},
            "/api/tilesets/{tileset_id}/examples": {"post": {
                "summary": "a correction: the tile in 'box' of the photo is 'tile'; kept as an "
                           "example of it",
                "parameters": [tileset_id], "security": TILESET_BEARER,
                "requestBody": _multipart({
                    "image": PHOTO,
                    "box": {"type": "string", "maxLength": 100, "description": "x1,y1,x2,y2 in "
                            "pixels of the photo, inside it"},
                    "tile": TILE_FACE}, ["image", "box", "tile"],
                    {"box": "40,90,76,140", "tile": "5p"}),
                "responses": {"201": _answer("the example's id (to undo it) and the set", {
                    "type": "object", "required": ["id", "tileset"],
                    "properties": {"id": {"type": "integer"}, "tileset": TILESET}}),
                              **_errors(400, 403, 404, 413, 415, 503)}}},
            "/api/tilesets/{tileset_id}/examples/{example_id}": {"delete": {
                "summary": "take back one example (undo a correction)",
                "parameters": [tileset_id, example_id], "security": TILESET_BEARER,
                "responses": {"200": _answer("the set without it", {
                    "type": "object", "required": ["removed", "tileset"],
                    "properties": {"removed": {"type": "integer"}, "tileset": TILESET}}),
                              **_errors(400, 403, 404)}}},
        }),
    }


#: Pages (HTML, not API) served beside the API; the route test leaves them out.
PAGES = tuple(path for path, _ in PAGE_ROUTES.values())
