"""`python -m grinivil_cli` runs the `grinivil` command."""

from .start import main

main()
