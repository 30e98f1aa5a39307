"""describeGlobal and describeSObject bodies, as the REST API returns them (`/sobjects/`,
`/sobjects/{name}/describe/`), built from the sObject catalogue."""

from __future__ import annotations

from typing import Any

from apps.crm.fields import FieldSpec
from apps.crm.sfapi.catalog import OBJECT_NAMES, SObject
from apps.crm.sfapi.writes import WRITES

SOAP_TYPES = {
    "id": "tns:ID", "reference": "tns:ID", "boolean": "xsd:boolean", "currency": "xsd:double",
    "double": "xsd:double", "percent": "xsd:double", "int": "xsd:int", "date": "xsd:date",
    "datetime": "xsd:dateTime",
}  # fmt: skip
NAME_FIELDS = {"Name", "Subject", "Title"}
TEXT = {"string", "textarea", "phone", "email", "url", "picklist", "id", "reference"}


def _urls(name: str, version: str) -> dict[str, str]:
    base = f"/services/data/{version}/sobjects/{name}"
    return {"sobject": base, "describe": f"{base}/describe", "rowTemplate": f"{base}/{{ID}}"}


def _flags(obj: SObject) -> dict[str, bool]:
    ops = WRITES.get(obj.name)
    return {
        "createable": bool(ops and ops.create),
        "updateable": bool(ops and ops.update),
        "deletable": bool(ops and ops.delete),
        "queryable": True,
        "retrieveable": True,
        "searchable": obj.name in ("Account", "Contact", "Lead", "Opportunity", "Product2"),
        "custom": False,
        "layoutable": obj.writable,
        "triggerable": obj.writable,
    }


def global_entry(obj: SObject, version: str) -> dict[str, Any]:
    return {
        "name": obj.name,
        "label": obj.name,
        "labelPlural": obj.label_plural(),
        "keyPrefix": obj.key_prefix,
        **_flags(obj),
        "urls": _urls(obj.name, version),
    }


def describe_global(objects: list[SObject], version: str) -> dict[str, Any]:
    return {"encoding": "UTF-8", "maxBatchSize": 200, "sobjects": [global_entry(o, version) for o in objects]}


def _field(obj: SObject, spec: FieldSpec) -> dict[str, Any]:
    ops = WRITES.get(obj.name)
    createable = bool(ops and ops.create and ops.accepts(spec, create=True))
    updateable = bool(ops and ops.update and ops.accepts(spec, create=False))
    relationship = spec.api[:-2] if spec.type == "reference" and spec.api.endswith("Id") else None
    return {
        "name": spec.api,
        "label": spec.label,
        "type": spec.type,
        "soapType": SOAP_TYPES.get(spec.type, "xsd:string"),
        "length": spec.length if spec.type in TEXT else 0,
        "precision": 18 if spec.type in ("currency", "double", "percent") else 0,
        "scale": 2 if spec.type in ("currency", "double", "percent") else 0,
        "nillable": not spec.required and spec.type not in ("id", "boolean"),
        "createable": createable,
        "updateable": updateable,
        "calculated": spec.formula is not None,
        "custom": spec.custom,
        "filterable": True,
        "sortable": spec.type != "textarea",
        "groupable": spec.type not in ("textarea", "currency", "double", "percent", "datetime"),
        "nameField": spec.api in NAME_FIELDS and spec.api == _name_field(obj),
        "idLookup": spec.api == "Id",
        "externalId": False,
        "unique": spec.api == "Id",
        "defaultedOnCreate": spec.api in ("Id", "OwnerId", "CreatedDate", "LastModifiedDate"),
        "restrictedPicklist": spec.type == "picklist",
        "picklistValues": [
            {"active": True, "defaultValue": False, "label": v, "validFor": None, "value": v}
            for v in spec.picklist
        ],
        "referenceTo": [t.strip() for t in spec.reference_to.split(",")] if spec.reference_to else [],
        "relationshipName": relationship,
        "polymorphicForeignKey": bool(spec.reference_to and "," in spec.reference_to),
    }


def _name_field(obj: SObject) -> str | None:
    return next((s.api for s in obj.fields if s.api in NAME_FIELDS), None)


def describe_sobject(obj: SObject, version: str) -> dict[str, Any]:
    children = [
        {"childSObject": child, "field": _api_of(child, fk), "relationshipName": name, "cascadeDelete": False}
        for name, (child, fk) in obj.children.items()
    ]
    return {
        **global_entry(obj, version),
        "fields": [_field(obj, spec) for spec in obj.fields],
        "childRelationships": children,
        "recordTypeInfos": [],
    }


def _api_of(object_name: str, column: str) -> str:
    from apps.crm.sfapi.catalog import sobject

    obj = sobject(object_name)
    return next((s.api for s in obj.fields if s.column == column), column) if obj else column


ALL_OBJECTS = OBJECT_NAMES
