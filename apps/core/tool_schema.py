"""Tool JSON schemas in the form every MCP client and model API accepts.

Two spellings that JSON Schema allows are rejected or mangled by common clients (the MCP Inspector's
portability lint names both): a `type` array (`"type": ["string", "null"]`), which clients that map tool
schemas onto a single-`type` dialect (the OpenAPI subset of Gemini's function declarations, several SDKs)
refuse or flatten, and a schema with no validation keyword at all (`{}`, pydantic's spelling of `Any`),
which such clients read as a bare `true`. `portable` rewrites both into equivalents that accept exactly the
same instances: a type array becomes `anyOf` branches of one `type` each (pydantic's own spelling of a
nullable field, kept as it is), and an untyped schema becomes `anyOf` every JSON type.
"""

from __future__ import annotations

from typing import Any

# Every JSON value is one of these (an integer is a number), so `anyOf` them accepts what `{}` accepts.
ANY_JSON = [{"type": t} for t in ("string", "number", "boolean", "object", "array", "null")]

# Keywords whose value is a schema, a list of schemas, or a map of names to schemas (JSON Schema 2020-12).
_ONE = ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else")
_ONE += ("unevaluatedItems", "unevaluatedProperties", "additionalItems")
_LIST = ("anyOf", "allOf", "oneOf", "prefixItems")
_MAP = ("properties", "patternProperties", "$defs", "definitions", "dependentSchemas")
# Keywords that constrain an instance; a schema with none of them accepts any value.
_CONSTRAINING = {"type", "enum", "const", "$ref", "$dynamicRef", *_LIST, *_MAP, *_ONE}
_CONSTRAINING |= {"required", "minLength", "maxLength", "pattern", "format", "minimum", "maximum"}
_CONSTRAINING |= {"exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems"}
_CONSTRAINING |= {"uniqueItems", "minProperties", "maxProperties", "dependentRequired", "minContains"}
_CONSTRAINING |= {"maxContains"}
_CONSTRAINING -= {"if", "then", "else"}  # a conditional constrains only as a pair


# Keywords that constrain only values of some types (JSON Schema ignores them for the others).
_ONLY_FOR = {
    **dict.fromkeys(("minLength", "maxLength", "pattern", "format"), {"string"}),
    **dict.fromkeys(
        ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"), {"number", "integer"}
    ),
    **dict.fromkeys(("items", "prefixItems", "contains", "minItems", "maxItems", "uniqueItems"), {"array"}),
    **dict.fromkeys(("properties", "required", "additionalProperties", "patternProperties"), {"object"}),
    **dict.fromkeys(("minProperties", "maxProperties", "propertyNames"), {"object"}),
}


def _split_type_list(node: dict[str, Any]) -> dict[str, Any]:
    """`{"type": [A, B], …}` as `{"anyOf": [{"type": A, …}, {"type": B, …}]}`: each branch keeps the keywords
    that apply to its type (the others constrain nothing there) and the notes stay outside."""
    kinds, rest = node["type"], {k: v for k, v in node.items() if k != "type"}
    notes = {k: rest.pop(k) for k in ("title", "description", "default", "examples") if k in rest}
    branches = [
        {"type": kind, **{k: v for k, v in rest.items() if kind in _ONLY_FOR.get(k, {kind})}}
        for kind in kinds
    ]
    return {**notes, "anyOf": branches}


def _untyped(node: dict[str, Any]) -> bool:
    if set(node) & _CONSTRAINING:
        return False
    return not ("if" in node and ("then" in node or "else" in node))


def portable(schema: Any, *, keyword: str | None = None) -> Any:
    """A copy of `schema` with every type array split into `anyOf` branches and every untyped subschema
    written as `anyOf` all JSON types; everything else, `$defs` and `$ref`s included, stays as it is."""
    if not isinstance(schema, dict):
        return schema
    out = dict(schema)
    for key in _ONE:
        if isinstance(out.get(key), dict):
            out[key] = portable(out[key], keyword=key)
    for key in _LIST:
        if isinstance(out.get(key), list):
            out[key] = [portable(item, keyword=key) for item in out[key]]
    for key in _MAP:
        if isinstance(out.get(key), dict):
            out[key] = {name: portable(sub, keyword=key) for name, sub in out[key].items()}
    if isinstance(out.get("type"), list) and len(out["type"]) > 1:
        out = _split_type_list(out)
    elif isinstance(out.get("type"), list) and out["type"]:
        out["type"] = out["type"][0]
    if keyword not in (None, "not") and _untyped(out):
        out["anyOf"] = [dict(t) for t in ANY_JSON]
    return out
