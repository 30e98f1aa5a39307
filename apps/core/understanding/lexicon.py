"""The words that carry a request, in the languages personas read (English, Spanish, German, French), and
the shorthand people type ("pls", "amt", "nxt", "s/n", "tmrw").

`english(text)` folds a message (case, diacritics, typography) and rewrites the other languages' request
words and the shorthand into English, so one set of English patterns reads them all. Only the words that
decide a request are listed — fields, intents, policies, days, lengths — not a dictionary.
"""

from __future__ import annotations

import functools
import re

from apps.core.meaning import fold

# phrase → English; longer phrases first (a phrase is matched on word boundaries of the folded text)
_PHRASES: dict[str, str] = {
    # shorthand and typos
    "pls": "please",
    "plz": "please",
    "thx": "thanks",
    "amt": "amount",
    "nxt": "next",
    "tmrw": "tomorrow",
    "tmr": "tomorrow",
    "u": "you",
    "w/": "with",
    "s/n": "serial",
    "sn": "serial",
    "seriel": "serial",
    "assett": "asset",
    "asset #": "asset tag",
    "asset no": "asset tag",
    "whats": "what is",
    "whens": "when is",
    "teh": "the",
    # Spanish
    "en que etapa": "what stage",
    "etapa": "stage",
    "importe": "amount",
    "monto": "amount",
    "proximo paso": "next step",
    "fecha de cierre": "close date",
    "numero de serie": "serial number",
    "etiqueta de activo": "asset tag",
    "equipo de soporte": "support team",
    "soporte": "support",
    "portatil": "laptop",
    "aprobar": "approve",
    "aprueba": "approve",
    "podrias aprobar": "could you approve",
    "descuento": "discount",
    "gasto": "expense",
    "gastos": "expenses",
    "viaje": "trip",
    "compartir": "share",
    "compartas": "share",
    "manual de ventas": "sales playbook",
    "cuando tienes": "when are you free",
    "una hora libre": "an hour free",
    "hora libre": "hour free",
    "reunion": "meeting",
    "estado": "status",
    "lo ultimo": "the last update",
    "ultimo": "last",
    "manana": "tomorrow",
    "jueves": "thursday",
    "viernes": "friday",
    "miercoles": "wednesday",
    "martes": "tuesday",
    "lunes": "monday",
    "semana": "week",
    "dolares": "dollars",
    "acuerdo": "deal",
    "oportunidad": "opportunity",
    "cual es": "what is",
    "sabes": "do you know",
    # German
    "in welcher phase": "what stage",
    "phase": "stage",
    "betrag": "amount",
    "wie hoch ist der betrag": "what is the amount",
    "naechste schritt": "next step",
    "nachste schritt": "next step",
    "nachster schritt": "next step",
    "naechster schritt": "next step",
    "abschlussdatum": "close date",
    "seriennummer": "serial number",
    "asset-tag": "asset tag",
    "inventarnummer": "asset tag",
    "genehmigen": "approve",
    "genehmige": "approve",
    "freigeben": "approve",
    "rabatt": "discount",
    "spesenabrechnung": "expense claim",
    "spesen": "expenses",
    "reise": "trip",
    "teilen": "share",
    "wann hast du": "when are you free",
    "zeit fur": "time for",
    "termin": "meeting",
    "stand": "status",
    "letzte update": "last update",
    "letzte": "last",
    "morgen": "tomorrow",
    "donnerstag": "thursday",
    "freitag": "friday",
    "mittwoch": "wednesday",
    "dienstag": "tuesday",
    "montag": "monday",
    "woche": "week",
    "minuten": "minutes",
    "standort": "office location",
    "welches": "which",
    "bitte": "please",
    "noch offen": "still open",
    # French
    "a quelle etape": "what stage",
    "etape": "stage",
    "montant": "amount",
    "prochaine etape": "next step",
    "date de cloture": "close date",
    "numero d'inventaire": "asset tag",
    "approuver": "approve",
    "remise": "discount",
    "note de frais": "expense claim",
    "depense": "expense",
    "voyage": "trip",
    "partager": "share",
    "disponible": "available",
    "ou en est": "what is the status of",
    "demain": "tomorrow",
    "jeudi": "thursday",
    "vendredi": "friday",
    "mercredi": "wednesday",
    "mardi": "tuesday",
    "lundi": "monday",
    "semaine": "week",
    "politique de voyage": "travel policy",
}
_PATTERN = re.compile(
    r"(?<![\w/-])(" + "|".join(re.escape(p) for p in sorted(_PHRASES, key=len, reverse=True)) + r")(?![\w/-])"
)


@functools.lru_cache(maxsize=4096)
def english(text: str) -> str:
    """`text` folded, with other languages' request words and typed shorthand rewritten in English."""
    folded = fold(text)
    return _PATTERN.sub(lambda m: _PHRASES[m.group(1)], folded)


# --- fields ----------------------------------------------------------------------------------------------
DEAL_FIELDS: dict[str, str] = {
    "stage": r"\bstages?\b|\bwhere(?:'s| is| are)? (?:it|we|things)\b.*\bat\b|\bwhere(?:'s| is"
    r"| are)\b.*\bat\b"
    r"|\bwhere (?:are we|does it stand|things stand|it stands|.* stands?)\b|\bhow is\b.*\bcoming along\b"
    r"|\bphase\b|\bstatus\b|\bstill in\b|\bstands?\b",
    "amount": r"\bamounts?\b|\bhow much\b|\bvalue\b|\bworth\b|\bsize\b|\bpaying\b|\bpay\b|\bprice\b"
    r"|\bnumbers\b"
    r"|\bfigures?\b|\bstill (?:around|about) \$?\d",
    "discount": r"\bwhat discount\b|\bdiscount did\b|\bdiscount (?:they|did they) get\b",
    "next_step": r"\bnext steps?\b|\bwhat(?:'s| is)? next\b|\bnext action\b|\bplanned\b",
    "close_date": r"\bclose dates?\b|\bclos(?:e|es|ing)\b|\bexpected to close\b|\bwhen (?:is|does) it close\b"
    r"|\bdecision date\b",
}
INCIDENT_FIELDS: dict[str, str] = {
    "state": r"\bstatus\b|\bstate\b|\bstill open\b|\bstill (?:on hold|waiting|offline|rebooting|not)\b"
    r"|\bwhere\b.*\bstand|\bpicked up\b|\bsorted\b|\bresolved\b|\bback online\b|\bstill\b|\bopen\b",
    "last_comment": r"\blast (?:update|thing|word)\b|\blatest (?:update|news|word)\b|\blatest you\b"
    r"|\blast (?:tell|told|say|said|ask|asked)\b"
    r"|\bwhat did (?:our|the) (?:support )?team\b|\bheard back\b|\bget back to you\b",
    "opened": r"\bwhen did you (?:raise|open|report|log)\b|\bwhen was it (?:raised|opened|reported)\b",
}
DEVICE_FIELDS: dict[str, str] = {
    "serial": r"\bserial\b|\bservice tag\b",
    "asset_tag": r"\basset(?: tag| number| id| sticker)?\b|\bsticker\b|\binventory number\b",
    "model": r"\bmodel\b|\bmake\b|\bmanufacturer\b",
    "os": r"\bos\b|\boperating system\b|\bwindows (?:version|build)\b|\bmacos version\b|\bbuild number\b"
    r"|\bwhat (?:windows|macos) version\b|\bwhich (?:windows|macos) version\b|\bversion is\b|\bversion\b",
    "device": r"\bhostname\b|\bwhich (?:laptop|device|machine|pc|computer)\b",
    "location": r"\bwhich office\b|\bwhat office\b|\bwhere (?:are )?you (?:based|located|sitting|sit)\b"
    r"|\bwhere do you sit\b"
    r"|\boffice location\b|\bbased\b|\blocation\b|\bwhich floor\b|\bsend the replacement to\b",
    "started": r"\bwhen did (?:it|the \w+|this) start\b|\bsince when\b|\bhow long\b|\bstarted\b"
    r"|\bbeen happening\b",
    "error": r"\berror\b|\bexact (?:text|message)\b|\bwhat does it say\b|\bmessage text\b",
    "phone": r"\bphone\b|\bcall you\b|\breach you\b|\bnumber (?:can we|to) call\b",
    "employee_number": r"\bemployee (?:number|id)\b|\bstaff number\b",
    "manager": r"\byour manager\b|\bline manager\b|\bwho do you report\b",
    "firmware": r"\bfirmware\b",
    "root_cause": r"\broot cause\b",
    "sla": r"\bsla\b|\bservice level\b",
    "password": r"\bpassword\b|\bpasscode\b|\bmfa code\b",
}
PERSON_FIELDS: dict[str, str] = {
    "role": r"\byour (?:role|title|position|job)\b|\bstill the\b|\bwhat do you do\b",
    "hours": r"\bworking hours\b|\boffice hours\b|\byour hours\b|\btime zone\b|\btimezone\b",
    "account_manager": r"\baccount manager\b|\bwho (?:is )?your contact\b",
}

# --- intents ---------------------------------------------------------------------------------------------
APPROVE = (
    r"\bapprov(?:e|als?|ing)\b|\bsign(?:ed)? off\b|\bsign-off\b|\bok (?:to|with)\b|\bcan you ok\b|\bok\b.*\?$"
    r"|\bis that ok\b|\bcomfortable\b|\bconfirm (?:the )?approval\b|\bcan we (?:do|go to|make it)\b"
    r"|\bbook (?:the|this|a)\b.*\bdiscount\b|\bcould we (?:go to|do|make it)\b|\bany chance we can\b"
    r"|\bneed your approval\b|\bdo i need (?:your )?approval\b|\bok\?|\bgib\b.*\bfrei\b"
    r"|\b(?:could|can|would) you (?:please )?get\b[^.?!]{0,40}\bapproved\b"
)
POLICY_WORDS: dict[str, str] = {
    "discount": r"\bdiscounts?\b|\b% off\b|\bpercent off\b|\boff list\b|\boff (?:the|on)\b|\bpoint discount\b"
    r"|\b\d+(?:\.\d+)?\s?%|\bpercent\b|\bloyalty\b",
    "expense": r"\bexpenses?\b|\bclaims?\b|\breimburse(?:ment)?\b|\bspent\b|\bdinner\b|\blunch\b|\bparking\b"
    r"|\btaxi\b|\bmeals?\b|\bcatering\b|\bcoffee\b|\bbreakfast\b|\bdrinks\b",
    "travel": r"\btrips?\b|\btravel\b|\bhotel\b|\bflights?\b|\binternational\b|\babroad\b|\bper night\b"
    r"|\ba night\b",
    "purchase": r"\bpurchases?\b|\bpurchasing\b|\bpurchase order\b|\bpo\b|\bpos\b|\border\b|\bbuy\b",
    "gift": r"\bgift\b|\bgift card\b|\bhospitality\b|\bthank-you\b",
    "credit": r"\bservice credits?\b|\bsla credits?\b",
}
MEETING = (
    r"\bwhen (?:are|would|could) (?:you|we)\b.*\b(?:free|available|meet)\b|\bwhen (?:are"
    r"|would) you (?:free|available)\b"
    r"|\bwhat (?:time|slot) (?:works|suits|would work)\b|\bwhich (?:slot|time)\b|\bwhat time\b|\bfree for\b"
    r"|\bgot \d+ ?(?:min|m|minutes)\b|\bfind (?:an hour|\d+ ?min|time|a slot)\b|\bpropose a time\b"
    r"|\bavailability\b"
    r"|\bavailable\b|\bfree \d+ ?(?:m|min|minutes)\b|\bhave (?:an hour|half an hour|\d+ ?(?:min|minutes))\b"
    r"|\bbook \d+ ?(?:hour|min)|\bbook (?:1|one|an) hour\b|\bgrab \d+|\boptions for a\b"
    r"|\bany time\b.*\bfor a\b"
    r"|\bwould .* work for a\b|\bwhen would be a good time\b|\breply with a time\b|\bslot\b"
    r"|\bwhen could we meet\b|\bwhen (?:can|could) we (?:meet|talk)\b|\btime for\b.*\b(?:call|chat"
    r"|conversation)\b"
    r"|\bwhen are you free\b"
)
DOCUMENT = (
    r"\bsend (?:me|it|over)\b|\bshare\b|\bwhere(?:'s| is| can i find)\b.*\b(?:doc|document|policy|workbook|"
    r"spreadsheet|file|guide|playbook|deck|memo|rota|sheet)\b|\bpoint me to\b|\bis there a (?:doc|document"
    r"|log|"
    r"handbook|spreadsheet)\b|\bdo you have (?:a|the)\b|\bcould you send\b"
    r"|\bwhich (?:handbook )?doc(?:ument)?\b"
    r"|\bi need the\b.*\b(?:page|doc|document)\b|\bi'm looking for the doc\b|\bsend it\b|\bsend the\b"
    r"|\bpls send\b|\bplease send\b|\bwhere can i find\b|\bcan you send\b"
)
DOCUMENT_NOUNS = (
    r"\b(?:doc|docs|document|documents|workbook|spreadsheet|file|guide|playbook|deck|memo|rota|policy|sheet|"
    r"log|notes|dictionary|battlecard|plan|handbook|page|export|detail|rules)\b"
)
OTHER_TOPICS: dict[str, str] = {
    "invoice": r"\binvoices?\b|\bpay (?:our|the) (?:last )?invoice\b|\bbilling\b",
    "budget": r"\bbudget\b",
    "purchase order": r"\bpurchase order\b|\bpo number\b",
    "security questionnaire": r"\bsecurity questionnaire\b|\bsecurity review\b",
    "legal": r"\bmsa\b|\bredlines?\b|\blegal\b|\bnda\b|\bcontract terms\b",
    "delivery": r"\bdelivery address\b|\bshipping\b|\bdeliver\b|\binstallation\b",
}
PASS_ON = (
    r"\bpass (?:them|it|this|that|the \w+) on\b|\bpass on\b|\bforward (?:it|them)\b"
    r"|\bshare (?:it|them|the figure) with (?!me\b|us\b)|\bsend (?:it|them) to\b"
    r"|\bso (?:that )?i can (?:send|forward|share|pass)\b|\bi'll (?:tell|share)\b|\bi'd forward\b"
    r"|\bso they (?:know|see)\b|\bas a (?:reference|benchmark)\b|\bto compare\b|\bfor a benchmark\b"
    r"|\bi'll forward\b|\bforward them\b|\bbenchmark\b"
)
