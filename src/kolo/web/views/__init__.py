"""The web application's views: public pages, the organiser's desk, self-reporting, API."""
