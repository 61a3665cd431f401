"""``python -m taubench.domains``: the registry from the command line.

``list`` prints the registered domains (``--self-contained``: only those that run with no
``env.data_dir``; ``--sep ,`` for a Hydra sweep), and on stderr one line for each domain an
installed package advertises but that cannot be loaded (left out of the list); ``generate
NAME ...`` rewrites the ``db.json`` of domains written for taubench from their seeded
generators; ``check [NAME ...]`` prints the report card of each domain written for taubench
(ours and installed packages', all of them by default, ``--jobs`` at a time, one process
each) and exits 1 if any fails."""

import argparse
import os
import sys
from typing import Optional, Sequence

from joblib import Parallel, delayed

from taubench.core.domain import DomainSpec
from taubench.domains import loaded_and_broken, self_contained
from taubench.domains.generation import write_db


def main(argv: Optional[Sequence[str]] = None) -> None:
    specs, broken = loaded_and_broken()
    ours = [name for name, spec in specs.items() if spec.origin == "taubench"]
    parser = argparse.ArgumentParser(prog="python -m taubench.domains", description=__doc__.split("\n\n")[1])
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="print the registered domains")
    listing.add_argument("--self-contained", action="store_true", help="only those that need no env.data_dir")
    listing.add_argument("--sep", default="\n", help="between names (default: one per line)")
    generating = commands.add_parser("generate", help="rewrite db.json from the domain's seeded generator")
    generating.add_argument("names", nargs="+", choices=ours, metavar="NAME")
    checking = commands.add_parser("check", help="print report cards: the bar, the sixteen checks, the oracle")
    checking.add_argument(
        "names", nargs="*", metavar="NAME", help=f"default: all of ours and installed packages' ({', '.join(ours)})"
    )
    checking.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="cards made at once, one process each (default: the CPUs)"
    )
    args = parser.parse_args(argv)
    if args.command == "list":
        for reason in broken.values():
            print(f"left out: {reason}", file=sys.stderr)
        print(args.sep.join(self_contained() if args.self_contained else specs))
    elif args.command == "check":
        from taubench.domains.report_card import report_card

        if broken.keys() & set(args.names):
            parser.exit(2, "".join(f"check: {broken[name]}\n" for name in args.names if name in broken))
        unknown = [name for name in args.names if name not in ours]
        if unknown:
            parser.exit(2, f"check: {', '.join(unknown)} not among the domains we write: {', '.join(ours)}\n")
        names = args.names or ours
        if args.jobs < 1:
            parser.exit(2, f"check: --jobs must be 1 or more, not {args.jobs}\n")
        cards = Parallel(n_jobs=min(args.jobs, len(names)))(delayed(report_card)(name) for name in names)
        print("\n\n".join(card.render() for card in cards))
        sys.exit(0 if all(card.passed for card in cards) else 1)
    else:
        for name in args.names:
            spec = specs[name]
            assert isinstance(spec, DomainSpec)  # every domain we write is
            print(write_db(spec))


if __name__ == "__main__":
    main()
