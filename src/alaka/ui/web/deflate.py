"""How a table page's messages are compressed: permessage-deflate with a window that holds the
previous message.

uvicorn compresses each WebSocket message with a window of 4 KiB (``server_max_window_bits=12``)
to save memory. A state message is 3 to 15 KB of JSON and repeats most of the one before it
(the same table with a few things changed), but a 4 KiB window cannot reach back into it, so
each message was compressed nearly on its own, and compression took a quarter of the server's
time under load. With a 16 KiB window deflate finds the previous message and sends little more
than what changed; over every message of whole games (``docs/web.md``, Load) that is 6 times
fewer bytes (211 on average instead of 1,257, from 6.3 KB) in 40% of the time (31 µs
instead of 83), because long matches are cheaper to encode than literals. The price is memory:
about 80 KiB of compressor per connection instead of 32 KiB.

Compression is decided per client, in the handshake: only a page that offers permessage-deflate
gets it (every browser does), with the smaller of its window and ours; anything else (a bot
written with a WebSocket library, a test) may ask for none and is sent plain text. Each
connection has its own compressor, since each message builds on those sent before on it. A
message is compressed whatever its size: a short one (an error, a notice of 70 to 110 bytes)
costs 1 to 4 µs to compress and comes out a third to a half shorter, so sending it plain would
save nothing worth a rule.
"""

from __future__ import annotations

import asyncio

from uvicorn.config import Config
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from uvicorn.server import ServerState
from websockets.extensions.permessage_deflate import ServerPerMessageDeflateFactory

#: The server's window, in bits (16 KiB): room for the previous state message.
WINDOW_BITS = 14

#: The window a page compresses its own messages with (4 KiB): they are a few dozen bytes.
CLIENT_WINDOW_BITS = 12

#: zlib's memory level for the compressor's tables (uvicorn's own choice, which saves memory at
#: no measured cost on these messages).
MEMORY_LEVEL = 5


def deflate() -> ServerPerMessageDeflateFactory:
    """The permessage-deflate the server offers each connection (see the module docstring)."""
    return ServerPerMessageDeflateFactory(
        server_max_window_bits=WINDOW_BITS,
        client_max_window_bits=CLIENT_WINDOW_BITS,
        compress_settings={"memLevel": MEMORY_LEVEL},
    )


class DeflatingWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets' sans-I/O one, uvicorn's default) offering
    :func:`deflate` instead of uvicorn's own settings (``Config(ws=...)``)."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, object],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        if config.ws_per_message_deflate:
            self.conn.available_extensions = [deflate()]
