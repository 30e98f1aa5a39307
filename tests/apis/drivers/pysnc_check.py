"""pysnc (ServiceNow's Python client) against an episode: GlideRecord queries with encoded queries,
dot-walking and ordering, get by sys_id, insert, update and a refused state change.
Job on stdin: {"instance", "token", "caller"}; prints one JSON line."""

import json
import sys

from pysnc import ServiceNowClient
from pysnc.exceptions import RequestException

job = json.load(sys.stdin)
client = ServiceNowClient(job["instance"], ("api.user", job["token"]))
out = {}
gr = client.GlideRecord("incident")
gr.add_active_query()
gr.add_query("priority", "<=", "4")
gr.order_by_desc("opened_at")
gr.query()
out["active"] = [gr.get_row_count(), [r.get_value("number") for r in gr]]
gr = client.GlideRecord("incident")
gr.add_encoded_query("caller_id.department=Sales^ORDERBYnumber")
gr.fields = "number,caller_id,caller_id.department"
gr.query()
out["dot_walk"] = [[r.get_value("number"), r.get_display_value("caller_id")] for r in gr]
gr = client.GlideRecord("incident")
vpn = gr.add_query("short_description", "LIKE", "VPN")
vpn.add_or_condition("short_description", "LIKE", "printer")
gr.query()
out["like"] = sorted(r.get_value("number") for r in gr)
new = client.GlideRecord("incident")
new.initialize()
new.caller_id = job["caller"]
new.short_description = "pysnc: cannot reach the file share"
new.impact = 1
new.urgency = 2
sys_id = new.insert()
out["inserted"] = bool(sys_id)
check = client.GlideRecord("incident")
check.get(sys_id)
out["new"] = [check.get_value("number"), check.get_value("priority"), check.get_display_value("state")]
check.state = 2
check.work_notes = "Looking into it (pysnc)"
check.update()
again = client.GlideRecord("incident")
again.get(sys_id)
out["updated"] = again.get_display_value("state")
again.state = 7
try:
    again.update()
    out["refused"] = None
except RequestException as exc:  # pysnc raises it for a 400 body
    out["refused"] = exc.args[0]
print(json.dumps(out))
