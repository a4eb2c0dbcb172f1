"""Play in a browser (``alaka serve``): the web server, its table room and its SQLite store.

- :mod:`~alaka.ui.web.store`: the tables on disk;
- :mod:`~alaka.ui.web.tables`: seats, tokens, the game moving on, who is told what;
- :mod:`~alaka.ui.web.app`: the HTTP and WebSocket routes (FastAPI);
- :mod:`~alaka.ui.web.server`: ``alaka serve`` starting it all;
- ``static/``: the pages (HTML, CSS and JavaScript, no build step).

Only :mod:`~alaka.ui.web.app` and :mod:`~alaka.ui.web.server` need the ``web`` extra.
"""
