"""The episode's app launcher (`/s/`): the company's "My Apps" page a browser lands on when its launch link
names no app — one tile per app of the episode, as a single sign-on dashboard shows them. Each tile's link
is named by the app's title alone (what agents and tests click); its description is its accessible
description."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

# what each app is for, in the words a dashboard gives under a tile, and its tile colour
ABOUT = {
    "crm": ("Accounts, contacts, opportunities and reports", "#0176d3"),
    "office": ("Mail, calendar, Teams, files, Word, Excel and PowerPoint", "#d83b01"),
    "ticketing": ("Incidents, requests, changes and knowledge", "#1b7b59"),
}
OTHER = ("", "#5c6670")

STYLE = """
*{box-sizing:border-box}
body{margin:0;font:14px/1.45 "Segoe UI","Liberation Sans",Arial,sans-serif;color:#1f2328;background:#f3f4f6}
header{display:flex;align-items:center;gap:12px;height:48px;padding:0 24px;background:#1f2a44;color:#fff}
header .org{font-weight:600;font-size:16px}
header .sep{opacity:.5}
main{max-width:1040px;margin:0 auto;padding:32px 24px}
h1{font-size:22px;font-weight:600;margin:0 0 4px}
.lead{margin:0 0 24px;color:#4b5563}
ul{list-style:none;margin:0;padding:0;display:grid;
grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:16px}
li{position:relative;background:#fff;border:1px solid #d9dde3;border-radius:8px;padding:18px;display:flex;
flex-direction:column;gap:10px}
li:hover{border-color:#8b95a5;box-shadow:0 2px 6px rgba(0,0,0,.08)}
a{display:flex;align-items:center;gap:12px;color:#1f2328;text-decoration:none;font-weight:600;font-size:16px}
a::after{content:"";position:absolute;inset:0;border-radius:8px}
a:focus-visible{outline:2px solid #1f2a44;outline-offset:4px;border-radius:4px}
.icon::before{content:attr(data-letter)}
.icon{width:40px;height:40px;border-radius:8px;display:grid;place-items:center;color:#fff;font-weight:700;font-size:18px}
li p{margin:0;color:#4b5563;font-size:13px}
"""


def company_name(manifest: Mapping[str, Any]) -> str:
    """The company a world is of, as its manifest's description opens ("Acme Corporation (acme.example), …"),
    else the world's name.

    Args:
        manifest: the world's manifest.
    """
    described = str(manifest.get("description") or "").split(" (", 1)[0].split(",", 1)[0].strip()
    return described or str(manifest.get("name", "")).title()


def launcher_page(apps: Mapping[str, Any], company: str) -> bytes:
    """The launcher's HTML: a tile per app, in the episode's order.

    Args:
        apps: the episode's apps by name (each with its `title`).
        company: the company's name for the header ("Acme").
    """
    tiles = []
    for name, spec in apps.items():
        about, colour = ABOUT.get(name, OTHER)
        title, slug = html.escape(spec.title), html.escape(name)
        desc = f'<p id="about-{slug}">{html.escape(about)}</p>' if about else ""
        described = f' aria-describedby="about-{slug}"' if about else ""
        tiles.append(
            f'<li><a href="/s/{slug}/"{described}><span class=icon aria-hidden=true '
            f'style="background:{colour}" data-letter="{title[:1]}"></span>{title}</a>{desc}</li>'
        )
    org = html.escape(company)
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<meta name=viewport content='width=device-width,initial-scale=1'><title>My Apps | {org}</title>"
        f"<style>{STYLE}</style></head><body><header><span class=org>{org}</span><span class=sep>|</span>"
        "<span>My Apps</span></header><main><h1>My Apps</h1>"
        "<p class=lead>The applications your account can use. Choose one to open it.</p>"
        f"<nav aria-label=Apps><ul>{''.join(tiles)}</ul></nav></main></body></html>"
    ).encode()
