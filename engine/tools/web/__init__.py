"""The local web table (`rootlaw serve`): a Flask app for hot-seat people and bots."""
from .app import create_app, serve

__all__ = ["create_app", "serve"]
