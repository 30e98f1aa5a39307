"""Output models derived from table models, so an action's structured output never drifts from its table."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, create_model


class PublicModel(BaseModel):
    model_config = ConfigDict(from_attributes=True)


def public_model(
    table: type, name: str, *, exclude: tuple[str, ...] = (), doc: str | None = None, **extra: Any
) -> type[BaseModel]:
    """A pydantic model with the table's fields (minus `exclude`, plus `extra` as (type, default))."""
    fields: dict[str, Any] = {
        fname: (f.annotation, None if not f.is_required() else ...)
        for fname, f in table.model_fields.items()
        if fname not in exclude
    }
    fields.update(extra)
    model = create_model(name, __base__=PublicModel, __doc__=doc or table.__doc__, **fields)
    return model
