"""`python -m grinivil_cli` runs the `grinivil` command."""

from .entry import main

main()
