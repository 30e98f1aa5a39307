"""The facts a message must state (data deleted, a legal hold, a major incident declared, a keyboard
replaced, a fix deployed) and the things it must speak of (an employee number, a discount, payment terms),
each defined once as phrasings over lemmas (see `reasons`; note simplemma reads "fixed" as "fixe").
"""

from __future__ import annotations

from apps.core.meaning.concept import BE, G3, NOT, Concept, G

_NOT_A_THING = r"(?! (?:a|an|you|me|us|message|voicemail|note))"  # "left a voicemail" is no leaving
_WIFI = r"(?:wi(?: |-)?fi|wireless|wlan|hotspot|network|connection|connectivity|internet|ssid)"

FACTS = [
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
            rf"(?:on|under|subject to|place on|put on) (?:a |an |the )?{G}hold",
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
            rf"major {G}(?:incident|outage|issue|event|problem)",
            rf"(?:declare|invoke|trigger|start|open|raise|call) {G}(?:an? |the )?(?:mi|mim|major)",
            r"(?:mi|mim|major incident) (?:process|procedure|protocol|declare|bridge|manager)",
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
            rf"paper {G}(?:stick|stuck|catch|caught|wedge|lodge|crumple|crinkle|crease|tear|rip|block)",
            rf"(?:stick|stuck|catch|caught|wedge|lodge|crumple|crinkle|chew|eat|mangle) {G}paper",
            r"(?:paper )?(?:feed|feeding|paper path|tray) (?:\w+ )?(?:problem|issue|error|fault|failure)",
        ),
    ),
    Concept(
        "restart",
        "the service is restarted",
        fact=True,
        patterns=(
            r"restart|reboot|recycle|relaunch|re start|re launch|re boot|power cycle",
            rf"(?:bounce|cycle) {G}(?:service|transport|server|mta|smtp|process|daemon|exchange|mail)",
            rf"stop (?:and|then|&) {G}start|(?:turn|switch) {G}off and (?:back )?on",
        ),
    ),
    Concept(
        "wifi_failing",
        "the Wi-Fi fails (again)",
        fact=True,
        patterns=(
            rf"{_WIFI} (?:\w+ ){{0,6}}(?:fail|failure|drop|down|break|broken|disconnect|cut|unstable|"
            r"unreliable|flaky|intermittent|outage|unavailable|error|recur|die|dead|flake)",
            rf"{_WIFI} (?:\w+ )?(?:issue|problem|trouble|fault) {G}(?:again|back|return|recur|persist|"
            r"continue|reappear|still)",
            rf"(?:fail|failure|drop|lose|lost|issue|problem|trouble|outage|disconnect|disconnection) "
            rf"{G3}{_WIFI}",
            rf"!{_WIFI} {G3}(?:do|be|have|will|can|still) not (?:\w+ )?(?:work|connect|load|stay|function)",
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
        "fix_deployed",
        "a fix was deployed",
        fact=True,
        patterns=(
            rf"(?:fixe?|patch|change|correction|update|solution|workaround|repair) {G3}(?:deploy|roll out|"
            r"roll|apply|implement|release|push|live|in place|complete|install|go in|go out)",
            rf"(?:deploy|roll out|apply|implement|release|push|install|put in place) {G3}(?:fixe?|patch|"
            r"change|correction|update|solution|workaround|repair)",
            rf"{BE} (?:\w+ )?(?:fixe?|correct|repair|resolve|sort)",
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
            rf"(?:knock|take|give) {G}off",
        ),
    ),
    Concept(
        "payment_terms",
        "payment terms",
        topic=True,
        patterns=(r"net|term|pay|payment|payable|due|invoice|credit",),
    ),
    Concept(
        "left_company",
        "the person has left the company (is no longer there)",
        fact=True,
        objects=r"(?:the |their |our |his |her )?(?:company|organi[sz]ation|firm|business|employer)",
        patterns=(
            rf"(?:leave|left|quit|depart|exit) {G}OBJ",
            r"(?:leave|left|quit|depart|exit) (?:the |their |his |her )?(?:role|job|position)",
            rf"(?:have|have be|be|since) (?:leave|left|depart|go|gone){_NOT_A_THING}",
            rf"^(?:leave|left|depart){_NOT_A_THING}",
            r"!no long(?:er)? (?:\w+ )?(?:with|at|work|employ|employed|there|in (?:the|their) (?:role|job))",
            r"former|formerly|ex (?:employee|staff|contact)|ex-employee|departed|departure|leaver|"
            r"no (?:longer )?(?:active|valid) (?:\w+ )?(?:contact|employee)|inactive",
            r"(?:move|go) on from",
            r"(?:replace|succeed) by|(?:taken|take|took) over (?:from|by)|successor",
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
            # "both SLA targets for this incident were met"
            r"(?:sla|target|commitment|objective)s? (?:\w+ ){0,5}(?:be|have be) (?:\w+ )?"
            r"(?:meet|met|achieve|hit|satisfy)",
            r"in line with (?:the |its |our )?(?:\w+ )?(?:sla|target)",
            r"!(?:no|without|zero) (?:\w+ ){0,2}(?:sla |target )?breach",
            rf"!(?:sla|target|ticket|incident|it) {G3}{NOT} (?:\w+ )?(?:miss|exceed|breach|violate)",
            rf"!(?:do|did|have) not (?:\w+ )?(?:miss|exceed|breach|violate) {G}(?:sla|target|commitment)",
        ),
    ),
]
