"""The store and (later) the web application: Django settings, models, the store's operations."""
