"""What "the main content is visible" means on each page, for `benchmarks.first_visit`, and the in-page probe
that records when it happened.

Each target is a CSS selector that must match an element with a non-empty box; `frame:` selectors look inside
the graph's iframe (vis-network draws on a canvas in a `srcdoc` document), `text:CSS|words` ones need an
element holding those words, and a chart counts once plotly has drawn its traces (`.barlayer path`;
`.main-svg` alone exists before the bars). The probe polls on every animation
frame and stores, per target, the first `performance.now()` (ms since navigation start) at which it was
visible, plus when the first script run started, when the last one finished and how many ran
(`data-test-script-state`), and the main thread's long tasks (> 50 ms: parsing and running scripts, drawing).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from urllib.parse import quote

H1 = '[data-testid="stMain"] h1'
METRIC = '[data-testid="stMain"] [data-testid="stMetric"]'
TABLE = '[data-testid="stMain"] [data-testid="stDataFrame"] canvas'
CHART = '[data-testid="stMain"] [data-testid="stPlotlyChart"] .barlayer path'
GRAPH = 'frame:#mynetwork canvas'
VERTICALNET = "VERTICALNETINC_04_01_2002-EX-10.19-MAINTENANCE AND SUPPORT AGREEMENT"
VERTICALNET_PARTY = "VerticalNet, Inc."


@dataclass(frozen=True)
class PageSpec:
    """One page of the benchmark: its path and the targets that make up its main content."""

    name: str
    path: str
    targets: dict[str, str]
    note: str


def page_specs(party_key: str) -> list[PageSpec]:
    """Every page in app.py's navigation (Parties with and without a party; Contract opened on a contract)."""
    return [
        PageSpec("overview", "/", {"h1": H1, "kpi": METRIC, "chart": CHART},
                 "heading, KPI cards, first chart drawn"),
        PageSpec("explorer", "/explorer", {"h1": H1, "count": METRIC, "table": TABLE, "chart": CHART},
                 "heading, 'Matching contracts' count, results table, first chart drawn"),
        PageSpec("contract", f"/contract?file_id={quote(VERTICALNET)}",
                 {"h1": H1, "header": METRIC, "graph": GRAPH},
                 "heading, the contract's header cards (first tab) and its graph drawn"),
        PageSpec("parties", f"/parties?party={quote(party_key)}",
                 {"h1": H1, "table": TABLE, "header": f'text:[data-testid="stMain"] h3|{VERTICALNET_PARTY}',
                  "graph": GRAPH},
                 "heading, party table, the party's header and its network drawn"),
        PageSpec("parties-default", "/parties", {"h1": H1, "table": TABLE, "graph": GRAPH},
                 "heading, party table, the network drawn"),
        PageSpec("renewals", "/renewals", {"h1": H1, "kpi": METRIC, "table": TABLE},
                 "heading, KPI cards, deadline table (the timeline is drawn first on main; a tab here)"),
        PageSpec("chat", "/chat", {"h1": H1, "input": '[data-testid="stChatInput"] textarea'},
                 "heading and the question box"),
        PageSpec("upload", "/upload", {"h1": H1, "uploader": '[data-testid="stFileUploaderDropzone"]'},
                 "heading and the file drop zone"),
    ]


PROBE = """
(() => {
  const targets = %s;
  const marks = {};
  let sawRunning = false;
  let wasIdle = true;
  const longTasks = [];
  window.__firstVisit = marks;
  window.__longTasks = longTasks;
  try {
    new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push([e.startTime, e.duration])))
      .observe({type: 'longtask', buffered: true});
  } catch (e) { /* no long-task timing in this browser */ }
  const visible = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const find = (sel) => {
    if (sel.startsWith('text:')) {
      const [css, text] = sel.slice(5).split('|');
      return [...document.querySelectorAll(css)].find((el) => el.textContent.includes(text)) || null;
    }
    if (!sel.startsWith('frame:')) return document.querySelector(sel);
    for (const frame of document.querySelectorAll('[data-testid="stMain"] iframe')) {
      let doc = null;
      try { doc = frame.contentDocument; } catch (e) { doc = null; }
      const el = doc && doc.querySelector(sel.slice(6));
      if (el) return el;
    }
    return null;
  };
  const tick = () => {
    const now = performance.now();
    for (const [name, sel] of Object.entries(targets)) {
      if (!(name in marks) && visible(find(sel))) marks[name] = now;
    }
    const app = document.querySelector('[data-testid="stApp"]');
    const state = app && app.getAttribute('data-test-script-state');
    if (state === 'running' && !sawRunning) { sawRunning = true; marks.script_start = now; marks.script_runs = 0; }
    if (state === 'running' && wasIdle) marks.script_runs += 1;
    if (sawRunning && state === 'notRunning' && !wasIdle) marks.script_end = now;
    wasIdle = state !== 'running';
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();
"""


def probe_script(spec: PageSpec) -> str:
    """The init script for one visit (a new browser context per visit, so one page's targets)."""
    return PROBE % json.dumps(spec.targets)
