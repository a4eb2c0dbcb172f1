"""Small classes of named fields, compared and shown by those fields as a dataclass is, but built
by a plain ``__init__``.

A class below :class:`Value` names its fields in ``__match_args__`` (in order: positional
``match`` patterns read them too), lists its own in ``__slots__`` and sets them in an explicit
``__init__``; :class:`Value` gives it equality (same class, equal fields) and ``repr``
(``Name(field=value, ...)``), and :class:`FrozenValue` a hash by its fields as well.

Why not dataclasses: these are made on the hot path (an event at almost every action, a potion
played or a combat's result in a fight). In the compiled build (``alaka.core.compiling``) a
dataclass's generated ``__init__`` stays Python, and a frozen one sets every field through
``object.__setattr__``: 0.4 µs, where a compiled plain constructor takes a few tens of
nanoseconds. A frozen value's fields are declared ``Final`` instead, so that the type checker
(``mypy --strict``, which CI runs) refuses any assignment after ``__init__``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from alaka.core.compiling import mypyc_attr


def rebuilt_by_fields(value: Any) -> tuple[type, tuple[Any, ...]]:
    """For pickle (``__reduce__``): a value whose constructor takes the fields named in
    ``__match_args__``, in order, is rebuilt by calling it with them. (Not pickle's default: in
    the compiled build, unpickling a compiled class runs its ``__init__`` without arguments.)"""
    return type(value), tuple([getattr(value, name) for name in value.__match_args__])


@mypyc_attr(allow_interpreted_subclasses=True)
class Value:
    """Equality and ``repr`` by the fields named in ``__match_args__``."""

    #: Every field, in order.
    __match_args__: ClassVar[tuple[str, ...]] = ()
    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in self.__match_args__)

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[type, tuple[Any, ...]]:
        return rebuilt_by_fields(self)


@mypyc_attr(allow_interpreted_subclasses=True)
class FrozenValue(Value):
    """A value that is never changed once built (its fields are ``Final``): hashable."""

    __slots__ = ()

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in self.__match_args__]))
