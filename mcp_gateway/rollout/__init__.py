"""The parallel rollout runner: K episodes per task, pluggable agents, pass@k / pass^k metrics."""
