"""Print a sha256 digest of every family instance (public prompt + private truth) of a world.

Run it on two checkouts and diff the outputs to see which families' instances a change moved:

    (cd ../main && PYTHONPATH=. python3 scripts/instance_digests.py --seeds 10) > main.txt
    PYTHONPATH=. python3 scripts/instance_digests.py --seeds 10 > branch.txt
    diff main.txt branch.txt

`--all` draws each family's whole catalog (seeds 0 .. size-1); `--app ticketing` only the families of an
app. (A checkout without this script runs it as `PYTHONPATH=<that checkout> python3 <this file>`.)

A family that no longer draws a seed prints `ERROR <message>` for it instead of a digest.
"""

from __future__ import annotations

import argparse
import hashlib

from tasks.families.instances import FamilyError, build_task, instance_bytes
from tasks.families.registry import families


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--world", default="acme")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 0 .. SEEDS-1 of each family")
    parser.add_argument("--all", action="store_true", help="every catalog seed (0 .. the family's size-1)")
    parser.add_argument("--family", action="append", help="only these families (repeatable; a prefix works)")
    parser.add_argument("--app", help="only the families that use this app")
    args = parser.parse_args()
    for name, fam in families().items():
        if args.family and not any(name.startswith(f) for f in args.family):
            continue
        if args.app and args.app not in fam.apps:
            continue
        for seed in range(fam.size if args.all else args.seeds):
            try:
                digest = hashlib.sha256(instance_bytes(build_task(args.world, fam, seed))).hexdigest()
            except FamilyError as exc:
                digest = f"ERROR {exc}"
            print(f"{name} v{fam.version} {seed} {digest}", flush=True)


if __name__ == "__main__":
    main()
