"""What the store tells whoever shows its data, without knowing who that is."""

from django.dispatch import Signal

events_changed = Signal()
"""Sent with ``event_pks`` when a change touched these events without writing an audit entry
of theirs (a series' change reaches every event in it). A change of one event writes its audit
entry, whose ``post_save`` says the same."""
