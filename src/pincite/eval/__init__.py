"""Measuring the answers: running a question set through a Library (run), checking quotes
against an independent text extraction (crosscheck) and the HTML report (report). Used by
`pincite eval` and the benchmarks; nothing earlier imports it."""
