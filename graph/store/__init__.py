"""Writing the contract graph: schema, cleaning and preparing records, the batched import, uploads'
commits and replacements, party keys, content fingerprints and duplicate candidates, the sample source.
"""
