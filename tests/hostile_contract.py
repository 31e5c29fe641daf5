"""A contract whose text tries to inject Markdown (a remote image in the summary, links in a party name, the
scope and a clause), written to the test graph and removed again, for the Contract page's rendering tests.
The image and links point at a local HTTP listener (`Listener`) that records every request it gets."""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from neo4j import Driver

from graph.reads.repository import contract_details, graph_counts
from graph.store.load import load_prepared
from graph.store.prepare import prepare
from graph.store.write import delete_contract

FILE_ID = "HOSTILE_MARKDOWN_TEST-EX-10.1-SUPPLY AGREEMENT"


@dataclass
class Listener:
    """An HTTP server on 127.0.0.1 answering 204 to anything and remembering the paths asked for."""

    server: ThreadingHTTPServer
    paths: list[str] = field(default_factory=list)

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"


@contextmanager
def listener() -> Iterator[Listener]:
    seen: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            seen.append(self.path)
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield Listener(server, seen)
    finally:
        server.shutdown()
        server.server_close()


def record(base: str) -> dict[str, Any]:
    return {
        "file_id": FILE_ID,
        "summary": f"![t]({base}/track.png) Supply of widgets; see [terms]({base}/summary-link) or {base}/bare.",
        "contract_scope": f"<img src=\"{base}/scope.png\"> [scope]({base}/scope-link)",
        "contract_type": "Supply",
        "parties": [
            {"name": f"[x]({base}/party-link) Widgets Inc.", "role": "Supplier",
             "location": {"address": None, "city": None, "state": None, "country": "US"}},
            {"name": "Plain Buyer Corp", "role": "Buyer",
             "location": {"address": None, "city": None, "state": None, "country": "US"}},
        ],
        "effective_date": "2020-01-01", "end_date": None, "duration": None, "total_amount": None,
        "governing_law": None,
        "clauses": [{"clause_type": "Confidentiality & Non-Disclosure",
                     "summary": f"![c]({base}/clause.png) Keep it [secret]({base}/clause-link)."}],
    }


@contextmanager
def hostile_contract(driver: Driver, base: str) -> Iterator[dict[str, Any]]:
    """Write the contract, yield its details as stored, then delete it and check the graph is as before."""
    before = graph_counts(driver)
    load_prepared(driver, prepare([record(base)], source="test"))
    try:
        yield contract_details(driver, FILE_ID)
    finally:
        delete_contract(driver, FILE_ID)
        assert graph_counts(driver) == before, "the hostile test contract was not removed cleanly"


# Markdown that would form a link or image, once escaped characters are taken out; and a bare URL (GFM
# autolinks it; escape_md breaks it with a word joiner, so 'http://' never stays contiguous).
ESCAPED = re.compile(r"\\.", re.DOTALL)
LIVE_MARKDOWN = re.compile(r"!\[|\]\(|<img|https?://|www\.", re.IGNORECASE)


def live_markdown(source: str) -> list[str]:
    """The link/image/URL syntax left in a Markdown source after removing backslash-escaped characters."""
    return LIVE_MARKDOWN.findall(ESCAPED.sub("", source))


def pages(base: str) -> list[str]:
    """A contract text whose Term section's title and renewal sentence carry Markdown and HTML: the renewal
    evidence (value, quote, section) and the section a Renewals link opens are shown on the Contract page."""
    return [f"""SUPPLY AGREEMENT

1. DEFINITIONS

1.1 "Goods" means widgets.

2. TERM AND RENEWAL ![t]({base}/title.png) [x]({base}/title-link)

2.1 This Agreement shall commence on January 1, 2020 and shall continue for an initial term of two (2) years.
Thereafter this Agreement shall automatically renew for successive one (1) year terms unless either party gives
written notice of non-renewal at least ninety (90) days prior to the end of the then-current term
![q]({base}/quote.png) [here]({base}/quote-link) <img src="{base}/quote-img.png"> [***] `tick` {base}/bare.

3. MISCELLANEOUS

3.1 Nothing further.
"""]


@contextmanager
def hostile_document(driver: Driver, base: str) -> Iterator[dict[str, Any]]:
    """`hostile_contract` with a document layer built from `pages(base)` (sections and renewal evidence)."""
    from graph.documents.cypher import MERGE_DOCUMENTS
    from graph.server.db import write
    from graph.store.fingerprint import fingerprint_fields
    from ingest.layer import build_document_layer  # tests/ may import ingest; only this fixture needs it

    text = "\f".join(pages(base))
    with hostile_contract(driver, base) as stored:
        # The Document (with its text) first, as an upload's commit writes it; the layer hangs off it.
        write(driver, MERGE_DOCUMENTS, {"rows": [{"file_id": FILE_ID, "text": text, "page_offsets": [0],
                                                   "source": "test", **fingerprint_fields(text)}]})
        build_document_layer(driver, FILE_ID, pages(base))
        yield stored
