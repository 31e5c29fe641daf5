"""`python -m ingest`: ingest contract PDFs into the graph (see ingest.cli), or `python -m ingest load-texts`
to parse contract texts into the document layer (see ingest.texts_cli)."""

import sys

if __name__ == "__main__":
    if sys.argv[1:2] == ["load-texts"]:
        from ingest.texts_cli import main as load_texts_main

        sys.exit(load_texts_main(sys.argv[2:]))
    from ingest.cli import main

    sys.exit(main())
