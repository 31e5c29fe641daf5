"""The Explorer page's widgets: the filter form, the results table and its export."""
