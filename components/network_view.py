"""Draw a `graph.reads.subgraph.Subgraph` with pyvis as one HTML page that loads nothing from the internet.

pyvis's template links vis-network and Bootstrap from CDNs (`cdn_resources="remote"`); those tags are
stripped, and vis-network comes from the app's own static files instead (`components.static_assets`:
cached by the browser, where inlining it sent ~700 KB with every graph). Hover texts are plain text
(vis-network shows string titles with innerText), and "href" never appears in them, because pyvis switches
to an innerHTML popup when it does.
"""

from __future__ import annotations

import html
import json
import re
import textwrap
from typing import Any

import streamlit as st
from pyvis.network import Network

from components.formatting import money
from components.static_assets import vis_head_tags
from graph.reads.subgraph import GraphEdge, GraphNode, Subgraph

LABEL_COLORS = {
    "Contract": "#2E6BE6", "Party": "#F08C2E", "Location": "#2BA673", "Country": "#7A5AF8",
    "Jurisdiction": "#D6456B", "Clause": "#8C96A8",
    "Document": "#1F2430", "Section": "#5AA9E6", "DefinedTerm": "#C9A227", "Organisation": "#8A4B08",
}
LABEL_SIZES = {"Contract": 22, "Party": 18, "Location": 12, "Country": 12, "Jurisdiction": 14, "Clause": 11,
               "Document": 14, "Section": 9, "DefinedTerm": 8, "Organisation": 24}
# Every edge says what it is ("governed by"; a party's role on its contract); the party network's edges
# count shared contracts. The document layer's own edges stay unlabelled: hundreds of "has section" labels
# covered the drawing.
EDGE_WORDS = {"PARTY_TO": "party to", "LOCATED_AT": "located at", "IN_COUNTRY": "in", "GOVERNED_BY": "governed by",
              "HAS_CLAUSE": "clause", "MEMBER_OF": "member of", "AMENDS": "amends", "HAS_DOCUMENT": "text"}
LAYER_LABELS = frozenset({"Section", "DefinedTerm"})
LAYER_FONT = {"size": 9, "color": "#5A6270"}
REMOTE_TAG = re.compile(
    r"<link\b[^>]*href=\"https?://[^\"]*\"[^>]*>|<script\b[^>]*src=\"https?://[^\"]*\"[^>]*>\s*</script>",
    re.IGNORECASE | re.DOTALL)
EMPTY_HEADING = re.compile(r"<center>\s*<h1>\s*</h1>\s*</center>", re.IGNORECASE)
OPTIONS = {
    "physics": {"solver": "forceAtlas2Based", "stabilization": {"iterations": 250},
                "forceAtlas2Based": {"gravitationalConstant": -60, "springLength": 110, "avoidOverlap": 0.8}},
    "interaction": {"hover": True, "tooltipDelay": 120, "navigationButtons": False, "keyboard": False},
    "nodes": {"font": {"size": 13, "face": "sans-serif"}, "borderWidth": 1},
    "edges": {"color": {"color": "#B8C0CC", "highlight": "#1F2430"}, "smooth": {"type": "continuous"},
              "font": {"size": 10, "align": "middle", "color": "#5A6270"}},
}
PAGE_STYLE = """<style>
html, body { margin: 0; padding: 0; font-family: sans-serif; background: #FFFFFF; }
.card { border: none !important; }
#mynetwork { border: 1px solid #E3E7EE !important; border-radius: 8px; float: none !important;
  box-sizing: border-box; }
.cg-legend { display: flex; flex-wrap: wrap; gap: 14px; padding: 6px 2px 8px; font-size: 13px; color: #1F2430; }
.cg-legend span.dot { display: inline-block; width: 11px; height: 11px; border-radius: 50%; margin-right: 5px;
  vertical-align: -1px; }
.cg-note { font-size: 12px; color: #8A5A00; padding: 0 2px 6px; }
div.vis-tooltip { white-space: pre-wrap !important; max-width: 420px; font-family: sans-serif !important;
  font-size: 12px !important; background: #FFFFFF !important; border: 1px solid #CBD2DC !important; }
</style>"""


def _plain(value: Any, width: int = 70, currency: str | None = None) -> str:
    text = money(value, currency) if isinstance(value, float) else str(value)
    # pyvis renders titles containing "href" as HTML; a zero-width joiner keeps them plain text.
    return "\n".join(textwrap.wrap(text.replace("href", "hr\u200def"), width)) or "—"


def hover_text(node: GraphNode) -> str:
    """Plain-text hover: the label, the caption and every known property."""
    lines = [f"{node.label}: {_plain(node.caption)}"]
    for name, value in node.props.items():
        if value not in (None, "", [], {}):
            # An amount in its own currency (graph.store.currency), never with a dollar sign it does not have.
            lines.append(f"{name.replace('_', ' ')}: {_plain(value, currency=node.props.get('currency'))}")
    return "\n".join(lines)


def _caption(node: GraphNode, width: int = 28) -> str:
    return _caption_text(node.caption, width)


def build_network(sub: Subgraph, focus: str | None = None, height: int = 560) -> Network:
    """The pyvis network for `sub`; `focus` (a node id) is drawn larger with a dark border."""
    net = Network(height=f"{height}px", width="100%", directed=False, cdn_resources="remote", bgcolor="#FFFFFF")
    for node in sub.nodes.values():
        color = LABEL_COLORS.get(node.label, "#8C96A8")
        size = LABEL_SIZES.get(node.label, 12) + (10 if node.id == focus else 0)
        # Parties with more contracts are visibly larger (the busiest-parties view names them as such).
        size += 2 * min(int(node.props.get("contracts") or 0), 10) if node.label == "Party" else 0
        # An organisation groups legal entities: a square, not another dot like them.
        # Sections and terms: small grey labels (at full size they overlapped the contract's own nodes).
        font = {"font": LAYER_FONT} if node.label in LAYER_LABELS else {}
        net.add_node(node.id, label=_caption(node), title=hover_text(node), color=color, size=size,
                     shape="square" if node.label == "Organisation" else "dot",
                     borderWidth=3 if node.id == focus else 1, **font)
    for edge in sub.edges.values():
        props = "\n".join(f"{k}: {_plain(v)}" for k, v in edge.props.items() if v not in (None, ""))
        title = edge.type + (f"\n{props}" if props else "")
        extra = {"label": label} if (label := edge_label(sub, edge)) else {}
        if edge.type == "MEMBER_OF":  # membership, not a shared contract
            extra["dashes"] = True
        net.add_edge(edge.source, edge.target, title=title, width=1 + min(edge.weight, 8), **extra)
    net.set_options(json.dumps(OPTIONS))
    return net


def edge_label(sub: Subgraph, edge: GraphEdge) -> str:
    """The words on an edge: the shared-contract count, a party's role, the relationship; '' for the
    document layer's edges."""
    if edge.weight > 1:
        return str(edge.weight)
    ends = (sub.nodes.get(edge.source), sub.nodes.get(edge.target))
    if any(n is not None and n.label in LAYER_LABELS for n in ends) or edge.type == "SHARES_CONTRACT":
        return ""
    if edge.type == "PARTY_TO" and edge.props.get("role"):
        return _caption_text(str(edge.props["role"]), 20)
    return EDGE_WORDS.get(edge.type, edge.type.lower().replace("_", " "))


def _caption_text(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def _legend(sub: Subgraph) -> str:
    counts: dict[str, int] = {}
    for node in sub.nodes.values():
        counts[node.label] = counts.get(node.label, 0) + 1
    items = "".join(
        f'<span><span class="dot" style="background:{LABEL_COLORS.get(label, "#8C96A8")}"></span>'
        f"{html.escape(label)} ({count})</span>" for label, count in counts.items())
    note = (f'<div class="cg-note">Showing the first {sub.node_cap} nodes: the node cap was reached.</div>'
            if sub.capped else "")
    return f'<div class="cg-legend">{items}</div>{note}'


def network_html(sub: Subgraph, focus: str | None = None, height: int = 560) -> str:
    """HTML for `sub` with a colour legend; its only external files are the app's own static vis-network."""
    page = build_network(sub, focus, height).generate_html(notebook=False)
    page = EMPTY_HEADING.sub("", REMOTE_TAG.sub("", page))
    page = page.replace("</head>", vis_head_tags() + PAGE_STYLE + "</head>", 1)
    return page.replace("<body>", "<body>" + _legend(sub), 1)


def render_network(sub: Subgraph, focus: str | None = None, height: int = 560, alt: str = "Graph") -> None:
    """Show the network in an iframe (vis-network needs scripts, which st.html does not run)."""
    if not sub.nodes:
        st.info("Nothing to draw.", icon=":material/hub:")
        return
    st.iframe(network_html(sub, focus, height), height=height + 70, alt=alt)
