"""Owner packs at their printed size, with placeholder values (issue 21: room to
spare with real packs). An owner types the printed charts into a pack; the samples
shipped are a fraction of that size. This writes packs as big as an owner's, in
the formats the pack checks accept (shared_rules.pack_check.validate_pack), for
the benches (tools/press_report.py --packs, tools/bench_pico.py --packs):

- cybernaut-game-sample.json / cybernaut-sample.json: the Encounter table's 100
  rows (00-99, Cybernaut V.D: two dice read as tens and units), each with a text as
  long as a printed entry; the Interaction and Combat tables; every Sprawl and
  TransLine of the sample map plus more Sprawls joined by TransLines (the printed
  map's count is a stand-in: SPRAWLS below); every unit (Cybernauts, SS units) and
  chit type with its count; the TechGear table (TECHGEAR types, each with an effect
  text as long as a chart entry);
- neohunt-sample.json: all 7 sectors with their walls, the 18 varans and the 17
  troopers (the sample already has them all: copied, with longer names).

Values are placeholders, never the printed ones (the project ships no rules text).
The file names are the samples', so the app loads them where it loads those.

    python tools/owner_packs.py OUT_DIR
"""

import copy
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

SPRAWLS = 16  # (stand-in) Sprawls on the RealWorld map, the three off-setup ones included
TECHGEAR = 16  # (stand-in) TechGear types on the chart
ENVIRONS = ("Anarchy", "Corporatist", "Security", "Tech")
TEXT = ("placeholder text as long as a printed chart entry, so that the pack "
        "takes the room an owner's does")


def cybernaut(sample):
    """A Cybernaut pack at printed size from the sample ``sample`` (dict)."""
    pack = copy.deepcopy(sample)
    pack["notice"] = "PLACEHOLDER values at an owner's pack size (tools/owner_packs.py)."
    tables = pack.get("tables", {})
    if "encounter" in tables:
        rows = []
        old = tables["encounter"]["rows"]
        for n in range(100):
            row = {"lo": n, "hi": n, "result": "Encounter %02d: %s" % (n, TEXT)}
            for item in old:  # keep the sample's combat values where it had them
                if item["lo"] <= n <= item["hi"] and "combat" in item:
                    row["combat"] = item["combat"]
            rows.append(row)
        tables["encounter"]["rows"] = rows
    if "sprawls" in pack:
        sprawls = pack["sprawls"]
        names = [n for n in sprawls if not sprawls[n].get("no_setup")]
        index = len(sprawls) + 1
        while len(sprawls) < SPRAWLS:
            name = "Sprawl-%d" % index
            sprawls[name] = {"environ": ENVIRONS[index % 4]}
            pack["translines"].append([names[index % len(names)], name, 1 + index % 5])
            pack["translines"].append([name, names[(index + 3) % len(names)], 1 + (index + 2) % 5])
            names.append(name)
            index += 1
    if "techgear" in pack:
        gear = pack["techgear"]
        for item in gear:
            item["effect"] = "%s: %s" % (item["type"], TEXT)
        index = len(gear) + 1
        while len(gear) < TECHGEAR:
            gear.append({"type": "Gear %d" % index, "count": 1 + index % 3,
                         "effect": "Gear %d: %s" % (index, TEXT)})
            index += 1
    return pack


def neohunt(sample):
    """A Neo-Hunt pack at printed size (7 sectors, 18 varans, 17 troopers)."""
    pack = copy.deepcopy(sample)
    pack["notice"] = "PLACEHOLDER values at an owner's pack size (tools/owner_packs.py)."
    section = pack["neohunt"]
    for i, varan in enumerate(section["varans"]):
        varan["name"] = "%s %d" % (varan["name"], i + 1)
    return pack


def main(argv):
    if len(argv) != 2 or argv[1].startswith("-"):  # --help: the usage, not a folder named so
        print(__doc__.split("\n\n")[-1].strip())
        return 2
    out = argv[1]
    os.makedirs(out, exist_ok=True)
    from shared_rules.pack_check import validate_pack
    packs = os.path.join(ROOT, "firmware", "packs")
    for name in sorted(os.listdir(packs)):
        with open(os.path.join(packs, name)) as f:
            sample = json.load(f)
        pack = cybernaut(sample) if sample.get("game") == "cybernaut" else neohunt(sample)
        validate_pack(pack, name)  # raises PackError naming what is wrong
        text = json.dumps(pack, indent=1)
        with open(os.path.join(out, name), "w") as f:
            f.write(text + "\n")
        print("%s: %d B (sample %d B)" % (name, len(text) + 1, os.path.getsize(os.path.join(packs, name))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
