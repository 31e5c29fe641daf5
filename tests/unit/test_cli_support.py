"""The command lines' shared runner: exit codes and the one-line error, and JSON arguments."""

from __future__ import annotations

import pytest

from core.cli_support import json_object_arg, run_cli
from core.errors import ContractGraphError, DatabaseUnavailable


def raising(error: BaseException):
    def command() -> int:
        raise error
    return command


def test_exit_codes_and_messages(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(lambda: 1) == 1
    assert run_cli(raising(DatabaseUnavailable("Neo4j is not reachable.\nlog tail"))) == 2
    assert capsys.readouterr().err == "error: Neo4j is not reachable.\nlog tail\n"
    assert run_cli(raising(DatabaseUnavailable("first\nsecond")), describe=lambda e: str(e).splitlines()[0]) == 2
    assert capsys.readouterr().err == "error: first\n"
    assert run_cli(raising(KeyboardInterrupt())) == 130
    assert capsys.readouterr().err == "error: interrupted\n"


def test_other_errors_are_not_swallowed() -> None:
    with pytest.raises(ZeroDivisionError):
        run_cli(raising(ZeroDivisionError()))


@pytest.mark.parametrize(("text", "message"), [
    ("{bad", "Argument is not valid JSON: Expecting property name enclosed in double quotes at position 1"),
    ("[1, 2]", "Argument must be a JSON object"),
])
def test_json_object_arg_rejects_with_a_message(text: str, message: str) -> None:
    with pytest.raises(ContractGraphError, match=message.replace("[", r"\[")):
        json_object_arg(text)


def test_json_object_arg_reads_objects_and_empty() -> None:
    assert json_object_arg('{"contract_types": ["Supply"]}') == {"contract_types": ["Supply"]}
    assert json_object_arg(None) == {} and json_object_arg("") == {}
