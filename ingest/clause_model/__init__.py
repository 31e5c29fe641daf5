"""The clause classifier: CUAD clause categories of a section with a calibrated probability and a band (found /
possible), trained on the CUAD dev labels' split A (`python -m ingest.clause_model train`, `make models`)."""
