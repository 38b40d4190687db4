"""grinivil: replay, validate, record and draw games of the board game Grinivil.

The version is written here and nowhere else: pyproject.toml reads it (`dynamic`), `grinivil
--version` and `grinivil.__version__` print it, CHANGELOG.md names it, and a release is tagged
`v` + it (docs/releasing.md)."""

__version__ = "0.3.0.dev0"
