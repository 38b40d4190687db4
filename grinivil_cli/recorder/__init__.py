"""`grinivil record`: a game recorded at the table, decision by decision, from the exact legal
options of the engine (`grinivil_cli/choose`); see `console.py` for the questions and commands,
`session.py` for the log being recorded."""
