"""The games' screens, one package per game (firmware/games/<game>/): registered in
firmware/screens/__init__.py, the one registry of screens and games."""
