"""``python -m assistant`` is the ``mahjong-assistant`` command."""

from .cli import main

raise SystemExit(main())
