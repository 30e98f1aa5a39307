"""Kept for imports in tests: the live server helper lives in mcp_gateway.live."""

from mcp_gateway.live import LiveServer, free_port, start_live_server

__all__ = ["LiveServer", "free_port", "start_live_server"]
