"""The generated question set (issue 31 item 2): templates x synonym lists x values drawn from the sample (the
records the graph is loaded from), with the gold filter built from the template, never from the parser."""
