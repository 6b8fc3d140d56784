"""Dominion's desk pages, included in the desk's URLs through the web's game registry."""

from django.urls import path

from kolo.web.games.dominion import pools

desk = [
    path("desk/pools/", pools.pools, name="desk-pools"),
    path("desk/pools/<slug:name>/", pools.pool_edit, name="desk-pool"),
]
