"""`referee deploy --board pico2 | pico_w | pico2_w` builds exactly the Pico's firmware
(the four boards share the pin-out; boards/pico.py tells them apart at boot), and
deploy names the board it found from MicroPython's machine string."""

import os

import pytest

from referee.build import BuildError, build
from referee.deploy import DeployError, board_line, deploy


def _tree(folder):
    out = {}
    for where, _, names in os.walk(folder):
        for name in names:
            path = os.path.join(where, name)
            with open(path, "rb") as handle:
                out[os.path.relpath(path, folder)] = handle.read()
    return out


def test_the_siblings_build_the_picos_files_byte_for_byte(tmp_path):
    pico = build("pico", str(tmp_path / "pico"))
    reference = _tree(str(tmp_path / "pico"))
    assert b"from boards.pico import main" in reference["main.py"]
    for board in ("pico2", "pico_w", "pico2_w"):
        result = build(board, str(tmp_path / board))
        assert result["files"] == pico["files"], board
        assert _tree(str(tmp_path / board)) == reference, board


def test_an_unknown_board_is_refused_and_the_known_ones_named(tmp_path):
    with pytest.raises(BuildError) as info:
        build("pico3", str(tmp_path / "x"))
    assert "pico3" in str(info.value) and "pico2_w" in str(info.value)
    with pytest.raises(DeployError) as info:
        deploy(port="/nonexistent", board="esp32", out=str(tmp_path / "y"), say=lambda line: None)
    assert "esp32" in str(info.value) and "pico2" in str(info.value)


def test_deploy_names_the_board_it_found():
    assert board_line("Raspberry Pi Pico 2 W with RP2350") == \
        "board: Raspberry Pi Pico 2 W (RP2350, 520 KB RAM): runs the Pico build"
    assert board_line("Raspberry Pi Pico with RP2040") == \
        "board: Raspberry Pi Pico (RP2040, 264 KB RAM): runs the Pico build"
    line = board_line("Arduino Nano RP2040 Connect with RP2040")
    assert line.startswith("warning: 'Arduino Nano RP2040 Connect with RP2040' is not a Raspberry Pi Pico")
    assert "GP4/GP5" in line
