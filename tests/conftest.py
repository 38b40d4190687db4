"""The tests build games from the engine directly (`gamekit.new_game`, `replay`): the chooser's
R-TAR-06 is registered for them as the front ends' layer registers it (`reading.use_ability`,
`grinivil_cli/table/__init__.py`), whichever test file runs alone."""

import grinivil_cli.table  # noqa: F401 (registers the chooser's R-TAR-06 for the rules)
