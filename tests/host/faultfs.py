"""An in-memory, os-like file system that logs every write as single-byte steps, so
a test can rebuild the storage as it stood after any number of steps: a power cut
at every write and every byte offset.

Steps: ("mkdir", path), ("create", path) (open "wb": empty file), ("append",
path) (open "ab"), ("byte", path, value), ("rename", old, new), ("remove", path).
"""

import errno


class MemFile:
    """A file handle over MemFS (read, write, flush, context manager)."""

    def __init__(self, fs, path, mode):
        self.fs = fs
        self.path = path
        self.mode = mode
        self.pos = 0

    def read(self, count=-1):
        self.fs.reads.append(self.path)
        data = self.fs.files[self.path]
        end = len(data) if count is None or count < 0 else min(len(data), self.pos + count)
        out = bytes(data[self.pos:end])
        self.pos = end
        return out

    def seek(self, pos):
        self.pos = pos
        return pos

    def readline(self):
        """The bytes up to and with the next newline (a str in a text mode)."""
        self.fs.reads.append(self.path)
        data = self.fs.files[self.path]
        end = data.find(b"\n", self.pos)
        end = len(data) if end < 0 else end + 1
        out = bytes(data[self.pos:end])
        self.pos = end
        return out if "b" in self.mode else out.decode()

    def __iter__(self):
        while True:
            line = self.readline()
            if not line:
                return
            yield line

    def write(self, data):
        if isinstance(data, str):  # a file opened "w" (json.dump writes str)
            data = data.encode()
        for value in bytes(data):
            self.fs.step(("byte", self.path, value))
        return len(data)

    def flush(self):
        pass

    def close(self):
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


class MemFS:
    """Files (path -> bytearray) and folders in memory.

    :param rename_replaces: True: rename over a file replaces it (POSIX, littlefs);
        False: it fails (FAT), exercising Storage's fallback.
    """

    def __init__(self, rename_replaces=True):
        self.files = {}
        self.dirs = set()
        self.log = []
        self.reads = []
        self.rename_replaces = rename_replaces

    def copy(self):
        other = MemFS(self.rename_replaces)
        other.files = dict((k, bytearray(v)) for k, v in self.files.items())
        other.dirs = set(self.dirs)
        return other

    def state_key(self):
        """What a reader of this storage can see, minus the bytes of .tmp files."""
        items = []
        for path in sorted(self.files):
            data = b"tmp" if path.endswith(".tmp") else bytes(self.files[path])
            items.append((path, data))
        return (tuple(items), tuple(sorted(self.dirs)))

    # ---- steps --------------------------------------------------------------
    def step(self, step):
        self.log.append(step)
        self.apply(step)

    def apply(self, step):
        kind = step[0]
        if kind == "mkdir":
            self.dirs.add(step[1])
        elif kind == "create":
            self.files[step[1]] = bytearray()
        elif kind == "append":
            self.files.setdefault(step[1], bytearray())
        elif kind == "byte":
            self.files[step[1]].append(step[2])
        elif kind == "rename":
            self.files[step[2]] = self.files.pop(step[1])
        elif kind == "remove":
            del self.files[step[1]]

    # ---- the os-like interface ---------------------------------------------
    def _parent_ok(self, path):
        parent = path.rsplit("/", 1)[0]
        if parent and parent not in self.dirs:
            raise OSError(errno.ENOENT, "no folder " + parent)

    def mkdir(self, path):
        if path in self.dirs or path in self.files:
            raise OSError(errno.EEXIST, path)
        self._parent_ok(path)
        self.step(("mkdir", path))

    def stat(self, path):
        if path in self.files:
            return (0o100000, 0, 0, 0, 0, 0, len(self.files[path]), 0, 0, 0)
        if path in self.dirs:
            return (0o040000, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        raise OSError(errno.ENOENT, path)

    def listdir(self, path):
        if path not in self.dirs:
            raise OSError(errno.ENOENT, path)
        prefix = path + "/"
        names = set()
        for name in list(self.files) + list(self.dirs):
            if name.startswith(prefix) and "/" not in name[len(prefix):]:
                names.add(name[len(prefix):])
        return sorted(names)

    def rename(self, old, new):
        if old not in self.files:
            raise OSError(errno.ENOENT, old)
        if new in self.files and not self.rename_replaces:
            raise OSError(errno.EEXIST, new)
        self._parent_ok(new)
        self.step(("rename", old, new))

    def remove(self, path):
        if path not in self.files:
            raise OSError(errno.ENOENT, path)
        self.step(("remove", path))

    def open(self, path, mode="r", encoding=None):
        """Like the built-in open (``encoding`` is accepted; reads give bytes)."""
        if "r" in mode:
            if path not in self.files:
                raise OSError(errno.ENOENT, path)
            return MemFile(self, path, mode)
        self._parent_ok(path)
        self.step(("create" if "w" in mode else "append", path))
        return MemFile(self, path, mode)


class LfsFile(MemFile):
    """A file of VfsLfs2: what is written waits, unseen, until flush() (littlefs's
    sync) or close() commits it whole; closed after a failed write, nothing is
    committed (littlefs marks the file as erred)."""

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        if self.fs.fail_writes:
            self.erred = True
            raise OSError(28, "no space left on device")
        for value in bytes(data):
            self.fs.step(("pbyte", self.path, value))
        return len(data)

    def flush(self):
        if self.mode.startswith("r"):  # a file read: nothing to commit
            return
        if not getattr(self, "erred", False):
            self.fs.step(("commit", self.path))

    def close(self):
        self.flush()

    def __exit__(self, *exc):
        self.close()
        return False


class VfsLfs2(MemFS):
    """MemFS as littlefs (MicroPython's VfsLfs2, the Pico's filesystem) keeps files:
    a file opened for writing is made at once when it is new (empty), but its
    bytes are seen only once a flush or its close commits them; a power cut before
    that leaves the file as it was (``copy``, which a cut's storage is made from,
    drops what was not committed). Named after MicroPython's class: firmware.storage
    tells littlefs by the class name of the filesystem it writes to.

    Steps beside MemFS's: ("lopen", path, mode), ("pbyte", path, value) (a byte
    written, not yet seen), ("commit", path). ``fail_writes``: every write raises
    OSError (ENOSPC)."""

    def __init__(self, rename_replaces=True):
        MemFS.__init__(self, True)
        self.pending = {}
        self.fail_writes = False

    def copy(self):
        other = type(self)()
        other.files = dict((k, bytearray(v)) for k, v in self.files.items())
        other.dirs = set(self.dirs)
        return other  # what no commit reached is lost with the power

    def apply(self, step):
        kind = step[0]
        if kind == "lopen":
            path = step[1]
            if path not in self.files:
                self.files[path] = bytearray()  # littlefs commits a new file's entry at once
            self.pending[path] = bytearray() if "w" in step[2] else bytearray(self.files[path])
        elif kind == "pbyte":
            self.pending[step[1]].append(step[2])
        elif kind == "commit":
            self.files[step[1]] = bytearray(self.pending[step[1]])
        else:
            MemFS.apply(self, step)

    def open(self, path, mode="r", encoding=None):
        if "r" in mode:
            return MemFS.open(self, path, mode)
        self._parent_ok(path)
        self.step(("lopen", path, mode))
        return LfsFile(self, path, mode)


def distinct_states(start, log):
    """Each storage state a reader can see as the steps of ``log`` are applied one by
    one to ``start`` (a MemFS or VfsLfs2, changed in place), once: yields (how many
    steps were applied, a copy of that state to boot or read on)."""
    seen = set()
    for k in range(len(log) + 1):
        if k:
            start.apply(log[k - 1])
        key = start.state_key()
        if key in seen:
            continue
        seen.add(key)
        yield k, start.copy()
