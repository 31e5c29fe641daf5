"""LSH band keys of a fingerprint (graph.store.fingerprint.band_keys): one key per band of 4 slots, equal keys for
equal bands only, and the banding's recall at the duplicate threshold against its rejection of unrelated
texts, measured on simulated fingerprint pairs with a known share of equal slots."""

from __future__ import annotations

import random

from graph.store.duplicates import CANDIDATE_FINGERPRINTS
from graph.store.fingerprint import BANDS, PERMUTATIONS, band_keys, fingerprint, fingerprint_fields
from ingest.duplicates import TEXT_THRESHOLD
from tests.synth_contracts import synthetic_text


def test_one_key_per_band_and_a_changed_slot_changes_only_its_band():
    values = fingerprint(synthetic_text(7))
    keys = band_keys(values)
    assert len(keys) == BANDS == 32 and [k[:3] for k in keys] == [f"b{i:02d}" for i in range(BANDS)]
    assert all(len(k) == 19 and k[3:].isalnum() for k in keys)
    changed = list(values)
    changed[9] ^= 1  # slot 9 is in band 2 (slots 8-11)
    other = band_keys(changed)
    assert [i for i in range(BANDS) if other[i] != keys[i]] == [2]


def test_the_band_number_keeps_equal_values_in_different_bands_apart():
    assert len(set(band_keys([5] * PERMUTATIONS))) == BANDS


def test_missing_or_malformed_fingerprints_have_no_keys():
    assert band_keys(None) is None and band_keys([]) is None and band_keys([1, 2, 3]) is None
    assert fingerprint_fields("") == {"fingerprint": None, "fingerprint_bands": None}
    fields = fingerprint_fields(synthetic_text(8))
    assert fields["fingerprint_bands"] == band_keys(fields["fingerprint"])


def _share_a_key(rng: random.Random, equal_share: float) -> bool:
    """Two fingerprints whose slots are equal with probability `equal_share` (as MinHash slots of two texts
    with that Jaccard similarity are): do they share a band key?"""
    a = [rng.randrange(2**32) for _ in range(PERMUTATIONS)]
    b = [v if rng.random() < equal_share else rng.randrange(2**32) for v in a]
    return bool(set(band_keys(a)) & set(band_keys(b)))


def test_duplicates_at_the_threshold_are_always_candidates_and_unrelated_texts_rarely():
    rng = random.Random(20261201)
    at_threshold = sum(_share_a_key(rng, TEXT_THRESHOLD) for _ in range(2000))
    unrelated = sum(_share_a_key(rng, 0.2) for _ in range(2000))
    assert at_threshold == 2000  # 1 - (1 - 0.82^4)^32 > 0.999999
    assert 40 <= unrelated <= 170  # 1 - (1 - 0.2^4)^32 = 0.050: ~100 of 2000


def test_candidate_query_text():
    assert CANDIDATE_FINGERPRINTS == (
        "\nCALL db.index.fulltext.queryNodes('document_fingerprint_bands', $bands, {limit: $limit}) "
        "YIELD node, score\n"
        "MATCH (c:Contract)-[:HAS_DOCUMENT]->(node)\n"
        "WHERE node.fingerprint IS NOT NULL\n"
        "RETURN c.file_id AS file_id, node.fingerprint AS fingerprint\n")
