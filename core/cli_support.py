"""What the three command lines (`python -m graph`, `agent`, `ingest`) share: how a command runs and how a
JSON argument is read. Errors end as one `error: ...` line on stderr and an exit code, never a traceback."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from typing import Any

from core.cli_input import InvalidText, check_argv, load_json
from core.errors import ContractGraphError
from core.text_safety import printable

EXIT_ERROR = 2
EXIT_INTERRUPTED = 130


def run_cli(command: Callable[[], int], describe: Callable[[ContractGraphError], str] = str) -> int:
    """Run one command and return its exit code: 2 for a domain error (`describe` words it), 130 for
    Ctrl-C, 0 when the reader of stdout went away (e.g. `| head`), which is not an error of ours."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    try:
        return command()
    except ContractGraphError as e:
        # A message may quote a path or value the user gave: control characters in it (a CR that would
        # overwrite the line, an ESC sequence) are shown as escapes. Lines the message means to have stay.
        print("error: " + "\n".join(printable(line) for line in describe(e).split("\n")), file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    except OSError as e:  # the environment refused a file operation (a directory given as a file, a full disk)
        where = f": {printable(str(e.filename))[:200]}" if e.filename else ""
        print(f"error: {e.strerror or type(e).__name__}{where}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED


def parse_args(parser: argparse.ArgumentParser, argv: Sequence[str] | None) -> argparse.Namespace:
    """`argv` (default: sys.argv[1:]) checked for valid text, then parsed. An argument that is not valid
    text (undecodable bytes arrive as lone surrogates) exits 2 with one line naming it, like argparse's
    own usage errors."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        check_argv(args)
    except InvalidText as e:
        parser.exit(EXIT_ERROR, f"error: {parser.prog}: {e}\n")
    return parser.parse_args(args)


def json_object_arg(text: str | None) -> dict[str, Any]:
    """A command-line argument holding a JSON object (a ContractFilter); empty means `{}`. Bounded by
    core.cli_input.load_json (depth, 64-bit integers, finite numbers, valid text)."""
    value = load_json(text or "{}")
    if not isinstance(value, dict):
        raise ContractGraphError("Argument must be a JSON object, e.g. '{\"contract_types\": [\"Supply\"]}'")
    return value
