"""Tasks: a public part (prompt, apps, surfaces, split) and a private truth (changes, answer, oracle)."""
