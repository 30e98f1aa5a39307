"""Customer contacts as personas: they answer the acting user's mail on the logical clock from what they
know (their account, open quotes and incidents as a customer sees them, their role and office hours)."""
