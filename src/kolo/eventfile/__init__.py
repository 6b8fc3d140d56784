"""The ``kolo-event/1`` file format: reading with precise errors, writing, the JSON Schema."""

FORMAT = "kolo-event/1"
