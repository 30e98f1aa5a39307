"""CRM task families (see mcp_gateway/families)."""
