"""Approvers who decide: a sysapproval_approver record for someone other than the acting user is decided
by that person's persona on the logical clock, by the company handbook's policy."""
