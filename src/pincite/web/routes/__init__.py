"""The REST API's routes, one module per resource, each an APIRouter under /api whose
endpoints take the server's state by dependency injection (pincite.web.state.StateDep):

    health     GET /api/health
    ask        POST /api/ask
    export     POST /api/export (the evidence file of an answer)
    llm        GET, PUT /api/settings/llm; POST /api/settings/llm/check
    documents  GET, POST /api/documents; PATCH, DELETE /api/documents/{doc_id}
    pages      GET /api/documents/{doc_id}/pages/{n}.png, .../highlight, .../text,
               /api/documents/{doc_id}/file, /api/chunks/{chunk_id}

A route parses its input, makes one Library call (on the library thread) and returns
JSON. pincite.web.app includes them, in this order, behind the token check (params).
An endpoint's docstring is its description in /openapi.json, so the endpoints published
without one carry a comment instead.
"""
