"""Mahjong table assistant: the rules engine (tiles, hands, shanten, waits, advice, claims).

The public API in one place::

    >>> import assistant
    >>> result = assistant.analyze({"concealed": "123m456p789s1122z"})
    >>> result["shanten"], [w["tile"] for w in result["waits"]]
    (0, ['E', 'S'])
"""

from .analysis import analyze, analyze_state
from .claims import claims_on_discard
from .decompose import Decomposition, Group, decompositions, is_complete
from .errors import MahjongError
from .hand import HandState, Meld
from .profile import RuleProfile
from .shanten import Form, shanten, shanten_forms
from .tiles import parse_tiles, tile_name, to_counts
from .variants import get_profile

__all__ = [
    "Decomposition", "Form", "Group", "HandState", "MahjongError", "Meld", "RuleProfile",
    "analyze", "analyze_state", "claims_on_discard", "decompositions", "get_profile",
    "is_complete", "parse_tiles", "shanten", "shanten_forms", "tile_name", "to_counts",
]
