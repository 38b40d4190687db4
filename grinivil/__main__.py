"""`python -m grinivil`: the `grinivil` command, as the console script runs it
(`grinivil_cli.start.main`): `python -m grinivil validate game.yaml`."""

from grinivil_cli.start import main

main()
