"""msgraph-sdk (Microsoft's Python SDK) against an episode with a static token: the signed-in user, list
and filter messages with query parameters, send mail, create an event, list calendarView, list drive
items, and a refusal. Job on stdin: {"base", "token", "to", "cert"}; prints one JSON line."""

import asyncio
import json
import sys

import httpx
from kiota_abstractions.api_error import APIError
from kiota_abstractions.authentication import (
    AccessTokenProvider,
    AllowedHostsValidator,
    BaseBearerTokenAuthenticationProvider,
)
from msgraph import GraphRequestAdapter, GraphServiceClient
from msgraph.generated.models.attendee import Attendee
from msgraph.generated.models.body_type import BodyType
from msgraph.generated.models.date_time_time_zone import DateTimeTimeZone
from msgraph.generated.models.email_address import EmailAddress
from msgraph.generated.models.event import Event
from msgraph.generated.models.item_body import ItemBody
from msgraph.generated.models.message import Message
from msgraph.generated.models.recipient import Recipient
from msgraph.generated.users.item.calendar_view.calendar_view_request_builder import (
    CalendarViewRequestBuilder,
)
from msgraph.generated.users.item.messages.messages_request_builder import MessagesRequestBuilder
from msgraph.generated.users.item.send_mail.send_mail_post_request_body import SendMailPostRequestBody
from msgraph.graph_request_adapter import options as sdk_options
from msgraph_core import GraphClientFactory

job = json.load(sys.stdin)


class StaticToken(AccessTokenProvider):
    """The episode's capability as the bearer token."""

    async def get_authorization_token(self, uri, additional_authentication_context=None):  # noqa: ANN001, ANN201
        return job["token"]

    def get_allowed_hosts_validator(self):  # noqa: ANN201
        return AllowedHostsValidator([])


async def main() -> dict:
    # The SDK's own middleware and options (its /me rewrite) around a client that trusts the test certificate.
    http = GraphClientFactory.create_with_default_middleware(
        client=httpx.AsyncClient(verify=job["cert"]), options=sdk_options
    )
    adapter = GraphRequestAdapter(BaseBearerTokenAuthenticationProvider(StaticToken()), client=http)
    adapter.base_url = job["base"] + "/v1.0"
    graph = GraphServiceClient(request_adapter=adapter)
    out = {}
    me = await graph.me.get()
    out["me"] = me.mail
    query = MessagesRequestBuilder.MessagesRequestBuilderGetQueryParameters(
        filter="isRead eq false",
        select=["subject", "isRead", "from"],
        top=5,
        orderby=["receivedDateTime desc"],
        count=True,
    )
    page = await graph.me.messages.get(
        MessagesRequestBuilder.MessagesRequestBuilderGetRequestConfiguration(query_parameters=query)
    )
    out["unread"] = [
        page.odata_count,
        [m.subject for m in page.value],
        all(m.is_read is False for m in page.value),
    ]
    out["next_link"] = bool(page.odata_next_link)
    body = SendMailPostRequestBody(
        message=Message(
            subject="Graph SDK check",
            body=ItemBody(content_type=BodyType.Text, content="Sent with msgraph-sdk."),
            to_recipients=[Recipient(email_address=EmailAddress(address=job["to"]))],
        ),
        save_to_sent_items=True,
    )
    await graph.me.send_mail.post(body)
    sent = await graph.me.mail_folders.by_mail_folder_id("sentitems").messages.get()
    out["sent"] = [m.subject for m in sent.value][:1]
    made = await graph.me.events.post(
        Event(
            subject="Graph SDK sync",
            start=DateTimeTimeZone(date_time="2026-11-05T10:00:00", time_zone="Pacific Standard Time"),
            end=DateTimeTimeZone(date_time="2026-11-05T10:30:00", time_zone="Pacific Standard Time"),
            attendees=[Attendee(email_address=EmailAddress(address=job["to"]))],
        )
    )
    out["event"] = [made.subject, made.start.date_time, made.start.time_zone]
    view = CalendarViewRequestBuilder.CalendarViewRequestBuilderGetQueryParameters(
        start_date_time="2026-11-05T00:00:00Z", end_date_time="2026-11-06T00:00:00Z", top=50
    )
    config = CalendarViewRequestBuilder.CalendarViewRequestBuilderGetRequestConfiguration(
        query_parameters=view
    )
    config.headers.add("Prefer", 'outlook.timezone="Pacific Standard Time"')
    events = await graph.me.calendar_view.get(config)
    out["calendar_view"] = [
        [e.subject, e.start.date_time, e.start.time_zone]
        for e in events.value
        if e.subject == "Graph SDK sync"
    ]
    drive = await graph.me.drive.get()
    children = await graph.drives.by_drive_id(drive.id).items.by_drive_item_id("root").children.get()
    out["drive"] = sorted(i.name for i in children.value)
    try:
        await graph.me.messages.by_message_id("not-an-id").get()
    except APIError as exc:
        out["malformed"] = [exc.response_status_code, exc.error.code if getattr(exc, "error", None) else None]
    return out


print(json.dumps(asyncio.run(main())))
