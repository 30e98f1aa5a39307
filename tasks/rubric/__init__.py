"""Rubric criteria for work products (a customer reply, a summary mail, a memo, a document): deterministic
criteria decided by extraction, judged ones by a calibrated, recorded model judge (docs/TASKS.md "Rubric
criteria")."""
