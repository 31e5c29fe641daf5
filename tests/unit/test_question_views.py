"""Which questions are about saved views (agent.question.views), what the exact parser makes of them, and the
reply composed from the saved_view tool's JSON (agent.question.answer_view). No database: names are given."""

from __future__ import annotations

from datetime import date

import pytest

from agent.offline_plan import OfflinePlanner
from agent.question.answer_view import view_answer
from agent.question.views import ViewQuestion, read_view_question, view_parse
from agent.tool_output import quote

NAMES = ["Delaware supply", "Q1 renewals", "Big licences", "Delaware"]
TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(("question", "expected"), [
    ("How many contracts are in the Delaware supply view?", ViewQuestion("Delaware supply")),
    ("how many in the DELAWARE   supply view", ViewQuestion("Delaware supply")),  # the longest name wins
    ("Open my saved view Q1 renewals", ViewQuestion("Q1 renewals")),
    ("run the view 'Big licences'", ViewQuestion("Big licences")),
    ("How many contracts in the Q1 renewals view are over $1M?", ViewQuestion("Q1 renewals", ("over", "1m"))),
    ("What saved views do we have?", ViewQuestion(None)),
    ("list views", ViewQuestion(None)),
    ("How many contracts are in the Zanzibar saved view?", ViewQuestion(None, ("zanzibar",))),
    # Not about saved views: left to the filter parser.
    ("How many Delaware supply contracts?", None),
    ("give me a view of supply contracts", None),
    ("Give me an overview of the contracts", None),
    ("which views", ViewQuestion(None)),
])
def test_which_questions_are_about_saved_views(question, expected) -> None:
    assert read_view_question(question, NAMES) == expected


def test_without_saved_views_only_listing_questions_are_about_views() -> None:
    assert read_view_question("How many contracts are in the Delaware supply view?", []) is None
    assert read_view_question("what views do we have", []) == ViewQuestion(None)


def test_the_parse_of_a_view_question() -> None:
    run = view_parse("q", ViewQuestion("Q1 renewals"), TODAY)
    assert (run.tool, run.tool_args(), run.understood, run.refusal) == \
        ("saved_view", {"name": "Q1 renewals"}, [("Q1 renewals", "saved view")], None)
    listing = view_parse("q", ViewQuestion(None, ("zanzibar",)), TODAY)
    assert (listing.tool, listing.tool_args(), listing.ignored) == ("saved_view", {}, ["zanzibar"])
    refused = view_parse("q", ViewQuestion("Q1 renewals", ("over", "1m")), TODAY)
    assert refused.tool is None and refused.refusal.startswith(
        "'Q1 renewals' is a saved view, which I run only as it was saved, and I cannot tell how 'over', '1m' "
        "should change it.")


def test_the_planner_calls_saved_view_then_answers_from_it() -> None:
    planner = OfflinePlanner(party_rows=[])
    parsed = planner.parse("How many contracts are in the Q1 renewals view?", TODAY, None, None, None, NAMES)
    assert planner.reply(parsed, [], 0).calls == [("saved_view", {"name": "Q1 renewals"})]
    payload = {"view": {"name": quote("Q1 renewals"), "as_of": "as of today", "saved": quote("created by Ana")},
               "total_count": 0, "contracts": [], "filter": {"contract_types": ["License"]}}
    reply = planner.reply(parsed, [("saved_view", {"name": "Q1 renewals"}, payload)], 1)
    assert reply.text == ("The saved view 'Q1 renewals' (as of today; created by Ana) holds **0 contracts**.\n\n"
                          "Filter: `type: License`")
    failed = planner.reply(parsed, [("saved_view", {}, "No saved view is named 'Q1 renewals'.")], 1)
    assert failed.text.startswith("A tool reported a problem, so I have no exact answer: No saved view")


def test_the_list_answer() -> None:
    parsed = view_parse("q", ViewQuestion(None), TODAY)
    payload = {"views": [{"name": quote("Q1 renewals"), "as_of": "as of today", "filter": {}},
                         {"name": quote("Old"), "as_of": "as of 2012-01-01", "cannot_open": "its filter no longer "
                                                                                           "validates"}], "total": 2}
    assert view_answer(parsed, payload) == (
        "The team's saved views, each run on its own as-of date:\n- 'Q1 renewals', as of today\n- 'Old', as of "
        "2012-01-01 (cannot be opened: its filter no longer validates)\n\nAsk, for example, \"how many contracts "
        "are in the Q1 renewals view?\", or open one from the sidebar.")
    assert view_answer(parsed, {"views": [], "total": 0}) == \
        "The team has no saved views yet: save one from the Explorer's filter."


def test_the_names_are_read_only_for_a_question_that_says_view() -> None:
    # A driver that cannot be used: reading the names for this question would raise.
    assert OfflinePlanner.view_names(object(), None, "How many supply contracts are there?") == []
    with pytest.raises(AttributeError):
        OfflinePlanner.view_names(object(), None, "What saved views do we have?")
