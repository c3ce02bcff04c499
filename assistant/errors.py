"""The one exception type of the engine: bad input, with the offending token named."""

from __future__ import annotations


class MahjongError(ValueError):
    """Bad input: an unknown tile, an impossible hand, an unknown variant, a wrong type.

    ``token`` is the piece of input at fault (a tile code, a key name), so callers can point at it.
    """

    def __init__(self, message: str, token: object | None = None) -> None:
        super().__init__(message)
        self.token = token


class NotScored(MahjongError):
    """A complete hand that its variant's rules do not let win (riichi: no yaku).

    The analysis still reads the hand (waits, discards) and reports the rule under
    ``score_error``; whoever asks for the score itself gets this error.
    """
