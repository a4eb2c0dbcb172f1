"""Bots: they decide, and never mutate a state they were given."""

from alaka.bots.random_bot import RandomBot

__all__ = ["RandomBot"]
