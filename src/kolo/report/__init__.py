"""What kolo reports, built once and shown everywhere (text, HTML, print, CSV, JSON): pure."""
