"""The rules of kolo, pure: values, rule sets, placement points, shares and standings.

Nothing here does I/O, reads a clock or imports Django, the web or the command line
(DESIGN.md principle 1); ``tests/core/test_purity.py`` checks it.
"""
