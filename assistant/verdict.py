"""Advice that weighs value and danger: each discard's win chance, expected gain and deal-in
chance, the discards ordered as the player asks (``advice``), and push or fold once an opponent
has declared ready.

Balanced order: expected gain less expected loss, ``expected_points - deal_in × loss``, where the
loss of dealing in is taken as the player's own average winning gain (the same units; an
opponent's hand is assumed worth what one's own is), and at least one unit.
"""

from __future__ import annotations

from typing import Any

from .catalogue import text, translate
from .danger import FURITEN_VARIANTS, Table, deal_in_all, safe_against
from .hand import HandState
from .profile import RuleProfile
from .scoring.patterns import CATALOGUE
from .tiles import INDEX, WINDS, tile_name
from .value import Judge, ValueModel, default_draws, discard_value, value_model
from .variants.guangdong import SPECIALS
from .waits import Rules


def weigh(result: dict[str, Any], state: HandState, profile: RuleProfile, rules: Rules,
          counts: list[int], wilds: int, judge: Judge) -> None:
    """Add value, danger, the order and the verdict to ``result`` (its ``discards`` listed)."""
    discards = result["discards"]
    table = Table.read(state.table, state.seat_wind)
    draws = state.draws_left if state.draws_left is not None else default_draws(
        state, profile, rules)
    model = value_model(state, profile, rules, counts, wilds, draws, judge)
    danger = deal_in_all(table, model.pool, profile.name in FURITEN_VARIANTS,
                         profile.pass_lock) if table.rivers else None
    for rank, d in enumerate(discards):
        d.update(discard_value(model, d["tile"]))
        d["deal_in"] = danger[_index(d["tile"], rules)] if danger is not None else None
        d["efficiency_rank"] = rank
    per_win = [d["expected_points"] / d["win_chance"] for d in discards
               if d["win_chance"] > 0 and not d.get("approximate")]
    if per_win:  # an approximated discard's wins are taken as worth the exact ones' average
        mean = sum(per_win) / len(per_win)
        for d in discards:
            if d.get("approximate"):
                d["expected_points"] = round(d["win_chance"] * mean, 2)
    loss = max(1.0, max(per_win, default=1.0))
    for d in discards:
        d["balance"] = round(d["expected_points"] - (d["deal_in"] or 0.0) * loss, 2)
    result["advice"] = state.advice
    result["draws_left"] = draws
    discards.sort(key=_ORDERS[state.advice])
    efficient = next((d for d in discards if d["efficiency_rank"] == 0), None)
    for d in discards:
        del d["efficiency_rank"]
    result["verdict"] = _verdict(discards, table, loss, profile, model.pool) \
        if table.declared and discards else None
    rule = _rule_reason(discards[0], efficient, state, profile, model) if discards else {}
    result["why"] = _why(discards[0], efficient, result["verdict"], rule) if discards else None


def _index(tile: str, rules: Rules) -> int:
    """The danger row of a discard (a wild code listed as itself; a folded wind as East)."""
    if rules.fold_winds and tile in WINDS:
        return INDEX["E"]
    return INDEX[tile]


_ORDERS = {
    "efficiency": lambda d: d["efficiency_rank"],
    "value": lambda d: (-d["expected_points"], -d["win_chance"], d["efficiency_rank"]),
    "safety": lambda d: (d["deal_in"] or 0.0, d["efficiency_rank"]),
    "balanced": lambda d: (-d["balance"], d["deal_in"] or 0.0, -d["win_chance"],
                           d["efficiency_rank"]),
}


#: The share of the hand's best win chance a discard must keep to count as a push.
PUSH_KEEPS = 0.5


def _verdict(discards: list[dict[str, Any]], table: Table, loss: float,
             profile: RuleProfile, pool: list[int]) -> dict[str, Any]:
    """Push or fold against a declared opponent: the discard of most expected gain less expected
    loss; a push when that is positive and keeps at least half the hand's best win chance, a
    fold when it gives the chance up for safety (or the hand has none)."""
    best = max(discards, key=lambda d: (d["balance"], -(d["deal_in"] or 0.0)))
    top_win = max(d["win_chance"] for d in discards)
    # a push keeps playing for the win: the chosen tile gains more than it risks and keeps most
    # of the hand's best chance; anything else is a fold (safety bought with the hand's chance)
    push = best["balance"] > 0 and best["win_chance"] >= PUSH_KEEPS * top_win
    action = "push" if push else "fold"
    params = {"win": _pct(best["win_chance"]), "ev": f"{best['expected_points']:+.1f}",
              "deal": _pct(best["deal_in"] or 0.0), "loss": f"{loss:.0f}"}
    safe = _safe_reason(best["tile"], table, profile, pool)
    return {"action": action, "discard": best["tile"],
            **{f"reason_{lang}": text(f"advice.{action}", lang, tile=tile_name(best["tile"], lang),
                                      seats=_seats(table, lang), **params)
                                      + ("" if lang == "zh" or not safe else " ") + safe.get(lang, "")
               for lang in ("zh", "en")}}


def _safe_reason(tile: str, table: Table, profile: RuleProfile, pool: list[int]
                 ) -> dict[str, str]:
    """Why the verdict's tile is safe or safer: in riichi, where furiten makes it so, 现物 (in
    every declarer's river or passed after his riichi), else 筋 (suji: a 两面 wait on it would be
    furiten); else, in any variant, 壁 (kabe) or 单壁 (one-chance) from the unseen counts."""
    if tile not in INDEX:
        return {}
    if profile.name not in FURITEN_VARIANTS:
        return _wall_reason(tile, table, profile, pool)
    declared = [s for s in WINDS if s in table.declared]
    if all(INDEX[tile] in safe_against(table, s, True, False) for s in declared):
        return {lang: text("advice.safe_genbutsu", lang, tile=tile_name(tile, lang),
                           seats=_seats(table, lang)) for lang in ("zh", "en")}
    n, suit = (int(tile[0]), tile[1]) if len(tile) == 2 and tile[1] in "mps" else (0, "")
    if not n:
        return {}
    needed = [f"{k}{suit}" for k in (n - 3, n + 3) if 1 <= k <= 9]
    if all(all(t in table.rivers.get(s, []) for t in needed) for s in declared):
        return {lang: text("advice.safe_suji", lang, tile=tile_name(tile, lang),
                           seats=_seats(table, lang),
                           suji=("、" if lang == "zh" else ", ").join(
                               tile_name(t, lang) for t in needed)) for lang in ("zh", "en")}
    return _wall_reason(tile, table, profile, pool)


def _wall_reason(tile: str, table: Table, profile: RuleProfile, pool: list[int]
                 ) -> dict[str, str]:
    """壁 (kabe) where every 两面 wait on ``tile`` holds a tile none of whose copies is unseen
    (``pool``: the danger model gives such a wait no weight), 单壁 (one-chance) where each holds
    one with at most one unseen (the model weighs it by that one copy); a wait furiten for every
    declarer (riichi) is out already. The sentence names the tiles that make the wall."""
    n, suit = (int(tile[0]), tile[1]) if len(tile) == 2 and tile[1] in "mps" else (0, "")
    if not n:
        return {}
    declared = [s for s in WINDS if s in table.declared]
    furiten = profile.name in FURITEN_VARIANTS
    walls: list[str] = []
    least = 0
    # the 两面 waits on n: n+1 n+2 held (waiting on n and n+3), n-2 n-1 held (on n-3 and n)
    for held, waits in (((n + 1, n + 2), (n, n + 3)), ((n - 2, n - 1), (n - 3, n))):
        if held[0] < 2 or held[1] > 8:
            continue
        if furiten and all(any(INDEX[f"{w}{suit}"] in safe_against(table, s, True, False)
                               for w in waits if 1 <= w <= 9) for s in declared):
            continue
        # the held tile nearer to n blocks it when both are as scarce
        near = sorted(held, key=lambda k: (pool[INDEX[f"{k}{suit}"]], abs(k - n)))[0]
        count = pool[INDEX[f"{near}{suit}"]]
        if count > 1:
            return {}
        least = max(least, count)
        if f"{near}{suit}" not in walls:
            walls.append(f"{near}{suit}")
    if not walls:
        return {}
    key = "advice.safe_kabe" if least == 0 else "advice.safe_one_chance"
    return {lang: text(key, lang, tile=tile_name(tile, lang),
                       wall=("、" if lang == "zh" else ", ").join(tile_name(t, lang) for t in walls))
            for lang in ("zh", "en")}


def _rule_reason(best: dict[str, Any], efficient: dict[str, Any] | None, state: HandState,
                 profile: RuleProfile, model: ValueModel) -> dict[str, str]:
    """The variant's own reason for the first discard where it decides, one sentence in zh and
    en (empty where efficiency alone explains it): Sichuan's void suit and 根, a minimum to win
    (MCR 起和八番, 起糊), riichi's yaku on an open hand, Guangdong's fan that doubles the points."""
    other = efficient if efficient is not None and efficient["tile"] != best["tile"] else None
    target = best["targets"][0] if best["targets"] else None
    tile = best["tile"]
    key = ""
    params: dict[str, tuple[Any, Any]] = {}  # name -> (zh, en)
    minimum = _minimum(profile)
    if model.dropped is not None and len(tile) == 2 and tile[1] == "mps"[model.dropped]:
        key = "advice.rule_void"
        params = {"suit": (text("ui.suit_" + tile[1], "zh"), text("ui.suit_" + tile[1], "en"))}
    elif other is None:
        return {}
    elif profile.lack_a_suit and other["tile"] in INDEX \
            and model.start[0][INDEX[other["tile"]]] == 4:
        key = "advice.rule_root"
    elif minimum and other["win_chance"] < best["win_chance"] \
            and other["tenpai_chance"] >= best["tenpai_chance"]:
        rule = "起和八番" if profile.name == "mcr" else "起糊"
        key, params = "advice.rule_minimum", {"min": (minimum, minimum), "rule": (rule, rule)}
    elif profile.name in YAKU_VARIANTS and any(not m.concealed for m in state.melds) \
            and target is not None and other["win_chance"] < best["win_chance"]:
        key = "advice.rule_yaku"
    elif profile.extra.get("bao_he_cap") is not None and target is not None \
            and best["expected_points"] > other["expected_points"]:
        # both sentences are about the 爆和 cap: a table playing without one gets the numbers only
        cap = profile.option("bao_he_cap")
        key = "advice.rule_special" if target["name_zh"] in GUANGDONG_SPECIALS \
            else "advice.rule_fan_doubles"
        params = {"cap": (cap, cap)}
    if not key:
        return {}
    return {lang: text(key, lang, tile=tile_name(tile, lang),
                       other=tile_name(other["tile"], lang) if other else "",
                       target=(target["name_zh"] if lang == "zh" else target["name_en"])
                       if target else "",
                       **{k: v[0 if lang == "zh" else 1] for k, v in params.items()})
            for lang in ("zh", "en")}


#: The Japanese rules, where a win needs a yaku (an open hand loses riichi and 门前清自摸和).
YAKU_VARIANTS = ("riichi", "riichi_sanma")
#: The names of Guangdong's hands beyond the 爆和 cap (its card's specials), as targets show them.
GUANGDONG_SPECIALS = frozenset(e.name_zh or CATALOGUE[e.pattern].name_zh for e in SPECIALS.entries)


def _minimum(profile: RuleProfile) -> int:
    """The least a hand must score to win under the profile (MCR's points, 起糊's fan), or 0."""
    for key in ("min_points", "min_fan"):
        if key in profile.extra and profile.extra[key]:
            return int(profile.extra[key])
    return 0


def _why(best: dict[str, Any], efficient: dict[str, Any] | None,
         verdict: dict[str, Any] | None, rule: dict[str, str] | None = None) -> dict[str, str]:
    """The first discard and why, in one sentence a beginner reads (zh and en): the verdict's
    reason when it is about that tile, else its numbers set against the most efficient
    discard's where the two differ (what the player would have chosen by counting tiles), and
    the variant's own reason (``rule``) where it decides."""
    if verdict is not None and verdict["discard"] == best["tile"]:
        return {"zh": verdict["reason_zh"], "en": verdict["reason_en"]}
    out = _why_numbers(best, efficient)
    if rule:
        out = {lang: out[lang] + ("" if lang == "zh" else " ") + rule[lang] for lang in out}
    return out


def _why_numbers(best: dict[str, Any], efficient: dict[str, Any] | None) -> dict[str, str]:
    """The first discard's numbers, set against the most efficient discard's where they differ."""
    out = {}
    for lang in ("zh", "en"):
        params = {"tile": tile_name(best["tile"], lang), "win": _pct(best["win_chance"]),
                  "ev": _ev(best["expected_points"])}
        aim = text("advice.why_aim", lang, target=_target(best["targets"][0], lang)) \
            if best["targets"] else ""
        if efficient is None or efficient["tile"] == best["tile"]:
            out[lang] = text("advice.why_same", lang, aim=aim, **params)
            continue
        deal = ""
        if best["deal_in"] is not None and efficient["deal_in"] is not None \
                and best["deal_in"] < efficient["deal_in"]:
            deal = text("advice.why_deal", lang, deal=_pct(best["deal_in"]),
                        other_deal=_pct(efficient["deal_in"]))
        out[lang] = text("advice.why_other", lang, other=tile_name(efficient["tile"], lang),
                         other_win=_pct(efficient["win_chance"]),
                         other_ev=_ev(efficient["expected_points"]), deal=deal, aim=aim,
                         **params)
    return out


def _ev(points: float) -> str:
    """Expected points as a sentence shows them: two decimals under one unit (Sichuan's 分)."""
    return f"{points:+.1f}" if abs(points) >= 1 else f"{points:+.2f}"


def _target(target: dict[str, Any], lang: str) -> str:
    """A winning hand the discard aims at, with its share of the expected points."""
    name = target["name_zh"] if lang == "zh" else target["name_en"]
    return f"{name} {round(100 * target['share'])}%"


_SEAT_KEYS = {"E": "ui.east", "S": "ui.south", "W": "ui.west", "N": "ui.north"}


def _seats(table: Table, lang: str) -> str:
    """The seats that declared ready, as players name them (南家 / South)."""
    sep = "、" if lang == "zh" else ", "
    return sep.join(text(_SEAT_KEYS[s], lang) for s in WINDS if s in table.declared)


def _pct(p: float) -> str:
    return f"{round(100 * p)}%"


def refusal(result: dict[str, Any]) -> dict[str, str] | None:
    """Why the variant's rules refuse the hand a win, in both languages, whatever made the
    refusal (the void suit held, 缺一门, no yaku, under MCR's minimum), so that every page and
    report that judges a hand gives the same reason; None where nothing refuses it."""
    score = result.get("score") or {}
    held = result.get("void_suit_held") or []
    if result.get("score_error"):
        message = result["score_error"]["message"]
        return {"zh": translate(message, "zh"), "en": message}
    if held:
        key, params = "verdict.void_suit_held", {
            lang: {"tiles": text("ui.list_comma", lang).join(tile_name(t, lang) for t in held)}
            for lang in ("zh", "en")}
    elif result.get("three_suits_held"):
        key, params = "verdict.three_suits_held", {"zh": {}, "en": {}}
    elif score.get("below_minimum"):
        points = {"points": score.get("fans_points", score.get("total")),
                  "min": score.get("min_points")}
        key, params = "verdict.below_minimum", {"zh": points, "en": points}
    else:
        return None
    return {lang: text(key, lang, **params[lang]) for lang in ("zh", "en")}
