"""Long-horizon scenarios: families of few seeds whose oracle runs ≥ 15 tool calls over ≥ 2 apps, asks a
persona (the approver the company handbook names) by mail, lets at least a day pass on the logical clock
and reports named checkpoints for every milestone (`kit.Plan`); `catalog` lists them by job."""
