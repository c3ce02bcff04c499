"""The wild-tile tables (赖子 / 财神 / 百搭 / 配儿 / 混儿 / 王) of seed 003, gathered for the registry."""

from __future__ import annotations

from typing import Any

from ..profile import RuleProfile
from ..scoring.by_card import read_card_table
from .fujian import FUJIAN, score_fujian
from .lianzhou import LIANZHOU, score_lianzhou
from .tianjin import TIANJIN, read_tianjin_table, score_tianjin
from .wenzhou import WENZHOU, score_wenzhou
from .wuhan import WUHAN, score_wuhan
from .xuzhou import XUZHOU, score_xuzhou

WILD_PROFILES: tuple[RuleProfile, ...] = (WUHAN, WENZHOU, XUZHOU, LIANZHOU, FUJIAN, TIANJIN)
WILD_SCORERS: dict[str, Any] = {"wuhan": score_wuhan, "wenzhou": score_wenzhou,
                                "xuzhou": score_xuzhou, "lianzhou": score_lianzhou,
                                "fujian": score_fujian, "tianjin": score_tianjin}
WILD_READERS: dict[str, Any] = {**dict.fromkeys(WILD_SCORERS, read_card_table),
                                "tianjin": read_tianjin_table}
