"""The Chat page in headless Chromium with no LLM configured: three questions typed like a user (a count, an
aggregation, a follow-up), each answer's numbers checked against `python -m agent ask --json` (the follow-up
with the previous filter in focus, which is what the chat refines)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from core.settings import REPO_ROOT, read_secrets
from tests.browser.conftest import App, ConsoleLog, start_app, stop_app

pytestmark = [pytest.mark.browser, pytest.mark.integration]

LLM_VARS = ("LLM_PROVIDER", "LLM_SCRIPT", "OPENAI_API_KEY", "OPENAI_BASE_URL", "LLM_MODEL")
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
QUESTIONS = [
    ("How many license agreements were signed in 2019?", None),
    ("Which year has the most license agreements?", None),
    ("and of those, which are governed by US law?", {"contract_types": ["License"], "group_by": "effective_year"}),
]


def no_llm_env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if k not in LLM_VARS}


@pytest.fixture(scope="module")
def offline_app(artifacts) -> Iterator[App]:
    if os.environ.get("CG_NEO4J_LOCAL") != "1":
        pytest.fail("Browser tests run under `make test` (tests/with_test_db.sh starts the test server).")
    if any(read_secrets().get(k) for k in LLM_VARS):
        pytest.skip("an LLM is configured in .streamlit/secrets.toml on this machine")
    running = start_app(artifacts / "streamlit-offline-chat.log", env=no_llm_env())
    yield running
    stop_app(running)


def cli(question: str, focus: dict | None) -> dict:
    args = [sys.executable, "-m", "agent", "ask", question, "--json"]
    if focus is not None:
        args += ["--filter", json.dumps(focus)]
    done = subprocess.run(args, cwd=REPO_ROOT, env=no_llm_env(), capture_output=True, text=True, timeout=300,
                          check=True)
    return json.loads(done.stdout)


def first_line(answer: str) -> str:
    """The answer's first sentence as the browser renders it (markdown bold removed)."""
    return answer.split("\n", 1)[0].replace("**", "")


def test_three_questions_match_the_cli(page: Page, offline_app: App, artifacts, console: ConsoleLog) -> None:
    page.goto(offline_app.url + "/chat")
    page.wait_for_selector(IDLE)
    expected = [cli(question, focus) for question, focus in QUESTIONS]
    for number, ((question, _), reference) in enumerate(zip(QUESTIONS, expected, strict=True), start=1):
        box = page.get_by_test_id("stChatInputTextArea")
        box.fill(question)
        box.press("Enter")
        page.wait_for_timeout(500)
        page.wait_for_selector(IDLE, timeout=180_000)
        assistant = page.get_by_test_id("stChatMessage").nth(2 * number - 1)
        expect(assistant).to_contain_text(first_line(reference["answer"]), timeout=60_000)
        [search] = [t for t in reference["tools"] if t["name"] == "contract_search"]
        expect(assistant).to_contain_text(f"total_count={search['total_count']}")
    page.screenshot(path=str(artifacts / "offline-chat.png"), full_page=True)
    assert expected[2]["tools"][0]["args"] == {"contract_types": ["License"], "group_by": "effective_year",
                                               "governing_law_country": "US"}
    assert console.errors == []
