"""Text primitives shared by every later stage: script tests (cjk), language analysis for
search (analysis) and dense embeddings (embed). Nothing here reads documents or the library."""
