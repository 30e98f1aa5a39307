"""Office task families (see tasks/families)."""
