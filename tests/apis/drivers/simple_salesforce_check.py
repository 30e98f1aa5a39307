"""simple-salesforce (PyPI) against an episode: query with paging, SOSL, describe, create, update, get,
delete and a refusal. Job on stdin: {"instance_url", "token"}; prints one JSON line."""

import json
import sys

from simple_salesforce import Salesforce
from simple_salesforce.exceptions import SalesforceError

job = json.load(sys.stdin)
sf = Salesforce(instance_url=job["instance_url"], session_id=job["token"], version="62.0")
out = {}
page = sf.query(
    "SELECT Id, Name, Account.Name FROM Contact ORDER BY LastName",
    headers={"Sforce-Query-Options": "batchSize=200"},
)
out["first_page"] = [page["totalSize"], page["done"], len(page["records"])]
everything = sf.query_all("SELECT Id FROM Contact")
out["query_all"] = [everything["totalSize"], len(everything["records"])]
out["parent"] = sorted(k for k in page["records"][0] if k != "attributes")
agg = sf.query(
    "SELECT StageName, COUNT(Id) n, SUM(Amount) total FROM Opportunity GROUP BY StageName ORDER BY StageName"
)
out["aggregate"] = [[r["StageName"], r["n"], r["total"]] for r in agg["records"]]
out["describe"] = [f["name"] for f in sf.Opportunity.describe()["fields"]]
out["global"] = [o["name"] for o in sf.describe()["sobjects"]]
created = sf.Account.create({"Name": "Simple SF Test Co", "Industry": "Banking"})
out["created"] = created["success"]
status = sf.Account.update(created["id"], {"Phone": "+1 555 0100", "Industry": "Retail"})
out["update_status"] = status
got = sf.Account.get(created["id"])
out["got"] = [got["Name"], got["Phone"], got["Industry"]]
found = sf.search("FIND {Simple SF Test} IN NAME FIELDS RETURNING Account(Id, Name)")
out["sosl"] = [r["Name"] for r in found["searchRecords"]]
try:
    sf.query("SELECT Nme FROM Account")
except SalesforceError as exc:
    out["bad_query"] = [exc.status, exc.content[0]["errorCode"]]
try:
    sf.Contact.create({"FirstName": "No Last Name"})
except SalesforceError as exc:
    out["bad_create"] = [exc.status, exc.content[0]["errorCode"]]
out["account_id"] = created["id"]
print(json.dumps(out))
