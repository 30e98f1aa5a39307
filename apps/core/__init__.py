"""The saasgym engine. Labs embedding the apps start from `Gym` (see apps/core/api.py)."""
