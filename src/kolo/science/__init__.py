"""Format science: whole events simulated through the real pairing engine and standings, and
how well a format finds the strongest players (docs/formats.md).

``kolo.science.study`` plays the events (in memory, never the store); ``kolo.science.metrics``
holds the statistics (Kendall τ, the podium, 95 % intervals).
"""
