"""What the pages, the CLI and the assistant's tools read: contract search and aggregation, parties,
summary search, a contract's subgraph and document view, the renewal schedule.
"""
