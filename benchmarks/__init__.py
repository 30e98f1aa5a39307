"""The benchmark suite behind `saasgym bench`: one module per figure family, each against a same-run baseline.

store_ops (create/fork/snapshot/restore, memory), scaling (reset/verify on acme and a scaled world),
mcp_calls (sequential p50/p99, concurrent calls/s), ui_pages, scripted (whole episodes per second);
runner.py times and takes medians, report.py prints the table and writes JSON, cli.py is the command.
"""
