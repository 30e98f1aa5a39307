"""`python -m mcp_gateway` is the `saasgym` command."""

from mcp_gateway.cli import main

main()
