"""The JSON API: analyse a hand, claims on a discard, variants, recognise a photo, practice.

Each endpoint answers what the matching command prints with ``--json`` (``analyze``, ``claims``,
``variants``, ``detect``), so the command line and the web agree by construction.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request

from ..analysis import analyze
from ..catalogue import text
from ..claims import claims_on_discard
from ..errors import MahjongError
from ..hand import HandState
from ..procedures import charleston_advice, charleston_step
from ..report import analysis_report
from ..tiles import check_code, parse_tiles, tile_name, to_compact
from ..variants import COUNTS_DORA, PROFILES, get_profile
from . import practice
from .common import expect_objects, json_body, parse_json
from .errors import ApiError, _short
from .limits import MAX_READ_TILES, query_param
from .live import live_client
from .openapi import openapi_document
from .recognize import clean_detections, read_layout, recognize
from .tilesets_api import tileset_for_photo
from .upload import uploaded_photo

bp = Blueprint("api", __name__, url_prefix="/api")


def _lang() -> str | None:
    lang = query_param("lang", limit=8)
    if lang not in (None, "zh", "en"):
        raise ApiError(400, f"lang must be zh or en, got {lang!r}")
    return lang


@bp.get("/health")
def health():  # type: ignore[no-untyped-def]
    """Liveness: the service answers and which variants it knows."""
    return jsonify({"status": "ok", "variants": list(PROFILES)})


@bp.get("/openapi.json")
def openapi():  # type: ignore[no-untyped-def]
    """The OpenAPI 3.1 description of this API (kept true by tests/test_service_openapi.py)."""
    return jsonify(openapi_document())


def describe_variant(name: str) -> dict[str, Any]:
    """A variant's names, descriptions, options (value and meaning) and rule summary."""
    profile = get_profile(name)
    options = {k: {"value": v, "zh": profile.option_doc(k)[0], "en": profile.option_doc(k)[1]}
               for k, v in profile.options().items()}
    return {"name": profile.name, "name_zh": profile.name_zh,
            "description_zh": profile.description_zh, "description_en": profile.description_en,
            "scores": profile.name in _scoring(), "options": options,
            # 宝牌 is a table's switch (empty by default) on the variants that add it as 番.
            "counts_dora": profile.name in COUNTS_DORA,
            "rules": [{"zh": zh, "en": en} for zh, en in profile.rules_summary],
            "examples": [_example(profile, ex) for ex in profile.examples],
            # 血战到底 / 血流成河: the hand goes on after a win (the winner leaves / stays).
            "after_win": profile.extra.get("after_win"),
            # Players at its table: 3 for 三麻 (the table page then asks for three names).
            "seats": profile.seats}


def _example(profile: Any, example: dict[str, Any]) -> dict[str, Any]:
    """An example hand of the rules page, with the wild tiles its indicator makes (shown as
    such on the page)."""
    from ..hand import HandState
    from ..wilds import wild_codes_for

    hand = example["hand"]
    wilds = wild_codes_for(profile, HandState(concealed=[], indicator=hand.get("indicator"),
                                              wilds=list(hand.get("wilds", []))))
    return {**example, "wilds": list(wilds)}


def _scoring() -> set[str]:
    from ..variants import SCORERS

    return set(SCORERS)


@bp.get("/variants")
def variants():  # type: ignore[no-untyped-def]
    """Every variant with its options."""
    return jsonify({"variants": [describe_variant(n) for n in PROFILES]})


@bp.get("/variants/<name>")
def variant(name: str):  # type: ignore[no-untyped-def]
    """One variant; 404 when unknown."""
    if len(name) > 40 or name.lower() not in PROFILES:
        name = name[:40]
        raise ApiError(404, f"unknown variant {name!r}; known variants: {', '.join(PROFILES)}")
    return jsonify(describe_variant(name))


@bp.post("/analyze")
def analyze_hand():  # type: ignore[no-untyped-def]
    """A hand state → shanten, waits, discards, win check and, for scoring variants, the score.
    ``?lang=zh|en`` adds the readable report."""
    lang = _lang()
    body = json_body()
    expect_objects(body, "options", "context", "table")
    result = analyze(body)
    if lang:
        result["report"] = analysis_report(result, lang)
    return jsonify(result)


@bp.post("/claims")
def claims():  # type: ignore[no-untyped-def]
    """Legal claims of every seat on a discard, and who gets the tile."""
    body = json_body()
    expect_objects(body, "options")
    passed = body.get("passed")
    if passed is not None and (not isinstance(passed, list)
                               or not all(isinstance(x, str) for x in passed)):
        raise MahjongError("'passed' must be a list of seat winds", "passed")
    return jsonify(claims_on_discard(body))


@bp.get("/parse")
def parse():  # type: ignore[no-untyped-def]
    """Tiles typed in any notation → codes and names (for typing a correction)."""
    text = query_param("text", "") or ""
    if not text.strip():
        raise ApiError(400, "give the tiles to read in ?text=, e.g. 123m456p or 一万 东")
    tiles = parse_tiles(text)
    return jsonify({"tiles": tiles, "compact": to_compact(tiles),
                    "names": [{"tile": t, "zh": tile_name(t, "zh"), "en": tile_name(t, "en")}
                              for t in tiles]})


@bp.post("/recognize")
def recognize_photo():  # type: ignore[no-untyped-def]
    """A photo (multipart field ``image``; ``tileset``: the id of the player's tile set to read
    it with) → what ``detect --json`` prints (``image``, ``tiles``) and the hand read from them
    (``reading``)."""
    data = uploaded_photo()
    tileset = tileset_for_photo()
    return jsonify(recognize(current_app.extensions["recognizer"], data, current_app.config,
                             tileset))


@bp.post("/recognize/live")
def recognize_live():  # type: ignore[no-untyped-def]
    """A frame of the live page (``image``; ``client``: the page's camera session id;
    ``tileset`` as for /api/recognize) → as /api/recognize, only the tiles changed since the
    client's previous frame named again; ``{"superseded": true}`` for a frame a newer one of the
    same client overtook while it waited."""
    data = uploaded_photo()
    client = live_client(request.form.get("client"))
    tileset = tileset_for_photo()
    frame = current_app.extensions["live"].arrive(client)
    return jsonify(recognize(current_app.extensions["recognizer"], data, current_app.config,
                             tileset, live=frame))


def _detections(detections: Any, limit: int, too_many: str) -> list[dict[str, Any]]:
    """The ``tiles`` of a JSON body (as /api/recognize gives them), bounded by ``limit`` before
    any work and checked: each a known tile code with a box of four numbers."""
    if not isinstance(detections, list):
        raise MahjongError("'tiles' must be a list of {tile, box, confidence}", "tiles")
    if len(detections) > limit:
        raise ApiError(400, too_many.format(n=len(detections), limit=limit), token="tiles")
    try:
        cleaned = clean_detections(detections, float("inf"), float("inf"))
    except (KeyError, TypeError, ValueError):
        raise MahjongError("each detection needs 'tile', a 'box' of four numbers [x1, y1, x2, "
                           "y2] and optionally 'confidence'", "tiles") from None
    for d in cleaned:
        check_code(d["tile"])
    return cleaned


@bp.post("/read")
def read_detections():  # type: ignore[no-untyped-def]
    """``tiles`` (as /api/recognize gives them, corrected by the user) → the hand read again."""
    body = json_body()
    cleaned = _detections(body.get("tiles"), MAX_READ_TILES,
                          "'tiles' has {n} detections; a hand is read from at most {limit}")
    # The layout reader's work grows faster than the tiles (0.55 s of CPU for 500): it takes a
    # turn in the photo pool, so a crowd of reads waits there, not in front of health.
    with current_app.extensions["recognizer"].admit():
        return jsonify(read_layout(cleaned))


@bp.get("/practice")
def practice_question():  # type: ignore[no-untyped-def]
    """A practice question: a ready hand; answer with the tiles that complete it."""
    seed = query_param("seed", limit=40)
    if seed is not None and not (seed.isascii() and seed.isdigit() and len(seed) <= 18):
        raise ApiError(400, f"seed must be a whole number of at most 18 digits, got {seed!r}")
    variant_name = query_param("variant", "default", limit=40) or "default"
    get_profile(variant_name)
    return jsonify(practice.question(int(seed) if seed else None, variant_name))


@bp.post("/read-table")
def read_table_photo():  # type: ignore[no-untyped-def]
    """The whole table from one photo (multipart ``image``, optional ``tileset`` and
    ``corrections``, a JSON list of ``{index, seat, zone}``), or from ``tiles`` already found
    (a JSON body with ``tiles`` and ``corrections``): seats, indicator, every tile placed, notes
    (``vision.table_reader``).  The same upload limits and photo pool as ``/api/recognize``."""
    from vision.table_reader import MAX_TILES, table_answer  # noqa: PLC0415 (optional part)

    if request.is_json:
        body = json_body()
        cleaned = _detections(body.get("tiles"), MAX_TILES,
                              "{n} tiles found in the photo, more than the {limit} a table can hold")
        corrections = _corrections(body.get("corrections"))
        with current_app.extensions["recognizer"].admit():
            return jsonify(table_answer(cleaned, corrections))
    corrections = _corrections(_form_corrections())
    data = uploaded_photo()
    tileset = tileset_for_photo()
    result = recognize(current_app.extensions["recognizer"], data, current_app.config, tileset,
                       lambda found: table_answer(found, corrections), whole_table=True)
    answer = result.pop("reading")
    result.pop("tiles")
    return jsonify({**answer, **result})


def _corrections(value: Any) -> Any:
    """The player's corrections, checked before any work: an unknown seat or zone is a 400
    naming it, in English and Chinese."""
    from vision.table_reader import MAX_TILES, parse_corrections  # noqa: PLC0415

    try:
        parse_corrections(value, MAX_TILES)
    except MahjongError as exc:
        raise ApiError(400, str(exc), token="corrections") from None
    return value


def _form_corrections() -> Any:
    """The ``corrections`` form field of a photo upload, as JSON (None when absent)."""
    value = request.form.get("corrections")
    if value is None or not value.strip():
        return None
    if len(value) > 20000:
        raise ApiError(400, "'corrections' is too long", token="corrections")
    return parse_json(value.encode())


def _seed(value: Any) -> int | None:
    """A practice seed: a whole number of at most 18 digits, else a 400 naming it."""
    if value is None:
        return None
    text = str(value)
    if isinstance(value, bool) or not (text.isascii() and text.isdigit() and len(text) <= 18):
        raise ApiError(400, f"seed must be a whole number of at most 18 digits, got {text[:40]!r}")
    return int(text)


@bp.get("/practice/value")
def practice_value_question():  # type: ignore[no-untyped-def]
    """A value exercise (``family``: mcr, sichuan, guangdong, riichi, riichi_defence): a hand
    whose advised discard is not the most efficient one; the answer is one tile."""
    seed = _seed(query_param("seed", limit=40))
    family = query_param("family", "mcr", limit=40) or "mcr"
    return jsonify(practice.value_question(seed, family))


@bp.post("/practice/value/check")
def practice_value_check():  # type: ignore[no-untyped-def]
    """Check a value exercise's answer: ``{"seed", "family", "answer": tile}`` → correct, the
    advised and the most efficient discard, the reason in both languages, the numbers."""
    body = json_body()
    if "seed" not in body or "answer" not in body:
        raise MahjongError("give 'seed' (the exercise's) and 'answer' (one tile)", "seed")
    seed = _seed(body["seed"])
    family = body.get("family", "mcr")
    if not isinstance(family, str):
        raise MahjongError(f"family must be one of {sorted(practice.VALUE_FAMILIES)}, got "
                           f"{family!r}", "family")
    return jsonify(practice.value_check(seed, family, body["answer"]))  # type: ignore[arg-type]


@bp.post("/practice/check")
def practice_check():  # type: ignore[no-untyped-def]
    """Check an answer: ``{"hand": tiles, "answer": tiles}`` and the question's ``melds`` and
    ``stood`` → correct, missing, wrong, waits."""
    body = json_body()
    if "hand" not in body or "answer" not in body:
        raise MahjongError("give 'hand' (13 tiles) and 'answer' (the tiles that complete it)",
                           "hand")
    variant_name = body.get("variant", "default")
    if not isinstance(variant_name, str):
        raise MahjongError("'variant' must be a variant's name", "variant")
    return jsonify(practice.check(body["hand"], body["answer"], variant_name, body.get("melds"),
                                  body.get("stood")))


@bp.post("/charleston-advice")
def charleston_pass():  # type: ignore[no-untyped-def]
    """The Charleston (查理士顿) step of the live page: which three tiles to pass on this pass and
    why, in both languages; any bad input is a 400 naming it (in ``error_zh`` too)."""
    body = json_body()
    try:
        return jsonify(charleston_answer(body))
    except MahjongError as exc:
        token = exc.token if isinstance(exc.token, (str, int, float, bool)) else None
        raise ApiError(400, _short(str(exc)), token=token) from None


def charleston_answer(body: dict[str, Any]) -> dict[str, Any]:
    """``{"concealed": the dealt tiles, "pass": right|left|opposite, "round": 1|2, "variant",
    "options"}`` → the pass (its place in the seed's order and the next one), the three tiles
    to pass, the tiles kept, and each tile's reason in Chinese and English."""
    step = charleston_step(body.get("pass", "right"), body.get("round", 1))
    expect_objects(body, "options")
    variant_name = body.get("variant", "default")
    if not isinstance(variant_name, str):
        raise MahjongError("'variant' must be a variant's name", "variant")
    profile = get_profile(variant_name, body.get("options") or {})
    if body.get("melds"):
        raise MahjongError("查理士顿: the tiles are passed from the dealt hand, before any meld: "
                           "'melds' must be empty", "melds")
    state = HandState.from_json({k: body[k] for k in ("concealed", "win_tile") if k in body},
                                profile.hand_size)
    dealt = state.concealed + ([state.win_tile] if state.win_tile else [])
    advice = charleston_advice(dealt, profile.hand_size)
    words = {f"{key}_{lang}": text(name, lang, round=step["round"], step=step["step"],
                                   to=text(f"charleston.{step['direction']}", lang))
             for key, name in (("to", f"charleston.{step['direction']}"),
                               ("title", "charleston.step"), ("rule", "charleston.rule"))
             for lang in ("zh", "en")}
    return {"variant": profile.name, **step, **words, **advice}
