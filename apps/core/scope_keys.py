"""Names shared by the gateway and the surfaces, kept apart so that importing them imports no MCP SDK."""

EPISODE_SCOPE_KEY = "saasgym.episode"  # where the gateway puts the request's episode in the ASGI scope
SURFACE_HEADER = "x-saasgym-surface"  # `cli` when the saasgym CLI made an MCP call
