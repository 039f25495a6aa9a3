"""The command line (`pincite ...`): argument parsing and output (main), answer rendering for
a terminal (render) and answer export to files (export). A face: it calls the Library, or a
running server through web.client. `python -m pincite.cli` runs it."""
