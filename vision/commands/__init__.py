"""Sub-commands of ``mahjong-assistant`` that use the camera pipeline."""
