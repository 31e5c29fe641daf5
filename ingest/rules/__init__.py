"""The offline extraction engine: deterministic rules over contract text, each value with evidence.

`extract_rules(pages, file_id)` returns a `RulesResult` whose `.contract` is a `ContractDraft`
(fields it cannot fill stay None) and whose `.fields` maps each found field to a `FieldEvidence`
(value, confidence, original text span). `.missing` lists what it could not find.
"""

from ingest.rules.engine import extract_rules
from ingest.rules.model import FIELDS, Evidence, FieldEvidence, RulesResult

__all__ = ["FIELDS", "Evidence", "FieldEvidence", "RulesResult", "extract_rules"]
