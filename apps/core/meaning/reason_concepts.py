"""The reasons a request can be refused for, each defined once: its phrasings over lemmas (see `reasons`;
note simplemma reads "fixed" as "fixe"), and `CONCEPTS`: every concept the meaning layer knows by name —
these reasons and the facts and topics of `fact_concepts`.
"""

from __future__ import annotations

from apps.core.meaning.concept import BE, G3, NOT, Concept, G
from apps.core.meaning.fact_concepts import FACTS

REASONS = [
    Concept(
        "has_children",
        "the account has child accounts",
        (
            rf"(?:have|own|hold|contain|carry) {G3}(?:child|subsidiary|subaccount|sub account|dependent)",
            rf"be {G}(?:child|subsidiary|subaccount|sub account)",
            r"be (?:\w+ )?(?:the |a )?(?:parent|head|root|top) (?:account |company )?(?:of|to|for|over)",
            rf"(?:sit|hang|roll up|report|be|belong|remain) {G}(?:under|below|beneath) "
            r"(?:it|this|that|them|this account|the account)",
            r"(?:top|head|root) of (?:a|the|an|this|its) (?:\w+ )?(?:hierarchy|tree|group)",
            r"depend (?:on|upon) (?:it|this)",
            r"dependent account",
            r"orphan",
            rf"with {G}(?:child|subsidiary|subaccount|sub account)",
            rf"there be {G3}(?:child|subsidiary|subaccount|sub account|account (?:under|below|beneath))",
            rf"(?:child|subsidiary|subaccount|sub account) {G}(?:still |)(?:exist|remain|depend|point|"
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
            rf"(?:child|subsidiary|subaccount|sub account|descendant) {G}(?:of|under|below|beneath) OBJ",
            r"(?:under|below|beneath|within) (?:the )?OBJ",
            rf"OBJ {G}be {G}(?:parent|ancestor|grandparent|above|over)",
            rf"be {G}OBJ (?:child|subsidiary|subaccount|sub account|descendant)",
            rf"report {G}to OBJ",
            r"(?:parent|owner) (?:account )?be OBJ",
        ),
    ),
    Concept(
        "invalid_value",
        "the value is not one of the picklist's allowed values",
        (
            r"invalid|picklist|pick list|drop ?down",
            rf"!(?:not|no|never) {G3}(?:valid|allow|permit|available|accept|support|recogni[sz]e|exist|"
            rf"define|such|standard|legal) {G}(?:value|option|choice|entry|picklist|list|one)",
            rf"!not {G3}(?:on|in|among|part of|one of) (?:the|its|our|this|that) {G}(?:list|picklist|"
            r"option|value|choice)",
            rf"!(?:value|option|choice|entry) {G}(?:do|be|will) not {G}(?:exist|valid|allow|available|"
            r"option|permit|accept|support|recogni[sz]e)",
            r"(?:allow|valid|permit|available|accept|possible|acceptable) (?:value|option|choice)s? "
            r"(?:be|include|for)",
            r"only (?:accept|allow|take|permit|support|offer|have|let)",
            r"restrict(?:ed)? (?:picklist|list|field|value|set)",
            rf"(?:reject|refuse) {G3}value",
            rf"(?:outside|off) (?:the )?{G}(?:value|option|list)",
            r"fix(?:ed)? (?:list|set) of",
            rf"!(?:no|not (?:a|an)) (?:such |valid |allowed |permitted )?{G}(?:option|value|choice)",
        ),
    ),
    Concept(
        "already_converted",
        "the lead was already converted",
        (
            rf"(?:already|previously|once|earlier) {G}convert",
            rf"{BE} {G}convert",
            r"convert (?:lead|one|record)s? (?:be|can|are|stay|remain|become)",
            rf"conversion {G3}(?:already|happen|be do|be complete|take place|lock|freeze|be final)",
            r"(?:now|already) (?:an? |the )?(?:account|contact|opportunity|customer)",
            rf"(?:become|turn into|turn in) (?:an? |the )?{G}(?:account|contact|opportunity)",
            r"!no long(?:er)? (?:an? )?(?:open |active )?lead",
            r"close convert",
        ),
    ),
    Concept(
        "not_member",
        "the person is not a member of the group",
        (
            rf"!{NOT} (?:a |an )?{G}member",
            rf"!{NOT} {G}belong",
            rf"!{NOT} {G}(?:in|on|among|part of|within|under|assign to|listed in) (?:the |that |"
            r"this |a |an )?"
            rf"{G}OBJ",
            r"non ?member",
            rf"outside (?:the |that |this |of the )?{G}OBJ",
            rf"!OBJ {G}(?:do|be) not (?:include|contain|list|have|cover)",
            rf"(?:belong|be|work|sit|be member) {G}(?:to |in |on |of )?(?:a |an )?(?:different|"
            r"another|other|"
            rf"separate) (?:\w+ )?(?:group|team|queue)",
            rf"only {G3}(?:member|people in|people on|staff in|analyst in|analyst of)",
            r"member only",
            r"!not among",
            rf"(?:member|roster|membership) {G3}(?:do|be) not (?:include|contain|list|have)",
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
            rf"more than {G}(?:allow|permit|possible)",
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
            rf"!(?:be|have|get) {NOT} (?:yet )?(?:be |get |even |actually )?(?:\w+ )?resolve",
            rf"!{NOT} (?:yet |even )?(?:be |get )?resolve (?:yet|so far|at all)",
            rf"(?:must|need|have|require|has|should) {G}(?:be |get )?resolve {G3}(?:first|before|prior)",
            rf"(?:must|need|have|require|should) {G}(?:be |get )?(?:in (?:the )?)?resolve (?:state|status)?",
            rf"only {G}resolve {G}(?:can|may|be|get|incident|ticket|one)",
            r"(?:through|via|after) (?:the )?(?:resolution|resolve)",
            r"resolve (?:state|status|step|stage)",
            r"still (?:be )?(?:in )?OBJ",
            r"(?:be|currently|remain) (?:still |only |currently )?(?:in )?NAMES",
            rf"!can not {G3}without {G}(?:be |get )?resolv",
            r"!skip (?:the )?resolv",
        ),
        objects=r"open|active|pend|ongoing|in progress|on hold|being work on|be work on",
    ),
    Concept(
        "state_forbids",
        "the record's state does not allow it",
        (
            rf"{BE} (?:already |now |still |permanently |currently |in |the |a |an |be |marked |mark |set |"
            r"as |at )*OBJ",
            r"OBJ (?:state|status|stage|phase|record|incident|ticket|change|one|item|request)",
            r"(?:in|at) (?:the |its )?OBJ (?:state|status|stage|phase)",
            r"read only|immutable|frozen|lock|freeze",
            rf"!no long(?:er)? {G}(?:edit|change|modif|update|open|active|new|editable)",
            rf"only {G}(?:new|draft) {G}(?:can|may|be)",
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
            rf"!(?:be|have|get) {NOT} (?:yet )?(?:be |get |even )?(?:\w+ )?(?:approve|authorize|authorise|"
            r"sign off|schedule)",
            rf"!{NOT} (?:yet )?(?:approve|authorize|authorise|schedule)",
            r"unapproved|unauthori[sz]ed|unscheduled",
            rf"(?:need|require|must|await|pend|go through|still wait|await) {G}(?:approval|"
            r"authori[sz]ation|cab|sign off|approve|authorize|authorise|schedule)",
            rf"approval {G3}(?:first|miss|outstanding|pend|require|need|come before|step)",
            rf"only {G3}(?:approve|authorize|authorise|schedule) (?:change|one|request)",
            rf"!can not {G3}without {G}(?:approval|authori[sz]ation|cab|be approve|be authori)",
            rf"(?:before|until) {G}(?:be |get )?(?:approve|authori[sz]e)",
        ),
    ),
    Concept(
        "not_implemented",
        "the change was never implemented",
        (
            rf"!(?:be|have|get) {NOT} (?:yet )?(?:be |get |even )?(?:\w+ )?(?:implement|carry out|do|"
            r"execute|deploy|put in review)",
            rf"!{NOT} (?:yet )?(?:implement|in review|under review)",
            rf"(?:must|need|require|have) {G}(?:be |get )?(?:implement|in review|under review|review)",
            rf"only {G3}(?:in review|under review|review|implement)",
            rf"still {G}(?:schedule|plan|wait|pending)",
            r"unimplemented|not started",
            r"(?:review|implement) (?:state|stage|phase|step) (?:first|before)",
        ),
    ),
    Concept(
        "notes_required",
        "resolution notes are required",
        (
            rf"(?:resolution|close|closure|closing|work) note {G3}(?:require|mandatory|need|must|compulsory|"
            r"necessary|obligatory)",
            rf"(?:require|need|mandatory|must (?:have|include|provide|contain|give|add)) {G3}"
            r"(?:resolution |close |closure |closing )?note",
            rf"note {G}(?:be |are )?(?:require|mandatory|compulsory|necessary|obligatory)",
            rf"!without {G}note",
            r"empty (?:resolution |close )?note",
            rf"!(?:no|not) {G}note {G}(?:no|not|can not) {G}resolv",
            rf"!can not {G3}(?:resolve|close) {G3}(?:without|unless) ",
        ),
    ),
    Concept(
        "derived_amount",
        "the amount is computed from the opportunity's products",
        (
            rf"(?:sum|total) of {G3}(?:product|line|price|item)",
            rf"(?:calculate|compute|derive|drive|determine|roll up|roll|set|come|follow) {G3}(?:from|by) "
            rf"{G3}(?:product|line|item|price)",
            rf"(?:have|carry|contain|with) {G}(?:product|line item)",
            r"line item|calculate|compute|derive|automatic|roll ?up|sum up|add up",
        ),
    ),
    Concept(
        "has_open_deals",
        "the account still has an open opportunity",
        (
            r"(?:it|they|he|she|NAMES|this account|the account|this customer) (?:still |currently |"
            r"do |also )?"
            rf"(?:have|own|carry) {G3}(?:open|active|live|ongoing|in progress|pend|running) "
            r"(?:\w+ )?(?:opportunity|deal)",
            rf"there be (?:still )?{G}(?:open|active|live|ongoing|pend|"
            r"running) (?:\w+ )?(?:opportunity|deal)",
            rf"(?:opportunity|deal) {G3}be (?:still |currently )?(?:open|active|live|in progress|ongoing)",
            rf"(?:it|they|NAMES|account) (?:still |currently )?(?:have|own) {G}(?:opportunity|deal) "
            r"(?:still )?(?:in progress|open|active|ongoing|pend)",
            rf"(?:opportunity|deal) {G}(?:still )?(?:open|active|in progress|ongoing|"
            r"pending) (?:on|at|for|with) "
            r"(?:it|them|NAMES)",
        ),
    ),
    Concept(
        "no_permission",
        "the writer has no right or access to do it",
        (
            rf"!{NOT} {G}(?:an? |the |its )?(?:owner|admin|administrator)",
            rf"only {G3}(?:owner|admin|administrator)",
            rf"!(?:no|not|without|never) {G3}(?:permission|right|privilege|access|role|authority)",
            rf"lack {G}(?:permission|right|privilege|access|role|authority)",
            rf"!(?:permission|right|privilege|access|role) {G3}not (?:allow|include|cover|let|"
            r"extend|permit)",
            rf"(?:require|need) {G}(?:owner|admin|administrator) (?:right|permission|privilege|access|role)",
            rf"!not {G}share with (?:me|us|you)",
            r"!can not (?:\w+ )?(?:open|access|see|view|read|reach)",
            rf"(?:belong|be) {G}(?:to )?OBJ",
            r"OBJ (?:own|file|document|workbook)",
            rf"only OBJ {G}(?:can|may)",
            rf"OBJ {G}(?:have to|need to|must|would have to|should) {G}(?:share|grant|give|do)",
            r"ask (?:the |its |their )?(?:owner|admin|OBJ)",
            rf"!not {G}(?:my|our|your) (?:\w+ )?(?:file|document|channel|team|workbook)",
            r"owner of|reserve for|restrict to",
        ),
    ),
    Concept(
        "view_only",
        "the writer may only view the item",
        (
            r"view only|read only|viewer",
            rf"only {G}(?:view|read|look|see)",
            r"(?:view|read|viewing|reading) (?:access|permission|right|privilege)s? only",
            rf"(?:view|read) (?:access|permission|right|privilege) {G}(?:only|not edit|not write)",
            rf"!not {G}(?:edit|write|share|reshare|manage) (?:access|permission|right|privilege)",
            rf"!(?:no|without) {G}(?:edit|write|share|sharing|manage) (?:access|permission|right|privilege)",
        ),
    ),
    Concept(
        "external_sharing",
        "the file cannot go to people outside the company",
        (
            r"external|externally|outsider",
            r"outside (?:of )?(?:the |our |your |my )?(?:\w+ )?(?:company|organi[sz]ation|org|domain|tenant|"
            r"firm|business|acme)",
            rf"(?:internal|colleague|coworker|employee|staff|internally) {G}only",
            rf"only {G}(?:to |with |by )?(?:internal (?:people|staff|user|colleague|employee|recipient)|"
            r"colleague|coworker|employee|staff|people inside|people within|member of|people (?:at|in))",
            r"guest",
            r"(?:company|our|corporate|internal|own) (?:e ?mail )?domain",
            rf"!not {G}(?:in|on|from|part of|within) (?:the |our |a )?{G}domain",
            rf"!not {G}(?:a |an |our )?(?:colleague|coworker|employee|staff|internal|member of)",
            rf"(?:customer|client|third part|partner|non employee|vendor)(?:y)? {G3}(?:can not|not allow|"
            r"not permit|must not|should not|may not|be not)",
            r"!(?:can not|must not|may not|should not|not allow|not permit|never|not meant|"
            rf"not suppose) {G3}"
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
            rf"!not for {G}(?:customer|external|client|public|outside)",
        ),
    ),
    Concept(
        "policy_forbids",
        "a policy forbids it",
        (
            r"against (?:the |our |company |acme )?(?:\w+ )?(?:policy|rule|guideline|regulation)",
            rf"(?:policy|rule|guideline) {G3}(?:forbid|prohibit|ban|say|require|state|mandate|disallow|"
            r"do not (?:allow|permit)|not allow)",
            rf"(?:forbid|prohibit|ban|disallow) {G3}(?:share|sharing|send|give|disclose|hand)",
            rf"(?:share|send|give|disclose|hand) {G3}(?:forbid|prohibit|ban|disallow)",
            rf"!(?:share|send|give|disclose|hand) {G3}be not (?:allow|permit)",
            rf"!(?:password|credential|login|account|sign in) {G3}(?:must|should|can|may|be) (?:never|not) "
            r"(?:be )?(?:share|send|give|disclose|hand|pass|email)",
            rf"!(?:never|not) {G}(?:share|send|give|disclose|hand|pass|email) {G}(?:password|credential|"
            r"login|account)",
            r"own (?:access|account|login|credential|user)",
            rf"request {G}own",
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
            rf"!{NOT} {G}(?:a |an )?(?:OBJ )?user",
            rf"!(?:no|without|not have|lack|never have) {G}(?:OBJ )?(?:user|account|licen[cs]e|seat|login|"
            r"access)",
            rf"lack {G}(?:OBJ )?(?:user|account|licen[cs]e|seat|login|access)",
            rf"!(?:can not|could not|do not|be not|not) {G}(?:find|exist|appear|list|found|register|set up)"
            rf" {G3}(?:in|on) (?:the )?OBJ",
            rf"only {G}(?:OBJ )?user",
            r"(?:OBJ )?(?:user|licen[cs]e|seat)s? only",
            rf"!not {G}(?:in|on|set up in|register in) (?:the )?OBJ",
            r"unlicensed|no licence",
        ),
        objects=r"crm|sales cloud|salesforce|sales",
    ),
    Concept(
        "no_backout",
        "the change has no backout plan",
        (
            rf"!(?:no|not|without|lack|miss|absent|empty|blank|none) {G3}(?:back ?out|rollback|roll back|"
            r"fallback|fall back|revert|recovery|undo|contingency)",
            rf"!(?:back ?out|rollback|roll back|fallback|revert|recovery|contingency) {G3}(?:miss|absent|"
            r"lack|empty|blank|be not|do not|have not|not)",
            rf"(?:need|require|must have|must include|ask for|request) {G3}(?:back ?out|rollback|roll back|"
            r"fallback|revert|recovery|contingency) (?:plan|procedure|step|strategy)",
        ),
    ),
]
CONCEPTS: dict[str, Concept] = {c.name: c for c in [*REASONS, *FACTS]}
