"""What the language model is told about status questions (issue 29 item 6): the system prompt and the
contract_search schema it sees name `active`, `status`, `as_of` and the `status` group, and say that the
date of a status is the as-of date, not a signing date."""

from __future__ import annotations

from datetime import date

from langchain_core.utils.function_calling import convert_to_openai_tool

from agent.prompts import system_prompt
from agent.tools import contract_search
from graph.query.status import STATUSES


def test_the_system_prompt_maps_a_status_on_a_date_to_active_and_as_of() -> None:
    prompt = " ".join(system_prompt(date(2025, 6, 15)).split())
    assert ('"in force on 1 July 2012" is active=true, as_of=2012-07-01' in prompt)
    assert "never an effective_date or end_date bound" in prompt
    assert '"by status" is group_by=status' in prompt
    assert 'for "active in 2012" ask which day' in prompt


def test_the_tool_schema_the_model_sees_describes_status_fields() -> None:
    function = convert_to_openai_tool(contract_search)["function"]
    props = function["parameters"]["properties"]
    assert "in force on as_of" in props["active"]["description"]
    assert props["status"]["items"]["enum"] == list(STATUSES)
    assert "Reference date for `active`, `status`" in props["as_of"]["description"]
    assert "status" in props["group_by"]["anyOf"][0]["enum"]
    assert "'in force on 2012-07-01': active=true, as_of=2012-07-01" in function["description"]
