"""Writing decks as the office app stores them: a drive item of kind presentation, its presentation row
(slide size, theme), slides with their layout's placeholders where PowerPoint puts them, text, tables,
charts and pictures, comments and sharing. Ids are the part's own (`Deck…` GUIDs), so they never meet
the ids the app gives new records."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from apps.office.ids import graph_guid
from apps.office.services.deck_layouts import LAYOUTS, bulleted
from apps.office.services.deck_text import from_lines, paragraph, run
from worlds.generator.common import fmt_dt

PPTX = "application/vnd.openxmlformats-officedocument.presentationml.presentation"
WEB = "https://acme-my.sharepoint.example/personal/items/"


@dataclass
class Rows:
    """The part's office rows, by table, and a counter per object for its ids."""

    tables: dict[str, list[dict[str, Any]]] = field(default_factory=dict)

    def add(self, table: str, obj: str, **values: Any) -> dict[str, Any]:
        rows = self.tables.setdefault(table, [])
        row = {"id": values.pop("id", None) or graph_guid(f"Deck{obj}")(len(rows) + 1), **values}
        rows.append(row)
        return row

    def item(self, name: str, owner: dict, parent_id: str, kind: str, when: datetime, **extra: Any) -> dict:
        stamp = fmt_dt(when)
        row = self.add(
            "drive_item",
            "DriveItem",
            name=name,
            parent_id=parent_id,
            owner_id=owner["id"],
            kind=kind,
            mime_type=extra.pop("mime_type", PPTX if kind == "presentation" else None),
            size=extra.pop("size", 0),
            content_text=None,
            description=extra.pop("description", None),
            web_url=None,
            created_date_time=stamp,
            last_modified_date_time=stamp,
            last_modified_by_id=owner["id"],
        )
        row["web_url"] = WEB + row["id"]
        return row

    def share(self, item: dict, user: dict, role: str, by: dict) -> None:
        self.add(
            "permission",
            "Permission",
            item_id=item["id"],
            user_id=user["id"],
            roles=[role],
            granted_by_id=by["id"],
            created_date_time=item["created_date_time"],
        )


THEMES = {
    "Acme 2025": {
        "heading_font": "Georgia",
        "body_font": "Verdana",
        "colors": {
            "dk1": "1F1F1F",
            "lt1": "FFFFFF",
            "dk2": "1B3A5C",
            "lt2": "EEF1F5",
            "accent1": "1B3A5C",
            "accent2": "E07A1F",
            "accent3": "5B8C3A",
            "accent4": "7A4E9C",
            "accent5": "2F8FA8",
            "accent6": "B23A48",
            "hlink": "1F6FB2",
            "folHlink": "7A4E9C",
        },  # fmt: skip
    },
    "Acme 2027": {
        "heading_font": "Aptos Display",
        "body_font": "Aptos",
        "colors": {
            "dk1": "111827",
            "lt1": "FFFFFF",
            "dk2": "0B4F6C",
            "lt2": "F1F5F9",
            "accent1": "0B7A75",
            "accent2": "F2A541",
            "accent3": "3A86FF",
            "accent4": "8338EC",
            "accent5": "FF006E",
            "accent6": "43AA8B",
            "hlink": "3A86FF",
            "folHlink": "8338EC",
        },  # fmt: skip
    },
}


class Deck:
    """One deck being written: slides in order, each with its layout's placeholders."""

    def __init__(self, rows: Rows, item: dict, theme: str, when: datetime):
        self.rows, self.item, self.when, self.slides = rows, item, when, 0
        self.size = 0
        self.z: dict[str, int] = {}  # the next z-order position on each slide
        rows.add(
            "presentation",
            "Presentation",
            id=item["id"],
            slide_width=12_192_000,
            slide_height=6_858_000,
            theme_name=theme,
            heading_font=THEMES[theme]["heading_font"],
            body_font=THEMES[theme]["body_font"],
            colors=dict(THEMES[theme]["colors"]),
            template_item_id=None,
        )

    def slide(self, layout: str, title: str | None = None, text: list[str] | str | None = None, *,
              notes: str = "", hidden: bool = False, keep_body: bool = True) -> dict:  # fmt: skip
        """A slide with its placeholders: the title's text and the first other placeholder's lines (a
        leading tab: one list level deeper); `keep_body` False leaves out an empty content placeholder
        (a table or chart takes its place)."""
        slide = self.rows.add(
            "slide",
            "Slide",
            item_id=self.item["id"],
            position=self.slides,
            layout=layout,
            hidden=hidden,
            notes=notes,
        )
        self.slides += 1
        self.z[slide["id"]] = 0
        lines = "\n".join(text) if isinstance(text, list) else text
        filled = False
        for p in LAYOUTS[layout]:
            if p.role == "title":
                value = title
            elif lines is not None and not filled:
                value, filled = lines, True
            elif not keep_body:
                continue
            else:
                value = None
            paras = from_lines(value, bulleted(layout, p.role)) if value else []
            self.shape(
                slide, "placeholder", p.name, p.x, p.y, p.cx, p.cy, placeholder=p.role, paragraphs=paras
            )
        return slide

    def shape(
        self, slide: dict, kind: str, name: str, x: int, y: int, cx: int, cy: int, **fields: Any
    ) -> dict:
        row = self.rows.add(
            "slide_shape",
            "SlideShape",
            slide_id=slide["id"],
            item_id=self.item["id"],
            position=self.z[slide["id"]],
            kind=kind,
            name=name,
            placeholder=fields.pop("placeholder", None),
            x=x,
            y=y,
            cx=cx,
            cy=cy,
            paragraphs=fields.pop("paragraphs", []),
            table_rows=fields.pop("table_rows", []),
            chart=fields.pop("chart", {}),
            image_item_id=fields.pop("image_item_id", None),
            geometry=fields.pop("geometry", None),
            fill_color=fields.pop("fill_color", None),
            line_color=fields.pop("line_color", None),
        )
        self.z[slide["id"]] += 1
        self.size += 200 + sum(len(r["text"]) for p in row["paragraphs"] for r in p["runs"])
        return row

    def table(self, slide: dict, rows: list[list[str]], y: int = 1_825_625) -> dict:
        return self.shape(
            slide,
            "table",
            f"Table {self.z[slide['id']] + 1}",
            838_200,
            y,
            10_515_600,
            370_840 * len(rows),
            table_rows=rows,
        )

    def chart(self, slide: dict, kind: str, title: str, categories: list[str], series: list[dict]) -> dict:
        data = {
            "chart_type": kind,
            "title": title,
            "categories": categories,
            "series": series,
            "source": None,
        }
        return self.shape(
            slide,
            "chart",
            f"Chart {self.z[slide['id']] + 1}",
            838_200,
            1_825_625,
            10_515_600,
            4_351_338,
            chart=data,
        )

    def picture(self, slide: dict, image_id: str, x: int, y: int, cx: int, cy: int) -> dict:
        return self.shape(
            slide, "picture", f"Picture {self.z[slide['id']] + 1}", x, y, cx, cy, image_item_id=image_id
        )

    def emphasis(self, slide: dict, text: str, color: str) -> dict:
        """A text box of one coloured, bold line (a callout a team puts on a slide)."""
        para = paragraph([run(text, bold=True, color=color)])
        return self.shape(
            slide,
            "text_box",
            f"TextBox {self.z[slide['id']] + 1}",
            838_200,
            6_096_000,
            10_515_600,
            457_200,
            paragraphs=[para],
        )

    def comment(self, slide: dict, author: dict, text: str, when: datetime) -> dict:
        return self.rows.add(
            "slide_comment",
            "SlideComment",
            item_id=self.item["id"],
            slide_id=slide["id"],
            shape_id=None,
            author_id=author["id"],
            content=text,
            created_date_time=fmt_dt(when),
            resolved=False,
            reply_to_id=None,
        )

    def done(self) -> dict:
        """The deck's drive item with its size (what the app computes on save)."""
        self.item["size"] = self.size + 2000 * self.slides
        return self.item
