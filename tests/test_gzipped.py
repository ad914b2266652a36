"""A download kept gzip-compressed with a filler per download (campaigns/web/gzipped.py): every
file it makes is one valid gzip member (its CRC-32 and length checked by `gzip.decompress`)
holding exactly the parts joined by the filler, whatever the parts, the filler or its length."""

import gzip
import json
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from campaigns.web import gzipped

texts = st.text(max_size=3000).map(str.encode)  # UTF-8: never the byte 0xFF


@settings(max_examples=150, deadline=None)
@given(parts=st.lists(texts, min_size=1, max_size=8), gap=st.integers(4, 40), data=st.data())
def test_a_kept_file_is_the_parts_joined_by_any_filler(parts, gap, data):
    kept = gzipped.gzipped(parts, gap)
    for _ in range(2):  # one kept file, two downloads with their own fillers
        filler = data.draw(st.binary(min_size=gap, max_size=gap))
        assert gzip.decompress(gzipped.gzip_file(kept, filler)) == filler.join(parts)


@settings(max_examples=50, deadline=None)
@given(text=texts)
def test_one_part_is_its_text_compressed(text):
    kept = gzipped.gzipped([text])
    assert gzip.decompress(gzipped.gzip_file(kept)) == text


def test_the_parts_compress_across_the_gaps():
    """Each part is compressed looking back over the parts before it (the gaps never copied
    from): 2,000 records alike (a kilobyte each, as a BG Stats play), each with a filler, are
    a fifth of their size or less."""
    seats = [{"playerRefId": seat, "score": str(seat * 7), "winner": seat == 1, "role": "Dragonborn"}
             for seat in range(1, 6)]
    parts = [json.dumps({"game": number, "players": seats, "board": "Whiterun"}, indent=1)[:-1].encode()
             + b', "modificationDate": ' for number in range(2000)] + [b"}"]
    kept = gzipped.gzipped(parts, 21)
    text = b'"2026-12-07 12:00:00"'.join(parts)
    file = gzipped.gzip_file(kept, b'"2026-12-07 12:00:00"')
    assert gzip.decompress(file) == text
    assert len(file) * 5 < len(text)


def test_a_back_reference_never_reaches_into_a_gap():
    """Text that repeats what a filler will hold: compressed with the gaps as bytes 0xFF, no
    part copies a filler's bytes, so a different filler leaves the parts as they are."""
    stamp = b'"2026-12-07 12:00:00"'
    parts = [b'{"at": ' + stamp + b', "next": '] * 50 + [b"}"]
    kept = gzipped.gzipped(parts, len(stamp))
    for filler in (stamp, b'"1999-01-01 00:00:00"', bytes(len(stamp)), b"\xff" * len(stamp)):
        assert gzip.decompress(gzipped.gzip_file(kept, filler)) == filler.join(parts)


def test_a_file_is_read_by_zlib_as_browsers_do():
    """A single gzip member, as a browser's decoder reads a Content-Encoding: gzip answer."""
    parts = [b"first part ", b" second ", b" end"]
    file = gzipped.gzip_file(gzipped.gzipped(parts, 5), b"12345")
    decoder = zlib.decompressobj(16 + zlib.MAX_WBITS)
    assert decoder.decompress(file) == b"first part 12345 second 12345 end"
    assert decoder.eof and decoder.unused_data == b""


@pytest.mark.parametrize(
    ("parts", "gap", "message"),
    [
        ([b"a", b"b"], 3, "4 bytes or more"),
        ([b"caf\xff", b"b"], 4, "0xFF"),
    ],
)
def test_what_it_cannot_keep_is_refused(parts, gap, message):
    with pytest.raises(ValueError, match=message):
        gzipped.gzipped(parts, gap)


def test_a_filler_of_another_length_is_refused():
    kept = gzipped.gzipped([b"a", b"b"], 4)
    with pytest.raises(ValueError, match="4 bytes"):
        gzipped.gzip_file(kept, b"12345")
