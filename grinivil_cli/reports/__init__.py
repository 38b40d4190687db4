"""What the commands print about a log: the validation and the tables of `show` (`report`), the
audit and its scoring (`audit`, `audit_report`), the chart of VPs and money (`chart`), and
`grinivil moves` (`moves_report`, `setvalues`)."""
