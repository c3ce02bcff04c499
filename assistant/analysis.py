"""One call that answers everything about a hand: shanten, waits, discards, win, own-turn moves.

This is what ``mahjong-assistant analyze`` prints and the web API returns.

>>> r = analyze({"concealed": "19m19p19s1234567z"})
>>> r["shanten"], len(r["waits"])
(0, 13)
>>> analyze({"concealed": "123m456p789s1122z", "variant": "nowhere"})
Traceback (most recent call last):
...
assistant.errors.MahjongError: unknown variant 'nowhere'; known variants: ...
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from .advice import discard_options
from .decompose import Decomposition, decompositions
from .errors import MahjongError, NotScored
from .hand import HandState
from .profile import RuleProfile
from .scoring.wild_hands import Shapeless, resolved_hands, settled_readings, shapeless
from .shanten import form_applies
from .table_view import seen_on_table, shows_table, table_of
from .tiles import DRAGONS, INDEX, TILES, WINDS, parse_tiles, tile_name
from .variants import COUNTS_DORA, INSTANT_WINS, check_table, get_profile, scorer_for
from .waits import Rules, form_shanten, helpful_draws, waits
from .wilds import stand_ins, wild_codes_for


def rules_of(profile: RuleProfile, state: HandState) -> Rules:
    """The engine switches for this hand: the profile's, plus the hand's own wild tiles (those
    it lists and those its indicator makes) and, 开杠不补牌, one tile short per kong."""
    wild_codes = wild_codes_for(profile, state)
    absent = frozenset(INDEX[t] for t in profile.absent_tiles)
    if profile.three_player:
        absent |= frozenset(range(1, 8))
    short = kongs_short(profile, state.melds)
    return Rules(profile.forms, wild_codes, absent, profile.three_player,
                 profile.four_as_two_pairs, profile.winds_as_one,
                 int(profile.imagined_tile) + short, stand_ins(profile, wild_codes))


def kongs_short(profile: RuleProfile, melds: Any) -> int:
    """Tiles the hand is short (开杠不补牌: no replacement drawn, one per kong, two per quint)."""
    if not profile.kong_no_replacement:
        return 0
    extra = {"kong": 1, "quint": 2}
    return sum(extra.get(m.type if hasattr(m, "type") else m.get("type"), 0) for m in melds)


def resolve_quints(profile: RuleProfile, state: HandState,
                   wild_codes: tuple[str, ...]) -> HandState:
    """The hand with each quint (昆) read as five of its kind; a quint is refused where 百搭
    does not form sets (option wild_sets_only) or where a tile of it is neither its kind nor
    wild: only four copies of a tile exist, so a wild must stand in for the fifth."""
    if not any(m.type == "quint" for m in state.melds):
        return state
    melds = []
    for m in state.melds:
        if m.type != "quint":
            melds.append(m)
            continue
        text = " ".join(m.tiles)
        if not profile.wild_sets_only:
            raise MahjongError(f"variant {profile.name!r}: a quint ({text}) is five of a kind "
                               "made with a wild (四只成杠五只成昆), played only where 百搭 forms "
                               "sets (option wild_sets_only)", text)
        natural = sorted({t for t in m.tiles if t not in wild_codes}, key=INDEX.__getitem__)
        if len(natural) > 1:
            raise MahjongError(f"the quint {text} is not five of a kind: {natural[0]} and "
                               f"{natural[1]} are both there and neither is wild (a quint is "
                               "one tile and wilds standing in, a tile having only four copies)",
                               text)
        kind = natural[0] if natural else m.tile  # five wilds: the most held one as its own kind
        if sum(1 for t in m.tiles if t != kind) == 0:  # five of one face: refused when parsed
            raise MahjongError(f"the quint {text} has no wild standing in: a tile has only four "
                               "copies", text)
        melds.append(replace(m, kind=kind))
    return replace(state, melds=melds)


def split_wilds(tiles: list[str], rules: Rules) -> tuple[list[int], int]:
    """Counts of the natural tiles and the number of wild tiles among ``tiles`` (the imagined
    心皇 tile among them); with ``fold_winds`` every wind counts as East; a stand-in (白板 for
    百搭) counts as the kind it stands for."""
    counts = [0] * 34
    wilds = rules.virtual_wilds
    stand_in = dict(rules.stand_in)
    for t in tiles:
        if t in rules.wild_codes:
            wilds += 1
        elif rules.fold_winds and t in WINDS:
            counts[INDEX["E"]] += 1
        else:
            counts[INDEX[stand_in.get(t, t)]] += 1
    return counts, wilds


def complete_readings(state: HandState, profile: RuleProfile, counts: list[int],
                      wilds: int) -> tuple[list[Decomposition], tuple[str, str] | None]:
    """The readings of a complete hand that the variant lets win, and the rule that stops the
    others when none is left (its own ``win_condition``); a shapeless win (三财神) is one
    reading of its own. The condition sees each reading with the wilds as what they stand for."""
    readings = decompositions(counts, wilds, profile.forms, profile.four_as_two_pairs)
    readings = [r for r in readings if _wilds_fit(profile, state, r)]
    if profile.shapeless_win is not None:
        name = profile.shapeless_win(state, profile)
        if name is not None:
            readings.append(shapeless(state.tiles, name))
    lock = discard_locked(state, profile)
    if readings and lock is not None:
        return [], lock
    if not readings or profile.win_condition is None:
        return readings, None
    kept, reason = [], None
    codes = wild_codes_for(profile, state)
    for reading, (hand, _) in zip(readings, resolved_hands(state, readings, counts, codes),
                                  strict=True):
        broken = None if isinstance(reading, Shapeless) else profile.win_condition(
            state, hand, profile)
        if broken is None:
            kept.append(reading)
        elif reason is None:
            reason = broken
    return kept, None if kept else reason


def discard_locked(state: HandState, profile: RuleProfile) -> tuple[str, str] | None:
    """曾放过的牌不能和 (switch ``discard_lock``): the rule that stops a win on a tile the player
    has discarded himself (his ``discards``), or None."""
    win = state.win_tile
    if not profile.discard_lock or win is None or win not in state.discards:
        return None
    if profile.discard_lock == "discard" and state.self_drawn:
        return None
    return (f"排列出牌：{win} 自己打出过，不能再和这张牌（曾放过的牌不能和）",
            f"discards in order: {win} was discarded by this player, who cannot win on it "
            "(曾放过的牌不能和)")


def _wilds_fit(profile: RuleProfile, state: HandState, reading: Decomposition) -> bool:
    """开杠不补牌: the tiles short are the eye (one kong: a single eye, two: none); 百搭 that
    forms sets: the other wilds are in pungs only."""
    short = kongs_short(profile, state.melds)
    pair = reading.pair
    if short and (pair is None or pair.wilds < min(short, 2)):
        return False
    if profile.wild_sets_only:
        return all(g.kind == "pung" or not g.wilds or (g is pair and g.wilds <= short)
                   for g in reading.groups)
    return True


def remaining_copies(state: HandState, absent: frozenset[int] = frozenset()) -> list[int]:
    """Unseen copies of each tile: four, less the player's own tiles, the visible ones and the
    北 he set aside (抜きドラ); none of a tile ``absent`` from the set (三麻's 2万–8万), so the
    counts add up to the variant's own set (108 tiles in 三麻)."""
    seen = state.own_counts() + Counter(state.visible) + Counter(state.discards) + Counter(
        t for t in state.bonus if t in DRAGONS) + Counter(state.laid_out) + Counter(
        [state.indicator] if state.indicator else []) + Counter({"N": state.nukidora})
    return [0 if i in absent else max(0, 4 - seen[t]) for i, t in enumerate(TILES)]


def analyze(data: dict[str, Any] | HandState, variant: str | None = None,
            options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Analyse a hand given as JSON (or a :class:`HandState`); raises :class:`MahjongError`."""
    if isinstance(data, HandState):
        state = data
    else:
        data = with_table(data, variant, options)
        state = HandState.from_json(data, _hand_size(data, variant, options))
    name = variant or state.variant
    profile = get_profile(name, {**state.options, **(options or {})})
    return analyze_state(state, profile)


def with_table(data: Any, variant: str | None, options: dict[str, Any] | None) -> Any:
    """``data`` with what its ``table`` shows added: every river and the other seats' melds
    among the ``visible`` tiles (copies left count them), the indicator as the variant turns it
    (its wilds, or riichi's dora) where the hand gives none; ``table`` itself is kept, by seat
    wind, for the advice that reads it."""
    if not isinstance(data, dict) or not shows_table(data.get("table")):
        return data
    seat = data.get("seat_wind", (data.get("context") or {}).get("seat_wind", "E"))
    table = table_of(data["table"], seat)
    out = {**data, "table": table}
    seen = seen_on_table(table, seat, own_river=data.get("discards") is None)
    if seen:
        visible = data.get("visible") or []
        out["visible"] = (parse_tiles(visible) if isinstance(visible, str) else list(visible)) + seen
    shown = table.get("indicator")
    if shown and not data.get("indicator") and not data.get("dora_indicators"):
        profile = get_profile(variant or data.get("variant"), {**(data.get("options") or {}),
                                                               **(options or {})})
        if profile.wild_indicator:
            out["indicator"] = shown
        elif profile.name in COUNTS_DORA:
            out["dora_indicators"] = [shown]
    return out


def _hand_size(data: Any, variant: str | None, options: dict[str, Any] | None) -> int:
    """The hand size the variant named in ``data`` plays (13 unless its options say less), read
    before the hand so a 成都 table's 10-tile hand is checked as one; bad names fail later."""
    if not isinstance(data, dict):
        return 13
    name, given = variant or data.get("variant"), data.get("options") or {}
    if not isinstance(name, (str, type(None))) or not isinstance(given, dict):
        return 13
    profile = get_profile(name, {**given, **(options or {})})
    melds = data.get("melds")
    return profile.hand_size - (kongs_short(profile, [m for m in melds if isinstance(m, dict)])
                                if isinstance(melds, list) else 0)


def _check_against(profile: RuleProfile, state: HandState, rules: Rules) -> None:
    dragons = [t for t in state.bonus if len(t) == 1]
    if dragons and not profile.dragons_as_flowers:
        raise MahjongError(f"{dragons[0]} ({tile_name(dragons[0])}) is a flower only where the "
                           "dragons are flowers (南京); here it belongs in the hand", dragons[0])
    if profile.extra.get("no_flowers") and (state.bonus or state.flower_count):
        shown = state.bonus[0] if state.bonus else state.flower_count
        raise MahjongError(f"variant {profile.name!r} has no flowers (没有花牌), but the hand has "
                           f"{shown}", "bonus")
    held = state.own_counts() + Counter(state.visible)
    for t in profile.one_copy:
        if held[t] > 1:
            raise MahjongError(f"variant {profile.name!r} plays one {t} ({tile_name(t)}); this "
                               f"hand and the table show {held[t]}", t)
    size = profile.hand_size - kongs_short(profile, state.melds)
    if state.tile_count not in (size, size + 1):
        raise MahjongError(f"variant {profile.name!r} plays hands of {size} tiles; "
                           f"this one holds {state.tile_count}", state.tile_count)
    for t in state.laid_out:
        if t not in profile.laid_out_tiles and not (profile.wild_laid_out
                                                    and t in rules.wild_codes):
            raise MahjongError(f"variant {profile.name!r}: only "
                               f"{' '.join(profile.laid_out_tiles) or 'no tile'}"
                               f"{' or a wild' if profile.wild_laid_out else ''} may be laid out "
                               f"singly as a kong, not {t} ({tile_name(t)})", t)
    for m in state.melds:
        if m.tile in profile.laid_out_tiles:
            raise MahjongError(f"variant {profile.name!r}: {m.tile} ({tile_name(m.tile)}) is "
                               "only laid out singly as a kong (红中杠), never in a set", m.tile)
    if not profile.wild_discard:
        thrown = [t for t in state.discards if t in rules.wild_codes]
        if thrown:
            raise MahjongError(f"variant {profile.name!r}: a wild tile is never discarded "
                               f"(财神不能打出), but the discards list {thrown[0]}", thrown[0])
    if not profile.wild_in_claims:
        for m in state.melds:
            used = [t for t in m.faces if t in rules.wild_codes]
            if used:
                raise MahjongError(f"variant {profile.name!r}: a wild tile ({used[0]}, "
                                   f"{tile_name(used[0])}) cannot be used to chow, pung or kong, "
                                   f"but the meld {' '.join(m.tiles)} holds it", used[0])
    shown = state.visible + state.discards + state.dora_indicators + state.ura_dora_indicators
    for t in state.tiles + [t for m in state.melds for t in m.faces] + shown:
        if INDEX[t] in rules.absent:
            raise MahjongError(f"{t} ({tile_name(t)}) is not in the tile set of variant "
                               f"{profile.name!r}", t)
    if state.nukidora and "nukidora" in profile.extra and not profile.extra["nukidora"]:
        raise MahjongError(f"variant {profile.name!r}: this table plays 北 as a wind only, never "
                           "set aside (option nukidora = false)", "nukidora")
    if state.nukidora and not profile.extra.get("nukidora"):
        raise MahjongError(f"variant {profile.name!r} sets no 北 aside: 抜きドラ (nukidora) is "
                           "three-player riichi's (riichi_sanma)", "nukidora")
    if not profile.chow_allowed:
        for m in state.melds:
            if m.type == "chow" and not m.concealed:
                raise MahjongError(f"variant {profile.name!r} does not allow chows, but a chow "
                                   f"{' '.join(m.tiles)} is declared", " ".join(m.tiles))


def analyze_state(state: HandState, profile: RuleProfile) -> dict[str, Any]:
    """Analyse a checked hand state under a profile."""
    rules = rules_of(profile, state)
    state = resolve_quints(profile, state, rules.wild_codes)
    _check_against(profile, state, rules)
    check_table(profile, state)
    counts, wilds = split_wilds(state.tiles, rules)
    if state.jokers:
        return _with_jokers(state, profile, rules, counts, wilds)
    n = sum(counts) + wilds
    remaining = remaining_copies(state, rules.absent)
    forms = {f.value: form_shanten(f, counts, wilds, rules.three_player, rules.four_as_two_pairs)
             if form_applies(f, n) else None for f in profile.forms}
    shanten = min(v for v in forms.values() if v is not None)
    result: dict[str, Any] = {
        "variant": profile.name,
        "hand": state.to_json(),
        "tile_count": state.tile_count,
        "shanten": shanten,
        "shanten_forms": forms,
        "is_win": False,
        "waits": [],
        "effective": [],
        "discards": [],
    }
    if rules.wild_codes:  # the wild tiles (listed, and those the indicator makes), win or not
        result["wilds"] = list(rules.wild_codes)
    if state.dealt_hand:
        instant = INSTANT_WINS.get(profile.name)
        if instant is None:
            raise MahjongError(f"variant {profile.name!r} has no 起手胡 (wins on the dealt hand); "
                               f"they exist in {', '.join(INSTANT_WINS)}", "dealt_hand")
        result["instant_win"] = instant(state, profile)
    void = _void_tiles(state)
    if void:
        result["void_suit_held"] = void
    three_suits = profile.lack_a_suit and len(_suits_held(state)) == 3
    if three_suits:
        result["three_suits_held"] = True
    no_win = bool(void) or three_suits
    if n % 3 == 1:
        if shanten == 0 and not no_win:
            result["waits"] = _waits(state, profile, rules, counts, wilds, remaining)
        if profile.shapeless_win is not None and not no_win:
            result["waits"] += _shapeless_waits(state, profile, remaining, result["waits"])
        if shanten > 0:
            _, helpful = helpful_draws(counts, wilds, rules)
            tiles = [TILES[i] for i in helpful] + list(rules.wild_codes)
            result["effective"] = [{"tile": t, "remaining": remaining[INDEX[t]]} for t in tiles]
    else:
        readings, broken = ([], None) if no_win else complete_readings(state, profile, counts,
                                                                       wilds)
        if broken is not None:
            result["not_a_win"] = {"zh": broken[0], "en": broken[1]}
        result["is_win"] = bool(readings)
        result["decompositions"] = _readings_json(state, profile, rules, counts, readings)
        if not readings:
            options = discard_options(counts, wilds, remaining, rules)
            # Sichuan: the suit given up must go first, so only its tiles are advised; 立四's
            # standing tiles are never discarded.
            free = Counter(state.tiles) - Counter(state.stood)
            result["discards"] = [o.to_json() for o in options if (not void or o.tile in void)
                                  and (not state.stood or free[o.tile] > 0)
                                  and (profile.wild_discard or o.tile not in rules.wild_codes)]
            if rules.fold_winds:  # the folded wind is discarded as a wind the player holds
                held = [w for w in WINDS if w in state.tiles]
                for d in result["discards"]:
                    if d["tile"] == "E" and held:
                        d["tile"] = held[0]
        result["own_turn"] = _own_turn(state, profile, bool(readings))
        scorer = scorer_for(profile)
        if scorer is not None and readings:
            try:
                result["score"] = scorer(state, profile,
                                         settled_readings(readings, rules.wild_codes))
            except NotScored as exc:  # complete, but not a win under the rules (riichi: no yaku)
                result["score_error"] = {"rule": exc.token, "message": str(exc)}
    return result


def blocked(state: HandState, profile: RuleProfile) -> bool:
    """Whether the hand cannot win whatever its shape: the void suit (定缺) still held, or all
    three suits where the variant plays 缺一门."""
    return bool(_void_tiles(state)) or (profile.lack_a_suit and len(_suits_held(state)) == 3)


def _readings_json(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int],
                   readings: list[Decomposition]) -> list[dict[str, Any]]:
    """Each reading's form and groups; with wild tiles, what they stand for in it (``wilds_as``)."""
    out = []
    for d, (_, stood) in zip(readings, resolved_hands(state, readings, counts, rules.wild_codes),
                             strict=True):
        row: dict[str, Any] = {"form": d.form.value, "groups": d.describe()}
        if isinstance(d, Shapeless):
            row["shapeless"] = {"zh": d.name_zh, "en": d.name_en}
        elif rules.wild_codes:
            row["wilds_as"] = stood
        out.append(row)
    return out


def _with_jokers(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int],
                 wilds: int) -> dict[str, Any]:
    """A hand holding special jokers (特别百搭), each within its group: shanten, waits, the win."""
    if not profile.special_jokers:
        raise MahjongError(f"variant {profile.name!r} plays no special jokers (特别百搭; option "
                           "special_jokers)", "jokers")
    from .jokers import joker_analysis

    return {"variant": profile.name, "hand": state.to_json(), "tile_count": state.tile_count,
            "is_win": False, "waits": [], "shanten_forms": {}, "discards": [],
            "effective": [], **joker_analysis(counts, wilds, state.jokers, rules,
                                                           profile.four_as_two_pairs)}


def _suits_held(state: HandState) -> set[str]:
    """The suits (m, p, s) among the hand's tiles, melds included (缺一门 needs at most two)."""
    held = state.tiles + [t for m in state.melds for t in m.faces]
    return {t[1] for t in held if len(t) == 2 and t[1] in "mps"}


def _void_tiles(state: HandState) -> list[str]:
    """Tiles of the suit given up (定缺) still held: while any remain the hand cannot win."""
    if not state.void_suit:
        return []
    held = state.tiles + [t for m in state.melds for t in m.faces]
    return sorted({t for t in held if t.endswith(state.void_suit) and len(t) == 2},
                  key=INDEX.__getitem__)


def _waits(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int], wilds: int,
           remaining: list[int]) -> list[dict[str, Any]]:
    """The waits of a ready hand with the copies left; drawing a wild tile always completes it."""
    found = [TILES[i] for i in waits(counts, wilds, rules, fifth_copy=profile.waits_in_own_hand)]
    found += [w for w in rules.wild_codes if w not in found]
    own = state.own_counts()
    if rules.fold_winds and "E" in found:  # a wind wait is any wind the player does not hold
        found = [t for t in found if t != "E"] + [w for w in WINDS if not own[w]]
    if profile.win_condition is not None:
        found = [t for t in found if _wins_with(state, profile, rules, t)]
    out = []
    for t in found:
        left = remaining[INDEX[t]]
        if not profile.waits_in_own_hand and own[t] >= 4:
            continue
        if left == 0 and not profile.dead_waits:
            continue
        row = {"tile": t, "remaining": left, "dead": left == 0}
        if wilds > rules.virtual_wilds:
            row["wilds_as"] = _wilds_as(state, profile, rules, t)
        out.append(row)
    return out


def _wilds_as(state: HandState, profile: RuleProfile, rules: Rules, tile: str) -> list[str]:
    """What the hand's wild tiles stand for when ``tile`` completes it (its first reading)."""
    won = replace(state, win_tile=tile)
    counts, wilds = split_wilds(won.tiles, rules)
    readings = complete_readings(won, profile, counts, wilds)[0]
    if not readings:
        return []
    return resolved_hands(won, readings[:1], counts, rules.wild_codes)[0][1]


def _shapeless_waits(state: HandState, profile: RuleProfile, remaining: list[int],
                     found: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tiles that make a shapeless win (三财神, 将一色 of any shape) not already waited on."""
    assert profile.shapeless_win is not None
    have = {w["tile"] for w in found}
    out = []
    for t in TILES:
        won = replace(state, win_tile=t)
        if t not in have and state.own_counts()[t] < 4 and profile.shapeless_win(won, profile):
            out.append({"tile": t, "remaining": remaining[INDEX[t]], "dead": not remaining[INDEX[t]],
                        "shapeless": True})
    return out


def wait_tiles(state: HandState, profile: RuleProfile) -> list[str]:
    """The tiles a hand waited on before its winning tile (or that a 13-tile hand waits on)."""
    before = replace(state, win_tile=None) if state.win_tile else state
    rules = rules_of(profile, before)
    counts, wilds = split_wilds(before.tiles, rules)
    found = _waits(before, profile, rules, counts, wilds, remaining_copies(before, rules.absent))
    return [w["tile"] for w in found]


def _wins_with(state: HandState, profile: RuleProfile, rules: Rules, tile: str) -> bool:
    """Whether drawing ``tile`` makes a win the variant allows (a wild is drawn, not claimed:
    徐州 跑配成牌)."""
    won = replace(state, win_tile=tile, self_drawn=state.self_drawn or tile in rules.wild_codes)
    counts, wilds = split_wilds(won.tiles, rules)
    return bool(complete_readings(won, profile, counts, wilds)[0])


def _own_turn(state: HandState, profile: RuleProfile, is_win: bool) -> dict[str, Any]:
    """Moves on one's own turn with 14 tiles: concealed kong, added kong, self-drawn win."""
    held = Counter(state.tiles)
    concealed_kongs = [t for t in TILES if held[t] == 4]
    added = [{"tile": m.tile, "robbable": profile.kong_robbable}
             for m in state.melds if m.type == "pung" and held[m.tile]]
    return {"concealed_kongs": concealed_kongs, "added_kongs": added,
            "self_drawn_win": is_win and (state.self_drawn or state.win_tile is None)}
