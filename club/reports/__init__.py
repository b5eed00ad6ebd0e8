"""PDF reports: score sheets of a round, standings, round results, and their charts.

Pure rendering, no job bookkeeping: ``data`` reads what a report shows (a fixed number of
queries) into plain values; ``sheets``, ``tables`` and ``charts`` turn them into HTML and
SVG; ``pdf`` renders HTML with WeasyPrint and merges chunks with pypdf; ``documents``
ties one report kind to its data, fingerprint and renderer; ``jobs`` runs a ReportJob
(chunks, merge, progress, files) for the Celery tasks in ``club.tasks``.

Speed (see DESIGN.md and benchmarks/pdf.py): WeasyPrint's cost is the number of boxes and
line boxes, so every page is a few absolutely positioned blocks with ``white-space: pre``
(one line box per row of a column, numbers of a row in one monospaced line), over a
background drawn once (one SVG path) and shared by every page.
"""
