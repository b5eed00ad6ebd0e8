"""PDF reports: score sheets of a round, standings, round results, and their charts.

``data`` reads what a report shows (a fixed number of queries); ``sheets`` (score sheets)
and ``tables`` (standings, results) lay it out as pages of positioned text blocks
(``layout``, with names fitted by ``fonts``); ``charts`` draws SVG with matplotlib; ``pdf``
renders HTML with WeasyPrint and merges chunks with pypdf; ``documents`` ties each report
kind to its data, fingerprint and HTML; ``jobs`` runs a ReportJob (chunks, merge,
progress, files) for the Celery tasks in ``club.tasks``. Asking for a report is
``club.services.reports``.

Speed (see DESIGN.md and benchmarks/pdf.py): WeasyPrint's cost is the number of boxes and
line boxes, so every page is a few absolutely positioned blocks with ``white-space: pre``
(one line box per row of a column, numbers of a row in one monospaced line), over a
background drawn once (one SVG path) and shared by every page.
"""
