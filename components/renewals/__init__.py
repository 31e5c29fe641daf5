"""The Renewals page's widgets and exports, and the renewal parts of the Overview and Contract pages."""
