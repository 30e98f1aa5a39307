"""The one naming rule: `<app>_<name>`, split at the longest app name, app names checked at discovery."""

from __future__ import annotations

import pytest

from apps.core.naming import check_app_name, check_app_names, qualified, split_qualified


def test_underscored_app_names_split_at_the_app_not_the_first_underscore():
    apps = ["crm", "field_service", "office"]
    assert split_qualified("field_service_create_work_order", apps) == ("field_service", "create_work_order")
    assert split_qualified("crm_create_account", apps) == ("crm", "create_account")
    assert split_qualified(qualified("office", "send_mail"), apps) == ("office", "send_mail")
    assert split_qualified("field_create", apps) is None
    assert split_qualified("crm_", apps) is None
    assert split_qualified("complete_task", apps) is None


@pytest.mark.parametrize("name", ["CRM", "crm-app", "_crm", "crm_", "crm__x", "1crm", "", "crm app"])
def test_bad_app_names_are_refused_with_the_rule(name):
    with pytest.raises(ValueError, match="snake_case"):
        check_app_name(name)


def test_apps_whose_names_could_make_the_same_tool_name_are_refused_together():
    check_app_names(["crm", "field_service", "ticketing"])
    with pytest.raises(ValueError, match="cannot be installed together"):
        check_app_names(["field", "field_service"])


def test_episode_call_uses_the_rule(gym):
    ep = gym.create_episode("tiny", apps=["crm"])
    assert ep.call("crm_list_accounts", limit=1)["records"]
    with pytest.raises(Exception, match="unknown tool"):
        ep.call("crmlist_accounts")
    ep.close()
