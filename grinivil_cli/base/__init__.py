"""The ground every layer stands on: files written whole (`output`), text made safe for a terminal
(`terminal`), the package's own files (`packagedata`), the collector paused (`collector`)."""
