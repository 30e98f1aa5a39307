"""CRM task families (see tasks/families)."""
