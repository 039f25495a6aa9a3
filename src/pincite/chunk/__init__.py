"""Chunks of a DocumentModel: the chunk shape (model), page-text chunks (pages), chunks that
join a sentence cut by a page break (bridges) and table-row chunks (tables). Reads extract's
model and text's analysis; knows nothing of the index or of answers."""
