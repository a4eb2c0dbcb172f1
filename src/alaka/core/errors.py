"""Errors raised by games and tools.

Every error a user can cause is a ``ValueError`` subclass with a message that says what was
wrong and what would have been right, so a command line or a web handler can show it as it is.
"""

from __future__ import annotations


class AlakaError(ValueError):
    """Base class for the errors a caller can cause with bad input."""


class IllegalAction(AlakaError):
    """An action that is not legal in the current state; the state is left unchanged."""


class OptionError(AlakaError):
    """A game option that is unknown or has a bad value."""


class ScenarioError(AlakaError):
    """A scenario spec that names unknown things or describes an impossible position."""


class RecordError(AlakaError):
    """A game record that cannot be read or replayed."""


class ContentError(AlakaError):
    """A content (cards, boards, dice) data file that fails validation."""


class UnknownGame(AlakaError):
    """A game name that is not registered."""


class SearchCopyError(AlakaError):
    """A record asked of a state copied for search, which keeps no history of actions."""
