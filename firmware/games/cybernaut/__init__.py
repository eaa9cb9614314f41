"""Cybernaut screens (firmware/screens/__init__.py registers them)."""
