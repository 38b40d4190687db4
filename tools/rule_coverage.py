"""Print the catalogue rule ids (R-...) that no test names yet.

Usage: python tools/rule_coverage.py [--catalogue PATH] [--sections base|all]
The catalogue is ../shared/rules/catalogue.md beside the repository by default. `base` (the
default) leaves out the variants (R-VAR-*) and the promo tiles (R-A51P/52P/53P), which belong to
a later issue. Exit status 1 when any rule of the chosen sections is not named.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

RULE = re.compile(r"\bR-[A-Z0-9]+-[0-9]+\b")
LATER = re.compile(r"^R-(VAR|A51P|A52P|A53P)-")


def main() -> int:
    top = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalogue", type=Path,
                        default=top.parent / "shared" / "rules" / "catalogue.md")
    parser.add_argument("--sections", choices=("base", "all"), default="base")
    args = parser.parse_args()
    if not args.catalogue.is_file():
        print(f"rule_coverage: no catalogue at {args.catalogue}", file=sys.stderr)
        return 2
    rules = set(RULE.findall(args.catalogue.read_text(encoding="utf-8")))
    if args.sections == "base":
        rules = {r for r in rules if not LATER.match(r)}
    named: set[str] = set()
    for path in (top / "tests").rglob("*.py"):
        named |= set(RULE.findall(path.read_text(encoding="utf-8")))
    missing = sorted(rules - named)
    print(f"{len(rules) - len(missing)} of {len(rules)} rules are named by a test.")
    for rule in missing:
        print(rule)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
