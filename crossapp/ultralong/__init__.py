"""Ultra-long scenarios: families of a few seeds whose oracles take 100 or more tool calls."""
