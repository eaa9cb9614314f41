"""shared_rules.pieces.save_pieces (issue 21: a save's text made in pieces, so a heap
in pieces needs no block as big as the whole text): for any JSON-ready body, the
pieces joined are exactly json.dumps's text, and the header is the one that text
gets, so a save made either way has the same bytes. Property tests (hypothesis)."""

import json

from hypothesis import given, settings, strategies as st

from shared_rules.pieces import save_pieces
from shared_rules.save import decode_save, save_header
import hashlib

_SCALARS = st.none() | st.booleans() | st.integers(-2**40, 2**40) | \
    st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20)
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4) |
                       st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)
_SCREENS = st.lists(st.fixed_dictionaries({"id": st.text(max_size=8), "state": _VALUES}), max_size=5)
_BODIES = st.dictionaries(st.text(max_size=10), _VALUES, max_size=6).flatmap(
    lambda body: st.one_of(st.just(body), _SCREENS.map(lambda screens: dict(body, screens=screens))))


@settings(max_examples=300, deadline=None)
@given(_BODIES)
def test_the_pieces_join_to_json_dumps_with_its_header(body):
    header, pieces = save_pieces(body)
    text = "".join(pieces)
    assert text == json.dumps(body)
    data = text.encode()
    assert header == save_header(hashlib.sha256(data).digest(), len(data))
    assert decode_save((header + "\n" + text + "\n").encode(), "state.sav") == json.loads(text)
