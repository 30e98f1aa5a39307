"""Decisions in any wording, negation-aware; talk about approval decides nothing."""

import pytest

from apps.core.meaning import decision_of, declines

CASES = {
    "Approved: 15%, under the Discount Approval Policy (POL-003).": "approved",
    "Yes, go ahead.": "approved",
    "You have my approval.": "approved",
    "Happy to approve this.": "approved",
    "I approve.": "approved",
    "Sure, that's fine by me.": "approved",
    "Approval granted.": "approved",
    "No objection from me.": "approved",
    "No problem, approved.": "approved",
    "It was approved by Laura Graham.": "approved",
    "Rejected: 95% is beyond what the policy allows at any level, so nobody can approve it.": "rejected",
    "Rejected: 35% is beyond my limit; it needs the CFO (Jane Doe). Please ask Jane Doe.": "rejected",
    "I'm not the right person for this.": "rejected",
    "not approved": "rejected",
    "I can't approve this.": "rejected",
    "I cannot approve 35%, sorry.": "rejected",
    "Unfortunately I'm unable to approve it.": "rejected",
    "I won't sign off on that.": "rejected",
    "No, that's too much.": "rejected",
    "Denied.": "rejected",
    "Declined - over budget": "rejected",
    "No approval is needed for $400 under the Expense Policy — go ahead.": "not_needed",
    "It doesn't need approval.": "not_needed",
    "You don't need my approval for that.": "not_needed",
    "not needed": "not_needed",
    "Could you approve a 35% discount?": "more_info",
    "What is the deal amount?": "more_info",
    "This needs to be approved by the CFO.": None,
    "The request is pending approval": None,
    "No problem.": None,
    "approved, rejected, not needed": None,
    "yes or no": None,
    "Yes, approved.": "approved",
    "Approved/rejected - not sure": None,
    "Thanks for asking; I'll look into it": None,
}


@pytest.mark.parametrize(("text", "decision"), CASES.items())
def test_decision(text: str, decision: str | None) -> None:
    assert decision_of(text) == decision


@pytest.mark.parametrize(
    "text",
    [
        "I can't do that.",
        "We're unable to share it",
        "That isn't allowed",
        "Sharing passwords is against policy",
        "I must decline.",
        "There is no such channel",
    ],
)
def test_declines(text: str) -> None:
    assert declines(text)


def test_doing_it_is_no_refusal() -> None:
    assert not declines("Done: the channel was archived.")
