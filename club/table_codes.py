"""Table codes: the key a table's players type (or scan) to enter their own score sheet.

A code is :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`, capitals and digits
without those people confuse on paper or on a phone (0/O, 1/I/L, 5/S, 2/Z, 8/B): 25
symbols, so 8 characters are 25**8, about 1.5·10^11 codes (37 bits). A code is printed in
two halves (:func:`spaced`) beside the QR code, with the address of the page that asks for
it (``/sheet/``).

:func:`normalise` turns what people type into the stored form before any lookup: capitals,
and no spaces, dashes, dots or underscores. Codes made before the look-alikes left the
alphabet were stored in capitals too, so they keep working.

Unknown codes are counted per client address (:mod:`club.throttle`): after
``TROEF_CODE_MISSES`` of them within ``TROEF_CODE_MISS_WINDOW_SECONDS``, every code lookup
from that address is refused (429) until the window has passed (:func:`held_back`,
:func:`missed`); each refusal is logged with the address, never the code. A right code
does not clear the count (guesses between two right codes still count).
"""

from __future__ import annotations

import logging
import re
import unicodedata

from django.conf import settings
from django.utils.translation import ngettext

from club import throttle

log = logging.getLogger(__name__)

#: Capitals and digits that cannot be misread for each other on a printed sheet.
CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679"
CODE_LENGTH = 8

#: What people put between the characters of a code: spaces, dashes, dots, underscores.
_SEPARATORS = re.compile(r"[\s\-\u2010-\u2015\u2212._]+")

#: The throttle's scope (club.throttle): unknown codes per client address.
MISSES = "code-miss"


def normalise(text: str) -> str:
    """``text`` as a code is stored: capitals, without what people type between characters.

    >>> normalise(" tz3z-u89n ")
    'TZ3ZU89N'
    >>> normalise("Tz3Z \\u2013 U89n")
    'TZ3ZU89N'
    """
    return _SEPARATORS.sub("", unicodedata.normalize("NFKC", text or "")).upper()


def spaced(code: str) -> str:
    """A code as people read it: in groups of four (a short code as it is).

    >>> spaced("TZ3ZU89N"), spaced("CODE01")
    ('TZ3Z U89N', 'CODE01')
    """
    if len(code) < CODE_LENGTH:
        return code
    return " ".join(code[i:i + 4] for i in range(0, len(code), 4))


def held_back(request) -> bool:
    """Whether this request's address tried too many unknown codes lately (then every code
    lookup from it is refused, and this refusal is logged with the address)."""
    address = throttle.client_address(request)
    misses = throttle.count(MISSES, address)
    if misses < settings.TROEF_CODE_MISSES:
        return False
    log.warning("Table code lookup refused for %s: %d unknown codes within %d seconds",
                address, misses, settings.TROEF_CODE_MISS_WINDOW_SECONDS)
    return True


def missed(request) -> None:
    """Count an unknown code against this request's address."""
    throttle.add(MISSES, throttle.client_address(request),
                 settings.TROEF_CODE_MISS_WINDOW_SECONDS)


def held_back_message() -> str:
    """The refusal of a held-back address, in the user's language."""
    minutes = max(1, -(-settings.TROEF_CODE_MISS_WINDOW_SECONDS // 60))
    return ngettext(
        "Too many unknown table codes were tried from this connection. Wait %(minutes)d "
        "minute, then type your table's code again.",
        "Too many unknown table codes were tried from this connection. Wait %(minutes)d "
        "minutes, then type your table's code again.", minutes) % {"minutes": minutes}
