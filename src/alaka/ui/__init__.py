"""The user interfaces: the edge where Alaka meets people (the terminal table in ``tui``, the
browser tabletop in ``web``).

Only this layer (and the command line) prints or reads the keyboard; it talks to the games
through the protocol alone, and a human's screen is built from ``state.view(seat)`` only, so a
screen can never show what its seat may not see.
"""
