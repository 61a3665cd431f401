"""``python -m taubench.domains``: the registry from the command line.

``list`` prints the registered domains (``--self-contained``: only those that run with no
``env.data_dir``; ``--sep ,`` for a Hydra sweep); ``generate NAME ...`` rewrites the
``db.json`` of domains we write from their seeded generators."""

import argparse

from taubench.domains import DOMAINS, self_contained
from taubench.domains.generation import write_db


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m taubench.domains", description=__doc__.split("\n\n")[1])
    commands = parser.add_subparsers(dest="command", required=True)
    listing = commands.add_parser("list", help="print the registered domains")
    listing.add_argument("--self-contained", action="store_true", help="only those that need no env.data_dir")
    listing.add_argument("--sep", default="\n", help="between names (default: one per line)")
    generating = commands.add_parser("generate", help="rewrite db.json from the domain's seeded generator")
    generating.add_argument("names", nargs="+", choices=list(DOMAINS), metavar="NAME")
    args = parser.parse_args()
    if args.command == "list":
        print(args.sep.join(self_contained() if args.self_contained else DOMAINS))
    else:
        for name in args.names:
            try:
                print(write_db(DOMAINS[name]))
            except ValueError as exc:
                parser.exit(2, f"{exc}\n")


if __name__ == "__main__":
    main()
