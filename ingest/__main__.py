"""`python -m ingest`: ingest contract PDFs into the graph (see ingest.cli), or `python -m ingest load-texts`
to parse contract texts into the document layer (see ingest.texts_cli), or `python -m ingest renewals` to
re-extract renewal facts from the documents in the graph (see ingest.renewals.cli), or `python -m ingest families`
to link amendments to the agreements they change (see ingest.families.cli)."""

import sys

if __name__ == "__main__":
    from core.lean_start import import_neo4j_without_pandas

    import_neo4j_without_pandas()  # before the modules below import the driver
    if sys.argv[1:2] == ["load-texts"]:
        from ingest.texts_cli import main as load_texts_main

        sys.exit(load_texts_main(sys.argv[2:]))
    if sys.argv[1:2] == ["renewals"]:
        from ingest.renewals.cli import main as renewals_main

        sys.exit(renewals_main(sys.argv[2:]))
    if sys.argv[1:2] == ["families"]:
        from ingest.families.cli import main as families_main

        sys.exit(families_main(sys.argv[2:]))
    from ingest.cli import main

    sys.exit(main())
