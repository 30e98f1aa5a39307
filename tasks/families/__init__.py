"""Families: seeded generators of task instances from a world (`base`), their registry, splits and ids."""
