"""The reasons a request can be refused for, the facts a message must state (data deleted, a legal
hold, a major incident declared, a keyboard replaced, a fix deployed) and the things it must speak of (an
employee number, a discount, payment terms), each defined once: its phrasings over lemmas (see `reasons`;
note simplemma reads "fixed" as "fixe").

A pattern starting with "!" is itself a negation ("not a member"); any other is not counted when a
negation precedes it or sits inside it ("has no children"). `OBJ` is the concept's object (its usual words
or the truth's names for it), `NAMES` the truth's names only. `(?:\\w+ ){0,3}` lets a few words in between.
"""

from __future__ import annotations

from dataclasses import dataclass

_G = r"(?:\w+ ){0,2}"  # up to two words in between
_G3 = r"(?:\w+ ){0,3}"
_NOT = r"(?:not|never|no long(?:er)?)"  # "longer" is read as "long"
_BE = r"(?:be|have be|get|have get)"
_WIFI = r"(?:wi(?: |-)?fi|wireless|wlan|hotspot|network|connection|connectivity|internet|ssid)"


@dataclass(frozen=True)
class Concept:
    """A reason: `summary` (for readable diffs), its `patterns`, and the usual words for its object."""

    name: str
    summary: str
    patterns: tuple[str, ...]
    objects: str = ""
    fact: bool = False  # a fact a message reports, not a refusal's reason: "we can't delete it" denies it
    topic: bool = False  # a thing a message must speak of (an employee number), neither reason nor fact


_LIST = [
    Concept(
        "has_children",
        "the account has child accounts",
        (
            rf"(?:have|own|hold|contain|carry) {_G3}(?:child|subsidiary|subaccount|sub account|dependent)",
            rf"be {_G}(?:child|subsidiary|subaccount|sub account)",
            r"be (?:\w+ )?(?:the |a )?(?:parent|head|root|top) (?:account |company )?(?:of|to|for|over)",
            rf"(?:sit|hang|roll up|report|be|belong|remain) {_G}(?:under|below|beneath) "
            r"(?:it|this|that|them|this account|the account)",
            r"(?:top|head|root) of (?:a|the|an|this|its) (?:\w+ )?(?:hierarchy|tree|group)",
            r"depend (?:on|upon) (?:it|this)",
            r"dependent account",
            r"orphan",
            rf"with {_G}(?:child|subsidiary|subaccount|sub account)",
            rf"there be {_G3}(?:child|subsidiary|subaccount|sub account|account (?:under|below|beneath))",
            rf"(?:child|subsidiary|subaccount|sub account) {_G}(?:still |)(?:exist|remain|depend|point|"
            r"reference|link|attach|hang|sit|roll up|report)",
        ),
    ),
    Concept(
        "cycle",
        "the change would make an account its own ancestor",
        (
            r"ancestor",
            r"descendant",
            r"cycle|cyclic|circular|loop|circle",
            r"its own (?:\w+ )?(?:parent|grandparent|ancestor|child|subsidiary)",
            r"each other",
            rf"(?:child|subsidiary|subaccount|sub account|descendant) {_G}(?:of|under|below|beneath) OBJ",
            r"(?:under|below|beneath|within) (?:the )?OBJ",
            rf"OBJ {_G}be {_G}(?:parent|ancestor|grandparent|above|over)",
            rf"be {_G}OBJ (?:child|subsidiary|subaccount|sub account|descendant)",
            rf"report {_G}to OBJ",
            r"(?:parent|owner) (?:account )?be OBJ",
        ),
    ),
    Concept(
        "invalid_value",
        "the value is not one of the picklist's allowed values",
        (
            r"invalid|picklist|pick list|drop ?down",
            rf"!(?:not|no|never) {_G3}(?:valid|allow|permit|available|accept|support|recogni[sz]e|exist|"
            rf"define|such|standard|legal) {_G}(?:value|option|choice|entry|picklist|list|one)",
            rf"!not {_G3}(?:on|in|among|part of|one of) (?:the|its|our|this|that) {_G}(?:list|picklist|"
            r"option|value|choice)",
            rf"!(?:value|option|choice|entry) {_G}(?:do|be|will) not {_G}(?:exist|valid|allow|available|"
            r"option|permit|accept|support|recogni[sz]e)",
            r"(?:allow|valid|permit|available|accept|possible|acceptable) (?:value|option|choice)s? "
            r"(?:be|include|for)",
            r"only (?:accept|allow|take|permit|support|offer|have|let)",
            r"restrict(?:ed)? (?:picklist|list|field|value|set)",
            rf"(?:reject|refuse) {_G3}value",
            rf"(?:outside|off) (?:the )?{_G}(?:value|option|list)",
            r"fix(?:ed)? (?:list|set) of",
            rf"!(?:no|not (?:a|an)) (?:such |valid |allowed |permitted )?{_G}(?:option|value|choice)",
        ),
    ),
    Concept(
        "already_converted",
        "the lead was already converted",
        (
            rf"(?:already|previously|once|earlier) {_G}convert",
            rf"{_BE} {_G}convert",
            r"convert (?:lead|one|record)s? (?:be|can|are|stay|remain|become)",
            rf"conversion {_G3}(?:already|happen|be do|be complete|take place|lock|freeze|be final)",
            r"(?:now|already) (?:an? |the )?(?:account|contact|opportunity|customer)",
            rf"(?:become|turn into|turn in) (?:an? |the )?{_G}(?:account|contact|opportunity)",
            r"!no long(?:er)? (?:an? )?(?:open |active )?lead",
            r"close convert",
        ),
    ),
    Concept(
        "not_member",
        "the person is not a member of the group",
        (
            rf"!{_NOT} (?:a |an )?{_G}member",
            rf"!{_NOT} {_G}belong",
            rf"!{_NOT} {_G}(?:in|on|among|part of|within|under|assign to|listed in) (?:the |that |"
            r"this |a |an )?"
            rf"{_G}OBJ",
            r"non ?member",
            rf"outside (?:the |that |this |of the )?{_G}OBJ",
            rf"!OBJ {_G}(?:do|be) not (?:include|contain|list|have|cover)",
            rf"(?:belong|be|work|sit|be member) {_G}(?:to |in |on |of )?(?:a |an )?(?:different|"
            r"another|other|"
            rf"separate) (?:\w+ )?(?:group|team|queue)",
            rf"only {_G3}(?:member|people in|people on|staff in|analyst in|analyst of)",
            r"member only",
            r"!not among",
            rf"(?:member|roster|membership) {_G3}(?:do|be) not (?:include|contain|list|have)",
        ),
        objects=r"group|team|queue|assignment group",
    ),
    Concept(
        "over_limit",
        "the request is above a maximum",
        (
            r"limit|maximum|max|cap|ceiling|threshold",
            r"at most|up to \d+",
            r"!no more than",
            r"exceed|surpass",
            r"too (?:many|much|large|high|big)",
            rf"more than {_G}(?:allow|permit|possible)",
            r"over (?:the |our |its )?(?:\w+ )?(?:limit|max|maximum|allowance|quota)",
            r"per (?:request|order|requisition)",
            r"quota|allowance",
        ),
    ),
    Concept(
        "not_resolved",
        "the incident was never resolved",
        (
            r"unresolved|unresolve",
            rf"!(?:be|have|get) {_NOT} (?:yet )?(?:be |get |even |actually )?(?:\w+ )?resolve",
            rf"!{_NOT} (?:yet |even )?(?:be |get )?resolve (?:yet|so far|at all)",
            rf"(?:must|need|have|require|has|should) {_G}(?:be |get )?resolve {_G3}(?:first|before|prior)",
            rf"(?:must|need|have|require|should) {_G}(?:be |get )?(?:in (?:the )?)?resolve (?:state|status)?",
            rf"only {_G}resolve {_G}(?:can|may|be|get|incident|ticket|one)",
            r"(?:through|via|after) (?:the )?(?:resolution|resolve)",
            r"resolve (?:state|status|step|stage)",
            r"still (?:be )?(?:in )?OBJ",
            r"(?:be|currently|remain) (?:still |only |currently )?(?:in )?NAMES",
            rf"!can not {_G3}without {_G}(?:be |get )?resolv",
            r"!skip (?:the )?resolv",
        ),
        objects=r"open|active|pend|ongoing|in progress|on hold|being work on|be work on",
    ),
    Concept(
        "state_forbids",
        "the record's state does not allow it",
        (
            rf"{_BE} (?:already |now |still |permanently |currently |in |the |a |an |be |marked |mark |set |"
            r"as |at )*OBJ",
            r"OBJ (?:state|status|stage|phase|record|incident|ticket|change|one|item|request)",
            r"(?:in|at) (?:the |its )?OBJ (?:state|status|stage|phase)",
            r"read only|immutable|frozen|lock|freeze",
            rf"!no long(?:er)? {_G}(?:edit|change|modif|update|open|active|new|editable)",
            rf"only {_G}(?:new|draft) {_G}(?:can|may|be)",
            r"(?:past|beyond|out of|leave|move past|move out of) (?:the )?(?:new|draft)"
            r"(?: state| stage| phase| status)?",
            r"not (?:editable|modifiable|changeable)",
        ),
        objects=r"read only|lock|freeze|archive|immutable",
    ),
    Concept(
        "not_approved",
        "the change is not approved yet",
        (
            rf"!(?:be|have|get) {_NOT} (?:yet )?(?:be |get |even )?(?:\w+ )?(?:approve|authorize|authorise|"
            r"sign off|schedule)",
            rf"!{_NOT} (?:yet )?(?:approve|authorize|authorise|schedule)",
            r"unapproved|unauthori[sz]ed|unscheduled",
            rf"(?:need|require|must|await|pend|go through|still wait|await) {_G}(?:approval|"
            r"authori[sz]ation|cab|sign off|approve|authorize|authorise|schedule)",
            rf"approval {_G3}(?:first|miss|outstanding|pend|require|need|come before|step)",
            rf"only {_G3}(?:approve|authorize|authorise|schedule) (?:change|one|request)",
            rf"!can not {_G3}without {_G}(?:approval|authori[sz]ation|cab|be approve|be authori)",
            rf"(?:before|until) {_G}(?:be |get )?(?:approve|authori[sz]e)",
        ),
    ),
    Concept(
        "not_implemented",
        "the change was never implemented",
        (
            rf"!(?:be|have|get) {_NOT} (?:yet )?(?:be |get |even )?(?:\w+ )?(?:implement|carry out|do|"
            r"execute|deploy|put in review)",
            rf"!{_NOT} (?:yet )?(?:implement|in review|under review)",
            rf"(?:must|need|require|have) {_G}(?:be |get )?(?:implement|in review|under review|review)",
            rf"only {_G3}(?:in review|under review|review|implement)",
            rf"still {_G}(?:schedule|plan|wait|pending)",
            r"unimplemented|not started",
            r"(?:review|implement) (?:state|stage|phase|step) (?:first|before)",
        ),
    ),
    Concept(
        "notes_required",
        "resolution notes are required",
        (
            rf"(?:resolution|close|closure|closing|work) note {_G3}(?:require|mandatory|need|must|compulsory|"
            r"necessary|obligatory)",
            rf"(?:require|need|mandatory|must (?:have|include|provide|contain|give|add)) {_G3}"
            r"(?:resolution |close |closure |closing )?note",
            rf"note {_G}(?:be |are )?(?:require|mandatory|compulsory|necessary|obligatory)",
            rf"!without {_G}note",
            r"empty (?:resolution |close )?note",
            rf"!(?:no|not) {_G}note {_G}(?:no|not|can not) {_G}resolv",
            rf"!can not {_G3}(?:resolve|close) {_G3}(?:without|unless) ",
        ),
    ),
    Concept(
        "derived_amount",
        "the amount is computed from the opportunity's products",
        (
            rf"(?:sum|total) of {_G3}(?:product|line|price|item)",
            rf"(?:calculate|compute|derive|drive|determine|roll up|roll|set|come|follow) {_G3}(?:from|by) "
            rf"{_G3}(?:product|line|item|price)",
            rf"(?:have|carry|contain|with) {_G}(?:product|line item)",
            r"line item|calculate|compute|derive|automatic|roll ?up|sum up|add up",
        ),
    ),
    Concept(
        "has_open_deals",
        "the account still has an open opportunity",
        (
            r"(?:it|they|he|she|NAMES|this account|the account|this customer) (?:still |currently |"
            r"do |also )?"
            rf"(?:have|own|carry) {_G3}(?:open|active|live|ongoing|in progress|pend|running) "
            r"(?:\w+ )?(?:opportunity|deal)",
            rf"there be (?:still )?{_G}(?:open|active|live|ongoing|pend|"
            r"running) (?:\w+ )?(?:opportunity|deal)",
            rf"(?:opportunity|deal) {_G3}be (?:still |currently )?(?:open|active|live|in progress|ongoing)",
            rf"(?:it|they|NAMES|account) (?:still |currently )?(?:have|own) {_G}(?:opportunity|deal) "
            r"(?:still )?(?:in progress|open|active|ongoing|pend)",
            rf"(?:opportunity|deal) {_G}(?:still )?(?:open|active|in progress|ongoing|"
            r"pending) (?:on|at|for|with) "
            r"(?:it|them|NAMES)",
        ),
    ),
    Concept(
        "no_permission",
        "the writer has no right or access to do it",
        (
            rf"!{_NOT} {_G}(?:an? |the |its )?(?:owner|admin|administrator)",
            rf"only {_G3}(?:owner|admin|administrator)",
            rf"!(?:no|not|without|never) {_G3}(?:permission|right|privilege|access|role|authority)",
            rf"lack {_G}(?:permission|right|privilege|access|role|authority)",
            rf"!(?:permission|right|privilege|access|role) {_G3}not (?:allow|include|cover|let|"
            r"extend|permit)",
            rf"(?:require|need) {_G}(?:owner|admin|administrator) (?:right|permission|privilege|access|role)",
            rf"!not {_G}share with (?:me|us|you)",
            r"!can not (?:\w+ )?(?:open|access|see|view|read|reach)",
            rf"(?:belong|be) {_G}(?:to )?OBJ",
            r"OBJ (?:own|file|document|workbook)",
            rf"only OBJ {_G}(?:can|may)",
            rf"OBJ {_G}(?:have to|need to|must|would have to|should) {_G}(?:share|grant|give|do)",
            r"ask (?:the |its |their )?(?:owner|admin|OBJ)",
            rf"!not {_G}(?:my|our|your) (?:\w+ )?(?:file|document|channel|team|workbook)",
            r"owner of|reserve for|restrict to",
        ),
    ),
    Concept(
        "view_only",
        "the writer may only view the item",
        (
            r"view only|read only|viewer",
            rf"only {_G}(?:view|read|look|see)",
            r"(?:view|read|viewing|reading) (?:access|permission|right|privilege)s? only",
            rf"(?:view|read) (?:access|permission|right|privilege) {_G}(?:only|not edit|not write)",
            rf"!not {_G}(?:edit|write|share|reshare|manage) (?:access|permission|right|privilege)",
            rf"!(?:no|without) {_G}(?:edit|write|share|sharing|manage) (?:access|permission|right|privilege)",
        ),
    ),
    Concept(
        "external_sharing",
        "the file cannot go to people outside the company",
        (
            r"external|externally|outsider",
            r"outside (?:of )?(?:the |our |your |my )?(?:\w+ )?(?:company|organi[sz]ation|org|domain|tenant|"
            r"firm|business|acme)",
            rf"(?:internal|colleague|coworker|employee|staff|internally) {_G}only",
            rf"only {_G}(?:to |with |by )?(?:internal (?:people|staff|user|colleague|employee|recipient)|"
            r"colleague|coworker|employee|staff|people inside|people within|member of|people (?:at|in))",
            r"guest",
            r"(?:company|our|corporate|internal|own) (?:e ?mail )?domain",
            rf"!not {_G}(?:in|on|from|part of|within) (?:the |our |a )?{_G}domain",
            rf"!not {_G}(?:a |an |our )?(?:colleague|coworker|employee|staff|internal|member of)",
            rf"(?:customer|client|third part|partner|non employee|vendor)(?:y)? {_G3}(?:can not|not allow|"
            r"not permit|must not|should not|may not|be not)",
            r"!(?:can not|must not|may not|should not|not allow|not permit|never|not meant|"
            rf"not suppose) {_G3}"
            rf"(?:\w+ )?(?:to|with|for|by) (?:a |an |the |any |our )?(?:customer|client|external|outsider|"
            r"third part|people outside|vendor)",
        ),
    ),
    Concept(
        "confidential",
        "the document is confidential",
        (
            r"confidential|sensitive|proprietary|classif(?:y|ied)|need to know|secret",
            r"internal (?:use )?only|for internal (?:use|eye)",
            rf"!not for {_G}(?:customer|external|client|public|outside)",
        ),
    ),
    Concept(
        "policy_forbids",
        "a policy forbids it",
        (
            r"against (?:the |our |company |acme )?(?:\w+ )?(?:policy|rule|guideline|regulation)",
            rf"(?:policy|rule|guideline) {_G3}(?:forbid|prohibit|ban|say|require|state|mandate|disallow|"
            r"do not (?:allow|permit)|not allow)",
            rf"(?:forbid|prohibit|ban|disallow) {_G3}(?:share|sharing|send|give|disclose|hand)",
            rf"(?:share|send|give|disclose|hand) {_G3}(?:forbid|prohibit|ban|disallow)",
            rf"!(?:share|send|give|disclose|hand) {_G3}be not (?:allow|permit)",
            rf"!(?:password|credential|login|account|sign in) {_G3}(?:must|should|can|may|be) (?:never|not) "
            r"(?:be )?(?:share|send|give|disclose|hand|pass|email)",
            rf"!(?:never|not) {_G}(?:share|send|give|disclose|hand|pass|email) {_G}(?:password|credential|"
            r"login|account)",
            r"own (?:access|account|login|credential|user)",
            rf"request {_G}own",
            r"service catalog|it catalog|access request",
            r"security (?:rule|policy|reason|risk|requirement|standard)",
            r"per (?:the |our )?(?:\w+ )?policy|under (?:the |our )?(?:\w+ )?policy|policy (?:say|state)",
            r"NAMES",
        ),
    ),
    Concept(
        "not_a_user",
        "the person is not a user of the app",
        (
            rf"!{_NOT} {_G}(?:a |an )?(?:OBJ )?user",
            rf"!(?:no|without|not have|lack|never have) {_G}(?:OBJ )?(?:user|account|licen[cs]e|seat|login|"
            r"access)",
            rf"lack {_G}(?:OBJ )?(?:user|account|licen[cs]e|seat|login|access)",
            rf"!(?:can not|could not|do not|be not|not) {_G}(?:find|exist|appear|list|found|register|set up)"
            rf" {_G3}(?:in|on) (?:the )?OBJ",
            rf"only {_G}(?:OBJ )?user",
            r"(?:OBJ )?(?:user|licen[cs]e|seat)s? only",
            rf"!not {_G}(?:in|on|set up in|register in) (?:the )?OBJ",
            r"unlicensed|no licence",
        ),
        objects=r"crm|sales cloud|salesforce|sales",
    ),
    Concept(
        "deleted",
        "the data was deleted",
        fact=True,
        patterns=(
            r"delete|deletion|remove|removal|erase|erasure|purge|destroy|destruction|wipe|shred|dispose|"
            r"disposal|get rid of",
            r"!no long(?:er)? (?:hold|keep|store|retain|have)",
        ),
    ),
    Concept(
        "legal_hold",
        "the records are kept under a legal hold",
        fact=True,
        patterns=(
            r"(?:legal|litigation|lit) hold",
            rf"(?:on|under|subject to|place on|put on) (?:a |an |the )?{_G}hold",
            r"litigation|lawsuit|court order|subpoena|preservation (?:order|notice|requirement)",
            r"legal (?:proceeding|proceed|dispute|case|matter|claim|action|obligation|requirement|reason|"
            r"process)",
        ),
    ),
    Concept(
        "major_incident",
        "a major incident is declared",
        fact=True,
        patterns=(
            rf"major {_G}(?:incident|outage|issue|event|problem)",
            rf"(?:declare|invoke|trigger|start|open|raise|call) {_G}(?:an? |the )?(?:mi|mim|major)",
            r"(?:mi|mim|major incident) (?:process|procedure|protocol|declare|bridge|manager)",
        ),
    ),
    Concept(
        "no_backout",
        "the change has no backout plan",
        (
            rf"!(?:no|not|without|lack|miss|absent|empty|blank|none) {_G3}(?:back ?out|rollback|roll back|"
            r"fallback|fall back|revert|recovery|undo|contingency)",
            rf"!(?:back ?out|rollback|roll back|fallback|revert|recovery|contingency) {_G3}(?:miss|absent|"
            r"lack|empty|blank|be not|do not|have not|not)",
            rf"(?:need|require|must have|must include|ask for|request) {_G3}(?:back ?out|rollback|roll back|"
            r"fallback|revert|recovery|contingency) (?:plan|procedure|step|strategy)",
        ),
    ),
    Concept(
        "hardware_replaced",
        "the faulty device was replaced",
        fact=True,
        patterns=(
            r"replace|replacement|swap|exchange|substitute",
            r"(?:new|spare|fresh|loaner|working) (?:\w+ )?(?:keyboard|mouse|monitor|unit|device|one|part|"
            r"hardware)",
            r"(?:a|the|with|give) (?:\w+ )?spare|from (?:the |our )?(?:\w+ )?stock",
        ),
    ),
    Concept(
        "paper_jam",
        "paper jams in the printer",
        fact=True,
        patterns=(
            r"jam|misfeed|mis feed",
            rf"paper {_G}(?:stick|stuck|catch|caught|wedge|lodge|crumple|crinkle|crease|tear|rip|block)",
            rf"(?:stick|stuck|catch|caught|wedge|lodge|crumple|crinkle|chew|eat|mangle) {_G}paper",
            r"(?:paper )?(?:feed|feeding|paper path|tray) (?:\w+ )?(?:problem|issue|error|fault|failure)",
        ),
    ),
    Concept(
        "restart",
        "the service is restarted",
        fact=True,
        patterns=(
            r"restart|reboot|recycle|relaunch|re start|re launch|re boot|power cycle",
            rf"(?:bounce|cycle) {_G}(?:service|transport|server|mta|smtp|process|daemon|exchange|mail)",
            rf"stop (?:and|then|&) {_G}start|(?:turn|switch) {_G}off and (?:back )?on",
        ),
    ),
    Concept(
        "wifi_failing",
        "the Wi-Fi fails (again)",
        fact=True,
        patterns=(
            rf"{_WIFI} (?:\w+ ){{0,6}}(?:fail|failure|drop|down|break|broken|disconnect|cut|unstable|"
            r"unreliable|flaky|intermittent|outage|unavailable|error|recur|die|dead|flake)",
            rf"{_WIFI} (?:\w+ )?(?:issue|problem|trouble|fault) {_G}(?:again|back|return|recur|persist|"
            r"continue|reappear|still)",
            rf"(?:fail|failure|drop|lose|lost|issue|problem|trouble|outage|disconnect|disconnection) "
            rf"{_G3}{_WIFI}",
            rf"!{_WIFI} {_G3}(?:do|be|have|will|can|still) not (?:\w+ )?(?:work|connect|load|stay|function)",
            rf"!(?:can not|could not|unable to|not able to) (?:\w+ ){{0,4}}{_WIFI}",
            rf"!no (?:\w+ )?{_WIFI}",
        ),
    ),
    Concept(
        "employee_number",
        "the person's employee number",
        topic=True,
        patterns=(
            r"(?:employee|staff|personnel|payroll|badge|worker|hr) (?:\w+ )?(?:id|number|num|identifier|"
            r"code|reference)",
            r"!(?:employee|staff|personnel|payroll) no",  # "employee no." is no negation
        ),
    ),
    Concept(
        "sla_met",
        "the ticket met its SLA targets (no breach)",
        fact=True,
        patterns=(
            r"(?<!fail to )(?:meet|met|hit|make|achieve) (?:\w+ ){0,4}(?:sla|target|commitment|objective"
            r"|deadline)",
            r"(?:resolve|restore|fix|answer|respond|close|handle) (?:\w+ ){0,5}within (?:\w+ ){0,4}"
            r"(?:sla|target|hour|commitment)",
            r"(?:be|stay|remain) within (?:\w+ ){0,3}(?:sla|target|commitment)",
            r"in line with (?:the |its |our )?(?:\w+ )?(?:sla|target)",
            r"!(?:no|without|zero) (?:\w+ ){0,2}(?:sla |target )?breach",
            rf"!(?:sla|target|ticket|incident|it) {_G3}{_NOT} (?:\w+ )?(?:miss|exceed|breach|violate)",
            rf"!(?:do|did|have) not (?:\w+ )?(?:miss|exceed|breach|violate) {_G}(?:sla|target|commitment)",
        ),
    ),
    Concept(
        "fix_deployed",
        "a fix was deployed",
        fact=True,
        patterns=(
            rf"(?:fixe?|patch|change|correction|update|solution|workaround|repair) {_G3}(?:deploy|roll out|"
            r"roll|apply|implement|release|push|live|in place|complete|install|go in|go out)",
            rf"(?:deploy|roll out|apply|implement|release|push|install|put in place) {_G3}(?:fixe?|patch|"
            r"change|correction|update|solution|workaround|repair)",
            rf"{_BE} (?:\w+ )?(?:fixe?|correct|repair|resolve|sort)",
            r"(?:we|i|team|they|engineer) (?:have |just |now |already )*(?:fixe?|correct|repair|resolve|"
            r"deploy|sort)",
        ),
    ),
    Concept(
        "will_call",
        "someone will phone the person",
        fact=True,
        patterns=(r"call|phone|ring|telephone|dial",),
    ),
    Concept(
        "account_manager",
        "the customer's account manager",
        topic=True,
        patterns=(
            r"account (?:manager|rep|representative|executive|owner|lead|director)",
            r"(?:key|client|customer|relationship) (?:account )?manager",
            r"sales (?:rep|representative|contact|manager)|your (?:sales )?rep",
        ),
    ),
    Concept(
        "discount",
        "a discount off the price",
        topic=True,
        patterns=(
            r"discount|markdowns?|mark down|rebate|concession|price (?:reduction|cut|break)",
            r"reduction (?:on|of|off|in) (?:the )?(?:\w+ )?(?:price|deal|list|quote)",
            r"off (?:the )?(?:list |sticker |standard |full )?price|below (?:the )?(?:list|standard)",
            rf"(?:knock|take|give) {_G}off",
        ),
    ),
    Concept(
        "payment_terms",
        "payment terms",
        topic=True,
        patterns=(r"net|term|pay|payment|payable|due|invoice|credit",),
    ),
]
CONCEPTS: dict[str, Concept] = {c.name: c for c in _LIST}
