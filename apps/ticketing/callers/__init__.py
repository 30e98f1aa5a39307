"""Callers are personas: the person who raised an incident answers the desk's additional comments by
themselves, on the episode's logical clock — nobody at the desk speaks for them.

- `knowledge.py`: what a caller knows (their devices in the CMDB, their location and phone, when the
  problem started, the error they saw, who to ask about the rest), read from the episode's records.
- `responder.py`: what they say (a pluggable `CallerResponder`; the default is deterministic).
- `engine.py`: scheduling a reaction when the desk comments or resolves, and carrying it out when
  logical time passes (`advance_time`): the caller's comment, and its effect on the incident (an answer
  while Awaiting Caller resumes work; a rejected resolution reopens it).
"""
