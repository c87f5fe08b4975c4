"""Game options: declared once per game, validated in one place."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One option of a game: a name, a default and the values it allows.

    Either ``choices`` (an explicit tuple) or an integer range ``minimum``..``maximum``.
    ``help`` is the message key of its one-line description.
    """

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    help: str = ""

    def allowed(self) -> str:
        if self.choices is not None:
            return ", ".join(repr(c) for c in self.choices)
        return f"integers {self.minimum} to {self.maximum}"

    def validate(self, value: Any) -> Any:
        """Return the value in canonical form, or raise ValueError naming the option."""
        if self.choices is not None:
            for choice in self.choices:
                if value == choice and type(value) is type(choice):
                    return choice
            # "3" from a command line or a URL is accepted for an integer choice
            for choice in self.choices:
                if str(value) == str(choice):
                    return choice
        else:
            number = _as_int(value)
            low, high = self.minimum, self.maximum
            if (
                number is not None
                and low is not None
                and high is not None
                and low <= number <= high
            ):
                return number
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:36] + "…"
        raise ValueError(f"option {self.name!r} cannot be {shown}: allowed are {self.allowed()}")

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "default": self.default, "help": self.help}
        if self.choices is not None:
            data["choices"] = list(self.choices)
        else:
            data["minimum"], data["maximum"] = self.minimum, self.maximum
        return data


def _as_int(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    # no option counts beyond 18 digits; longer strings would only cost time (or fail in int())
    if isinstance(value, str) and value.strip().lstrip("-").isdigit() and len(value) < 20:
        return int(value)
    return None


def resolve_options(specs: tuple[Option, ...], given: Mapping[str, Any]) -> dict[str, Any]:
    """Defaults overlaid with ``given``; unknown names and bad values raise ValueError."""
    by_name = {spec.name: spec for spec in specs}
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise ValueError(
            f"unknown option {unknown[0]!r}: this game's options are {', '.join(sorted(by_name))}"
        )
    return {
        name: spec.validate(given[name]) if name in given else spec.default
        for name, spec in by_name.items()
    }
