"""Every page type of every app's browser UI, each with one example address on `acme`.

One list for the accessibility test (axe-core over every page type) and for the screenshot script
(`python scripts/screenshots.py` renders each into docs/screenshots/), so a new page type is added once.
The task used opens an episode with all three apps.
"""

from __future__ import annotations

import re

WORLD = "acme"
TASK_WITH_ALL_APPS = "xoffice-portal-outage-ortiz"
OPP = "0065g000000007aAAA"
QBR_DECK = "63fe9370-128d-4a9f-9a3f-7441c395e3f5"  # Burton, Stewart and Wade QBR Q3 2026 (the decks part)
DRAFT_DECK = "35ddb2ca-b597-4b2d-a61d-ea99695fe01f"  # its account update draft, with Jasmine Cole's comments

PAGES: dict[str, list[str]] = {
    "crm": [
        "/",
        "/search?q=Knox",
        "/accounts",
        "/accounts/0015g000000004wAAA",
        "/accounts/new",
        "/accounts/0015g000000004wAAA/owner",
        "/contacts",
        "/contacts/0035g00000000JQAAY",
        "/leads",
        "/leads/00Q5g000000000DEAQ",
        "/leads/00Q5g000000000DEAQ/convert",
        "/opportunities",
        f"/opportunities/{OPP}",
        f"/opportunities/{OPP}?activity=task",  # the Activity card's composer, New Task's form inline
        f"/opportunities/{OPP}/edit",
        f"/opportunities/{OPP}/products/new",
        "/opportunities/0065g0000000003AAA/products/00k5g0000000001AAA/edit",  # a Products row's Edit
        "/products/01t5g000000000JAAQ",
        "/users/0055g000000000PAAQ",  # where an owner's name links to
        "/reports",
        "/reports/pipeline",
        "/reports/new?group_by_1=stage_name&group_by_2=owner_id&summary_field=amount",
        "/reports/new?edit=1&group_by_1=stage_name&summary_field=amount",  # the Report Builder
        "/reports/new?report_type=opportunity_products&filter_field_1=discount&filter_op_1=greater_than"
        "&filter_value_1=20&group_by_1=product_family&summary_field=total_price&include_details=on",
        "/tasks/new?who_id=0035g00000000JQAAY",
        "/calls/new?who_id=0035g00000000JQAAY",
        "/events/new?what_id=0015g000000004wAAA",
        "/notes/new?parent_id=0015g000000004wAAA",
        "/_task",
        "/accounts/001NOSUCHRECORD",
    ],
    "ticketing": [
        "/home",  # the homepage (the banner's logo)
        "/incidents?active=true",
        "/search?q=VPN",
        "/incidents/INC0012410",
        "/incidents/INC0012838",
        "/incidents/new",
        "/problems",
        "/problems/PRB0040150",
        "/problems/PRB0040001",  # an open problem: the editable form
        "/problems/PRB0040001/incidents",  # its Incidents related list's Edit... (the slushbucket)
        "/changes",
        "/changes/CHG0030343",
        "/changes/new",  # the type chooser
        "/changes/new?standard=1",  # its standard change templates
        "/changes/new?type=normal",  # the form
        "/requests",
        "/requests/RITM0010800",
        "/approvals",
        "/kb",
        "/kb/KB0010030",
        "/cmdb",
        "/cmdb/880d6a39d6bdefc5fb8c8effdc92314b",  # Email Application: related items, open changes
        "/catalog",
        "/catalog?search=laptop",
        "/catalog?category=Hardware",
        "/catalog/bfef215ee8cb1577151f0c2756722f01",
        "/catalog/cart",
        "/catalog/order_status?items=RITM0010800",
        "/clock",
    ],
    "office": [
        "/mail",
        "/mail?folder=inbox&id=f06557c4-f6bb-4cdd-965a-cda7ca254739",
        "/mail?folder=inbox&id=f06557c4-f6bb-4cdd-965a-cda7ca254739&compose=reply",
        "/mail?folder=inbox&compose=new",  # New mail in the reading pane, the ribbon's Message tab
        "/mail/compose",
        "/mail/compose?id=f06557c4-f6bb-4cdd-965a-cda7ca254739&mode=reply",
        "/calendar",
        "/calendar?view=month",
        "/calendar?view=day",
        "/calendar/33556ae3-eff0-4eb7-84d9-db135b94fd46",
        "/calendar/new",
        "/calendar/bbceaf48-0601-4511-b085-1bf41d563b5c",  # a call Amber organises: Edit, Cancel meeting
        "/calendar/bbceaf48-0601-4511-b085-1bf41d563b5c/edit",
        "/calendar/scheduling?attendees=adam.roy%40acme.example%3B+alan.black%40acme.example"
        "&start=2026-11-10T09:00&end=2026-11-10T09:30",
        "/chat",
        "/chat?channel=7a4f31cc-6c55-45a9-9cb1-10796b279dff",
        "/chat?chat=aa124c95-cdc1-4010-bd49-a2d3f2813b0a",
        "/chat?new=1",  # New chat: the To people picker and the first message
        "/files",
        "/files?view=home",  # OneDrive's Home: recent files
        "/files?new=folder",  # "+ Create or upload" → Folder: the name dialog
        "/files?upload=1",  # "+ Create or upload" → Files upload: the Upload dialog (without a script)
        "/files?q=pricing",  # search across the drive
        "/files?share=fe2edd60-1837-4af5-85b7-d0bee4a0a1a6",  # the Share dialog with Manage access
        "/files?rename=fe2edd60-1837-4af5-85b7-d0bee4a0a1a6",  # Rename: the name dialog
        "/files?move=fe2edd60-1837-4af5-85b7-d0bee4a0a1a6",  # Move to: the folder picker at My files
        "/files?delete=fe2edd60-1837-4af5-85b7-d0bee4a0a1a6",  # the Delete confirmation
        "/docs/16f7750c-0179-4604-90d0-c285d505ddae",
        "/sheets/08174d36-7f35-4e52-b29c-8574fa8c25e5?sheet=Forecast&cell=D2:D9",  # Average/Count/Sum
        "/sheets/371b73e2-a1b0-4812-9dc9-2c9ae141f8b6",  # the data room's 10,153-row GL export, read-only
        "/decks",  # PowerPoint's start page: recent decks, a new one (blank or from a template), Upload
        f"/decks/{QBR_DECK}?slide=4",  # the editor: thumbnails, a chart on the canvas, notes, Selection
        f"/decks/{QBR_DECK}?slide=3&shape=5b9618e4-8da4-4d40-b2e4-9abccf906df4",  # a table's Format pane
        # a chart selected: the Chart Design and Format tabs, no pane opened by itself
        f"/decks/{QBR_DECK}?slide=4&shape=79dfac2d-3d4b-443e-920c-16d5885338f4",
        # its Chart Data pane, as Edit Data (or inserting a chart) opens it: the sheet, applied cell by cell
        f"/decks/{QBR_DECK}?data=1&slide=4&shape=79dfac2d-3d4b-443e-920c-16d5885338f4",
        f"/decks/{DRAFT_DECK}?slide=2&comments=1",  # a manager's comment in the Comments pane
        f"/decks/{QBR_DECK}?view=sorter",  # Slide Sorter
    ],
}


def screenshot_name(app: str, path: str) -> str:
    """The file name of a page's screenshot: app, then the path's words (ids and query values kept
    short), e.g. `crm--accounts-0015g000000004wAAA.jpg`; stable, so a re-render overwrites it."""
    words = re.sub(r"[^A-Za-z0-9]+", "-", path).strip("-") or "home"
    return f"{app}--{words[:80]}.jpg"
