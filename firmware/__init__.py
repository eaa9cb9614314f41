"""Pocket Referee device app: screens, input, storage, the serial side of sync.

Receives every piece of hardware ready-made from a board module (boards/): it
never imports ``machine`` or knows a pin number.
"""
