"""CRM task families (see mcp_gateway/families). Closing opportunities is left out for now (its rules
are being replaced by validation rules)."""
