"""Input hygiene of the command lines (core.cli_input): argv text, bounded JSON arguments, numeric options;
and the Markdown escaping of user data in the dashboard (components.formatting.escape_md)."""

from __future__ import annotations

import argparse
import json
import random

import pytest

from components.formatting import WORD_JOINER, escape_md, escaped_stream
from core.cli_input import (
    MAX_JSON_DEPTH,
    InvalidText,
    check_argv,
    int_option,
    load_json,
    row_cap,
    seconds_option,
)
from core.cli_support import json_object_arg
from core.errors import ContractGraphError
from graph.readonly.guard import MAX_TIMEOUT_S

timeout_seconds = seconds_option("timeout", MAX_TIMEOUT_S)  # as `python -m graph query --timeout` builds it


@pytest.mark.parametrize(("argv", "position"), [
    (["search", "\ud800"], 2),
    (["query", "RETURN 1", "--params", "{\"a\": \"x\udcff\"}"], 4),  # how Python carries the byte 0xff
])
def test_argv_that_is_not_text_is_refused_by_position(argv: list[str], position: int) -> None:
    with pytest.raises(InvalidText, match=f"^argument {position} is not valid text"):
        check_argv(argv)


def test_argv_of_valid_text_passes() -> None:
    check_argv(["search", '{"parties": ["Société Générale", "北京"]}', "😀"])


@pytest.mark.parametrize(("text", "message"), [
    ("[" * 5000 + "]" * 5000, f"nested deeper than {MAX_JSON_DEPTH} levels"),
    ('{"a": ' * 40 + "1" + "}" * 40, f"nested deeper than {MAX_JSON_DEPTH} levels"),
    ('{"offset": 9223372036854775808}', "outside the 64-bit range"),
    ('{"offset": -9223372036854775809}', "outside the 64-bit range"),
    ('{"n": ' + "9" * 5000 + "}", "integer too long to read"),
    ('{"amount": 1e400}', "not finite"),
    ('{"amount": NaN}', "NaN, which is not a finite number"),
    ('{"amount": -Infinity}', "-Infinity, which is not a finite number"),
    ('{"name": "\\ud800"}', "Argument value name is not valid text"),
    ('{"a": ["ok", "\\udfff"]}', r"Argument value a\[1\] is not valid text"),
    ('{"\\ud800": 1}', "has a key that is not valid text"),
    ("{bad", "not valid JSON: Expecting property name enclosed in double quotes at position 1"),
])
def test_json_arguments_are_bounded(text: str, message: str) -> None:
    with pytest.raises(ContractGraphError, match=message):
        load_json(text)


def test_json_depth_counts_brackets_outside_strings_only() -> None:
    deep_in_string = json.dumps({"text": "[" * 1000})
    assert load_json(deep_in_string) == {"text": "[" * 1000}
    at_limit = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert isinstance(load_json(at_limit), list)
    escaped_quote = json.dumps({"text": 'say "[[[" now'})
    assert load_json(escaped_quote) == {"text": 'say "[[[" now'}


def test_json_keeps_64_bit_extremes_and_floats() -> None:
    assert load_json('{"a": 9223372036854775807, "b": -9223372036854775808, "c": 1e23}') == {
        "a": 2**63 - 1, "b": -(2**63), "c": 1e23}
    assert json_object_arg('{"x": [1, 2.5, "y"]}') == {"x": [1, 2.5, "y"]}


@pytest.mark.parametrize("text", ["0", "-1", "nan", "inf", "-inf", "120.0001", "100000", "1e400", "ten", ""])
def test_timeout_outside_0_to_120_seconds_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="timeout must be"):
        timeout_seconds(text)


@pytest.mark.parametrize(("text", "value"), [("0.5", 0.5), ("10", 10.0), ("120", 120.0), ("1e2", 100.0)])
def test_timeout_in_range_is_kept(text: str, value: float) -> None:
    assert timeout_seconds(text) == value


@pytest.mark.parametrize("text", ["0", "-5", "1.5", "100001", "9" * 5000, "nan", "1e3"])
def test_row_cap_outside_1_to_100000_is_refused(text: str) -> None:
    with pytest.raises(argparse.ArgumentTypeError, match="row cap must be"):
        row_cap(text)


def test_int_option_bounds() -> None:
    workers = int_option("workers", 1, 64)
    assert workers("4") == 4
    with pytest.raises(argparse.ArgumentTypeError, match="workers must be at least 1 and at most 64, got '0'"):
        workers("0")


def test_escape_md_leaves_no_markdown() -> None:
    assert escape_md("![t](http://127.0.0.1:9/track.png)") == (
        f"\\!\\[t\\]\\(http\\:{WORD_JOINER}\\/\\/127\\.0\\.0\\.1\\:9\\/track\\.png\\)")
    assert escape_md("[x](http://evil) **b** :red[x] $x$ <img src=x> www.a.com a@b.com") == (
        f"\\[x\\]\\(http\\:{WORD_JOINER}\\/\\/evil\\) \\*\\*b\\*\\* \\:red\\[x\\] \\$x\\$ \\<img src\\=x\\> "
        f"www{WORD_JOINER}\\.a\\.com a\\@{WORD_JOINER}b\\.com")
    assert escape_md(None) == "" and escape_md("Plain words 12") == "Plain words 12"


def test_escape_md_keeping_formatting_removes_links_and_images_only() -> None:
    answer = "**3** contracts:\n1. [x](https://evil)\n- ![t](http://h/t.png) <b>"
    assert escape_md(answer, keep_formatting=True) == (
        f"**3** contracts:\n1. \\[x\\](https:{WORD_JOINER}//evil)\n- \\!\\[t\\](http:{WORD_JOINER}//h/t.png) \\<b\\>")


def test_escape_md_keeping_formatting_keeps_redaction_markers_literal() -> None:
    # a quoted filing's "[***]" would make the text up to the next marker bold-italic; emphasis elsewhere stays
    quote = "On or before the [***] after the Effective Date [* * *] and [...***...] the **Forecast**"
    assert escape_md(quote, keep_formatting=True) == (
        "On or before the \\[\\*\\*\\*\\] after the Effective Date \\[\\* \\* \\*\\] and "
        "\\[...\\*\\*\\*...\\] the **Forecast**")


def test_escaped_stream_equals_escaping_the_whole_for_any_split() -> None:
    text = ("see http://127.0.0.1:9/a, www.x.org, a@b.c [x](http://e) ![t](https://h/t.png) \\[y] **z** [***] "
            "[* *] x")
    rng = random.Random(18)
    for _ in range(500):
        cuts = sorted(rng.sample(range(1, len(text)), rng.randint(0, 25)))
        pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)], strict=True)]
        assert "".join(escaped_stream(pieces)) == escape_md(text, keep_formatting=True)
