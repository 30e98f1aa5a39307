"""Ticketing task families (see tasks/families)."""
