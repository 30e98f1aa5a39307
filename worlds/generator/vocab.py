"""Typed text generation: every generated text knows what kind of thing it talks about.

An `Entity` is a named thing of one `Kind` (a hardware model, a SaaS service, a person, a deal...) with the
record fields a text may quote. A `Template` declares, per slot, the kinds it accepts; rendering it with an
entity of another kind raises `KindError` — so "Cannot log in to Onsite Training Day" cannot be written:
the log-in template accepts software and SaaS services only, and a training course is neither.

    t = Template("Cannot log in to {product}", product=(Kind.SAAS_SERVICE, Kind.SOFTWARE_PRODUCT))
    t.render(product=Entity(Kind.SAAS_SERVICE, "Acme Cloud CRM"))   # "Cannot log in to Acme Cloud CRM"
    t.render(product=Entity(Kind.TRAINING_COURSE, "Onsite Training Day"))  # KindError

Plain values (numbers, error codes, dates) fill the slots a template does not type.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Kind(StrEnum):
    """What a named thing is; templates accept some kinds per slot."""

    HARDWARE_MODEL = "hardware model"
    SOFTWARE_PRODUCT = "software product"
    SAAS_SERVICE = "SaaS service"
    SUPPORT_CONTRACT = "support contract"
    PROFESSIONAL_SERVICE = "professional service"
    TRAINING_COURSE = "training course"
    LOCATION = "location"
    PERSON = "person"
    DEAL = "deal"
    DOCUMENT = "document"


class KindError(TypeError):
    """A template was given an entity of a kind its slot does not accept (or no entity for a typed slot)."""


@dataclass(frozen=True)
class Entity:
    """A named thing of one kind; `attrs` are record fields a template may quote as `{slot.attr}`."""

    kind: Kind
    name: str
    attrs: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)

    def __format__(self, spec: str) -> str:
        return format(self.name, spec)

    def __getattr__(self, item: str) -> Any:
        attrs = object.__getattribute__(self, "attrs")
        if item in attrs:
            return attrs[item]
        raise AttributeError(f"{self.kind} {self.name!r} has no field {item!r}")


class Template:
    """A text with `{slot}` fields; `accepts` maps each typed slot to the kinds it takes."""

    def __init__(self, text: str, **accepts: Kind | tuple[Kind, ...]) -> None:
        self.text = text
        self.accepts = {k: (v,) if isinstance(v, Kind) else tuple(v) for k, v in accepts.items()}
        slots = {f[1].split(".")[0] for f in string.Formatter().parse(text) if f[1]}
        unknown = set(self.accepts) - slots
        if unknown:
            raise ValueError(f"template {text!r} types slots it does not have: {sorted(unknown)}")
        self.slots = slots

    def takes(self, slot: str, kind: Kind) -> bool:
        """Whether `slot` accepts an entity of `kind` (an untyped slot takes no entity)."""
        return kind in self.accepts.get(slot, ())

    def render(self, **values: Any) -> str:
        """The text with every slot filled; a typed slot needs an entity of an accepted kind."""
        for slot, kinds in self.accepts.items():
            value = values.get(slot)
            if not isinstance(value, Entity):
                raise KindError(f"{self.text!r}: slot {slot!r} needs a {' or '.join(kinds)}, got {value!r}")
            if value.kind not in kinds:
                raise KindError(
                    f"{self.text!r}: slot {slot!r} accepts {' or '.join(kinds)}, not the {value.kind} "
                    f"{value.name!r}"
                )
        for slot, value in values.items():
            if isinstance(value, Entity) and slot not in self.accepts:
                raise KindError(
                    f"{self.text!r}: slot {slot!r} is untyped and takes no entity ({value.name!r})"
                )
        return self.text.format(**values)

    def __repr__(self) -> str:
        return f"Template({self.text!r})"


FAMILY_KIND = {
    "Hardware": Kind.HARDWARE_MODEL,
    "Support": Kind.SUPPORT_CONTRACT,
    "Training": Kind.TRAINING_COURSE,
    "Services": Kind.PROFESSIONAL_SERVICE,
}


def product_kind(product: dict[str, Any]) -> Kind:
    """The kind of a catalogue product: its family, and for software whether it is hosted (SaaS)."""
    family = product.get("family") or ""
    if family in FAMILY_KIND:
        return FAMILY_KIND[family]
    text = f"{product.get('name', '')} {product.get('description', '')}".lower()
    return (
        Kind.SAAS_SERVICE
        if any(w in text for w in ("cloud", "hosted", "saas", "per user"))
        else (Kind.SOFTWARE_PRODUCT)
    )


def product_entity(product: dict[str, Any]) -> Entity:
    """A catalogue product as an entity of its kind (fields: sku, family, list_price, description)."""
    return Entity(product_kind(product), product["name"], dict(product))
