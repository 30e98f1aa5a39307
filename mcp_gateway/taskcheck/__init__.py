"""The gateway's side of tasks: the `saasgym tasks` command group and the calibration runs that need a live
server (MCP, CLI and browser oracles)."""
