"""Fewer interned names (qstrs) on the device: a build step before mpy-cross.

Every distinct name a loaded .mpy file carries (function, class, attribute,
global and argument names) is interned by MicroPython for good, and the pools
that hold them grow by doubling: on the 64-bit unix port with the Pico's 192K
heap, the 1261st dynamic name asks for one 14 KB block (the 7th pool), which a
heap holding a game cannot give (issue 7: that was nearly every MemoryError of
`make bench`). A name defined and used in one module only can be renamed there
without changing what the code does; giving those names the same short
spellings in every module (``_a``, ``_b``, ...) makes all modules share them.

Only sources compiled for the device are rewritten (a copy, never the files in
the repository), and a name is renamed in a module only when all of these hold:

- it is defined there (def, class, argument, or assigned) and appears in no
  other device module, test, tool or host file;
- it is never an attribute (``x.name``) nor defined in a class body: objects
  travel between modules and a subclass shares its base's attributes, so a
  per-module spelling could make two modules' names one attribute;
- it is no builtin or attribute of MicroPython's or CPython's standard types
  and modules (what the code calls on objects it did not define), no module
  name, no dunder, and it is not on an import line;
- it is not a word in any string of any of those files (getattr/__import__
  names, the screen registry, scripts sent to the device), docstrings aside;
- it is not in an f-string's expressions.

Line numbers stay as they are (only names on a line change), so a device
traceback still points at the right source line; it shows the short name for
a renamed function.

    rename_map(sources, others) -> {module path: {old: new}}
    rewrite(text, mapping) -> text
"""

import ast
import builtins
import io
import keyword
import re
import tokenize

WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")

# names of MicroPython's own (C) types, modules and functions that our device code
# may call on objects it did not define, beyond CPython's (collected below)
MICROPYTHON_NAMES = """
const micropython native viper ptr8 ptr16 ptr32 mem_info qstr_info heap_lock heap_unlock
opt_level alloc_emergency_exception_buf schedule kbd_intr stack_use
mem_free mem_alloc threshold collect enable disable isenabled
ticks_ms ticks_us ticks_cpu ticks_add ticks_diff sleep_ms sleep_us time_ns
print_exception implementation platform byteorder maxsize modules path argv exit
FrameBuffer FrameBuffer1 MONO_VLSB MONO_HLSB MONO_HMSB RGB565 GS2_HMSB GS4_HMSB GS8
fill fill_rect rect pixel hline vline line text scroll blit ellipse poly
writeto writevto readfrom readfrom_into writeto_mem readfrom_mem scan
Pin I2C SPI ADC PWM UART Timer RTC WDT freq scl sda sck mosi miso baudrate
value on off init read_u16 PULL_UP PULL_DOWN IN OUT OPEN_DRAIN IRQ_FALLING IRQ_RISING
unique_id reset soft_reset bootloader deepsleep lightsleep idle
urandom getrandbits randrange randint choice seed
sha256 sha1 md5 digest hexdigest update hexlify unhexlify crc32 a2b_base64 b2a_base64
dumps loads dump load separators
pack unpack pack_into unpack_from calcsize
ilistdir listdir mkdir rmdir remove rename stat statvfs sync getcwd chdir uname
VfsLfs2 VfsFat mount umount
readinto readline readlines write flush close seek tell
font_name
"""


def _external_names():
    """Names the device code may use on objects or modules it did not define."""
    names = set(MICROPYTHON_NAMES.split())
    names.update(dir(builtins))
    names.update(keyword.kwlist)
    import binascii
    import gc
    import hashlib
    import json
    import os
    import random
    import struct
    import sys
    import time
    for thing in (str, bytes, bytearray, dict, list, tuple, set, frozenset, int, float,
                  memoryview, object, type, BaseException, Exception, range, slice,
                  binascii, gc, hashlib, hashlib.sha256(), json, os, random, struct, sys, time,
                  io, io.BytesIO(), io.StringIO()):
        names.update(dir(thing))
    # keyword arguments of builtins and the standard library the code may pass
    names.update(("key", "reverse", "end", "sep", "file", "default", "start", "stop", "step",
                  "encoding", "errors", "mode", "buffering", "base", "signed", "flush"))
    return names


def _defined(tree):
    """Names a module defines: defs, classes, arguments, stored names and attributes."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.arg):
            out.add(node.arg)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.add(node.attr)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            out.update(node.names)
    return out


def _attributes(tree):
    """Names used as attributes (``x.name``) or defined in a class body (methods,
    class attributes): objects travel between modules, and a subclass in one
    module shares its base's attribute namespace, so such names keep their
    spelling (two modules' ``_c`` on one object would be one attribute)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute):
            out.add(node.attr)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    out.add(item.name)
                elif isinstance(item, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
                    for target in (item.targets if isinstance(item, ast.Assign) else [item.target]):
                        for part in ast.walk(target):
                            if isinstance(part, ast.Name):
                                out.add(part.id)
    return out


def _docstrings(tree):
    """ids of the Constant nodes that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                out.add(id(body[0].value))
    return out


def _protected(tree, every_word=True):
    """Names that must keep their spelling wherever they appear: words in strings
    (docstrings aside), names in f-string expressions, names on import lines.

    :param every_word: False for a device module: only the words of a string
        without spaces (a name for getattr/__import__, "module.Class") or of a
        string of several lines (a registry like firmware.screens.SCREENS) count;
        a message such as "Move units" names nothing."""
    out = set()
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)):
            if id(node) in docs:
                continue
            value = node.value if isinstance(node.value, str) else node.value.decode("latin-1")
            if every_word or " " not in value.strip() or "\n" in value:
                out.update(WORD.findall(value))
        elif isinstance(node, ast.JoinedStr):
            for part in ast.walk(node):
                if isinstance(part, ast.Name):
                    out.add(part.id)
                elif isinstance(part, ast.Attribute):
                    out.add(part.attr)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                out.update(alias.name.split("."))
                if alias.asname:
                    out.add(alias.asname)
            if isinstance(node, ast.ImportFrom) and node.module:
                out.update(node.module.split("."))
    return out


def _names(text):
    """Every NAME token of a source text (set of str)."""
    out = set()
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME:
            out.add(tok.string)
    return out


def short_names():
    """The shared short spellings, in order: _a .. _z, _A .. _Z, _aa, ..."""
    letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
    n = 0
    while True:
        spelled = ""
        k = n
        while True:
            spelled = letters[k % 52] + spelled
            k = k // 52 - 1
            if k < 0:
                break
        yield "_" + spelled
        n += 1


def rename_map(sources, others, module_names=()):
    """Which names to rename in which device module.

    :param sources: {path: source text} of the device modules to rewrite.
    :param others: source texts (list of str) that use the device modules but are
        not rewritten (tests, tools, host code, the other board files): every name
        or string word in them keeps its spelling.
    :param module_names: names of modules and packages (they keep their spelling).
    :returns: {path: {old name: new name}}.
    """
    external = _external_names()
    keep = set(module_names) | external
    uses = {}
    defined = {}
    for path, text in sources.items():
        tree = ast.parse(text)
        names = _names(text)
        keep |= _protected(tree, False)
        keep |= _attributes(tree)
        defined[path] = _defined(tree)
        for name in names:
            uses[name] = uses.get(name, 0) + 1
    for text in others:
        keep |= _names(text)
        try:
            keep |= _protected(ast.parse(text))
        except SyntaxError:
            keep |= set(WORD.findall(text))
    every = set(uses) | keep
    spare = [name for name in _take(short_names(), every, 400)]
    out = {}
    for path in sorted(sources):
        chosen = sorted(name for name in defined[path]
                        if uses.get(name) == 1 and name not in keep
                        and not (name.startswith("__") and name.endswith("__"))
                        and len(name) > 2)
        out[path] = dict(zip(chosen, spare))
        if len(chosen) > len(spare):
            raise ValueError("too many names to rename in %s" % path)
    return out


def _take(gen, avoid, count):
    out = []
    for name in gen:
        if name not in avoid:
            out.append(name)
            if len(out) == count:
                return out
    return out


def rewrite(text, mapping):
    """``text`` with every NAME token in ``mapping`` respelled; same lines."""
    if not mapping:
        return text
    lines = text.splitlines(True)
    spans = {}
    for tok in tokenize.generate_tokens(io.StringIO(text).readline):
        if tok.type == tokenize.NAME and tok.string in mapping:
            if tok.start[0] != tok.end[0]:
                continue
            spans.setdefault(tok.start[0], []).append((tok.start[1], tok.end[1], mapping[tok.string]))
    for row, items in spans.items():
        line = lines[row - 1]
        for start, end, new in sorted(items, reverse=True):
            line = line[:start] + new + line[end:]
        lines[row - 1] = line
    return "".join(lines)
