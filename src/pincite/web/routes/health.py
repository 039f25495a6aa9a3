"""GET /api/health: the server answers, its version, and how many documents can answer."""
from __future__ import annotations

from fastapi import APIRouter

from pincite import __version__

from ..schemas import Health
from ..state import StateDep

router = APIRouter(prefix="/api")


# Answered from the documents snapshot: never waits for the library thread.
@router.get("/health", response_model=Health)
async def health(state: StateDep) -> dict:
    return {"status": "ok", "version": __version__, "documents": len(state.snapshot.documents)}
