"""Issue 34, the contract graph: a Location with only a country was captioned 'Location', edges had no
labels, and with the document layer on its section labels covered the drawing."""

from __future__ import annotations

from components.network_view import LAYER_FONT, build_network
from graph.reads.subgraph import GraphEdge, GraphNode, Subgraph, location_caption


def _graph() -> Subgraph:
    sub = Subgraph(node_cap=50)
    nodes = [GraphNode("Contract:c", "Contract", "Supply Agreement"), GraphNode("Party:p", "Party", "Acme Inc."),
             GraphNode("Location:l", "Location", location_caption({"countries": ["US"]})),
             GraphNode("Country:US", "Country", "US"), GraphNode("Jurisdiction:j", "Jurisdiction", "New York, US"),
             GraphNode("Document:c", "Document", "Document"), GraphNode("Section:c#1", "Section", "1 Term")]
    for node in nodes:
        sub.add_node(node)
    for edge in [GraphEdge("Party:p", "Contract:c", "PARTY_TO", {"role": "Supplier"}),
                 GraphEdge("Party:p", "Location:l", "LOCATED_AT"), GraphEdge("Location:l", "Country:US", "IN_COUNTRY"),
                 GraphEdge("Contract:c", "Jurisdiction:j", "GOVERNED_BY"),
                 GraphEdge("Contract:c", "Document:c", "HAS_DOCUMENT"),
                 GraphEdge("Document:c", "Section:c#1", "HAS_SECTION")]:
        sub.add_edge(edge)
    return sub


def test_location_captions_say_where():
    assert location_caption({"city": "Austin", "state": "TX", "countries": ["US"]}) == "Austin, TX"
    assert location_caption({"address": "17 Tou-Kong 12 Rd.", "countries": ["CN"]}) == "17 Tou-Kong 12 Rd."
    assert location_caption({"countries": ["US"]}) == "United States (no address)"
    assert location_caption({}) == "Address not stated"


def test_every_contract_edge_is_labelled_and_the_layer_is_quiet():
    net = build_network(_graph())
    labels = {(e["from"], e["to"]): e.get("label") for e in net.edges}
    assert labels == {("Party:p", "Contract:c"): "Supplier", ("Party:p", "Location:l"): "located at",
                      ("Location:l", "Country:US"): "in", ("Contract:c", "Jurisdiction:j"): "governed by",
                      ("Contract:c", "Document:c"): "text", ("Document:c", "Section:c#1"): None}
    nodes = {n["id"]: n for n in net.nodes}
    assert nodes["Location:l"]["label"] == "United States (no address)"
    assert nodes["Section:c#1"]["font"] == LAYER_FONT and "font" not in nodes["Contract:c"]
