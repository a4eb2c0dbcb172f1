"""The seeded driver and the one seed rule every driver follows.

**The seed rule.** Step ``k`` of a game (the ``k``-th action applied since the record's start,
``len(state.history)``) draws its randomness, whether a chance outcome or a bot's choice, from
:func:`step_rng` ``(seed, k)`` and from nothing else. So the same seed and seats give the same
game in the library (:func:`play`), the arena, the simulator, the terminal and the browser, and a
game saved after any step and resumed goes on exactly as it would have without the stop: the
randomness of step ``k`` does not depend on how many numbers the steps before it drew.

Seeds are non-negative integers of any size (the browser uses 128-bit secret seeds). Each step's
key is a keyed BLAKE2b hash of the seed and the step number, so outcomes seen at one step say
nothing about the seed or the other steps. Reseeding a Mersenne Twister at every step would
cost about 4 µs (it initialises 624 words), more than a random bot's whole step; so the first
draws of a step come from a SplitMix64 stream started at the step's key, and only a consumer
that draws a lot in one step (a search bot) gets a Mersenne Twister seeded from that key.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from alaka.core.protocol import CHANCE, TERMINAL, Action, State

_MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
#: Draws a step takes from the SplitMix64 stream before switching to a Mersenne Twister.
_FAST_DRAWS = 8
#: One BLAKE2b call gives the keys of 2**_BLOCK_BITS steps (its longest digest: 8 keys of 8 bytes).
_BLOCK_BITS = 3
_BLOCK_MASK = (1 << _BLOCK_BITS) - 1


class Bot(Protocol):
    """Anything that picks an action for a seat. The RNG is injected, never global."""

    def act(self, state: State, seat: int, rng: random.Random) -> Action: ...


def check_seed(seed: object) -> int:
    """``seed`` if it is a non-negative integer, else ``ValueError`` saying what a seed is."""
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"a seed is a non-negative integer, not {seed!r}")
    return seed


def new_seed() -> int:
    """A fresh 128-bit seed from the operating system's secret source (for games with no seed)."""
    return secrets.randbits(128)


class StepRandom(random.Random):
    """The generator of one game's steps: ``at(k)`` makes it the randomness of step ``k``.

    It is a :class:`random.Random`, so bots and ``sample_chance`` use it as any other; only the
    raw bits differ (see the module docstring). ``getstate``/``setstate`` are not offered: the
    state of a step is its key, and a step is re-entered with ``at``.
    """

    def __init__(self, seed: int) -> None:
        self._seed = check_seed(seed)
        self._step = 0
        digest = hashlib.blake2b(str(seed).encode(), digest_size=64).digest()
        self._keyed = hashlib.blake2b(key=digest, digest_size=8 << _BLOCK_BITS, person=b"alaka steps")
        self._block = -1
        self._keys: list[int] = []
        self._state = 0
        self._draws = 0
        self._twister: random.Random | None = None
        self.gauss_next = None
        self.at(0)

    def seed(self, a: Any = None, version: int = 2) -> None:
        # random.Random.__init__ and callers of .seed() would replace the step's stream.
        raise TypeError("a StepRandom is seeded once, by its game's seed; use .at(step)")

    def at(self, step: int) -> StepRandom:
        """Make this the generator of step ``step`` and return it."""
        block = step >> _BLOCK_BITS
        if block != self._block:
            self._rekey(block)
        self._state = self._keys[step & _BLOCK_MASK]
        self._step = step
        self._draws = 0
        self._twister = None
        return self

    def _rekey(self, block: int) -> None:
        # One hash gives the keys of a block of consecutive steps, so most steps hash nothing.
        hasher = self._keyed.copy()
        hasher.update(block.to_bytes(8, "little"))
        digest = hasher.digest()
        self._keys = [int.from_bytes(digest[i : i + 8], "little") for i in range(0, len(digest), 8)]
        self._block = block

    def _next64(self) -> int:
        """The next 64 bits of the step's SplitMix64 stream."""
        self._state = state = (self._state + _GOLDEN) & _MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def _slow(self) -> random.Random:
        if self._twister is None:
            self._twister = random.Random(self._state)
        return self._twister

    def getrandbits(self, k: int) -> int:
        if 0 < k <= 64 and self._draws < _FAST_DRAWS:
            self._draws += 1
            return self._next64() >> (64 - k)
        return self._slow().getrandbits(k)

    def random(self) -> float:
        if self._draws < _FAST_DRAWS:
            self._draws += 1
            return (self._next64() >> 11) * (1.0 / 9007199254740992.0)
        return self._slow().random()

    def _randbelow(self, n: int) -> int:
        # The hot path of randrange and choice (random bots, deck draws): SplitMix64 inline.
        if self._draws < _FAST_DRAWS:
            self._draws += 1
            self._state = state = (self._state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            # Lemire's multiply-shift: a bias of at most n / 2**64, far below anything measurable.
            return ((z ^ (z >> 31)) * n) >> 64
        return self._slow().randrange(n)

    def getstate(self) -> Any:
        raise TypeError("a StepRandom has no state to save: re-enter a step with .at(step)")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (to a bot in a worker process, say) as its seed, its step and how far the
        # step's draws have gone, so the copy goes on drawing exactly as the original would.
        twister = None if self._twister is None else self._twister.getstate()
        return (_restored, (self._seed, self._step, self._state, self._draws, twister))

    def setstate(self, state: Any) -> None:
        raise TypeError("a StepRandom has no state to restore: re-enter a step with .at(step)")


def _restored(seed: int, step: int, state: int, draws: int, twister: Any) -> StepRandom:
    rng = StepRandom(seed).at(step)
    rng._state, rng._draws = state, draws
    if twister is not None:
        rng._twister = random.Random()
        rng._twister.setstate(twister)
    return rng


def step_rng(seed: int, step: int) -> random.Random:
    """The randomness of step ``step`` of the game seeded with ``seed`` (the seed rule)."""
    return StepRandom(seed).at(step)


def play(
    state: State,
    bots: Sequence[Bot],
    seed: int | None = None,
    *,
    on_action: Callable[[State, int, Action], None] | None = None,
    max_actions: int | None = None,
) -> State:
    """Play ``state`` (in place) until the end and return it.

    ``bots[seat]`` decides for each seat; chance and bots draw from :func:`step_rng` of
    ``seed`` (a new secret seed if ``None``), so the same seed and bots replay the same game,
    also from any saved step of it. ``on_action`` is called before each action with the state,
    the deciding player (or ``CHANCE``) and the action.
    """
    if len(bots) != state.num_players:
        raise ValueError(f"this game has {state.num_players} seats but {len(bots)} bots were given")
    rng = StepRandom(new_seed() if seed is None else seed)
    limit = max_actions if max_actions is not None else state.max_game_length()
    history = state.history
    for _ in range(limit + 1):
        player = state.current_player()
        if player == TERMINAL:
            return state
        rng.at(len(history))
        action = state.sample_chance(rng) if player == CHANCE else bots[player].act(state, player, rng)
        if on_action is not None:
            on_action(state, player, action)
        state.apply_action(action)
    raise RuntimeError(f"the game did not end within {limit} actions")
