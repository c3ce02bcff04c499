"""Rule profiles: the switches a variant sets on the engine, and their user-facing options.

A variant is a :class:`RuleProfile` (data) plus, later, a scoring function; the engine reads only
the switches here, so adding a variant never means copying the engine.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import Any

from .errors import MahjongError
from .shanten import ALL_FORMS, Form
from .tiles import check_code, is_bonus

#: Option name -> (Chinese, English) description, for ``variants NAME`` and the API.
OPTION_DOCS: dict[str, tuple[str, str]] = {
    "forms": ("允许的和牌型", "hand forms that may win (regular, seven_pairs, thirteen_orphans, "
              "honors_and_knitted, knitted_straight)"),
    "four_as_two_pairs": ("七对中四张相同算两对", "four of a kind counts as two pairs in seven pairs"),
    "wild_tiles": ("赖子/财神/百搭", "wild tiles that stand for any tile"),
    "three_player": ("三人麻将(去掉2-8万)", "three-player set: 2m-8m removed"),
    "absent_tiles": ("不用的牌", "tiles not in this set (e.g. honours in the 108-tile game)"),
    "chow_allowed": ("可以吃牌", "chows may be claimed from the player before you"),
    "multiple_winners": ("一炮多响", "several players may win on one discard (else the nearest "
                         "in turn order wins, 截和)"),
    "dead_waits": ("报告已无余牌的听牌", "report a wait whose copies are all seen, with 0 left"),
    "waits_in_own_hand": ("自己手中四张的牌也算听牌", "a tile whose four copies are in your own hand "
                          "still counts as a wait (with 0 left)"),
    "kong_robbable": ("可以抢杠", "an added kong (加杠) can be robbed for a win"),
}


@dataclass(frozen=True)
class RuleProfile:
    """What a variant changes in the rules engine; every field is also a user option."""

    name: str
    name_zh: str
    description_en: str = ""
    description_zh: str = ""
    forms: tuple[Form, ...] = ALL_FORMS
    four_as_two_pairs: bool = True
    wild_tiles: tuple[str, ...] = ()
    three_player: bool = False
    absent_tiles: tuple[str, ...] = ()
    chow_allowed: bool = True
    multiple_winners: bool = False
    dead_waits: bool = True
    waits_in_own_hand: bool = True
    kong_robbable: bool = True
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def options(self) -> dict[str, Any]:
        """Current option values, JSON-ready."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in OPTION_DOCS:
                value = getattr(self, f.name)
                out[f.name] = [x.value for x in value] if f.name == "forms" else (
                    list(value) if isinstance(value, tuple) else value)
        return out

    def with_options(self, options: dict[str, Any] | None) -> RuleProfile:
        """A copy with house-rule overrides; an unknown name or a wrong type is an error."""
        if not options:
            return self
        if not isinstance(options, dict):
            raise MahjongError("options must be an object of option name -> value", options)
        changes: dict[str, Any] = {}
        for key, value in options.items():
            if key not in OPTION_DOCS:
                raise MahjongError(f"unknown option {key!r} for variant {self.name!r}; "
                                   f"known: {', '.join(sorted(OPTION_DOCS))}", key)
            changes[key] = _coerce_option(key, value, getattr(self, key))
        return replace(self, **changes)


def _coerce_option(key: str, value: Any, current: Any) -> Any:
    if isinstance(current, bool):
        if not isinstance(value, bool):
            raise MahjongError(f"option {key!r} must be true or false, got {value!r}", key)
        return value
    if not isinstance(value, (list, tuple)):
        raise MahjongError(f"option {key!r} must be a list, got {value!r}", key)
    if key == "forms":
        try:
            return tuple(Form(v) for v in value)
        except ValueError:
            raise MahjongError(f"option 'forms' takes {[f.value for f in Form]}, got {value!r}",
                               key) from None
    tiles = tuple(check_code(v) for v in value)
    for t in tiles:
        if is_bonus(t) or t == "back":
            raise MahjongError(f"option {key!r}: {t!r} is not a playing tile", t)
    return tiles
