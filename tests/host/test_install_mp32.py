"""tools/install_mp32.py: the Debian archive is read from the machine's apt sources (both
formats), the security archive and other vendors' sources are skipped, and where the
32-bit port cannot be had it says why and installs nothing (the 64-bit port runs)."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))

import install_mp32  # noqa: E402


def _write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_the_debian_archive_of_a_deb822_sources_file(tmp_path):
    path = _write(tmp_path, "debian.sources", (
        "Types: deb\n# a comment: with a colon\nURIs: http://mirror.example/debian-security\n"
        "Suites: bookworm-security\nComponents: main\n\n"
        "Types: deb-src\nURIs: http://src.example/debian\nSuites: bookworm\n\n"
        "Types: deb\nURIs: http://mirror.example/debian/\nSuites: bookworm bookworm-updates\n"
        "Components: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n"))
    assert install_mp32.debian_mirror([path]) == "http://mirror.example/debian"


def test_the_debian_archive_of_a_one_line_sources_list(tmp_path):
    vendor = _write(tmp_path, "vendor.list", "deb https://vendor.example/apt stable main\n")
    listed = _write(tmp_path, "sources.list", (
        "# deb http://old.example/debian buster main\n"
        "deb-src http://src.example/debian bookworm main\n"
        "deb [arch=amd64 signed-by=/k.gpg] http://mirror.example/debian bookworm main\n"))
    assert install_mp32.debian_mirror([vendor, listed]) == "http://mirror.example/debian"


def test_no_debian_archive_is_said_so(tmp_path):
    vendor = _write(tmp_path, "vendor.list", "deb https://vendor.example/apt stable main\n")
    disabled = _write(tmp_path, "off.sources", "Types: deb\nURIs: http://m.example/debian\n"
                      "Suites: bookworm\nEnabled: no\n")
    with pytest.raises(install_mp32.Unavailable) as info:
        install_mp32.debian_mirror([vendor, disabled, str(tmp_path / "missing.list")])
    assert "no Debian archive" in str(info.value)


def test_every_pin_has_a_version_and_a_sha256():
    names = [name for name, _, _ in install_mp32.DEBS]
    assert names[0] == "micropython" and len(set(names)) == len(names)
    for name, version, digest in install_mp32.DEBS:
        assert version and len(digest) == 64 and int(digest, 16) >= 0, name
    assert install_mp32.stamp_text().splitlines()[0] == "micropython 1.25.0+ds-1 " + install_mp32.DEBS[0][2]


def test_where_it_cannot_be_had_it_says_why_installs_nothing_and_exits_0(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    dest = tmp_path / "mp32"
    assert install_mp32.main(["--dest", str(dest)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("32-bit MicroPython not installed: ") and "64-bit port runs instead" in out
    assert not (dest / "micropython").exists()
    assert install_mp32.main(["--dest", str(dest), "--require"]) == 1
    assert install_mp32.main(["--dest", str(dest), "--check"]) == 1
