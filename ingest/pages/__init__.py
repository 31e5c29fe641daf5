"""An uploaded PDF's original pages: the content-addressed file store (`store`), where a quote sits on a page
(`locate`) and the page drawn with it highlighted (`render`). docs/UPLOAD.md, "The original page"."""
