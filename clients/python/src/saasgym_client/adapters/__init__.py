"""Harness adapters on the client; each module imports its framework (install the matching extra)."""

COMPLETE = "complete_task"
SYSTEM_PROMPT = (
    "You work in the company's business apps through the tools. Do exactly what is asked; "
    "call complete_task when done (answer questions there)."
)
