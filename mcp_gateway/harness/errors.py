"""How the harness API refuses a request: the documented 422 shape, `{"detail": …}` otherwise."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from mcp_gateway.episodes import EpisodeError
from mcp_gateway.ledger import CapacityError
from mcp_gateway.verdicts import ReviewError


def validation_detail(errors: Sequence[Any]) -> dict[str, Any]:
    """A 422 body in FastAPI's documented shape (`detail`: [{loc, msg, type}]) plus `message`, a line that
    says what to fix; the offending input is never echoed (it may not even be strict JSON, like 1e400)."""
    detail = [
        {"loc": [x if isinstance(x, int) else str(x) for x in e.get("loc", ())], "msg": str(e.get("msg")),
         "type": str(e.get("type"))}
        for e in errors
    ]  # fmt: skip
    text = "; ".join(f"{'.'.join(map(str, d['loc'][1:] or d['loc'])) or 'body'}: {d['msg']}" for d in detail)
    return {"detail": detail, "message": f"invalid request: {text}"}


def error_body(status: int, message: str) -> dict[str, Any]:
    """The body of a refused request: `{"detail": message}`, or for 422 the documented validation shape."""
    if status == 422:
        return {"detail": [{"loc": ["body"], "msg": message, "type": "value_error"}], "message": message}
    return {"detail": message}


def install_error_handlers(app: FastAPI) -> None:
    """Answer validation, episode, review and capacity errors in the API's own shapes."""

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(validation_detail(exc.errors()), status_code=422)

    @app.exception_handler(EpisodeError)
    async def _episode_error(request: Request, exc: EpisodeError) -> JSONResponse:
        return JSONResponse(error_body(exc.status, exc.message), status_code=exc.status)

    @app.exception_handler(ReviewError)
    async def _review_error(request: Request, exc: ReviewError) -> JSONResponse:
        return JSONResponse(error_body(exc.status, exc.message), status_code=exc.status)

    @app.exception_handler(CapacityError)
    async def _capacity(request: Request, exc: CapacityError) -> JSONResponse:
        return JSONResponse(
            {"detail": "no capacity left for a new episode; retry later"},
            status_code=503,
            headers={"Retry-After": str(exc.retry_after)},
        )
