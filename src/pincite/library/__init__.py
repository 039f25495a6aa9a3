"""The Library facade (facade.Library) that owns every feature the faces offer, and the
modules its methods' work lives in, by feature: reading, ingest, indexing, rebuild,
configure, export (the evidence export of an answer), with the queue workers of a shared
catalog (worker) and copying an index between engines (migrate). Importing this package
loads nothing: the facade is imported from pincite.library.facade."""
