"""The wild-tile tables (赖子 / 财神 / 百搭 / 配儿 / 混儿 / 王) of seed 003, gathered for the registry."""

from __future__ import annotations

from typing import Any

from ..profile import RuleProfile
from .wuhan import WUHAN, score_wuhan

WILD_PROFILES: tuple[RuleProfile, ...] = (WUHAN,)
WILD_SCORERS: dict[str, Any] = {"wuhan": score_wuhan}
