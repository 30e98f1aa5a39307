"""Structured outputs of the ticketing actions (derived from the tables, so they never drift)."""

from __future__ import annotations

from pydantic import BaseModel

from apps.core.public import public_model
from apps.ticketing import models as m
from apps.ticketing import models_itsm as x
from apps.ticketing.services.common import Page

_LABELS = {
    "state_label": (str | None, None),
    "priority_label": (str | None, None),
}
_PEOPLE = {
    "caller_name": (str | None, None),
    "assignment_group_name": (str | None, None),
    "assigned_to_name": (str | None, None),
    "cmdb_ci_name": (str | None, None),
}

UserOut = public_model(m.SysUser, "UserOut")
GroupOut = public_model(m.Group, "GroupOut", manager_name=(str | None, None), member_count=(int, 0))
CiOut = public_model(
    m.ConfigurationItem,
    "CiOut",
    class_label=(str | None, None),
    operational_status_label=(str | None, None),
    support_group_name=(str | None, None),
    assigned_to_name=(str | None, None),
    owned_by_name=(str | None, None),
    managed_by_name=(str | None, None),
)
JournalOut = public_model(m.JournalEntry, "JournalOut", author_name=(str | None, None))
IncidentOut = public_model(
    m.Incident,
    "IncidentOut",
    **_LABELS,
    **_PEOPLE,
    hold_reason_label=(str | None, None),
    sla_breached=(bool, False),
)
SlaDefinitionOut = public_model(x.SlaDefinition, "SlaDefinitionOut")
TaskSlaOut = public_model(
    x.TaskSla,
    "TaskSlaOut",
    sla_name=(str, ""),
    target=(str, ""),
    task_number=(str | None, None),
    elapsed_seconds=(int, 0),
    time_left_seconds=(int, 0),
    percentage=(float, 0.0),
)
ProblemOut = public_model(x.Problem, "ProblemOut", **_LABELS, **_PEOPLE)
ChangeOut = public_model(
    x.ChangeRequest,
    "ChangeOut",
    **_LABELS,
    **_PEOPLE,
    risk_label=(str | None, None),
    business_service_name=(str | None, None),
    service_offering_name=(str | None, None),
)
ApprovalOut = public_model(
    x.Approval, "ApprovalOut", approver_name=(str | None, None), record_number=(str | None, None)
)
CatalogItemOut = public_model(x.CatalogItem, "CatalogItemOut", group_name=(str | None, None))
VariableOut = public_model(x.CatalogVariable, "VariableOut", type_label=(str | None, None))
RequestOut = public_model(
    x.Request, "RequestOut", requested_for_name=(str | None, None), opened_by_name=(str | None, None)
)
RequestedItemOut = public_model(
    x.RequestedItem,
    "RequestedItemOut",
    request_number=(str | None, None),
    cat_item_name=(str | None, None),
    requested_for_name=(str | None, None),
    state_label=(str | None, None),
    assignment_group_name=(str | None, None),
    assigned_to_name=(str | None, None),
)
VariableValueOut = public_model(
    x.VariableValue, "VariableValueOut", variable_name=(str, ""), question_text=(str, "")
)
CatalogTaskOut = public_model(
    x.CatalogTask,
    "CatalogTaskOut",
    state_label=(str | None, None),
    assignment_group_name=(str | None, None),
    assigned_to_name=(str | None, None),
)
KnowledgeBaseOut = public_model(x.KnowledgeBase, "KnowledgeBaseOut")
ArticleOut = public_model(
    x.KnowledgeArticle, "ArticleOut", author_name=(str | None, None), kb_name=(str | None, None)
)


class IncidentPage(Page):
    records: list[IncidentOut]  # type: ignore[valid-type]


class ProblemPage(Page):
    records: list[ProblemOut]  # type: ignore[valid-type]


class ChangePage(Page):
    records: list[ChangeOut]  # type: ignore[valid-type]


class TaskSlaPage(Page):
    records: list[TaskSlaOut]  # type: ignore[valid-type]


class UserPage(Page):
    records: list[UserOut]  # type: ignore[valid-type]


class CiPage(Page):
    records: list[CiOut]  # type: ignore[valid-type]


class CatalogItemPage(Page):
    records: list[CatalogItemOut]  # type: ignore[valid-type]


class RequestedItemPage(Page):
    records: list[RequestedItemOut]  # type: ignore[valid-type]


class ArticlePage(Page):
    records: list[ArticleOut]  # type: ignore[valid-type]


class ApprovalPage(Page):
    records: list[ApprovalOut]  # type: ignore[valid-type]


class GroupList(BaseModel):
    """Assignment groups."""

    records: list[GroupOut]  # type: ignore[valid-type]
