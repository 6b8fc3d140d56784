"""kolo: a tournament manager for board games played three or four to a table."""

__version__ = "0.1.0"
