"""pincite as a Model Context Protocol server, for agents and AI desktops.

`server.build_server` defines the tools (ask, search, verify_quote, get_page,
list_documents) and resources (`pincite://doc/{doc_id}`, `pincite://doc/{doc_id}/page/{n}`)
over a `Library`, with the official Python SDK (`mcp`). Two transports serve it: stdio
(`stdio.serve_stdio`, the command `pincite mcp`) and streamable HTTP mounted at `/mcp` in
`pincite serve` (`http.mount`). Importing this package imports nothing of the SDK.
"""
