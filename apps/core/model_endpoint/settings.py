"""Where a model endpoint is and how to talk to it, read from the environment for one use.

Each use has its own prefix, so a lab may point the rubric judge and the personas at different models:

    SAASGYM_<USE>_URL           base URL of an OpenAI-compatible API, e.g. http://127.0.0.1:8000/v1
    SAASGYM_<USE>_MODEL         the model name sent with every request (also the recorded model id)
    SAASGYM_<USE>_API_KEY_ENV   the name of the variable that holds the API key
                                (default SAASGYM_<USE>_API_KEY; unset or empty: no key, as local servers take)
    SAASGYM_<USE>_TIMEOUT_S     seconds one request may take (default 60)
    SAASGYM_<USE>_RETRIES       retries after a connection error, timeout, 429 or 5xx (default 2)
    SAASGYM_<USE>_MAX_TOKENS    the answer's token limit (default 512)

`<USE>` is `JUDGE` for the rubric judge and `PERSONA` for people reading mail; no URL means no model
for that use (the caller falls back to its deterministic default or, for the judge, a void verdict).
The key is read when the settings are built and never printed (`repr` hides it).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

USES = ("judge", "persona")


class EndpointSettingsError(ValueError):
    """A setting has a value that cannot be used (the message names the variable)."""


@dataclass(frozen=True)
class EndpointSettings:
    """One use's endpoint: where it is, which model, the key, and the bounds of every call."""

    url: str
    model: str
    api_key: str = field(default="", repr=False)
    timeout_s: float = 60.0
    retries: int = 2
    max_tokens: int = 512

    @classmethod
    def from_env(cls, use: str, env: Mapping[str, str] | None = None) -> EndpointSettings | None:
        """The settings of `use` ("judge", "persona") from `SAASGYM_<USE>_*`, or None when no URL is set.

        Args:
            use: what the model is for; names the variables' prefix.
            env: the variables to read (default: the process environment).

        Raises:
            EndpointSettingsError: a URL without a model, or a number that does not parse or is out of range.
        """
        env = os.environ if env is None else env
        prefix = f"SAASGYM_{use.upper()}_"
        url = env.get(prefix + "URL", "").strip()
        if not url:
            return None
        model = env.get(prefix + "MODEL", "").strip()
        if not model:
            raise EndpointSettingsError(f"{prefix}URL is set but {prefix}MODEL is not: name the model")
        key_var = env.get(prefix + "API_KEY_ENV", "").strip() or prefix + "API_KEY"
        return cls(
            url=url.rstrip("/"),
            model=model,
            api_key=env.get(key_var, "").strip(),
            timeout_s=_number(env, prefix + "TIMEOUT_S", 60.0, float, 0.1, 3600),
            retries=_number(env, prefix + "RETRIES", 2, int, 0, 10),
            max_tokens=_number(env, prefix + "MAX_TOKENS", 512, int, 16, 65536),
        )


def _number(env: Mapping[str, str], name: str, default, kind, low, high):  # noqa: ANN001, ANN202
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = kind(raw)
    except ValueError:
        raise EndpointSettingsError(f"{name}={raw!r} is not a {kind.__name__}") from None
    if not low <= value <= high:
        raise EndpointSettingsError(f"{name}={raw!r} is outside {low}–{high}")
    return value
