"""kolo's store: a Django application of its own, split by noun.

``models`` and ``migrations`` (the app label stays ``kolo``, so every existing database
migrates as before), ``loading`` (rows read as core values in a few flat queries), and the
changes by noun: ``audit`` (one transaction, one audit entry), ``mapping`` (rows ↔ core
values), ``events``, ``entrants``, ``rounds``, ``results``, ``imports``, ``series``,
``roles``, ``users``, and a game's room of its own where it needs one, found through
``games``; ``backup`` (the whole store to one SQLite file and back, its file checked by
``backupfile``). ``api`` names what the web application and the command line call. The store
knows nothing of pages: when a change touches events that wrote no audit entry of their own
(a series), it says so with ``signals.events_changed``.
"""
