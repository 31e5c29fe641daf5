"""Deep-link entry for /renewals on a fresh server; the page is in a subfolder (see components.routes)."""

from components.routes import run_app

run_app()
