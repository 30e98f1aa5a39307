"""The Salesforce REST API's resources as actions: SOQL queries, SOSL searches, describe, and sObject
rows created, read, updated and deleted by their API names.

These are what `/services/data/vNN.0/…` serves (`apps/crm/sfapi/routes.py`), and the same operations
as MCP tools (`crm_query_soql`, `crm_create_record` …), CLI commands and Python calls. A record written here
runs the object's own action (`create_account`, `update_opportunity` …) with the same checks.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, WithJsonSchema

from apps.core.actions import Ctx
from apps.core.errors import ActionError
from apps.crm.ids import canonical_id
from apps.crm.services.common import actions
from apps.crm.sfapi import describe
from apps.crm.sfapi.catalog import OBJECT_NAMES
from apps.crm.sfapi.objects import object_named, require_object
from apps.crm.sfapi.soql_run import DEFAULT_BATCH, read_locator, run_query
from apps.crm.sfapi.sosl import search as run_search
from apps.crm.sfapi.writes import arguments, writes_of

ApiVersion = Annotated[str, WithJsonSchema({"type": "string", "pattern": r"^v?\d{2}\.0$"})]
BatchSize = Annotated[int, WithJsonSchema({"type": "integer", "minimum": 200, "maximum": 2000})]
DEFAULT_VERSION = "v62.0"


class QueryResult(BaseModel):
    """A SOQL result: the number of records, whether this is the last batch, the records (each with its
    `attributes`), and `nextRecordsUrl` (its locator ends the URL) when more remain."""

    model_config = ConfigDict(extra="allow")
    totalSize: int
    done: bool
    records: list[dict[str, Any]]
    nextRecordsUrl: str | None = None


class SearchResult(BaseModel):
    """A SOSL result: the matching records of every object searched, each with its `attributes`."""

    searchRecords: list[dict[str, Any]]


class SaveResult(BaseModel):
    """What a create answers: the new record's id."""

    id: str
    success: bool
    errors: list[Any]


class GlobalDescribe(BaseModel):
    """describeGlobal: every object with its name, label, key prefix and what you may do with it."""

    model_config = ConfigDict(extra="allow")
    encoding: str
    maxBatchSize: int
    sobjects: list[dict[str, Any]]


class ObjectDescribe(BaseModel):
    """describeSObject: the object's fields (type, length, picklist values, relationship name …) and its
    child relationships."""

    model_config = ConfigDict(extra="allow")
    name: str
    fields: list[dict[str, Any]]
    childRelationships: list[dict[str, Any]]


class RecordOut(BaseModel):
    """One record: its `attributes` (type, url) and the fields asked for."""

    model_config = ConfigDict(extra="allow")
    attributes: dict[str, Any]


def _version(api_version: str) -> str:
    return api_version if api_version.startswith("v") else "v" + api_version


@actions.read
def query_soql(
    ctx: Ctx, *, soql: str, batch_size: BatchSize = DEFAULT_BATCH, api_version: ApiVersion = DEFAULT_VERSION
) -> QueryResult:
    """Run a SOQL query, like the REST API's /query resource: SELECT fields (parent fields like
    Account.Name, child subqueries like (SELECT LastName FROM Contacts), COUNT()/SUM/AVG/MIN/MAX with
    GROUP BY and HAVING) FROM an object, WHERE with =, !=, <, >, LIKE, IN, NOT IN, AND/OR/NOT and date
    literals (TODAY, THIS_QUARTER, LAST_N_DAYS:30 …), ORDER BY, LIMIT and OFFSET.

    Text comparisons ignore case; `Field = null` finds empty fields. Objects: Account, Contact, Lead,
    Opportunity, OpportunityLineItem, Product2, Task, Event, Note, User, UserRole, Pricebook2,
    PricebookEntry, OpportunityHistory (see describe_sobject). When `done` is false, pass the last part of
    `nextRecordsUrl` to query_more. Refusals: MALFORMED_QUERY, INVALID_FIELD, INVALID_TYPE,
    INVALID_QUERY_FILTER_OPERATOR.

    Args:
        soql: the query, e.g. SELECT Id, Name, Account.Name FROM Contact WHERE LastName LIKE 'Sm%' LIMIT 10.
        batch_size: records per batch, 200-2000 (default 2000).
        api_version: the API version the record URLs name (default v62.0).
    """
    return QueryResult(**run_query(ctx, soql, version=_version(api_version), batch_size=batch_size))


@actions.read
def query_more(ctx: Ctx, *, locator: str, api_version: ApiVersion = DEFAULT_VERSION) -> QueryResult:
    """The next batch of a SOQL query whose result was not `done`.

    Args:
        locator: the last part of nextRecordsUrl (like 01gAbC…-2000), or the whole URL.
        api_version: the API version the record URLs name (default v62.0).
    """
    soql, batch, start = read_locator(locator.rstrip("/").rsplit("/", 1)[-1])
    return QueryResult(**run_query(ctx, soql, version=_version(api_version), batch_size=batch, start=start))


@actions.read
def search_sosl(ctx: Ctx, *, sosl: str, api_version: ApiVersion = DEFAULT_VERSION) -> SearchResult:
    """Search records with SOSL, like the REST API's /search resource:
    FIND {words} [IN ALL FIELDS | NAME FIELDS | EMAIL FIELDS | PHONE FIELDS]
    [RETURNING Account(Id, Name WHERE Industry = 'Banking' LIMIT 5), Contact(Id, Email)] [LIMIT n].

    Every word must appear in a searched field (case ignored; * and ? are wildcards; "quoted phrases"
    are one word; OR finds any). Refusals: MALFORMED_SEARCH, INVALID_SEARCH (a word of one character).

    Args:
        sosl: the search, e.g. FIND {Acme} IN NAME FIELDS RETURNING Account(Id, Name), Contact(Id, Name).
        api_version: the API version the record URLs name (default v62.0).
    """
    return SearchResult(**run_search(ctx, sosl, version=_version(api_version)))


@actions.read
def describe_global(ctx: Ctx, *, api_version: ApiVersion = DEFAULT_VERSION) -> GlobalDescribe:
    """List the objects (describeGlobal): name, label, key prefix and whether you may create, update,
    delete, query and search them.

    Args:
        api_version: the API version the URLs name (default v62.0).
    """
    objects = [object_named(ctx, name) for name in OBJECT_NAMES]
    return GlobalDescribe(**describe.describe_global(objects, _version(api_version)))


@actions.read
def describe_sobject(ctx: Ctx, *, sobject: str, api_version: ApiVersion = DEFAULT_VERSION) -> ObjectDescribe:
    """Describe an object (describeSObject): every field with its type, length, picklist values, whether
    it can be created or updated, its relationship name (AccountId -> Account), and the child
    relationships (Account -> Contacts, Opportunities …). INVALID_TYPE for an unknown object.

    Args:
        sobject: the object's API name, e.g. Opportunity.
        api_version: the API version the URLs name (default v62.0).
    """
    return ObjectDescribe(**describe.describe_sobject(require_object(ctx, sobject), _version(api_version)))


def _record_id(value: str) -> str:
    found = canonical_id(value or "")
    if found is None:
        raise ActionError(
            f"Record ID: id value of incorrect type: {value}", field="record_id", code="MALFORMED_ID"
        )
    return found


@actions.read
def get_record(
    ctx: Ctx,
    *,
    sobject: str,
    record_id: str,
    fields: list[str] | None = None,
    api_version: ApiVersion = DEFAULT_VERSION,
) -> RecordOut:
    """Read one record by id with the fields you name (all fields when none), as GET
    /sobjects/{sobject}/{id} answers it. NOT_FOUND when no such record exists.

    Args:
        sobject: the object's API name, e.g. Account.
        record_id: the record's id (15 or 18 characters).
        fields: API field names to return, e.g. ["Name", "Industry", "Owner.Name"] (default: all); an
            item may list several separated by commas, as the REST API's `?fields=Name,Industry` does.
        api_version: the API version the record URL names (default v62.0).
    """
    obj = require_object(ctx, sobject)
    rid = _record_id(record_id)
    listed = [n.strip() for item in fields or [] for n in item.split(",") if n.strip()]
    names = listed or [spec.api for spec in obj.fields]
    for name in names:
        if not all(part.replace("_", "a").isalnum() for part in name.split(".")):
            raise ActionError(
                f"No such column '{name}' on entity '{obj.name}'", field="fields", code="INVALID_FIELD"
            )
    soql = f"SELECT {', '.join(dict.fromkeys(names))} FROM {obj.name} WHERE Id = '{rid}'"
    found = run_query(ctx, soql, version=_version(api_version))["records"]
    if not found:
        raise ActionError("The requested resource does not exist", field="record_id", code="NOT_FOUND")
    return RecordOut(**found[0])


@actions.write
def create_record(
    ctx: Ctx, *, sobject: str, fields: dict[str, Any], allow_duplicates: bool = False
) -> SaveResult:
    """Create a record from API field names, as POST /sobjects/{sobject} does, e.g. sobject "Contact",
    fields {"LastName": "Doe", "Email": "jd@example.com", "AccountId": "001…"}. The object's own checks
    apply (required fields, lengths, picklists, validation and duplicate rules). Refusals: INVALID_FIELD,
    INVALID_FIELD_FOR_INSERT_UPDATE, INVALID_TYPE_FOR_OPERATION (an object that cannot be created here),
    and those of the object's create tool.

    Args:
        sobject: the object's API name: Account, Contact, Lead, Opportunity, OpportunityLineItem, Task,
            Event or Note.
        fields: the new record's fields by API name.
        allow_duplicates: save a contact or lead even when the org's duplicate rule matches it (what the
            header Sforce-Duplicate-Rule-Header: allowSave=true does); otherwise DUPLICATES_DETECTED.
    """
    obj = require_object(ctx, sobject)
    _, name = writes_of(obj, "create")
    action = actions.get(name)
    args = arguments(obj, action, fields)
    if allow_duplicates and "allow_duplicates" in {p.name for p in action.params}:
        args["allow_duplicates"] = True
    created = action.fn(ctx, **action.validate(args))
    return SaveResult(id=created.id, success=True, errors=[])


@actions.write
def update_record(ctx: Ctx, *, sobject: str, record_id: str, fields: dict[str, Any]) -> SaveResult:
    """Update a record's fields by API name, as PATCH /sobjects/{sobject}/{id} does (null clears a text,
    picklist or lookup field). The object's own checks apply, as for its update tool; a new account OwnerId
    moves the account alone, as the API does (not its contacts, deals or activities).

    Args:
        sobject: the object's API name: Account, Contact, Lead, Opportunity, OpportunityLineItem or Task.
        record_id: the record's id (15 or 18 characters).
        fields: the fields to change, by API name.
    """
    obj = require_object(ctx, sobject)
    ops, name = writes_of(obj, "update")
    action = actions.get(name)
    args = {**arguments(obj, action, fields), **dict(ops.update_as), ops.id_arg: _record_id(record_id)}
    action.fn(ctx, **action.validate(args))
    return SaveResult(id=args[ops.id_arg], success=True, errors=[])


@actions.destructive
def delete_record(ctx: Ctx, *, sobject: str, record_id: str) -> SaveResult:
    """Delete a record, as DELETE /sobjects/{sobject}/{id} does (with what its delete tool removes too).

    Args:
        sobject: the object's API name: Account, Contact, Opportunity or OpportunityLineItem.
        record_id: the record's id (15 or 18 characters).
    """
    obj = require_object(ctx, sobject)
    ops, name = writes_of(obj, "delete")
    action = actions.get(name)
    rid = _record_id(record_id)
    action.fn(ctx, **action.validate({ops.id_arg: rid}))
    return SaveResult(id=rid, success=True, errors=[])
