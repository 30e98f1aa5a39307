"""The service catalog's items: name, category, price, fulfilment group, approval and variables (their texts
are in `catalog_answers.ITEM_TEXT`; knowledge articles are written by `kb_articles`)."""

from __future__ import annotations

# name, category, price, group, approval, [(variable name, question, type, mandatory, choices)]
CATALOG = (
    (
        "Standard Laptop",
        "Hardware",
        1400.0,
        "Hardware",
        True,
        [
            ("model", "Model", 5, True, "Dell Latitude 7450|Lenovo ThinkPad T14|MacBook Air 13"),
            ("justification", "Business justification", 2, True, None),
        ],
    ),
    (
        "Developer Laptop",
        "Hardware",
        2800.0,
        "Hardware",
        True,
        [
            ("model", "Model", 5, True, "MacBook Pro 14|MacBook Pro 16|Dell Precision 5690"),
            ("memory", "Memory", 5, True, "32 GB|64 GB"),
        ],
    ),
    (
        "External Monitor",
        "Hardware",
        320.0,
        "Hardware",
        False,
        [("size", "Size", 5, True, "24 inch|27 inch|32 inch")],
    ),
    ("Docking Station", "Hardware", 250.0, "Hardware", False, []),
    ("Headset", "Hardware", 120.0, "Hardware", False, [("wireless", "Wireless", 7, False, None)]),
    (
        "Mobile Phone",
        "Hardware",
        900.0,
        "Hardware",
        True,
        [
            ("model", "Model", 5, True, "iPhone 16|Pixel 9|Galaxy S25"),
            ("port_number", "Keep my current number", 1, False, None),
        ],
    ),
    ("Microsoft Visio", "Software", 280.0, "Software", True, []),
    ("Adobe Acrobat Pro", "Software", 240.0, "Software", True, []),
    (
        "JetBrains IDE",
        "Software",
        600.0,
        "Software",
        False,
        [("product", "Product", 5, True, "IntelliJ IDEA|PyCharm|GoLand")],
    ),
    ("Tableau Creator", "Software", 900.0, "Software", True, []),
    ("VPN Access", "Access", 0.0, "Network", False, [("reason", "Why do you need VPN?", 6, True, None)]),
    (
        "Shared Mailbox",
        "Access",
        0.0,
        "Email and Collaboration",
        False,
        [("mailbox_name", "Mailbox name", 6, True, None), ("owners", "Owners", 2, False, None)],
    ),
    (
        "Distribution List",
        "Access",
        0.0,
        "Email and Collaboration",
        False,
        [("list_name", "List name", 6, True, None)],
    ),
    (
        "Application Access",
        "Access",
        0.0,
        "Identity and Access",
        True,
        [
            ("application", "Application", 5, True, "ERP|BI Dashboards|HR Portal|Expense Tool|CRM"),
            ("role", "Role", 5, True, "Read only|Editor|Administrator"),
        ],
    ),
    (
        "Database Access",
        "Access",
        0.0,
        "Database",
        True,
        [("database", "Database", 6, True, None), ("until", "Access until", 9, False, None)],
    ),
    (
        "New Hire Onboarding",
        "HR",
        0.0,
        "Service Desk",
        False,
        [("start_date", "Start date", 9, True, None), ("department", "Department", 6, True, None)],
    ),
    (
        "Offboarding",
        "HR",
        0.0,
        "Identity and Access",
        False,
        [("last_day", "Last working day", 9, True, None)],
    ),
    ("Conference Room Setup", "Facilities", 0.0, "Service Desk", False, [("room", "Room", 6, True, None)]),
    (
        "Cloud Sandbox Account",
        "Cloud",
        150.0,
        "Cloud Operations",
        True,
        [
            ("provider", "Provider", 5, True, "AWS|Azure|GCP"),
            ("budget", "Monthly budget (USD)", 6, True, None),
        ],
    ),
    (
        "Server Provisioning",
        "Cloud",
        500.0,
        "Linux Server Team",
        True,
        [
            ("os", "Operating system", 5, True, "Ubuntu 24.04|RHEL 9|Windows Server 2022"),
            ("cpu", "vCPUs", 5, True, "2|4|8|16"),
        ],
    ),
)
