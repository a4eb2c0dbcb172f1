"""The researchers' door: both games for OpenSpiel, PettingZoo and Gymnasium (extra ``rl``).

- :mod:`alaka.rl.openspiel` registers ``alaka_<game>`` with ``pyspiel`` on import;
- :mod:`alaka.rl.pettingzoo` gives an AEC environment per game: ``env("alakazoo", num_players=3)``;
- :mod:`alaka.rl.gym` gives a single-agent environment (one seat learns, bots play the others)
  and registers ``alaka/Alakazum-v0`` and ``alaka/Alakazoo-v0`` on import;
- :mod:`alaka.rl.encoding` finds a game's tensors (``alaka/games/<game>/encoding.py``).

Importing this package imports none of those libraries; each module imports its own. The
tensors and masks are built from ``state.view(seat)`` only (docs/rl.md has their layouts).
"""
