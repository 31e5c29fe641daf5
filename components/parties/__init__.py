"""The Parties page's widgets: party search results and a party's profile."""
