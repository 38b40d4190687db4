"""`python -m grinivil_cli` runs the `grinivil` command."""

from .cli import main

main()
