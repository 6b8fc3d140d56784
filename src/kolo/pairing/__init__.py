"""Pairing: the hard rules' checker now; criteria, solvers and seat order build on it."""
