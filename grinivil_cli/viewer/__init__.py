"""`grinivil viewer`: one self-contained HTML page that steps through a replayed game (issue 5).

Every snapshot is drawn by `grinivil_cli.render`; the artwork that is the same in all of them
(`<defs>`: the style sheet, `<symbol>`s, patterns) is written once in the page, and the rest of
each snapshot is stored as a list of references into one table of distinct SVG lines, so a
full game stays small. The page is Jinja2's `templates/viewer.html` (autoescaped), its style
sheet and script the package files `static/viewer.css` and `static/viewer.js`, written inside
it: the page loads nothing. The same log gives byte-identical HTML.
"""

from __future__ import annotations

from .page import viewer_html

__all__ = ["viewer_html"]
