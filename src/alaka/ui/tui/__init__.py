"""Play, resume and replay games in a terminal (``alaka play``, ``alaka replay``).

- :mod:`~alaka.ui.tui.menu`: what a typed answer means (a number, a label's start, a command);
- :mod:`~alaka.ui.tui.render`: Rich tables drawn from one seat's view;
- :mod:`~alaka.ui.tui.records`: where records go and how they are written without ever being
  left half-written;
- :mod:`~alaka.ui.tui.seats`: the ``--seats`` list (humans and bot specs);
- :mod:`~alaka.ui.tui.session`: the game loop with humans and bots;
- :mod:`~alaka.ui.tui.replay`: stepping through a record forward and back.
"""
