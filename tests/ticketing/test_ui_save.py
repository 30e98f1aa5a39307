"""The ticketing form's change detection: a textarea sent back as the browser sends it is no edit."""

from __future__ import annotations

from apps.ticketing.ui_save import changed


def test_crlf_line_breaks_of_an_untouched_textarea_are_not_an_edit():
    current = {"description": "Hello,\n\nInvoice INV-1 is wrong.\n\nThanks", "short_description": "Invoice"}
    sent = {
        "description": "Hello,\r\n\r\nInvoice INV-1 is wrong.\r\n\r\nThanks",
        "short_description": "Invoice",
    }
    assert changed(sent, current, ("description", "short_description")) == {}
    sent["description"] = "Hello,\r\nInvoice INV-2 is wrong."
    assert changed(sent, current, ("description",)) == {"description": "Hello,\nInvoice INV-2 is wrong."}
