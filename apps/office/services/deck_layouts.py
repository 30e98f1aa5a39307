"""The slide master of a deck: PowerPoint's default Office Theme (16:9) — its seven common layouts with
their placeholders where PowerPoint puts them (EMU), the theme's colours and fonts, and the simple shapes
and chart types a slide may hold."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

EMU_PER_INCH = 914_400
EMU_PER_POINT = 12_700
SLIDE_WIDTH, SLIDE_HEIGHT = 12_192_000, 6_858_000
MAX_EMU = 51_206_400  # 56 inches: PowerPoint's largest slide side

LayoutName = Literal[
    "Title Slide", "Title and Content", "Section Header", "Two Content", "Comparison", "Title Only", "Blank"
]
Role = Literal["title", "subtitle", "body", "left", "right", "left_heading", "right_heading"]
Geometry = Literal[
    "rectangle", "rounded_rectangle", "oval", "triangle", "right_arrow", "chevron", "star", "line"
]
ChartType = Literal["column", "bar", "line", "pie"]
Align = Literal["left", "center", "right", "justify"]


@dataclass(frozen=True)
class Placeholder:
    """One placeholder of a layout: its role, PowerPoint's name and prompt, where it sits, whether its
    paragraphs are bulleted by default and its text size (points) when none is set."""

    role: str
    name: str
    prompt: str
    x: int
    y: int
    cx: int
    cy: int
    bulleted: bool = False
    size: float = 18.0
    align: str | None = None  # the layout's alignment (a title slide's text is centred)


_TITLE = Placeholder("title", "Title", "Click to add title", 838_200, 365_125, 10_515_600, 1_325_563, size=44)
_CONTENT = Placeholder(
    "body", "Content Placeholder", "Click to add text", 838_200, 1_825_625, 10_515_600, 4_351_338, True, 28
)

LAYOUTS: dict[str, tuple[Placeholder, ...]] = {
    "Title Slide": (
        Placeholder(
            "title",
            "Title",
            "Click to add title",
            1_524_000,
            1_122_363,
            9_144_000,
            2_387_600,
            size=60,
            align="center",
        ),
        Placeholder(
            "subtitle",
            "Subtitle",
            "Click to add subtitle",
            1_524_000,
            3_602_038,
            9_144_000,
            1_655_762,
            size=24,
            align="center",
        ),
    ),
    "Title and Content": (_TITLE, _CONTENT),
    "Section Header": (
        Placeholder(
            "title", "Title", "Click to add title", 831_850, 1_709_738, 10_515_600, 2_852_737, size=60
        ),
        Placeholder(
            "body",
            "Text Placeholder",
            "Click to add text",
            831_850,
            4_589_463,
            10_515_600,
            1_500_187,
            size=24,
        ),
    ),
    "Two Content": (
        _TITLE,
        Placeholder(
            "left",
            "Content Placeholder",
            "Click to add text",
            838_200,
            1_825_625,
            5_181_600,
            4_351_338,
            True,
            28,
        ),
        Placeholder(
            "right",
            "Content Placeholder",
            "Click to add text",
            6_172_200,
            1_825_625,
            5_181_600,
            4_351_338,
            True,
            28,
        ),
    ),
    "Comparison": (
        Placeholder("title", "Title", "Click to add title", 839_788, 365_125, 10_515_600, 1_325_563, size=44),
        Placeholder(
            "left_heading",
            "Text Placeholder",
            "Click to add text",
            839_788,
            1_681_163,
            5_157_787,
            823_912,
            size=24,
        ),
        Placeholder(
            "left",
            "Content Placeholder",
            "Click to add text",
            839_788,
            2_505_075,
            5_157_787,
            3_684_588,
            True,
            24,
        ),
        Placeholder(
            "right_heading",
            "Text Placeholder",
            "Click to add text",
            6_172_200,
            1_681_163,
            5_183_188,
            823_912,
            size=24,
        ),
        Placeholder(
            "right",
            "Content Placeholder",
            "Click to add text",
            6_172_200,
            2_505_075,
            5_183_188,
            3_684_588,
            True,
            24,
        ),
    ),
    "Title Only": (_TITLE,),
    "Blank": (),
}
LAYOUT_NAMES = tuple(LAYOUTS)

# The Office Theme's colour scheme (PowerPoint 2023+) and fonts
OFFICE_COLORS = {
    "dk1": "000000",
    "lt1": "FFFFFF",
    "dk2": "0E2841",
    "lt2": "E8E8E8",
    "accent1": "156082",
    "accent2": "E97132",
    "accent3": "196B24",
    "accent4": "0F9ED5",
    "accent5": "A02B93",
    "accent6": "4EA72E",
    "hlink": "467886",
    "folHlink": "96607D",
}
COLOR_SLOTS = tuple(OFFICE_COLORS)
GEOMETRIES: tuple[str, ...] = (
    "rectangle",
    "rounded_rectangle",
    "oval",
    "triangle",
    "right_arrow",
    "chevron",
    "star",
    "line",
)
CHART_TYPES: tuple[str, ...] = ("column", "bar", "line", "pie")
# what a slide, a table and a chart may hold (PowerPoint: tables up to 75 x 75)
MAX_SLIDES = 500
MAX_SHAPES = 200
MAX_TABLE_SIDE = 75
MAX_CATEGORIES = 500
MAX_SERIES = 25


def placeholder_of(layout: str, role: str) -> Placeholder | None:
    """The layout's placeholder of that role, if it has one."""
    return next((p for p in LAYOUTS.get(layout, ()) if p.role == role), None)


def bulleted(layout: str, role: str | None) -> bool:
    """Whether text in the layout's placeholder of this role is bulleted when nothing says otherwise (a
    text box's is not)."""
    found = placeholder_of(layout, role) if role else None
    return bool(found and found.bulleted)
