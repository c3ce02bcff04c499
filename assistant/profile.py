"""Rule profiles: the switches a variant sets on the engine, and their user-facing options.

A variant is a :class:`RuleProfile` (data) plus, later, a scoring function; the engine reads only
the switches here, so adding a variant never means copying the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from .errors import MahjongError
from .shanten import ALL_FORMS, Form
from .tiles import check_code, is_bonus

#: The values of the ``discard_lock`` switch (曾放过的牌不能和): off, any win, a win on a discard.
DISCARD_LOCKS = ("", "any", "discard")

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
    "pass_lock": ("过手不和", "a seat that passed a win may not win on that tile until it draws "
                  "or claims"),
    "lack_a_suit": ("缺一门：手中三门齐全不能和", "a hand holding all three suits cannot win "
                    "(缺一门, the suit given up at 定缺)"),
    "winds_as_one": ("风牌任意两张成对、三张成刻（芜湖）", "any two winds make a pair, three a pung, "
                     "four a kong (芜湖: one of each wind)"),
    "dragons_as_flowers": ("中发白算花牌（南京，共20张花）", "the dragons are flowers (南京: 20 "
                           "flower tiles), replaced like them, never in the hand"),
    "imagined_tile": ("心皇：心中想象一张牌，只能用来和牌", "心皇: each hand holds one tile fewer and "
                      "an imagined tile that only completes the win"),
    "hand_size": ("每家手牌张数（4、7、10、12、13、16）", "tiles in a hand before the draw (4, 7, 10 "
                  "or 13: 成都 tables of seven, six, five players; 12: 心皇; 16: 十六张)"),
    "riichi": ("立直：叫和时可宣布立直，其后不能吃、碰", "立直 may be declared when ready: after it the "
               "seat may not chow or pung, and may still win"),
    "discard_lock": ("曾放过的牌不能和：any = 任何和法，discard = 只是别人打出的，'' = 不限",
                     "a tile the player has discarded cannot win for him: at all (any), only "
                     "from another's discard (discard), or '' for no such lock (江南 排列出牌; "
                     "any table may play it)"),
    "dora_indicators": ("宝牌指示牌（杠尾翻开的牌）", "宝牌 indicators (the tiles turned from the kong "
                        "end): each 宝牌 in the winning hand adds one 番"),
    "wild_indicator": ("翻牌定赖子的方法", "how the tile turned up at the start (the hand's "
                       "'indicator') makes the wild tiles: next, next_no_red, same, previous, "
                       "window, same_and_next, or '' for none"),
    "white_stands_in": ("白板代替翻开的牌", "a 白板 stands for the turned tile's own kind (not "
                        "wild): 活动百搭, 财神"),
    "wild_discard": ("赖子可以打出", "a wild tile may be discarded (温州: 财神 cannot)"),
    "wild_in_claims": ("赖子可用于吃碰杠", "a wild may be used to chow, pung or kong, and a "
                       "discarded wild may be claimed (武汉, 温州: not)"),
    "wild_sets_only": ("百搭只能成刻（不作对子、单张、顺子）", "百搭 that forms sets: a wild may be "
                       "part of a pung or kong only, never of a pair, a single or a chow"),
    "kong_no_replacement": ("开杠不补牌（一杠独眼，两杠无眼）", "a kong takes no replacement tile: "
                            "one kong leaves the hand a single eye (独眼) in place of the pair, "
                            "two leave it without one"),
    "special_jokers": ("特别百搭（元喜合筒索万总、皇后）", "the 16 special jokers are played: a "
                       "hand lists those it holds under 'jokers', each standing for a tile of its "
                       "group only"),
}


@dataclass(frozen=True)
class OptionSpec:
    """A variant's own house-rule option (kept in :attr:`RuleProfile.extra`): docs and checks.

    ``kind`` is ``bool``, ``int``, ``int_or_null``, ``choice``, ``int_list`` or ``stacks`` (kong
    count -> stacks kept back); ``engine`` maps a value to engine switches it implies (e.g. the
    108-tile game removes the honours), so one option can drive both the scorer and the engine.
    """

    zh: str
    en: str
    kind: str = "bool"
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    length: int | None = None
    engine: Callable[[Any], dict[str, Any]] | None = None

    def check(self, key: str, value: Any) -> Any:
        """The value, normalised; a wrong type or an out-of-range value raises naming ``key``."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise MahjongError(f"option {key!r} must be true or false, got {value!r}", key)
            return value
        if self.kind in ("int", "int_or_null"):
            if value is None and self.kind == "int_or_null":
                return None
            return self._int(key, value)
        if self.kind == "choice":
            if value not in self.choices:
                raise MahjongError(f"option {key!r} takes one of {list(self.choices)}, got {value!r}",
                                   key)
            return value
        if self.kind == "int_list":
            if not isinstance(value, (list, tuple)) or not value or (
                    self.length is not None and len(value) != self.length):
                size = f"{self.length} numbers" if self.length else "numbers"
                raise MahjongError(f"option {key!r} must be a list of {size}, got {value!r}", key)
            return tuple(self._int(key, v) for v in value)
        if self.kind == "stacks":
            if not isinstance(value, dict):
                raise MahjongError(f"option {key!r} must map a kong count (0, 1, 2, 3) to the "
                                   f"stacks kept back, got {value!r}", key)
            out = {}
            for k, v in value.items():
                try:
                    kongs = int(k)
                except (TypeError, ValueError):
                    raise MahjongError(f"option {key!r}: {k!r} is not a kong count", key) from None
                out[kongs] = self._int(key, v)
            if 0 not in out:
                raise MahjongError(f"option {key!r} needs the stacks kept back with no kong (0)", key)
            return out
        raise MahjongError(f"option {key!r} has an unknown kind {self.kind!r}", key)

    def _int(self, key: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise MahjongError(f"option {key!r} must be a whole number, got {value!r}", key)
        if self.minimum is not None and value < self.minimum:
            raise MahjongError(f"option {key!r} must be at least {self.minimum}, got {value}", key)
        if self.maximum is not None and value > self.maximum:
            raise MahjongError(f"option {key!r} must be at most {self.maximum}, got {value}", key)
        return value


def number(zh: str, en: str, maximum: int, minimum: int = 0) -> OptionSpec:
    """A whole-number house rule (a fan, a price, a count) from ``minimum`` to ``maximum``."""
    return OptionSpec(zh, en, kind="int", minimum=minimum, maximum=maximum)


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
    pass_lock: bool = False
    lack_a_suit: bool = False
    hand_size: int = 13
    winds_as_one: bool = False
    imagined_tile: bool = False
    dragons_as_flowers: bool = False
    wild_indicator: str = ""
    white_stands_in: bool = False
    wild_discard: bool = True
    wild_in_claims: bool = True
    wild_sets_only: bool = False
    kong_no_replacement: bool = False
    special_jokers: bool = False
    #: Tiles laid out singly as a kong, never in a set (武汉 红中杠); ``wild_laid_out``: a wild
    #: may be laid out so too (赖子杠).
    laid_out_tiles: tuple[str, ...] = field(default=(), compare=False)
    wild_laid_out: bool = field(default=False, compare=False)
    #: A win without a hand form (温州 三财神, 武汉 将一色): ``(state, profile) -> (zh, en)`` naming
    #: it, or None; such a hand wins whatever its shape.
    shapeless_win: Callable[..., tuple[str, str] | None] | None = field(default=None,
                                                                        compare=False)
    #: Tiles the set holds one copy of (芜湖's winds), not four.
    one_copy: tuple[str, ...] = field(default=(), compare=False)
    #: A variant's own condition on a reading of a complete hand: ``(state, hand, profile) ->
    #: None`` when it may win, else the rule it breaks as ``(zh, en)`` (八支, 开门, 2-5-8 pair …).
    win_condition: Callable[..., tuple[str, str] | None] | None = field(default=None, compare=False)
    riichi: bool = False
    #: 曾放过的牌不能和: "" off, "any" (no win on a tile one discarded), "discard" (not from
    #: another's discard; a self-draw of it wins).
    discard_lock: str = ""
    dora_indicators: tuple[str, ...] = ()
    #: Seats at the table: 4 (E S W N), 3 (E S W: 三麻, 成都 三人) where the North seat is
    #: empty, so a self-draw is paid by two and the deal passes E → S → W, or 2 (E S: 成都 两人).
    seats: int = 4
    extra: dict[str, Any] = field(default_factory=dict, compare=False)
    #: The variant's own options (values in ``extra``), overridable like the engine's.
    extra_specs: Mapping[str, OptionSpec] = field(default_factory=dict, compare=False)
    #: Example winning hands for the rules page: ``{"zh", "en", "hand"}`` (a hand state).
    examples: tuple[dict[str, Any], ...] = field(default=(), compare=False)
    #: The main rules in one paragraph per topic, (Chinese, English), for ``variants NAME``.
    rules_summary: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def option(self, key: str) -> Any:
        """The value of one of the variant's own options."""
        return self.extra[key]

    def option_doc(self, key: str) -> tuple[str, str]:
        """(Chinese, English) description of an engine or variant option."""
        if key in OPTION_DOCS:
            return OPTION_DOCS[key]
        spec = self.extra_specs[key]
        return spec.zh, spec.en

    def options(self) -> dict[str, Any]:
        """Current option values, JSON-ready."""
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name in OPTION_DOCS:
                value = getattr(self, f.name)
                out[f.name] = [x.value for x in value] if f.name == "forms" else (
                    list(value) if isinstance(value, tuple) else value)
        for key in self.extra_specs:
            value = self.extra[key]
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    def with_options(self, options: dict[str, Any] | None) -> RuleProfile:
        """A copy with house-rule overrides; an unknown name or a wrong type is an error.

        The profile a set of option values makes is the table's rule card: it is made once per
        base profile and values (:data:`_CARDS`) and handed out again, as the base profiles are,
        rather than rebuilt on each hand (riichi's six house rules took 6 µs a hand to re-check
        and copy, as much as reading the hand)."""
        if not options:
            return self
        if not isinstance(options, dict):
            raise MahjongError("options must be an object of option name -> value", options)
        key = _option_values(options)
        card = _CARDS.get((id(self), key)) if key is not None else None
        if card is not None and card[0] is self:
            return card[1]
        made = self._made_with(options)
        if key is not None:
            if len(_CARDS) >= _MAX_CARDS:  # requests name options freely: the cards are made
                _CARDS.clear()  # afresh (one call, safe beside other threads' look-ups)
            _CARDS[(id(self), key)] = (self, made)  # the base kept alive: its id stays its own
        return made

    def _made_with(self, options: dict[str, Any]) -> RuleProfile:
        """The copy :meth:`with_options` hands out, checked and built."""
        changes: dict[str, Any] = {}
        implied: dict[str, Any] = {}
        extra = dict(self.extra)
        for key, value in options.items():
            spec = self.extra_specs.get(key)
            if spec is not None:
                extra[key] = spec.check(key, value)
                if spec.engine is not None:
                    implied.update(spec.engine(extra[key]))
                continue
            if key not in OPTION_DOCS:
                known = sorted(set(OPTION_DOCS) | set(self.extra_specs))
                raise MahjongError(f"unknown option {key!r} for variant {self.name!r}; "
                                   f"known: {', '.join(known)}", key)
            changes[key] = _coerce_option(key, value, getattr(self, key))
        # Explicit engine options win over what a variant option implies.
        # The class called with every field, the names read once (_FIELD_NAMES):
        # dataclasses.replace walks the field objects on each call, twice the cost of the copy.
        return type(self)(**{**{name: getattr(self, name) for name in _FIELD_NAMES},
                             **implied, **changes, "extra": extra})


#: The names of a profile's fields, each set by ``__init__``: what a copy passes on.
_FIELD_NAMES = tuple(f.name for f in fields(RuleProfile) if f.init)

#: The rule cards made so far: (id of the base profile, :func:`_option_values`) -> (the base, the
#: profile with those options). At most :data:`_MAX_CARDS`; when full, all are dropped.
_CARDS: dict[tuple[int, tuple[Any, ...]], tuple[RuleProfile, RuleProfile]] = {}
_MAX_CARDS = 256


def _option_values(options: dict[str, Any]) -> tuple[Any, ...] | None:
    """The option values as a key that tells apart what the checks tell apart (``True`` from
    ``1``, ``1`` from ``1.0``, a list from a string), in the order given (the order the copy
    is made in); None for a value of no JSON type, which is then checked afresh each time."""
    try:  # a plain value (most house rules: a switch, a number, a choice) is its own key
        return tuple([(name, type(value), value) if type(value) in _PLAIN  # a list: no generator
                      else (name, _frozen(value)) for name, value in options.items()])
    except TypeError:
        return None


def _frozen(value: Any) -> Any:
    """One JSON value, its type kept beside it at every level, as something hashable."""
    kind = type(value)
    if kind is list or kind is tuple:
        return kind, tuple(_frozen(v) for v in value)
    if kind is dict:
        return kind, tuple((type(k), k, _frozen(v)) for k, v in value.items())
    if kind in _PLAIN:
        return kind, value
    raise TypeError(kind.__name__)


#: The JSON types of one plain value.
_PLAIN = frozenset((bool, int, float, str, type(None)))


def _coerce_option(key: str, value: Any, current: Any) -> Any:
    if key == "hand_size":
        from .hand import HAND_SIZES

        if value == 17 and not isinstance(value, bool):
            raise MahjongError("option 'hand_size' 17: the 17-tile note's 每人手里抓17张牌 is the "
                               "16-tile hand with its draw (five sets and a pair make 17); use "
                               "hand_size 16", key)
        if isinstance(value, bool) or value not in HAND_SIZES:
            raise MahjongError(f"option 'hand_size' is one of {list(HAND_SIZES)}, got {value!r}",
                               key)
        return value
    if key == "discard_lock":
        if value not in DISCARD_LOCKS:
            raise MahjongError(f"option 'discard_lock' is one of {list(DISCARD_LOCKS)}, got "
                               f"{value!r}", key)
        return value
    if key == "wild_indicator":
        from .wilds import SCHEMES

        if value != "" and value not in SCHEMES:
            raise MahjongError(f"option 'wild_indicator' is one of {['', *SCHEMES]}, got "
                               f"{value!r}", key)
        return value
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
