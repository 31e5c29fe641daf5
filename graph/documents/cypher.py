"""Fixed Cypher of the document layer (loading, reading, retrieval). Every value is a `$param`.

Layer shape: (:Contract)-[:HAS_DOCUMENT]->(:Document)-[:HAS_SECTION]->(:Section)-[:HAS_SUBSECTION]->(:Section),
(:Section)-[:REFERENCES {text, match}]->(:Section),
(:Section)-[:UNRESOLVED_REFERENCE {text, external, reason}]->(:Document) (three outcomes: `external`, a provision of
another instrument; reason "absent", an exhibit/schedule not in this filing; any other reason, unresolved),
(:Document)-[:HAS_TERM]->(:DefinedTerm), (:Section)-[:DEFINES|USES_TERM]->(:DefinedTerm),
(:Document)-[:HAS_FOOTNOTE]->(:Footnote)<-[:CITES_FOOTNOTE]-(:Section),
(:Section {clause_scores})-[:IS_CLAUSE_OF_TYPE {band, score}]->(:ClauseType {name}): `clause_scores` holds the clause
classifier's probability of every clause category (ingest.clause_model.features.CLAUSE_CATEGORIES order); a link
exists for a category in the found or possible band (ingest.clause_model.bands). Every part carries its
document's `file_id`.
"""

from __future__ import annotations

from graph.store.schema import TITLE

ALL_CONTRACT_IDS = "MATCH (c:Contract) RETURN c.file_id AS file_id"
CONTRACT_EXISTS = "MATCH (c:Contract {file_id: $file_id}) RETURN c.file_id AS file_id"
# Retrieval needs the layer's indexes, which exist once any layer was written.
ANY_LAYER = "MATCH (d:Document) WHERE d.layer_version IS NOT NULL RETURN d.file_id AS file_id LIMIT 1"
# The document name found in the text becomes the contract's display title (graph.store.titles,
# graph.store.schema.TITLE).
SET_TEXT_TITLES = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
SET c.text_title = row.title
SET c.title = """ + TITLE + "\n"
# Documents whose layer is current but whose contract has no text title yet (a database written before titles).
UNTITLED_DOCUMENTS = """
UNWIND $ids AS id
MATCH (c:Contract {file_id: id})-[:HAS_DOCUMENT]->(d:Document)
WHERE c.text_title IS NULL AND d.text IS NOT NULL
RETURN c.file_id AS file_id, left(replace(d.text, '\f', '\n'), 6000) AS head
"""
LAYER_VERSIONS = """
UNWIND $ids AS id
MATCH (d:Document {file_id: id})
OPTIONAL MATCH (c:Contract {file_id: id})
RETURN d.file_id AS file_id, d.layer_version AS version, c.renewal_version AS renewal_version
"""
DOCUMENT_TEXT = """
MATCH (:Contract {file_id: $file_id})-[:HAS_DOCUMENT]->(d:Document)
RETURN d.text AS text, d.page_offsets AS page_offsets
"""

# ---- loading: one batch of documents is written by these statements, in this order, in one transaction
MERGE_DOCUMENTS = """
UNWIND $rows AS row
MATCH (c:Contract {file_id: row.file_id})
MERGE (c)-[:HAS_DOCUMENT]->(d:Document {file_id: row.file_id})
SET d.text = row.text, d.page_offsets = row.page_offsets, d.page_count = size(row.page_offsets),
    d.source = row.source, d.fingerprint = row.fingerprint,
    d.fingerprint_bands = row.fingerprint_bands
"""
CLEAR_LAYER = """
UNWIND $rows AS row
CALL (row) {
  MATCH (s:Section {file_id: row.file_id}) DETACH DELETE s
} CALL (row) {
  MATCH (t:DefinedTerm {file_id: row.file_id}) DETACH DELETE t
} CALL (row) {
  MATCH (f:Footnote {file_id: row.file_id}) DETACH DELETE f
}
"""
CREATE_SECTIONS = """
UNWIND $rows AS row
CREATE (s:Section {file_id: row.file_id, number: row.number, title: row.title, text: row.text,
                   ordinal: row.ordinal, level: row.level, kind: row.kind, clause_scores: row.clause_scores})
SET s.page = row.page
"""
LINK_TOP = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
MATCH (s:Section {file_id: row.file_id, number: row.number})
CREATE (d)-[:HAS_SECTION]->(s)
"""
LINK_CHILDREN = """
UNWIND $rows AS row
MATCH (p:Section {file_id: row.file_id, number: row.parent})
MATCH (s:Section {file_id: row.file_id, number: row.number})
CREATE (p)-[:HAS_SUBSECTION]->(s)
"""
CREATE_REFERENCES = """
UNWIND $rows AS row
MATCH (a:Section {file_id: row.file_id, number: row.source})
MATCH (b:Section {file_id: row.file_id, number: row.target})
CREATE (a)-[:REFERENCES {text: row.text, match: row.match}]->(b)
"""
CREATE_UNRESOLVED = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
MATCH (s:Section {file_id: row.file_id, number: row.source})
CREATE (s)-[:UNRESOLVED_REFERENCE {text: row.text, external: row.external, reason: row.reason}]->(d)
"""
CREATE_TERMS = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
CREATE (d)-[:HAS_TERM]->(:DefinedTerm {file_id: row.file_id, term: row.term, definition: row.definition,
                                       section_number: row.section, inline: row.inline,
                                       pointer: row.pointer, pointer_text: row.pointer_text})
"""
LINK_DEFINES = """
UNWIND $rows AS row
MATCH (s:Section {file_id: row.file_id, number: row.number})
MATCH (t:DefinedTerm {file_id: row.file_id, term: row.term})
CREATE (s)-[:DEFINES]->(t)
"""
LINK_USES = """
UNWIND $rows AS row
MATCH (s:Section {file_id: row.file_id, number: row.number})
MATCH (t:DefinedTerm {file_id: row.file_id, term: row.term})
CREATE (s)-[:USES_TERM]->(t)
"""
CREATE_FOOTNOTES = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
CREATE (d)-[:HAS_FOOTNOTE]->(:Footnote {file_id: row.file_id, number: row.number, text: row.text,
                                       page: row.page})
"""
LINK_CITES = """
UNWIND $rows AS row
MATCH (s:Section {file_id: row.file_id, number: row.number})
MATCH (f:Footnote {file_id: row.file_id, number: row.footnote})
CREATE (s)-[:CITES_FOOTNOTE]->(f)
"""
LINK_CLAUSE_TYPES = """
UNWIND $rows AS row
MATCH (s:Section {file_id: row.file_id, number: row.number})
MERGE (t:ClauseType {name: row.name})
CREATE (s)-[:IS_CLAUSE_OF_TYPE {band: row.band, score: row.score}]->(t)
"""
SET_LAYER_INFO = """
UNWIND $rows AS row
MATCH (d:Document {file_id: row.file_id})
SET d.layer_version = row.version, d.section_count = row.sections, d.reference_count = row.references,
    d.unresolved_count = row.unresolved, d.term_count = row.terms, d.footnote_count = row.footnotes
"""
# A clause type exists while some section has it, so replacing or deleting a layer leaves no stale type.
DELETE_ORPHAN_CLAUSE_TYPES = "MATCH (t:ClauseType) WHERE NOT (t)<-[:IS_CLAUSE_OF_TYPE]-() DELETE t"
SET_EMBEDDINGS = """
UNWIND $rows AS row
MATCH (s:Section {file_id: row.file_id, number: row.number})
SET s.embedding = row.embedding
"""
# (statement, row key) in write order; `documents` rows exist only for texts loaded from files.
LAYER_STATEMENTS = (
    (MERGE_DOCUMENTS, "documents"), (CLEAR_LAYER, "ids"), (CREATE_SECTIONS, "sections"), (LINK_TOP, "top"),
    (LINK_CHILDREN, "children"), (CREATE_REFERENCES, "references"), (CREATE_UNRESOLVED, "unresolved"),
    (CREATE_TERMS, "terms"), (LINK_DEFINES, "defines"), (LINK_USES, "uses"), (CREATE_FOOTNOTES, "footnotes"),
    (LINK_CITES, "cites"), (LINK_CLAUSE_TYPES, "clause_types"), (SET_LAYER_INFO, "info"),
)

# ---- retrieval (graph.retrieval.search): ranked hits, then one expansion query per depth
# A section the ingest rules classified in the question's CUAD category ($category, core.cuad_topics) scores
# $boost times its full-text score. A fragment over `node` and `score` (as db.index.fulltext.queryNodes yields
# them), so every ranking of sections by a question (graph.retrieval.search, graph.retrieval.clause_review)
# boosts alike.
CATEGORY_BOOST = ("score * CASE WHEN $category IS NOT NULL AND "
                  "EXISTS { (node)-[:IS_CLAUSE_OF_TYPE]->(:ClauseType {name: $category}) } "
                  "THEN $boost ELSE 1.0 END")
# A full-text hit in scope that is not just the category's look-alike boilerplate (graph.retrieval.topics)
SECTION_HIT_FILTER = ("($file_ids IS NULL OR node.file_id IN $file_ids)\n"
                      "  AND ($lookalike IS NULL OR size(node.text) > $lookalike_chars OR NOT node.text =~ $lookalike)")
SECTION_SEARCH = """
CALL db.index.fulltext.queryNodes('section_text', $query) YIELD node, score
WHERE """ + SECTION_HIT_FILTER + """
WITH node, score AS text_score, """ + CATEGORY_BOOST + """ AS score
RETURN node.file_id AS file_id, node.number AS number, score, text_score
ORDER BY score DESC, file_id, number LIMIT $k
"""
# Defined terms whose name matches the question (the query names the `term` field).
TERM_SEARCH = """
CALL db.index.fulltext.queryNodes('defined_term_text', $query) YIELD node, score
WHERE ($file_ids IS NULL OR node.file_id IN $file_ids) AND node.definition <> ''
RETURN node.file_id AS file_id, node.term AS term, node.definition AS definition,
       node.section_number AS section, score
ORDER BY score DESC, term LIMIT $k
"""
SECTION_VECTOR_SEARCH = """
CALL db.index.vector.queryNodes('section_embedding', $candidates, $vector) YIELD node, score
WHERE $file_ids IS NULL OR node.file_id IN $file_ids
RETURN node.file_id AS file_id, node.number AS number, score
ORDER BY score DESC LIMIT $k
"""
HAS_SECTION_EMBEDDINGS = "MATCH (s:Section) WHERE s.embedding IS NOT NULL RETURN s.file_id AS file_id LIMIT 1"
# Terms a section uses in its own text (own: true) or in a direct subsection's text (own: false), with how many
# sections of the document use them (graph.retrieval.terms ranks them: own text first, rarest first).
# The footnote link is matched by type name: documents without footnotes (all CUAD texts) never create the
# CITES_FOOTNOTE type, and naming it would make the server warn on every call.
SECTION_EXPANSION = """
UNWIND $keys AS key
MATCH (s:Section {file_id: key.file_id, number: key.number})
RETURN s.file_id AS file_id, s.number AS number, s.title AS title, s.text AS text, s.page AS page,
       COLLECT { MATCH (s)-[:HAS_SUBSECTION]->(ch:Section) RETURN ch.text ORDER BY ch.ordinal LIMIT 8 } AS children,
       COLLECT { MATCH (s)-[r:REFERENCES]->(t:Section) WHERE t <> s
                 RETURN {number: t.number, text: r.text} ORDER BY t.ordinal, r.text } AS references,
       COLLECT { MATCH (s)-[:HAS_SUBSECTION*0..1]->(u:Section)-[:USES_TERM]->(t:DefinedTerm)
                 WITH t, min(CASE WHEN u = s THEN 0 ELSE 1 END) = 0 AS own
                 WITH t, own, COUNT { (t)<-[:USES_TERM]-() } AS uses ORDER BY uses, t.term
                 RETURN {term: t.term, definition: t.definition, section: t.section_number, pointer: t.pointer,
                         uses: uses, own: own} } AS terms,
       COLLECT { MATCH (s)-[r]->(f:Footnote) WHERE type(r) = 'CITES_FOOTNOTE'
                 RETURN {number: f.number, text: f.text, page: f.page} ORDER BY f.number } AS footnotes
"""

# ---- reads for the Contract page (graph.reads.documents)
DOCUMENT_OUTLINE = """
MATCH (:Contract {file_id: $file_id})-[:HAS_DOCUMENT]->(d:Document)
RETURN d.source AS source, d.page_count AS page_count, d.layer_version AS layer_version,
  COLLECT { MATCH (s:Section {file_id: $file_id})
            RETURN s {.number, .title, .text, .level, .ordinal, .page, .kind,
                      parent: [(p:Section)-[:HAS_SUBSECTION]->(s) | p.number][0],
                      references: [(s)-[r:REFERENCES]->(t:Section) | {target: t.number, text: r.text}],
                      unresolved: [(s)-[r:UNRESOLVED_REFERENCE]->(d)
                                   WHERE NOT coalesce(r.external, false) AND coalesce(r.reason, '') <> 'absent'
                                   | r.text],
                      not_in_filing: [(s)-[r:UNRESOLVED_REFERENCE]->(d) WHERE r.reason = 'absent' | r.text],
                      external: [(s)-[r:UNRESOLVED_REFERENCE]->(d) WHERE r.external | r.text],
                      terms: [(s)-[:USES_TERM]->(t:DefinedTerm) | t.term],
                      footnotes: [(s)-[r]->(f:Footnote) WHERE type(r) = 'CITES_FOOTNOTE' | f.number],
                      clause_types: [(s)-[r:IS_CLAUSE_OF_TYPE]->(c:ClauseType) WHERE r.band = 'found' | c.name]}
                   AS section
            ORDER BY s.ordinal } AS sections,
  COLLECT { MATCH (d)-[:HAS_TERM]->(t:DefinedTerm)
            RETURN t {.term, .definition, section: t.section_number} AS term ORDER BY t.term } AS terms,
  COLLECT { MATCH (d)-[:HAS_FOOTNOTE]->(f:Footnote)
            RETURN f {.number, .text, .page} AS note ORDER BY f.number } AS footnotes
"""
# The layer for the graph view: the skeleton first (top levels), the most used terms first.
DOCUMENT_GRAPH = """
MATCH (:Contract {file_id: $file_id})-[:HAS_DOCUMENT]->(d:Document)
RETURN d.file_id AS file_id, d.section_count AS section_count, d.term_count AS term_count,
  COLLECT { MATCH (s:Section {file_id: $file_id}) WHERE s.level <= $max_level
            RETURN s {.number, .title, .level, .kind, parent: [(p:Section)-[:HAS_SUBSECTION]->(s) | p.number][0]}
                   AS section
            ORDER BY s.level, s.ordinal LIMIT $limit } AS sections,
  COLLECT { MATCH (a:Section {file_id: $file_id})-[r:REFERENCES]->(b:Section) WHERE a <> b
            RETURN {source: a.number, target: b.number, text: r.text} AS ref LIMIT $edge_limit } AS references,
  COLLECT { MATCH (d)-[:HAS_TERM]->(t:DefinedTerm) WHERE $with_terms
            WITH t, COUNT { (t)<-[:USES_TERM]-() } AS uses ORDER BY uses DESC, t.term LIMIT $limit
            RETURN {term: t.term, section: t.section_number, uses: uses, definition: left(t.definition, 300)}
                   AS term } AS terms
"""
