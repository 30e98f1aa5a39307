"""Which language a message is written in: English, Spanish, German or French.

`py3langid` (maintained; a naive Bayes model over byte n-grams, shipped in the package) decides among the
four, on the message without the names of records and people it mentions (a "Rodríguez" or a
"Jones-Carter" says nothing of the writer's language). Short or unsure texts are English.
"""

from __future__ import annotations

import functools
import re

LANGUAGES = ("en", "es", "de", "fr")
MIN_LETTERS = 12
MIN_CONFIDENCE = 0.9
# words only one of the other languages uses, enough on their own in a short message
_MARKERS = {
    "es": r"\b(?:hola|gracias|por favor|podrias|puedes|cual|cuando|donde|esta|etapa|el|la|de la|del)\b",
    "de": r"\b(?:hallo|danke|bitte|welcher|welches|wie|wann|ist|und|der|die|das|ihres|ihr)\b",
    "fr": r"\b(?:bonjour|merci|pourriez|pourrais|peux|quel|quelle|ou en est|est|le|la|les|du|des|votre)\b",
}


@functools.lru_cache(maxsize=1)
def _identifier():  # noqa: ANN202
    from py3langid.langid import MODEL_DIR, MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_modelpath(MODEL_DIR / MODEL_FILE, norm_probs=True)
    ident.set_languages(list(LANGUAGES))
    return ident


def detect(text: str, names: list[str] | tuple[str, ...] = ()) -> str:
    """The language of `text` ("en", "es", "de" or "fr"), its `names` (records, people) left out first.

    Args:
        text: the writer's own words.
        names: names the text may contain that belong to no language.
    """
    bare = text
    for name in sorted(names, key=len, reverse=True):
        if name and name.lower() in bare.lower():
            bare = re.sub(re.escape(name), " ", bare, flags=re.I)
    bare = re.sub(r"(?<!\S)\S+@\S+|\bINC\d+\b|[\d$%€£.,:/#()\[\]|*_-]+", " ", bare)
    if sum(ch.isalpha() for ch in bare) < MIN_LETTERS:
        return "en"
    language, confidence = _identifier().classify(bare)
    if language == "en" or confidence >= MIN_CONFIDENCE:
        return language
    marks = len(re.findall(_MARKERS[language], bare.lower()))
    return language if marks >= 2 else "en"
