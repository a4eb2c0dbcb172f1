"""Play in a browser (``alaka serve``): the web server, its table room and its SQLite store.

- :mod:`~alaka.ui.web.store`: the tables on disk;
- :mod:`~alaka.ui.web.tables`: the table room, a facade over one module per job:
  :mod:`~alaka.ui.web.table` (one table: seats, tokens, who is told what),
  :mod:`~alaka.ui.web.referee` (the game moving on), :mod:`~alaka.ui.web.driver` (chance, bots
  and forced moves), :mod:`~alaka.ui.web.residency` (which server drives which table),
  :mod:`~alaka.ui.web.pace`, :mod:`~alaka.ui.web.seats`, :mod:`~alaka.ui.web.lobby` and
  :mod:`~alaka.ui.web.reviews`;
- :mod:`~alaka.ui.web.app`: the HTTP and WebSocket routes (FastAPI);
- :mod:`~alaka.ui.web.server`: ``alaka serve`` starting it all;
- ``static/``: the pages (HTML, CSS and JavaScript, no build step).

Only :mod:`~alaka.ui.web.app` and :mod:`~alaka.ui.web.server` need the ``web`` extra.
"""
