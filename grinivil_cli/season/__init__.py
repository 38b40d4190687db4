"""`grinivil report`: one page for a tournament or a club season (`report`)."""
