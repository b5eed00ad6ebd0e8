"""The kinds of score sheet (docs/architecture.md, "Sheet kinds"): what differs between a
partnership sheet and an auction Manille sheet is written once, in the kind, and asked by the
pages, the API and the services (:func:`club.sheets.kinds.kind_of`)."""
