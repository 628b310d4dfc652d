"""A command declared once, run two ways: through Typer, or straight from `sys.argv`.

Typer and its click take about half of a short command's start-up (30-50 ms here),
more than `senjo odds` spends on its answer. A command whose options are all
text or flags is declared as a `CommandSpec`: its options, its help, and a plain
function that does the work. `typer_command` turns the spec into a Typer command
(what `--help` shows, and the error messages of a malformed line); `parse_line`
reads an ordinary command line without Typer, or answers None for anything it is
not sure of (`--help`, an unknown option, a missing value, a value that looks like an
option) so that the caller hands the line to Typer instead. Both give the work
function the same keyword arguments, so a line means the same either way.

>>> spec = CommandSpec("demo", "A demo.", (Opt("skill", "--skill"), Flag("as_json", "--json")),
...                    lambda **values: None)
>>> parse_line(spec, ["--skill", "12", "--json"])
{'skill': '12', 'as_json': True}
>>> parse_line(spec, ["--skill=9", "--skill", "10"])
{'skill': '10', 'as_json': False}
>>> parse_line(spec, ["--help"]) is None, parse_line(spec, ["--skill"]) is None
(True, True)

A command may also take words (`Words`: every argument that is not an option, as a
list, at least one) and options with a default or an integer value:

>>> roll = CommandSpec("roll", "Roll.", (Words("command"), Opt("seed", "--seed", kind=int),
...                    Opt("system", "--system", "-s", default="DiceBot")), lambda **v: None)
>>> parse_line(roll, ["3d6", "--seed", "7", "<=", "12"])
{'command': ['3d6', '<=', '12'], 'seed': 7, 'system': 'DiceBot'}
>>> parse_line(roll, ["-s", "gurps", "--", "-1+3d6"])
{'command': ['-1+3d6'], 'seed': None, 'system': 'gurps'}
>>> parse_line(roll, ["3d6", "--seed", "x"]) is None, parse_line(roll, ["--seed", "1"]) is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

__all__ = ["JSON", "LANG", "CommandSpec", "Flag", "Opt", "Words", "parse_line", "typer_command"]


class Opt:
    """An option that takes one value: the work function's parameter `name`, its
    spellings on the command line (`flags`), its help; the value is text, or an integer
    (`kind=int`), and `default` (None unless given) when the line leaves it out."""

    __slots__ = ("default", "flags", "help", "kind", "metavar", "name")

    def __init__(
        self,
        name: str,
        *flags: str,
        help: str = "",
        metavar: str | None = None,
        kind: type[str] | type[int] = str,
        default: str | None = None,
    ):
        self.name = name
        self.flags = flags
        self.help = help
        self.metavar = metavar
        self.kind = kind
        self.default = default


class Flag(Opt):
    """An option that takes no value: True when given, else False."""


class Words(Opt):
    """The command's arguments that are not options, in order, as a list of text: at
    least one is required (click's `nargs=-1, required=True`). Words after `--` are
    taken as they are, even when they start with `-`."""

    def __init__(self, name: str, help: str = "", metavar: str | None = None):
        super().__init__(name, help=help, metavar=metavar)


#: The options every answering command takes.
LANG = Opt("lang", "--lang", help="Output language: ja or en.")
JSON = Flag("as_json", "--json", help="Print one JSON object.")


@dataclass(frozen=True)
class CommandSpec:
    """A command: its name, help, options, and the function that does its work."""

    name: str
    help: str
    options: tuple[Opt, ...]
    run: Callable[..., None]

    def defaults(self) -> dict[str, Any]:
        """Every option's value when the line gives none."""
        values: dict[str, Any] = {}
        for opt in self.options:
            values[opt.name] = (
                False if isinstance(opt, Flag) else [] if isinstance(opt, Words) else opt.default
            )
        return values


def parse_line(spec: CommandSpec, args: list[str]) -> dict[str, Any] | None:
    """The keyword arguments `args` give `spec.run`, or None if Typer should read them.

    Accepted: `--option VALUE`, `--option=VALUE`, a short `-x VALUE`, flags; a repeated
    option keeps its last value (as click does); words, for a command that takes them
    (`Words`), anywhere among the options and after `--`.
    """
    by_flag = {flag: opt for opt in spec.options for flag in opt.flags}
    words = next((opt for opt in spec.options if isinstance(opt, Words)), None)
    values = spec.defaults()
    i = 0
    while i < len(args):
        word = args[i]
        if words is not None and (word == "--" or not word.startswith("-")):
            rest = args[i + 1 :] if word == "--" else [word]
            values[words.name] = values[words.name] + rest
            i += len(rest) + (word == "--")
            continue
        name, equals, attached = word.partition("=")
        opt = by_flag.get(name if word.startswith("--") else word)
        if opt is None:
            return None
        if isinstance(opt, Flag):
            if equals:
                return None
            values[opt.name] = True
            i += 1
            continue
        if equals and word.startswith("--"):
            value = attached
            i += 1
        else:
            if i + 1 >= len(args) or args[i + 1].startswith("-"):
                return None
            value = args[i + 1]
            i += 2
        if opt.kind is int:
            try:
                values[opt.name] = int(value)
            except ValueError:
                return None  # Typer says what is wrong with it
        else:
            values[opt.name] = value
    if words is not None and not values[words.name]:
        return None  # the words are required: Typer says they are missing
    return values


def typer_command(spec: CommandSpec) -> Callable[..., None]:
    """The spec as a function Typer reads: one keyword parameter per option, annotated
    with its `typer.Option`, calling `spec.run`."""
    import inspect  # 8 ms: only where Typer is loaded anyway

    import typer

    def command(**values: Any) -> None:
        spec.run(**values)

    parameters = []
    for opt in spec.options:
        kind: Any
        default: Any
        if isinstance(opt, Words):
            kind, default = list[str], inspect.Parameter.empty
            info: Any = typer.Argument(help=opt.help, metavar=opt.metavar)
        else:
            if isinstance(opt, Flag):
                kind, default = bool, False
            else:
                kind = opt.kind if opt.default is not None else opt.kind | None
                default = opt.default
            info = typer.Option(*opt.flags, help=opt.help, metavar=opt.metavar)
        parameters.append(
            inspect.Parameter(
                opt.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=default,
                annotation=Annotated[kind, info],
            )
        )
    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {}
    command.__name__ = command.__qualname__ = spec.name.replace("-", "_")
    command.__doc__ = spec.help
    return command
