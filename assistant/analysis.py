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

from . import one_call
from .advice import discard_options
from .decompose import Decomposition
from .errors import MahjongError, NotScored
from .hand import HandState
from .legality import resolve_melds
from .profile import RuleProfile
from .rules import kongs_short, rules_of, split_wilds
from .scoring.readings import (
    blocked,
    complete_readings,
    ready_waits,
    remaining_copies,
    suits_held,
    void_tiles,
    win_readings,
)
from .scoring.wild_hands import Shapeless, resolved_hands, settled_readings
from .table_view import shows_table, table_of
from .tiles import INDEX, TILES, WINDS, tile_name
from .value import Judge, seen_tiles
from .variants import (
    COUNTS_DORA,
    INSTANT_WINS,
    check_table,
    get_profile,
    score_with,
    scorer_for,
)
from .verdict import refusal, weigh
from .waits import Rules, forms_shanten, helpful_draws


def analyze(data: dict[str, Any] | HandState, variant: str | None = None,
            options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Analyse a hand given as JSON (or a :class:`HandState`); raises :class:`MahjongError`. A
    complete MCR or riichi hand the compiled core is sure of is answered whole by it
    (:mod:`.one_call`)."""
    found = one_call.answer(data, variant, options)
    return python_analyze(data, variant, options) if found is NotImplemented else found


def python_analyze(data: dict[str, Any] | HandState, variant: str | None = None,
                   options: dict[str, Any] | None = None) -> dict[str, Any]:
    """:func:`analyze` on the Python path alone: the hand read and checked, then
    :func:`analyze_state`."""
    if isinstance(data, HandState):
        state = data
        profile = get_profile(variant or state.variant, {**state.options, **(options or {})})
    else:
        data = with_table(data, variant, options)
        named = _named_profile(data, variant, options)
        state = HandState.from_json(data, _hand_size(named, data))
        # Read once for the size and the analysis alike; without one (a name of the wrong type)
        # reading the hand has mostly raised already, and get_profile names what is left.
        profile = named or get_profile(variant or state.variant,
                                       {**state.options, **(options or {})})
    return analyze_state(state, profile)


def with_table(data: Any, variant: str | None, options: dict[str, Any] | None) -> Any:
    """``data`` with its ``table`` read by seat wind (the reader's answer turned from camera
    seats; copies left and the advice count its rivers and melds as seen) and the indicator as
    the variant turns it (its wilds, or riichi's dora) where the hand gives none."""
    if not isinstance(data, dict) or not shows_table(data.get("table")):
        return data
    seat = data.get("seat_wind", (data.get("context") or {}).get("seat_wind", "E"))
    table = table_of(data["table"], seat)
    out = {**data, "table": table}
    shown = table.get("indicator")
    if shown and not data.get("indicator") and not data.get("dora_indicators"):
        profile = get_profile(variant or data.get("variant"), {**(data.get("options") or {}),
                                                               **(options or {})})
        if profile.wild_indicator:
            out["indicator"] = shown
        elif profile.name in COUNTS_DORA:
            out["dora_indicators"] = [shown]
    return out


def _named_profile(data: Any, variant: str | None,
                   options: dict[str, Any] | None) -> RuleProfile | None:
    """The profile the request names (``variant`` and ``options`` over those in ``data``), read
    before the hand so the hand is checked at the variant's size; None where the variant or the
    options are not of a type to name one (reading the hand then says which field is wrong). An
    unknown variant or option raises here."""
    if not isinstance(data, dict):
        return None
    name, given = variant or data.get("variant"), data.get("options") or {}
    if not isinstance(name, (str, type(None))) or not isinstance(given, dict):
        return None
    return get_profile(name, {**given, **options} if options else given)  # given: never written


def _hand_size(profile: RuleProfile | None, data: Any) -> int:
    """The hand size ``profile`` plays (13 unless its options say less; 13 without a profile),
    so a 成都 table's 10-tile hand is checked as one."""
    if profile is None:
        return 13
    if not profile.kong_no_replacement:  # kongs_short: a kong draws its replacement
        return profile.hand_size
    melds = data.get("melds")
    return profile.hand_size - (kongs_short(profile, [m for m in melds if isinstance(m, dict)])
                                if isinstance(melds, list) else 0)


def _check_against(profile: RuleProfile, state: HandState, rules: Rules) -> None:
    dragons = [t for t in state.bonus if len(t) == 1] if state.bonus else []
    if dragons and not profile.dragons_as_flowers:
        raise MahjongError(f"{dragons[0]} ({tile_name(dragons[0])}) is a flower only where the "
                           "dragons are flowers (南京); here it belongs in the hand", dragons[0])
    if profile.extra.get("no_flowers") and (state.bonus or state.flower_count):
        shown = state.bonus[0] if state.bonus else state.flower_count
        raise MahjongError(f"variant {profile.name!r} has no flowers (没有花牌), but the hand has "
                           f"{shown}", "bonus")
    if profile.one_copy:  # counted only where the variant plays a tile once
        held = state.own_counts()
        held.update(state.visible)
        for t in profile.one_copy:
            if held[t] > 1:
                raise MahjongError(f"variant {profile.name!r} plays one {t} ({tile_name(t)}); "
                                   f"this hand and the table show {held[t]}", t)
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
    if not profile.wild_discard:
        thrown = [t for t in state.discards if t in rules.wild_codes] if rules.wild_codes else []
        if thrown:
            raise MahjongError(f"variant {profile.name!r}: a wild tile is never discarded "
                               f"(财神不能打出), but the discards list {thrown[0]}", thrown[0])
    # Every tile is in the set where none is absent (most variants): nothing to look at.
    for t in (state.tiles + [t for m in state.melds for t in m.faces] + state.visible
              + state.discards + state.dora_indicators + state.ura_dora_indicators
              if rules.absent else ()):
        if INDEX[t] in rules.absent:
            raise MahjongError(f"{t} ({tile_name(t)}) is not in the tile set of variant "
                               f"{profile.name!r}", t)
    if state.nukidora and "nukidora" in profile.extra and not profile.extra["nukidora"]:
        raise MahjongError(f"variant {profile.name!r}: this table plays 北 as a wind only, never "
                           "set aside (option nukidora = false)", "nukidora")
    if state.nukidora and not profile.extra.get("nukidora"):
        raise MahjongError(f"variant {profile.name!r} sets no 北 aside: 抜きドラ (nukidora) is "
                           "three-player riichi's (riichi_sanma)", "nukidora")


def analyze_state(state: HandState, profile: RuleProfile) -> dict[str, Any]:
    """Analyse a checked hand state under a profile."""
    rules = rules_of(profile, state)
    state = resolve_melds(profile, state, rules.wild_codes)
    _check_against(profile, state, rules)
    if shows_table(state.table):
        seen_tiles(state, profile)  # a tile seen more often than the set has, named with where
    table = check_table(profile, state)  # read once: the scorer is handed what it read
    counts, wilds = split_wilds(state.tiles, rules)
    if state.jokers:
        return _with_jokers(state, profile, rules, counts, wilds)
    n = sum(counts) + wilds
    forms = forms_shanten(profile.forms, counts, wilds, rules.three_player,
                          rules.four_as_two_pairs)
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
    void = void_tiles(state)
    if void:
        result["void_suit_held"] = void
    three_suits = profile.lack_a_suit and len(suits_held(state)) == 3
    if three_suits:
        result["three_suits_held"] = True
    no_win = bool(void) or three_suits
    if n % 3 == 1:
        remaining = remaining_copies(state, rules.absent)
        if shanten == 0 and not no_win:
            result["waits"] = ready_waits(state, profile, rules, counts, wilds, remaining)
        if profile.shapeless_win is not None and not no_win:
            result["waits"] += _shapeless_waits(state, profile, remaining, result["waits"])
        if shanten > 0:
            _, helpful = helpful_draws(counts, wilds, rules)
            tiles = [TILES[i] for i in helpful] + list(rules.wild_codes)
            result["effective"] = [{"tile": t, "remaining": remaining[INDEX[t]]} for t in tiles]
    else:
        readings, broken = ([], None) if no_win else win_readings(state, profile, rules, counts,
                                                                  wilds)
        if broken is not None:
            result["not_a_win"] = {"zh": broken[0], "en": broken[1]}
        result["is_win"] = bool(readings)
        result["decompositions"] = _readings_json(state, profile, rules, counts, readings)
        if not readings:
            remaining = remaining_copies(state, rules.absent)
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
            if profile.win_condition is not None or profile.shapeless_win is not None:
                result["discards"] = _legal_waits_after(state, profile, result["discards"],
                                                        remaining)
            weigh(result, state, profile, rules, counts, wilds, _judge(profile))
        # Where every tile counts as itself, the counts are the hand's own: its kongs are there.
        plain = not (rules.wild_codes or rules.fold_winds or rules.stand_in
                     or rules.virtual_wilds)
        result["own_turn"] = _own_turn(state, profile, bool(readings), counts if plain else None)
        scorer = scorer_for(profile)
        if scorer is not None and readings:
            try:
                result["score"] = score_with(scorer, state, profile,
                                             settled_readings(readings, rules.wild_codes), table)
            except NotScored as exc:  # complete, but not a win under the rules (riichi: no yaku)
                result["score_error"] = {"rule": exc.token, "message": str(exc)}
    refused = refusal(result)
    if refused is not None and "not_a_win" not in result:
        result["not_a_win"] = refused
    return result


def _judge(profile: RuleProfile) -> Judge:
    """The readings a won hand has under the variant (none while it is blocked), for the
    advice's winning hands, its wilds standing alone settled as ``analyze`` hands them over."""
    def judge(won: HandState, counts: list[int], wilds: int) -> list[Decomposition]:
        if blocked(won, profile):
            return []
        readings = complete_readings(won, profile, counts, wilds)[0]
        return settled_readings(readings, rules_of(profile, won).wild_codes) if wilds else readings
    return judge


def _readings_json(state: HandState, profile: RuleProfile, rules: Rules, counts: list[int],
                   readings: list[Decomposition]) -> list[dict[str, Any]]:
    """Each reading's form and groups; with wild tiles, what they stand for in it (``wilds_as``)."""
    if not rules.wild_codes:  # nothing stands for another tile: the readings need no resolving
        return [_reading_json(d) for d in readings]
    out = []
    for d, (_, stood) in zip(readings, resolved_hands(state, readings, counts, rules.wild_codes),
                             strict=True):
        row = _reading_json(d)
        if not isinstance(d, Shapeless):
            row["wilds_as"] = stood
        out.append(row)
    return out


def _reading_json(reading: Decomposition) -> dict[str, Any]:
    """One reading's form and groups, and a shapeless win's name in both languages."""
    row: dict[str, Any] = {"form": reading.form.value, "groups": reading.describe()}
    if isinstance(reading, Shapeless):
        row["shapeless"] = {"zh": reading.name_zh, "en": reading.name_en}
    return row


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






def _legal_waits_after(state: HandState, profile: RuleProfile, options: list[dict[str, Any]],
                       remaining: list[int]) -> list[dict[str, Any]]:
    """The discard advice where the shape alone is not a win (武汉: two 赖子 win no 屁胡, so a
    ready hand that draws a second must discard one, "听牌時有一个癞子又自摸一个癞子，必须打出一
    个"): each discard leaving the hand ready counts only the waits a win may legally be made
    on; one that leaves none (``no_legal_wait``) ranks after every discard that leaves some."""
    out = []
    for d in options:
        after = _without(state, d["tile"]) if d["shanten"] == 0 else None
        if after is None:
            out.append(d)
            continue
        rules = rules_of(profile, after)
        counts, wilds = split_wilds(after.tiles, rules)
        found = ready_waits(after, profile, rules, counts, wilds, remaining, explain=False)
        if profile.shapeless_win is not None:
            found += _shapeless_waits(after, profile, remaining, found)
        tiles = [w["tile"] for w in found]
        row = {**d, "tiles": tiles, "ukeire": sum(remaining[INDEX[t]] for t in tiles)}
        if not tiles:
            row["no_legal_wait"] = True
        out.append(row)
    out.sort(key=lambda d: (d["shanten"] + int(d.get("no_legal_wait", False)), -d["ukeire"],
                            -len(d["tiles"]), INDEX[d["tile"]]))
    return out


def _without(state: HandState, tile: str) -> HandState | None:
    """The 13-tile hand left after discarding ``tile`` (None where the hand holds none)."""
    held = list(state.tiles)
    if tile not in held:
        return None
    held.remove(tile)
    return replace(state, concealed=held, win_tile=None, self_drawn=False)


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


def _own_turn(state: HandState, profile: RuleProfile, is_win: bool,
              counts: list[int] | None = None) -> dict[str, Any]:
    """Moves on one's own turn with 14 tiles: concealed kong, added kong, self-drawn win;
    ``counts``: the hand's own tile counts where the caller has them (one C scan finds no
    kong in most hands)."""
    held = state.tiles
    if counts is not None:
        concealed_kongs = [TILES[i] for i, c in enumerate(counts) if c == 4] if 4 in counts else []
    else:
        # Sorted, a tile held four times or more starts a run whose fourth is the same; those
        # few are counted. A Counter of the whole hand cost twice as much.
        ordered = sorted(held)
        four_or_more = {t for t, fourth in zip(ordered, ordered[3:], strict=False) if t == fourth}
        concealed_kongs = sorted((t for t in four_or_more if held.count(t) == 4),
                                 key=INDEX.__getitem__)
    added = [{"tile": m.tile, "robbable": profile.kong_robbable}
             for m in state.melds if m.type == "pung" and m.tile in held]
    return {"concealed_kongs": concealed_kongs, "added_kongs": added,
            "self_drawn_win": is_win and (state.self_drawn or state.win_tile is None)}
