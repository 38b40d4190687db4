"""`grinivil serve`: the table's page, for a tablet in the middle of the table and the
players' phones (issue 31). `room.Room` is the game served; `app.make_app` its web
application; `run.serve` starts it."""
