"""Series of events (tours) and championship qualification (RULES.md §6).

A ``kolo-series/1`` document lists ``kolo-event/1`` files with the facts an event file does
not hold (city, date, whether it is published, what kind of qualifier it is). Tour points
(``kolo.series.tour``) and qualification (``kolo.series.qualification``) are computed from
the events' standings every time, never stored, like the standings themselves.
"""

FORMAT = "kolo-series/1"
"""The value of a series document's ``format`` field."""
