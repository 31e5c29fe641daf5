"""The README stays an entry point (at most 250 lines) and every relative link in README.md and docs/*.md
resolves: the file exists, and a `#fragment` names a heading of that file (GitHub's heading anchors).

Links inside fenced code blocks and inline code are not links. Web links (http, https, mailto) are not
checked: the machine has no internet, and they are not what moves when docs are reorganised."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from urllib.parse import unquote

REPO = Path(__file__).resolve().parents[2]
README_MAX_LINES = 250

FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.M | re.S)
INLINE_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.S)
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)
EXTERNAL = ("http://", "https://", "mailto:")


def doc_files(root: Path) -> list[Path]:
    """The Markdown files whose links are checked."""
    return [root / "README.md", *sorted((root / "docs").glob("*.md"))]


def _prose(text: str) -> str:
    """The text without code: fenced blocks and inline code spans blanked out."""
    return INLINE_CODE.sub("", FENCE.sub("", text))


def links(text: str) -> list[str]:
    """Every link and image target in Markdown `text`, outside code, in order."""
    return LINK.findall(_prose(text))


def slug(heading: str) -> str:
    """GitHub's anchor of a heading: link and code markup dropped, lower-cased, punctuation removed (Unicode
    letters, digits, `_` and `-` stay), each space a hyphen."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading).replace("`", "")
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of every heading in `text`; repeated headings get -1, -2, ... as on GitHub."""
    seen: dict[str, int] = {}
    found = set()
    for heading in HEADING.findall(FENCE.sub("", text)):
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def broken_links(root: Path) -> list[str]:
    """`file: target (reason)` for every relative link under `root` that does not resolve."""
    problems = []
    for doc in doc_files(root):
        for target in links(doc.read_text(encoding="utf-8")):
            if target.startswith(EXTERNAL):
                continue
            path_part, _, fragment = target.partition("#")
            dest = (doc.parent / unquote(path_part)).resolve() if path_part else doc
            name = f"{doc.relative_to(root)}: {target}"
            if not dest.exists():
                problems.append(f"{name} (no such file)")
            elif fragment and dest.suffix == ".md" and unquote(fragment) not in anchors(dest.read_text("utf-8")):
                problems.append(f"{name} (no heading with that anchor)")
    return problems


def test_readme_is_at_most_250_lines():
    lines = (REPO / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"


def test_every_relative_link_in_readme_and_docs_resolves():
    assert broken_links(REPO) == []


def test_the_docs_are_linked_at_all():
    # A checker that finds no links would pass vacuously: the README links every docs file and both images.
    targets = set(links((REPO / "README.md").read_text(encoding="utf-8")))
    expected = {f"docs/{p.name}" for p in (REPO / "docs").glob("*.md")}
    assert expected <= targets
    assert {"docs/images/explorer.png", "docs/images/contract-graph.png"} <= targets


def _copy_docs(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    shutil.copytree(REPO / "docs", root / "docs")
    shutil.copy(REPO / "README.md", root / "README.md")
    (root / "agent").mkdir()
    shutil.copy(REPO / "agent" / "README.md", root / "agent" / "README.md")
    return root


def test_a_planted_broken_file_link_is_found(tmp_path):
    root = _copy_docs(tmp_path)
    assert broken_links(root) == []
    with (root / "docs" / "RENEWALS.md").open("a", encoding="utf-8") as f:
        f.write("\nSee [the old notes](OLD-NOTES.md) and ![a chart](images/missing.png).\n")
    assert broken_links(root) == ["docs/RENEWALS.md: OLD-NOTES.md (no such file)",
                                  "docs/RENEWALS.md: images/missing.png (no such file)"]


def test_a_planted_broken_anchor_and_a_moved_file_are_found(tmp_path):
    root = _copy_docs(tmp_path)
    readme = root / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8") + "\n[x](docs/SECURITY.md#no-such-heading)\n",
                      encoding="utf-8")
    (root / "docs" / "DATA.md").unlink()
    problems = broken_links(root)
    assert "README.md: docs/SECURITY.md#no-such-heading (no heading with that anchor)" in problems
    assert "README.md: docs/DATA.md (no such file)" in problems
    assert all("DATA.md" in p or "no-such-heading" in p for p in problems)


def test_links_in_code_are_not_links_and_anchors_follow_github():
    text = "```\n[a](nowhere.md)\n```\nsee `[b](nowhere.md)` and [c](real.md#one-compiler-contractfilter--cypher)"
    assert links(text) == ["real.md#one-compiler-contractfilter--cypher"]
    assert slug("One compiler: `ContractFilter` → Cypher") == "one-compiler-contractfilter--cypher"
    assert slug("How good: the dev labels, split A / B") == "how-good-the-dev-labels-split-a--b"
    assert anchors("# Setup\n## Setup\n## Setup\n") == {"setup", "setup-1", "setup-2"}
