"""`referee sync`, `pull`, `push`, `backup` and `restore`: the device's data folder
(saves/, journals/, packs/) and a folder on the PC, with nothing lost.

Two-way sync decides per file by SHA-256, against the hashes both sides had at the
end of the last sync with this device (kept in ``<DIR>/.referee-sync.json``, one
set per device identity):

=====================  =====================  ==========================================
PC since last sync     device since last sync  what happens
=====================  =====================  ==========================================
unchanged              changed / new           received
changed / new          unchanged               sent
unchanged              deleted                 deleted on the PC
deleted                unchanged               deleted on the device
changed                deleted (or reverse)    the changed file is kept and copied back
changed                changed (differently)   conflict: the device's version keeps the
                                               name on both sides, the PC's is kept as
                                               ``<name>.pc-conflict-<time><ext>`` on both
same content           same content            nothing to move
=====================  =====================  ==========================================

The device's own records (DEVICE_OWNED: saves/ and journals/; key.bin never leaves
it) are never replaced by a sync or a push: only `referee restore` does that. A
journal is append-only: a PC copy that is the device's journal without its newer
lines is simply brought up to date; one that differs in any other way (edited on
the PC) is never sent, it is kept on the PC only as
``<name>.pc-conflict-<time><ext>`` and the summary says so; the device's journal
wins. A save changed on the PC is kept the same way. Such conflict copies stay on
the PC (never sent). A save or journal the device does not have (made or copied on
the PC) is never sent either (NOT SENT): only `referee restore` puts one there.

Nothing is sent unchecked (referee.checks.send_problem): a pack as `referee pack
check` checks it and no bigger than the device's heap can parse, a save and a
journal by their checksums, every file against the device's free flash. A file
that fails is not sent (the summary names it and why) and the rest goes on.

Every transfer is written under a temporary name (``.part``), its hash checked on
the receiving side, then renamed over the old file. The state file is rewritten
after every file, so a cut at any moment leaves each file whole on both sides and
the next sync finishes the job. The device's sealing key (key.bin) never leaves it
except in a backup.
"""

import hashlib
import json
import os
import sys
import time
import zipfile

from shared_rules import VERSION
from shared_rules.errors import RefereeError
from referee.device import AGAIN, Device, DeviceError

STATE = ".referee-sync.json"
PART = ".part"
# the sealing key, the hashes of pack files the device checked (firmware/packfile.py:
# a PC must not be able to vouch for a pack), and the record of a press written ahead
# of its save (firmware/replay.py: replayed on the save it names, at a boot after a
# power cut): in backups, never in a sync folder
RECORD = "ahead/press-ahead.wal"  # firmware/replay.py NAME
# (the record's name in the data folder's root before 2026-12-05: never copied either)
DEVICE_ONLY = ("key.bin", "packs.ok", RECORD, "press-ahead.wal")
# the app's undo steps (firmware/undo.py), the tables a game in progress started
# with (firmware/packfile.py KEPT) and the big tables' rows files and slim pack copies
# the device made from checked packs (firmware/packfile.py ROWS: loaded unchecked, so a
# PC must not be able to put one there, as packs.ok): in backups only
DEVICE_ONLY_FOLDERS = ("undo/", "packs.kept/", "packs.rows/")
MANIFEST = "manifest.json"
DEVICE_OWNED = ("saves/", "journals/")  # the device's records: never replaced by sync/push
KEPT_ASIDE = "saves/bad"  # the device keeps a save it cannot read as saves/badN.sav


def device_owned(rel):
    """True for a file only the device writes (a save, a journal; key.bin is never
    listed at all)."""
    return rel.startswith(DEVICE_OWNED)


def is_conflict_copy(rel):
    """True for a conflict copy made by a sync (``NAME.pc-conflict-TIME.EXT``...)."""
    return "-conflict-" in rel.rpartition("/")[2]


def default_dir():
    """The per-user sync folder: $XDG_DATA_HOME/pocket-referee/device
    (~/.local/share/pocket-referee/device)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "pocket-referee", "device")


def default_backup_dir():
    """Where backups go by default: ~/.local/share/pocket-referee/backups."""
    return os.path.join(os.path.dirname(default_dir()), "backups")


def sha_hex(data):
    """Hex SHA-256 of bytes."""
    return hashlib.sha256(data).hexdigest()


def _transient(name):
    return name.endswith(PART) or name.endswith(".tmp") or name.endswith(".old")


def local_files(root):
    """Files under ``root``: dict path ('/'-separated, relative) -> (sha256 hex, bytes).

    Skips the state file, hidden files and the device-only ones (DEVICE_ONLY: key.bin,
    packs.ok; DEVICE_ONLY_FOLDERS); removes ``.part`` leftovers of cut transfers.
    """
    files = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            full = os.path.join(folder, name)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            if name.startswith("."):
                continue
            if name.endswith(PART):
                os.remove(full)
                continue
            if _transient(name):
                continue
            if rel in DEVICE_ONLY or rel.startswith(DEVICE_ONLY_FOLDERS):
                continue  # the device's own: never sent from a PC, even if a copy is here
            with open(full, "rb") as handle:
                data = handle.read()
            files[rel] = (sha_hex(data), len(data))
    return files


def write_local(root, rel, data):
    """Write ``data`` to ``root/rel`` under a temporary name, fsync, check its hash as
    stored, then rename it over the old file."""
    final = os.path.join(root, *rel.split("/"))
    os.makedirs(os.path.dirname(final), exist_ok=True)
    part = final + PART
    with open(part, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    with open(part, "rb") as handle:
        if sha_hex(handle.read()) != sha_hex(data):
            os.remove(part)
            raise DeviceError("writing %s on this PC failed its hash check (disk problem?)" % final)
    os.replace(part, final)


def read_local(root, rel):
    """The bytes of ``root/rel``."""
    with open(os.path.join(root, *rel.split("/")), "rb") as handle:
        return handle.read()


def conflict_name(rel, side, stamp):
    """``saves/state.sav`` -> ``saves/state.<side>-conflict-<stamp>.sav``."""
    folder, _, name = rel.rpartition("/")
    stem, dot, ext = name.rpartition(".")
    if not dot or not stem:
        stem, ext = name, ""
    new = "%s.%s-conflict-%s%s" % (stem, side, stamp, "." + ext if ext else "")
    return folder + "/" + new if folder else new


def in_use(remote):
    """The device files a deletion on the PC must not remove: the save, the last good
    save and the open session's journal (the newest journals/sNNNN.jrn), which the
    app is writing and `referee verify` will need.

    :param remote: {relative path: (sha256, size)} of the device's files.
    :returns: {relative path: why}.
    """
    out = {"saves/state.sav": "its save", "saves/state.prev": "its last good save"}
    journals = sorted(rel for rel in remote if rel.startswith("journals/s") and rel.endswith(".jrn"))
    if journals:
        out[journals[-1]] = "the open session's journal"
    return out

class State:
    """The last-sync hashes, per device identity, in ``root/.referee-sync.json``."""

    def __init__(self, root, device_id):
        self.path = os.path.join(root, STATE)
        self.device_id = device_id
        self.doc = {"format": "pocket-referee-sync", "version": 1, "devices": {}}
        try:
            with open(self.path) as handle:
                doc = json.load(handle)
            if isinstance(doc, dict) and isinstance(doc.get("devices"), dict):
                self.doc = doc
        except (OSError, ValueError):
            pass
        self.every = 1.0
        self.saved = time.monotonic()
        entry = self.doc["devices"].setdefault(device_id, {"files": {}})
        self.files = entry.setdefault("files", {})

    def set(self, rel, sha):
        """Record ``rel`` as ``sha`` on both sides (None: gone from both); saved at
        least every ``every`` seconds and by ``save``.

        Saving late is safe: every step leaves both sides equal for that file, which
        the next sync recognises whatever the state file says.
        """
        if sha is None:
            self.files.pop(rel, None)
        else:
            self.files[rel] = sha
        if time.monotonic() - self.saved > self.every:
            self.save()

    def save(self):
        """Write the state file (temporary name, then rename)."""
        self.saved = time.monotonic()
        self.doc["devices"][self.device_id]["time"] = time.strftime("%Y-%m-%dT%H:%M:%S")
        os.makedirs(os.path.dirname(self.path), exist_ok=True)
        part = self.path + PART
        with open(part, "w") as handle:
            json.dump(self.doc, handle, indent=1, sort_keys=True)
        os.replace(part, self.path)


class Progress:
    """A progress bar on stderr over ``total`` bytes (drawn only on a terminal)."""

    def __init__(self, total, enabled=None, stream=None):
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total = max(total, 1)
        self.done = 0
        self.base = 0
        self.name = ""
        self.hook = None  # tests: callable(name, bytes done in this file)

    def start(self, name):
        """A new file begins."""
        self.base = self.done
        self.name = name
        self.draw()

    def __call__(self, file_done):
        """``file_done`` bytes of the current file have moved."""
        self.done = self.base + file_done
        if self.hook:
            self.hook(self.name, file_done)
        self.draw()

    def draw(self):
        if not self.enabled:
            return
        width = 30
        fill = min(width, self.done * width // self.total)
        self.stream.write("\r[%s%s] %3d%% %7.1f/%.1f KB %-30s" % (
            "#" * fill, "." * (width - fill), min(100, self.done * 100 // self.total),
            self.done / 1024, self.total / 1024, self.name[-30:]))
        self.stream.flush()

    def finish(self):
        if self.enabled:
            self.stream.write("\r" + " " * 90 + "\r")
            self.stream.flush()


class Report:
    """What a sync did: counts and lines for the summary."""

    def __init__(self):
        self.sent = []
        self.received = []
        self.deleted_device = []
        self.deleted_pc = []
        self.conflicts = []
        self.notes = []
        self.refused = []  # "NOT SENT <path>: <why>" lines
        self.aside = []  # device files kept aside since the last sync (saves/badN.sav)
        self.unchanged = 0

    def summary(self):
        """The summary lines (list of str)."""
        lines = []
        for text in self.refused + self.conflicts + self.notes:
            lines.append(text)
        for rel in self.aside:
            lines.append("KEPT ASIDE BY THE DEVICE %s: a save it could not read (damaged, or "
                         "another device's), set aside whole at a boot or after a MemoryError; "
                         "copied here. `referee log` cannot read a save; keep it for a bug "
                         "report or delete it on the PC and sync" % rel)
        lines.append("sent %d, received %d, deleted on device %d, deleted on PC %d, "
                     "conflicts %d, unchanged %d, not sent (failed checks) %d" % (
                         len(self.sent), len(self.received), len(self.deleted_device),
                         len(self.deleted_pc), len(self.conflicts), self.unchanged,
                         len(self.refused)))
        return lines


class Syncer:
    """One session with a device and a PC folder.

    :param device: an open referee.device.Device.
    :param root: the PC folder (created if missing).
    :param progress: a Progress or None.
    """

    def __init__(self, device, root, progress=None):
        self.device = device
        self.root = root
        os.makedirs(root, exist_ok=True)
        self.state = State(root, device.info.get("id", "unknown"))
        self.report = Report()
        self.progress = progress
        self.stamp = time.strftime("%Y%m%d-%H%M%S")
        self.free = device.info.get("free")  # bytes free on the device, kept up to date

    def run(self, what):
        """Run ``sync``, ``pull`` or ``push`` and write the state file, also after a
        failure (what was done is recorded). :returns: the Report."""
        try:
            return getattr(self, what)()
        finally:
            self.state.save()

    def _remote(self):
        files = self.device.listing()
        for name in DEVICE_ONLY:
            files.pop(name, None)
        for name in list(files):
            if name.startswith(DEVICE_ONLY_FOLDERS):
                del files[name]
        self.report.aside = sorted(rel for rel in files if rel.startswith(KEPT_ASIDE)
                                   and rel not in self.state.files)
        return files

    def _tick(self, name):
        if self.progress:
            self.progress.start(name)
            return self.progress
        return None

    def fetch(self, rel, remote):
        """The bytes of the device's ``rel``, checked against its listed hash."""
        sha, size = remote[rel]
        data = self.device.read(rel, size, self._tick(rel))
        if sha_hex(data) != sha:
            raise DeviceError("%s changed on the device during the sync. %s" % (rel, AGAIN))
        return data

    def pull_file(self, rel, remote, data=None):
        """Device -> PC for one file; :returns: its hash."""
        if data is None:
            data = self.fetch(rel, remote)
        write_local(self.root, rel, data)
        self.report.received.append(rel)
        return remote[rel][0]

    def push_file(self, rel, data=None, remote=None):
        """PC -> device for one file, once it passes its checks (checks.send_problem).

        :param remote: the device's listing (the size of the file it replaces).
        :returns: its hash, or None when it failed its checks and was not sent (the
            report names it and why).
        """
        if data is None:
            data = read_local(self.root, rel)
        old = (remote or {}).get(rel, (None, 0))[1]
        if self.refuse(rel, data, remote):
            return None
        self.device.write(rel, data, self._tick(rel))
        if self.free is not None:
            self.free -= len(data) - old
        self.report.sent.append(rel)
        return sha_hex(data)

    def refuse(self, rel, data, remote=None):
        """True (and the report names the file and why) when ``data`` must not be sent
        as ``rel`` (referee.checks.send_problem)."""
        from referee.checks import send_problem
        old = (remote or {}).get(rel, (None, 0))[1]
        problem = send_problem(rel, data, None if self.free is None else self.free + old)
        if not problem and device_owned(rel) and not is_conflict_copy(rel) and rel not in (remote or {}):
            # a save or journal the device never wrote: its record holds only its own
            # (found by review: a PC-made journal was sent); `referee restore` puts
            # back a backup's
            problem = ("saves and journals are written only by the device; to put back "
                       "a backup's, use `referee restore`")
        if problem:
            self.report.refused.append("NOT SENT %s: %s." % (rel, problem))
        return bool(problem)

    def _keep_device_copy(self, rel, remote, local_data=None):
        """``rel`` is the device's own (a save, a journal) and the PC's copy differs:
        the device's copy wins and is copied here. A journal the PC holds as a start
        of the device's (the device appended since) just comes over; any other
        difference keeps the PC's copy under a conflict name, on the PC only (it is
        never sent). :returns: the hash now on both sides."""
        data = self.fetch(rel, remote)
        if local_data is None:
            local_data = read_local(self.root, rel)
        appended = rel.startswith("journals/") and data.startswith(local_data)
        if not appended:
            other = conflict_name(rel, "pc", self.stamp)
            write_local(self.root, other, local_data)
            what = "journal" if rel.startswith("journals/") else "save"
            self.report.conflicts.append(
                "CONFLICT %s: the PC's copy differs from the device's %s (edited on the PC?). A "
                "device's %ss are its own record: the PC's copy was not sent, the device's is "
                "kept and copied here, and the PC's is kept on this PC only as %s"
                % (rel, what, what, other))
        return self.pull_file(rel, remote, data)

    def _totals(self, plan, remote, local):
        total = 0
        for rel, action in plan:
            if action in ("pull", "conflict"):
                total += remote[rel][1]
            if action in ("push", "conflict"):
                total += local[rel][1]
        return total

    def sync(self):
        """Two-way sync. :returns: the Report."""
        remote = self._remote()
        local = local_files(self.root)
        base = self.state.files
        protected = in_use(remote)
        plan = []
        for rel in sorted(set(remote) | set(local) | set(base)):
            r_sha = remote.get(rel, (None, 0))[0]
            l_sha = local.get(rel, (None, 0))[0]
            b_sha = base.get(rel)
            owned = device_owned(rel)
            if r_sha == l_sha:
                plan.append((rel, "same"))
            elif owned and r_sha is None and is_conflict_copy(rel):
                continue  # a conflict copy of a device's record: stays on the PC
            elif l_sha == b_sha:
                plan.append((rel, "pull" if r_sha else "delete_pc"))
            elif owned and r_sha and l_sha:
                plan.append((rel, "keep_device"))
            elif r_sha == b_sha and not l_sha and rel in protected:
                plan.append((rel, "pull"))
                self.report.notes.append("%s: deleted on the PC, but the device is using it (%s): "
                                         "kept on the device and copied back" % (rel, protected[rel]))
            elif r_sha == b_sha:
                plan.append((rel, "push" if l_sha else "delete_device"))
            elif l_sha is None:
                plan.append((rel, "pull"))
                self.report.notes.append("%s: deleted on the PC but changed on the device: the "
                                         "device's version is kept (received)" % rel)
            elif r_sha is None:
                plan.append((rel, "push"))
                self.report.notes.append("%s: deleted on the device but changed on the PC: the "
                                         "PC's version is kept (sent)" % rel)
            else:
                plan.append((rel, "conflict"))
        if self.progress:
            self.progress.total = max(1, self._totals(plan, remote, local))
        for rel, action in plan:
            if action == "same":
                if remote.get(rel) is not None:
                    self.report.unchanged += 1
                if base.get(rel) != (remote.get(rel) or (None,))[0]:
                    self.state.set(rel, (remote.get(rel) or (None,))[0])
            elif action == "pull":
                self.state.set(rel, self.pull_file(rel, remote))
            elif action == "keep_device":
                self.state.set(rel, self._keep_device_copy(rel, remote))
            elif action == "push":
                sha = self.push_file(rel, remote=remote)
                if sha:
                    self.state.set(rel, sha)
            elif action == "delete_pc":
                os.remove(os.path.join(self.root, *rel.split("/")))
                self.report.deleted_pc.append(rel)
                self.state.set(rel, None)
            elif action == "delete_device":
                self.device.remove(rel)
                self.report.deleted_device.append(rel)
                self.state.set(rel, None)
            else:
                self._conflict(rel, remote)
        return self.report

    def _conflict(self, rel, remote):
        """Both sides changed ``rel``: the device's version keeps the name; the PC's is
        kept on both sides under a conflict name. Nothing is overwritten before it has
        a copy."""
        other = conflict_name(rel, "pc", self.stamp)
        data = read_local(self.root, rel)
        write_local(self.root, other, data)
        sha = self.push_file(other, data)
        where = "on both"
        if sha:
            self.state.set(other, sha)
        else:
            where = "on this PC only: it failed its checks, see NOT SENT"
        self.state.set(rel, self.pull_file(rel, remote))
        self.report.conflicts.append(
            "CONFLICT %s: changed on both sides. The device's version keeps the name; the PC's "
            "is kept as %s (%s)" % (rel, other, where))

    def pull(self):
        """One way, device -> PC. A PC file changed since the last sync is first kept
        as ``*.pc-conflict-*`` beside it. Nothing is deleted. :returns: the Report."""
        remote = self._remote()
        local = local_files(self.root)
        todo = [rel for rel in sorted(remote) if local.get(rel, (None,))[0] != remote[rel][0]]
        if self.progress:
            self.progress.total = max(1, sum(remote[rel][1] for rel in todo))
        for rel in sorted(remote):
            if rel not in todo:
                self.report.unchanged += 1
                self.state.set(rel, remote[rel][0])
                continue
            if rel in local and device_owned(rel) and local[rel][0] != self.state.files.get(rel):
                self.state.set(rel, self._keep_device_copy(rel, remote))
                continue
            if rel in local and local[rel][0] != self.state.files.get(rel):
                other = conflict_name(rel, "pc", self.stamp)
                write_local(self.root, other, read_local(self.root, rel))
                self.report.conflicts.append("KEPT %s: changed on the PC since the last sync; "
                                             "the PC's version is kept as %s" % (rel, other))
            self.state.set(rel, self.pull_file(rel, remote))
        return self.report

    def push(self):
        """One way, PC -> device. A device file changed since the last sync is first
        kept as ``*.device-conflict-*`` beside it on the device. Nothing is deleted.
        :returns: the Report."""
        remote = self._remote()
        self.report.aside = []  # push copies nothing here: pull or sync report them
        local = local_files(self.root)
        todo = [rel for rel in sorted(local) if remote.get(rel, (None,))[0] != local[rel][0]]
        if self.progress:
            self.progress.total = max(1, sum(local[rel][1] for rel in todo))
        for rel in sorted(local):
            if rel not in todo:
                self.report.unchanged += 1
                self.state.set(rel, local[rel][0])
                continue
            if device_owned(rel) and (rel in remote or is_conflict_copy(rel)):
                if rel in remote:
                    self.report.notes.append(
                        "KEPT %s: the device's copy differs and is its own record; push never "
                        "replaces it (only `referee restore` does): not sent" % rel)
                continue
            data = read_local(self.root, rel)
            if self.refuse(rel, data, remote):
                continue
            if rel in remote and remote[rel][0] != self.state.files.get(rel):
                other = conflict_name(rel, "device", self.stamp)
                self.device.copy(rel, other, remote[rel][1], remote[rel][0])
                self.report.conflicts.append("KEPT %s: changed on the device since the last "
                                             "sync; the device's version is kept there as %s"
                                             % (rel, other))
            self.state.set(rel, self.push_file(rel, data, remote))
        return self.report


def backup(device, out, progress=None):
    """A zip of the device's whole data folder (key.bin included) with manifest.json
    (each file's SHA-256 and size, the versions, the time). Written to ``out.part``
    and renamed when complete. :returns: (path, number of files)."""
    files = device.listing()
    if progress:
        progress.total = max(1, sum(size for _, size in files.values()))
    manifest = {"format": "pocket-referee-backup", "version": 1, "referee": VERSION,
                "micropython": device.info.get("micropython"), "device": device.info.get("id"),
                "created": time.strftime("%Y-%m-%dT%H:%M:%S"), "files": {}}
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    part = out + PART
    with zipfile.ZipFile(part, "w", zipfile.ZIP_DEFLATED) as archive:
        for rel in sorted(files):
            sha, size = files[rel]
            if progress:
                progress.start(rel)
            data = device.read(rel, size, progress)
            if sha_hex(data) != sha:
                raise DeviceError("%s changed on the device during the backup. %s" % (rel, AGAIN))
            archive.writestr("data/" + rel, data)
            manifest["files"][rel] = {"sha256": sha, "bytes": size}
        archive.writestr(MANIFEST, json.dumps(manifest, indent=1, sort_keys=True))
    os.replace(part, out)
    return out, len(files)


def read_backup(path):
    """Open a backup and check every file against its manifest.

    :returns: (manifest dict, {rel: bytes}).
    :raises DeviceError: not a backup, or a file that does not match (names it).
    """
    if not os.path.exists(path):
        raise RefereeError("no such file: %s (give a backup made by `referee backup`; they are "
                           "in %s by default)" % (path, default_backup_dir()))
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as exc:
        raise RefereeError("%s is not a Pocket Referee backup (%s)" % (path, exc))
    with archive:
        try:
            manifest = json.loads(archive.read(MANIFEST))
        except (KeyError, ValueError):
            raise RefereeError("%s has no readable %s: not a Pocket Referee backup" % (path, MANIFEST))
        contents = {}
        for rel, entry in sorted(manifest.get("files", {}).items()):
            try:
                data = archive.read("data/" + rel)
            except KeyError:
                raise RefereeError("backup %s is damaged: %s is listed but missing" % (path, rel))
            if sha_hex(data) != entry.get("sha256"):
                raise RefereeError("backup %s is damaged: %s does not match its hash" % (path, rel))
            contents[rel] = data
    return manifest, contents


def restore(device, contents, progress=None):
    """Write a backup's files to the device (each by temp name + hash + rename); files
    already equal are skipped and files not in the backup are left alone, but for the
    device's record of a press ahead of its save (RECORD), which is removed.

    :returns: (written, unchanged, left alone) lists of paths.
    """
    remote = device.listing()
    for record in (RECORD, "press-ahead.wal"):  # (its name before 2026-12-05 too: a
        if record in remote and record not in contents:  # device on older firmware)
            # the device's record of a press ahead of its save belongs to the save
            # replaced (found by review: it matched the backup's save, taken just
            # before that press, and the boot replayed the press on the restored game)
            device.remove(record)
            del remote[record]
    todo = [rel for rel in sorted(contents) if remote.get(rel, (None,))[0] != sha_hex(contents[rel])]
    if progress:
        progress.total = max(1, sum(len(contents[rel]) for rel in todo))
    for rel in todo:
        if progress:
            progress.start(rel)
        device.write(rel, contents[rel], progress)
    unchanged = [rel for rel in sorted(contents) if rel not in todo]
    extra = [rel for rel in sorted(remote) if rel not in contents]
    return todo, unchanged, extra
