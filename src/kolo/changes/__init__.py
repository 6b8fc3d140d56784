"""The rules of a change, as pure functions: from an event (and what the store knows of its
rounds) to the event after the change, or a refusal (``InvalidInput``) — decided before
anything is written. The store loads, asks here, writes the difference and the audit entry
in one transaction (docs/architecture.md)."""
