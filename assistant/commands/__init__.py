"""Sub-commands of ``mahjong-assistant`` (each: ``add_arguments(parser)`` and ``run(args)``)."""
