"""What an offline answer says about a status filter: the as-of date it was counted on and what the state
means (graph.query.status, docs/FILTERS.md#status), so 'in force on 1 July 2012' can never be read as
'signed on 1 July 2012' without the answer saying so."""

from __future__ import annotations

from datetime import date

from graph.query.filters import ContractFilter

# What each state counts, in words (the same rules as graph.query.status).
STATE_MEANINGS = {
    "not_started": "not yet started (effective date after that day; an unknown effective date counts as started)",
    "in_force": "in force (its initial or a renewed term covers that day)",
    "in_notice_window": "in force with the current term's notice deadline within 90 days",
    "notice_passed": "in force with the current term's notice deadline passed",
    "perpetual": "perpetual (runs on until terminated)",
    "expired": "expired (its last term ended before that day and it does not renew itself)",
    "unknown": "of unknown status (no end date, and nothing says it runs on)",
}
IN_FORCE = ("**In force** counts contracts started by then whose current term covers that day: the initial term "
            "has not ended, or it renewed itself (automatic or evergreen renewal; the graph records no notice of "
            "non-renewal, so a rolling contract is taken to have rolled), or it is perpetual. Contracts not yet "
            "started or of unknown status (no end date) are not counted.")
EXPIRED = ("**Expired** counts contracts whose last term ended before that day and that do not renew themselves. "
           "Contracts not yet started, in force or of unknown status (no end date) are not counted.")


def status_reading(f: ContractFilter, today: date | None) -> str:
    """'Status on 2012-07-01 (the as-of date): ...' for a filter on or grouped by status, else ''."""
    if f.active is None and not f.status and f.group_by != "status":
        return ""
    day = f.as_of or today or date.today()
    lines = [f"Status on **{day.isoformat()}**" + ("" if f.as_of else " (today)") + ", the as-of date (not a "
             "signing or end date)."]
    if f.active is True:
        lines.append(IN_FORCE)
    elif f.active is False:
        lines.append(EXPIRED)
    if f.status:
        lines.append("Counted: " + " or ".join(STATE_MEANINGS[s] for s in f.status) + ".")
    if f.group_by == "status":
        lines.append("Each contract is in exactly one state on that day.")
    return " ".join(lines)
