"""HTML to PDF with WeasyPrint, and chunks merged into one PDF with pypdf.

Files are written atomically (a temporary file in the same folder, then ``os.replace``):
a chunk rendered again after its worker died simply overwrites the first attempt, and a
reader never sees half a file.
"""

from __future__ import annotations

import io
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that the file is either absent or complete."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def html_to_pdf(html: str) -> bytes:
    """Render ``html`` (fonts by file URL, images as data URLs) to PDF bytes."""
    from weasyprint import HTML

    return HTML(string=html, base_url=None).write_pdf()


def render_to(html: str, path: Path) -> int:
    """Render ``html`` to the file ``path`` atomically; returns the number of bytes."""
    data = html_to_pdf(html)
    write_atomic(path, data)
    return len(data)


def merge(parts: Sequence[Path | bytes]) -> bytes:
    """The PDFs ``parts`` merged in order into one.

    Every chunk carries its own copy of the fonts and the shared background: identical
    objects are kept once (``compress_identical_objects``).
    """
    from pypdf import PdfReader, PdfWriter  # only the merging worker needs it

    writer = PdfWriter()
    for part in parts:
        source = io.BytesIO(part) if isinstance(part, bytes) else str(part)
        writer.append(PdfReader(source))
    writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
