"""The office app's records as Microsoft Graph resources: message, mailFolder, event, driveItem, user,
chat and chatMessage (camelCase properties, recipients as `{"emailAddress": {"name", "address"}}`, dates
as ISO 8601 in UTC, or in the `Prefer: outlook.timezone` zone for events)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

WINDOWS_ZONES = {
    "UTC": "UTC", "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
    "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris",
    "Central Europe Standard Time": "Europe/Budapest", "Central European Standard Time": "Europe/Warsaw",
    "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kiev",
    "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
    "Mountain Standard Time": "America/Denver", "US Mountain Standard Time": "America/Phoenix",
    "Pacific Standard Time": "America/Los_Angeles", "Alaskan Standard Time": "America/Anchorage",
    "Hawaiian Standard Time": "Pacific/Honolulu", "India Standard Time": "Asia/Kolkata",
    "China Standard Time": "Asia/Shanghai", "Tokyo Standard Time": "Asia/Tokyo",
    "Singapore Standard Time": "Asia/Singapore", "AUS Eastern Standard Time": "Australia/Sydney",
    "E. South America Standard Time": "America/Sao_Paulo", "Arabian Standard Time": "Asia/Dubai",
}  # fmt: skip


def zone_of(name: str | None) -> tuple[str, ZoneInfo]:
    """A Windows or IANA time zone name as (the name to echo, its zone); UTC when unknown or absent."""
    if not name:
        return "UTC", ZoneInfo("UTC")
    try:
        return name, ZoneInfo(WINDOWS_ZONES.get(name, name))
    except (KeyError, ValueError):
        return "UTC", ZoneInfo("UTC")


def _moment(value: Any) -> datetime | None:
    if value in (None, ""):
        return None
    if isinstance(value, datetime):
        moment = value
    else:
        moment = datetime.fromisoformat(str(value).replace("Z", "+00:00").replace(" ", "T"))
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def iso(value: Any) -> str | None:
    """A date-time as Graph writes it: 2026-10-01T19:58:43Z."""
    moment = _moment(value)
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ") if moment else None


def address(addr: str | None, name: str | None = None) -> dict[str, Any] | None:
    return {"emailAddress": {"name": name or addr, "address": addr}} if addr else None


def message(row: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    """A message resource from a message row (as the office tools return it) and address -> name."""

    def people(key: str) -> list[dict]:
        return [address(a, names.get(a.lower())) for a in row.get(key) or []]

    sender = address(row.get("from_address"), row.get("from_name"))
    return {
        "id": row["id"],
        "createdDateTime": iso(row.get("created_date_time")),
        "lastModifiedDateTime": iso(row.get("last_modified_date_time")),
        "receivedDateTime": iso(row.get("received_date_time")),
        "sentDateTime": iso(row.get("sent_date_time")),
        "hasAttachments": bool(row.get("has_attachments")),
        "internetMessageId": row.get("internet_message_id"),
        "subject": row.get("subject"),
        "bodyPreview": row.get("body_preview"),
        "importance": row.get("importance"),
        "parentFolderId": row.get("parent_folder_id"),
        "conversationId": row.get("conversation_id"),
        "isRead": bool(row.get("is_read")),
        "isDraft": bool(row.get("is_draft")),
        "body": {"contentType": "text", "content": row.get("body_content", "")},
        "sender": sender,
        "from": sender,
        "toRecipients": people("to_recipients"),
        "ccRecipients": people("cc_recipients"),
        "bccRecipients": people("bcc_recipients"),
        "replyTo": [],
        "flag": {"flagStatus": row.get("flag_status") or "notFlagged"},
        "categories": list(row.get("categories") or []),
    }


def folder(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "displayName": row["display_name"],
        "parentFolderId": row.get("parent_folder_id"),
        "childFolderCount": 0,
        "unreadItemCount": row.get("unread_item_count", 0),
        "totalItemCount": row.get("total_item_count", 0),
        "wellKnownName": row.get("well_known_name"),
    }


def user(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "displayName": row["display_name"],
        "givenName": row.get("given_name"),
        "surname": row.get("surname"),
        "mail": row["mail"],
        "userPrincipalName": row["mail"],
        "jobTitle": row.get("job_title"),
        "department": row.get("department"),
        "officeLocation": row.get("office_location"),
        "employeeId": row.get("employee_number"),
        "mailboxSettings": {"timeZone": row.get("time_zone")},
    }


def _when(value: Any, zone: tuple[str, ZoneInfo]) -> dict[str, str]:
    moment = _moment(value)
    local = moment.astimezone(zone[1]).replace(tzinfo=None) if moment else None
    return {"dateTime": local.strftime("%Y-%m-%dT%H:%M:%S.0000000") if local else None, "timeZone": zone[0]}


RESPONSES = {
    "accepted": "accepted", "tentative": "tentativelyAccepted", "tentativelyAccepted": "tentativelyAccepted",
    "declined": "declined", "none": "none", "notResponded": "notResponded", "organizer": "organizer",
}  # fmt: skip


def event(row: dict[str, Any], zone: tuple[str, ZoneInfo], me: str) -> dict[str, Any]:
    """An event resource; `me` is the acting user's address (for `responseStatus` and `isOrganizer`)."""
    attendees = [
        {
            "type": a.get("type", "required"),
            "status": {
                "response": RESPONSES.get(a.get("response_status"), "none"),
                "time": iso(a.get("response_time")),
            },
            "emailAddress": {"name": a.get("name"), "address": a.get("email_address")},
        }
        for a in row.get("attendees") or []
    ]
    organizer = row.get("organizer_address")
    mine = (row.get("my_response") or "none") if organizer != me else "organizer"
    kind = (
        "occurrence"
        if row.get("occurrence_start")
        else ("seriesMaster" if row.get("recurrence") else "singleInstance")
    )
    return {
        "id": row["id"],
        "iCalUId": row.get("ical_uid"),
        "subject": row.get("subject"),
        "body": {"contentType": "text", "content": row.get("body_content", "")},
        "bodyPreview": (row.get("body_content") or "")[:255],
        "start": _when(row.get("start_date_time"), zone),
        "end": _when(row.get("end_date_time"), zone),
        "isAllDay": bool(row.get("is_all_day")),
        "isCancelled": bool(row.get("is_cancelled")),
        "isOrganizer": organizer == me,
        "isOnlineMeeting": bool(row.get("is_online_meeting")),
        "onlineMeeting": {"joinUrl": row["online_meeting_url"]} if row.get("online_meeting_url") else None,
        "location": {"displayName": row.get("location") or ""},
        "showAs": row.get("show_as"),
        "categories": list(row.get("categories") or []),
        "type": kind,
        "seriesMasterId": row.get("series_master_id"),
        "recurrence": {"pattern": {"type": "rrule", "rule": row["recurrence"]}}
        if row.get("recurrence")
        else None,
        "organizer": address(organizer, row.get("organizer_name")),
        "attendees": attendees,
        "responseStatus": {"response": RESPONSES.get(mine, mine), "time": None},
        "createdDateTime": iso(row.get("created_date_time")),
        "lastModifiedDateTime": iso(row.get("last_modified_date_time")),
    }


def drive_item(row: dict[str, Any]) -> dict[str, Any]:
    out = {
        "id": row["id"],
        "name": row["name"],
        "size": row.get("size", 0),
        "webUrl": row.get("web_url"),
        "createdDateTime": iso(row.get("created_date_time")),
        "lastModifiedDateTime": iso(row.get("last_modified_date_time")),
        "parentReference": {"id": row.get("parent_id")},
        "description": row.get("description"),
    }
    if row.get("kind") == "folder":
        out["folder"] = {"childCount": row.get("child_count", 0)}
    else:
        out["file"] = {"mimeType": row.get("mime_type") or "application/octet-stream"}
    return out


def chat(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "topic": row.get("topic"),
        "chatType": row.get("chat_type"),
        "createdDateTime": iso(row.get("created_date_time")),
        "members": [{"email": m} for m in row.get("members") or []],
    }


def chat_message(row: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row["id"],
        "chatId": row.get("chat_id"),
        "replyToId": row.get("reply_to_id"),
        "createdDateTime": iso(row.get("created_date_time")),
        "from": {"user": {"id": row.get("from_user_id"), "displayName": row.get("from_name")}},
        "body": {"contentType": "text", "content": row.get("body_content")},
        "mentions": [{"mentionText": m} for m in row.get("mentions") or []],
    }
