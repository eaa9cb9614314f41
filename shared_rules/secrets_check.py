"""`referee verify`'s check of sealed-secret commitments (see shared_rules.commit)."""

import binascii

from shared_rules.commit import COMMIT, REVEAL, REVEAL_ALL, VOID, secret_hash


def _d(value):
    return value if isinstance(value, dict) else {}


def _name(index, entry):
    inputs = _d(entry.get("in"))
    return "line %d, entry %s (%s %s) secret %s '%s'" % (
        index + 1, entry.get("seq"), entry.get("game"), entry.get("kind"),
        inputs.get("id"), inputs.get("what", ""))


def _not_kept(entries, start, end, inputs):
    """True if entries[start:end] (a commit up to the void before ``end``) all have a
    seq within the void's in.from..in.to: the press not kept."""
    first = inputs.get("from")
    last = inputs.get("to")
    if not isinstance(first, int) or not isinstance(last, int):
        return False
    for index in range(start, end):
        seq = entries[index].get("seq")
        if not isinstance(seq, int) or seq < first or seq > last:
            return False
    return True


def verify_secrets(entries):
    """Check every revealed secret of a journal against its commitment.

    :param entries: the journal's entries in file order (list of dicts, as
        read_journal gives; the line of entry i is i + 1).
    :returns: (problems, checked): problems is a list of str naming the line, the
        entry, the secret's id and label; checked is the number of reveals whose
        hash was recomputed. A reveal whose commit is in another journal (a game
        that went on across sessions) is checked against the hash it carries.
        After a ``reveal_all`` entry (the game ended) every earlier commit of that
        game must have been revealed, and after the session's ``seed_reveal`` (the
        session ended: the device reveals the secrets of a game left unfinished
        first) every commit of the journal: one still sealed is named with its game.
        A ``void`` entry (game "session", in {"ids", "from", "to"}) closes a commit
        it names only when that commit is one of the entries from..to and those
        entries come right before it (a press not kept, then the void: nothing
        after the commit could have used the secret); a voided secret revealed
        later is named. A reveal by those entries of a secret the void names in
        "again" (the state restored still holds it sealed) may be followed by a
        second reveal of it.
    """
    problems = []
    commits = {}  # id -> (index, entry)
    revealed = {}
    named = {}  # ids already reported as never revealed
    voided = {}  # id -> index of the void entry that closed it
    checked = 0
    for index in range(len(entries)):
        entry = entries[index]
        kind = entry.get("kind")
        inputs = _d(entry.get("in"))
        out = _d(entry.get("out"))
        cid = inputs.get("id")
        if kind == COMMIT and isinstance(cid, str):
            if cid in commits:
                problems.append("%s: the id was already committed on line %d"
                                % (_name(index, entry), commits[cid][0] + 1))
            commits[cid] = (index, entry)
        elif kind == REVEAL and isinstance(cid, str):
            checked += 1
            if cid in revealed:
                problems.append("%s: revealed twice (first on line %d)"
                                % (_name(index, entry), revealed[cid] + 1))
            revealed[cid] = index
            if cid in voided:
                problems.append("%s: revealed, yet voided on line %d"
                                % (_name(index, entry), voided[cid] + 1))
            try:
                got = secret_hash(binascii.unhexlify(str(out.get("salt", ""))), out.get("value"))
            except (ValueError, TypeError):
                problems.append("%s: its salt is not hex" % _name(index, entry))
                continue
            found = commits.get(cid)
            want = _d(found[1].get("out")).get("hash") if found else out.get("hash")
            if got != want:
                where = (" of line %d" % (found[0] + 1)) if found else ""
                problems.append("%s: the revealed value does not match the commitment%s"
                                " (hash %s..., recomputed %s...)"
                                % (_name(index, entry), where, str(want)[:8], got[:8]))
            elif found and entry.get("game") != found[1].get("game"):
                problems.append("%s: committed by game %s" % (_name(index, entry),
                                                               found[1].get("game")))
        elif kind == VOID and entry.get("game") == "session":
            ids = inputs.get("ids")
            for other in ids if isinstance(ids, list) else []:
                found = commits.get(other)
                if (found is None or other in revealed or other in voided
                        or not _not_kept(entries, found[0], index, inputs)):
                    problems.append("line %d, entry %s (session void): secret %s is not a "
                                    "sealed commitment of the entries %s-%s right before it"
                                    " (a press not kept)" % (index + 1, entry.get("seq"), other,
                                                             inputs.get("from"), inputs.get("to")))
                else:
                    voided[other] = index
            again = inputs.get("again")
            if again is True:  # every reveal of the entries from..to (the boot read only
                # the journal's tail: firmware.resume.sync_journal) of a secret committed
                # before them (one they committed is theirs: voided, never "again")
                again = [revealed_id for revealed_id in revealed
                         if _not_kept(entries, revealed[revealed_id], index, inputs)
                         and not (revealed_id in commits
                                  and _not_kept(entries, commits[revealed_id][0], index, inputs))]
            for other in again if isinstance(again, list) else []:
                if other in revealed and _not_kept(entries, revealed[other], index, inputs):
                    del revealed[other]  # the state kept it sealed: revealed again later
                else:
                    problems.append("line %d, entry %s (session void): secret %s was not "
                                    "revealed by the entries %s-%s right before it"
                                    % (index + 1, entry.get("seq"), other, inputs.get("from"),
                                       inputs.get("to")))
        elif kind == REVEAL_ALL:
            for other in commits:
                start, commit = commits[other]
                if (commit.get("game") == entry.get("game") and other not in revealed
                        and other not in named and other not in voided):
                    named[other] = True
                    problems.append("%s: never revealed, yet the game ended on line %d"
                                    % (_name(start, commit), index + 1))
        elif kind == "seed_reveal" and entry.get("game") == "session":
            for other in commits:
                start, commit = commits[other]
                if other not in revealed and other not in named and other not in voided:
                    named[other] = True
                    problems.append("%s: never revealed, yet the session ended on line %d"
                                    " (game %s left unfinished)"
                                    % (_name(start, commit), index + 1, commit.get("game")))
    return problems, checked


def voided_secrets(entries):
    """The secrets a journal voided (each committed by a press that was not kept:
    out of memory, or a power cut before its save; firmware/resume.py sync_journal),
    for `referee verify` to say so: never used, never revealed.

    :param entries: the journal's entries in file order (list of dicts).
    :returns: list of str, one per voided secret (``entry 9 (session void): secret
        s1c8 'GM number' of entry 8 was committed by a press not kept (entries 8-8):
        never used, never revealed``); empty when none was.
    """
    labels = {}
    out = []
    for entry in entries:
        inputs = _d(entry.get("in"))
        if entry.get("kind") == COMMIT:
            labels[inputs.get("id")] = (inputs.get("what", ""), entry.get("seq"))
        elif entry.get("kind") == VOID and isinstance(inputs.get("ids"), list):
            for cid in inputs["ids"]:
                what, seq = labels.get(cid, ("", None))
                out.append("entry %s (session void): secret %s '%s' of entry %s was committed"
                           " by a press not kept (entries %s-%s): never used, never revealed"
                           % (entry.get("seq"), cid, what, seq, inputs.get("from"),
                              inputs.get("to")))
    return out
