"""The log writer moved to `logfile/writer.py` (issue 29): this name stays for the tools and
tests that import it from here."""

from ..logfile.writer import HEADER as HEADER
from ..logfile.writer import SCHEMA_URL as SCHEMA_URL
from ..logfile.writer import log_to_yaml as log_to_yaml
from ..logfile.writer import turn_yaml as turn_yaml
