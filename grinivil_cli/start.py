"""The `grinivil` command's first lines (the console script and `python -m grinivil_cli`): Ctrl-C
made quiet before anything else is imported, then the command (`entry.main`).

Python's own handler raises KeyboardInterrupt wherever the program is, in the middle of an
import too: a traceback, or a compiled module's PanicException, and exit 1 or 2 (issue 27). Until
the command has started, nothing is written and there is nothing to say: the process ends at
once with 130. `entry.main` then makes Ctrl-C the KeyboardInterrupt the commands handle. What
comes before the handler (the interpreter starting, its `site` imports, `import signal`: about
20 ms on a quiet machine) is Python's: a signal there still ends as Python ends it.

Only the programs import this module: the Python API and the tests keep Python's handler.
"""

import os
import signal


def quit_while_starting(signum: int, frame: object) -> None:
    """SIGINT before the command has started: exit 128 + the signal, nothing printed."""
    os._exit(128 + signum)


def main() -> None:
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, quit_while_starting)
    from .entry import main as command

    command(starting=quit_while_starting)
