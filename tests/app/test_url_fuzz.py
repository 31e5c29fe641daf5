"""Tampered links on every page (issue 27, finding 5 and its variants): seeded random query strings with bad
and out-of-range dates, huge numbers, hostile Markdown, unknown and repeated keys, control characters and
percent-escaped surrogates (invalid UTF-8, sent as bytes so the query string carries the raw escapes) never
end in an exception element, and a hostile value never reaches the page as live Markdown."""

from __future__ import annotations

import random
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from graph.query.filter_url import LIST_FIELDS, SCALAR_FIELDS
from graph.query.filters import DATE_FIELDS
from graph.server.config import REPO_ROOT
from tests.app.test_markdown_injection import markdown_sources
from tests.hostile_contract import live_markdown

pytestmark = pytest.mark.integration

APP = str(REPO_ROOT / "app.py")
PAGES = ("pages/portfolio/overview.py", "pages/portfolio/explorer.py", "pages/portfolio/contract.py",
         "pages/portfolio/parties.py", "pages/portfolio/renewals.py", "pages/assistant/chat.py",
         "pages/assistant/upload.py")
LINKS_PER_PAGE = 30  # 210 links in all
MARKER = "evil.test"
KEYS = (*SCALAR_FIELDS, *LIST_FIELDS, "monetary_value", "page", "page_size", "file_id", "section", "clause",
        "contract_tab", "party", "unknown_key", "__proto__", "", "as_of[]", "a" * 300)
VALUES: dict[str, list[Any]] = {
    "bad date": ["2020-13-45", "31/12/2020", "0000-00-00", "2020-02-30", "2020-1-1", "yesterday", "2020-W01-1",
                 "20200101", " 2020-01-01 "],
    "out of range date": ["9999-12-31", "0001-01-01", "1899-12-31", "2200-01-01", "1944-12-31", "1989-12-31",
                          "2199-12-31", "1900-01-01"],
    "number": ["1e309", "9" * 40, "-1", "NaN", "inf", "-inf", "1e23", "0", "9223372036854775808", "0x10",
               "gt:1e309", "eq:-5", "lte:NaN", "between:1"],
    "hostile": [f"![x](http://{MARKER}/x.png)", f"[link](http://{MARKER}/l)", f"<img src=http://{MARKER}/i>",
                f"[***] {MARKER}", f"`{MARKER}`", f"**{MARKER}** _x_ :red[{MARKER}]", f"$x^2$ {MARKER}",
                f"javascript:alert(1)//{MARKER}", f"{MARKER} " * 2000, "*:*", "\"'; DROP", "true", "false"],
    "control": ["\x00", "\r\n", "\x1b[2J", "\u202efdp.exe", "a\tb", "\x7f", "\u2028", "\ufeff", " "],
    "escaped bytes": [b"\xed\xa0\x80", b"\xff\xfe", b"2020-01-0\xed\xb0\x80", b"%", b"\xc3("],
}


# The parameters each page reads itself, tried more often than the rest so each page's own reading is hit.
OWN_KEYS = {"pages/portfolio/overview.py": ("as_of",), "pages/portfolio/renewals.py": ("as_of",),
            "pages/portfolio/explorer.py": (*DATE_FIELDS, "page", "page_size", "monetary_value", "min_amount"),
            "pages/portfolio/contract.py": ("file_id", "section", "clause", "contract_tab"),
            "pages/portfolio/parties.py": ("party",)}
DATE_KEYS = {*DATE_FIELDS}
ENERGOUS = "ENERGOUSCORP_03_16_2017-EX-10.24-STRATEGIC ALLIANCE AGREEMENT"  # has a document layer


def _value(rng: random.Random, key: str) -> Any:
    if key in DATE_KEYS and rng.random() < 0.6:
        return rng.choice(VALUES[rng.choice(("bad date", "out of range date"))])
    if key == "file_id" and rng.random() < 0.6:
        return ENERGOUS
    return rng.choice(VALUES[rng.choice(list(VALUES))])


def tampered_links(page: str, count: int) -> list[dict[str, Any]]:
    """`count` query-parameter dicts for `page` (seeded by its position); a list value repeats its key."""
    rng = random.Random(PAGES.index(page))
    own = OWN_KEYS.get(page, ())
    links = []
    for _ in range(count):
        link: dict[str, Any] = {}
        for _ in range(rng.randint(1, 4)):
            key = rng.choice(own) if own and rng.random() < 0.6 else rng.choice(KEYS)
            values = [_value(rng, key) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
            link[key] = values if len(values) > 1 else values[0]
        links.append(link)
    return links


@pytest.mark.parametrize("page", PAGES)
def test_tampered_links_never_raise(page: str) -> None:
    at = AppTest.from_file(APP, default_timeout=180)
    at.run()
    at.switch_page(page).run()
    assert not at.exception, at.exception
    failures = []
    for link in tampered_links(page, LINKS_PER_PAGE):
        at.query_params.clear()
        at.query_params.update(link)
        at.run()
        if at.exception:
            failures.append((link, [e.message for e in at.exception]))
            continue
        live = [s[:200] for s in markdown_sources(at) if MARKER in s and live_markdown(s)]
        if live:
            failures.append((link, live))
    assert failures == []


def test_the_fuzz_covers_each_kind_of_tampering() -> None:
    links = [link for page in PAGES for link in tampered_links(page, LINKS_PER_PAGE)]
    assert len(links) >= 200
    flat = [v for link in links for value in link.values() for v in (value if isinstance(value, list) else [value])]
    for kind, values in VALUES.items():
        assert any(v in values for v in flat), kind
    assert any(isinstance(value, list) for link in links for value in link.values())  # repeated keys
    assert any(key not in (*SCALAR_FIELDS, *LIST_FIELDS) for link in links for key in link)  # unknown keys
