"""Harness adapters on the client; each module imports its framework (install the matching extra)."""
