"""User data on the Contract page is literal text (issue 18): a summary with a Markdown image, links in a
party name, the scope and a clause, and bare URLs reach no element as live Markdown syntax."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

from graph.server.config import REPO_ROOT
from tests.app.shown import shown
from tests.hostile_contract import FILE_ID, hostile_contract, live_markdown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
BASE = "http://127.0.0.1:9"  # never contacted here: AppTest renders no HTML


def markdown_sources(at: AppTest) -> list[str]:
    """The Markdown source of every element that Streamlit renders as Markdown, labels included."""
    sources = [e.value for group in (at.markdown, at.caption, at.header, at.subheader, at.title, at.error,
                                     at.info, at.warning, at.success) for e in group]
    sources += [e.label for e in at.expander] + [t.label for t in at.tabs] + [m.value for m in at.metric]
    sources += [p.proto.label for p in at.get("page_link")]
    return sources


def test_contract_page_renders_injected_markdown_as_text(driver) -> None:
    with hostile_contract(driver, BASE) as stored:
        at = AppTest.from_file(APP, default_timeout=120)
        at.run()
        at.query_params["file_id"] = FILE_ID
        at.switch_page("pages/portfolio/contract.py").run()
        assert not at.exception, at.exception
        sources = markdown_sources(at)
        assert {s: live_markdown(s) for s in sources if live_markdown(s)} == {}
        # Not vacuous: the hostile text is on the page, escaped, and reads as written.
        readable = [shown(s) for s in sources]
        assert stored["summary"] in readable
        hostile_party = next(p["name"] for p in stored["parties"] if "party-link" in p["name"])
        assert hostile_party in readable  # the party's link label
        assert f"![c]({BASE}/clause.png) Keep it [secret]({BASE}/clause-link)." in readable
        assert stored["summary"].startswith(f"![t]({BASE}/track.png)")
