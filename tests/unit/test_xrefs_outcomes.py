"""`python -m evals.xrefs` counts a reference to an exhibit the filing does not contain as its own outcome ("not
in this filing") and prints the rate over references whose target is in the text beside the rate over all
internal references (issue 34, "Document outline")."""

from __future__ import annotations

from evals.xrefs import Tally
from ingest.document.refs.resolve import Found


def _found(target: str | None, how: str, text: str = "Section 2.1", external: bool = False) -> Found:
    return Found(0, "1.1", target, text, "exhibit" if text.startswith("Exhibit") else "numbered", how, external)


def test_not_in_this_filing_is_its_own_outcome_and_rate() -> None:
    tally = Tally()
    tally.add("doc.txt", [_found("2.1", "exact"), _found("2.2", "exact"), _found("1.1", "containing"),
                          _found(None, "absent", "Exhibit B"), _found(None, "missing", "Section 9.9"),
                          _found(None, "external", "Section 102", external=True)])
    lines = tally.lines("dev", 0)
    assert lines[1:7] == [
        "  resolved 3 / 5 internal references = 0.600",  # today's figure: the absent exhibit counts as a failure
        "  resolved 3 / 4 references whose target is in the text = 0.750",
        "  without references to their own provision: 2 / 4 = 0.500",
        "  not in this filing (exhibit/schedule not attached; in the first denominator only): 1",
        "  unresolved, target should be in the text: 1",
        "  external (not counted): 1"]
    assert "        1  not in this filing | exhibit L" in lines
    assert "        1  missing | section L.L" in lines
