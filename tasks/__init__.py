"""The task framework, below the apps and beside the engine: the task format (a public part and a private
truth), the family base that generates instances from a world, the oracle runners and the verifier.

Apps' families import it; the gateway only serves it (`mcp_gateway.taskcheck` runs its checks over a live
server). It never imports the gateway."""
