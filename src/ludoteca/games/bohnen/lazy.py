"""A field of a state computed when first read and then kept in the state."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar

T = TypeVar("T")


class once(Generic[T]):  # noqa: N801  (used as a decorator, like functools.cached_property)
    """``functools.cached_property`` without its lock (Python 3.11 takes one on every first
    look-up, a cost on the hot path of searches): the value is computed on the first look-up
    and then stored in the instance, where later look-ups find it first."""

    def __init__(self, compute: Callable[[Any], T]):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, state: Any, owner: type | None = None) -> T:
        if state is None:
            return self  # type: ignore[return-value]
        value = self.compute(state)
        setattr(state, self.name, value)  # (not through ``__dict__``: that would make one)
        return value
