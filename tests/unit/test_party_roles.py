"""Party merging and role words, measured against a hand-checked list of name pairs: each pair either names
the same party (must merge) or two different ones (must stay apart). Merges and splits are counted, and the
test fails on any wrong decision."""

from __future__ import annotations

import pytest

from graph.store.party_roles import is_role_name, resolve_role_name
from graph.store.prepare import prepare

# (a, b, same party?) - checked by hand against the sample's contracts.
PAIRS: list[tuple[str, str, bool]] = [
    ("Ingram Micro", "INGRAM MICRO INC.", True),
    ("Stremick's Heritage Foods, LLC", "Stremicks Heritage Foods, LLC", True),
    ("Stremicks Heritage Foods, LLC", "Stremicks Heritage Foods, L.L.C.", True),
    ("IREYA B.V", "Ireya B.V.", True),
    ("PELICAN DELIVERS INC.", "Pelican Delivers Inc.", True),
    ("Cardlytics", "Cardlytics, Inc.", True),
    ("BioAmber S.A.S.", "Bioamber S.A.S.", True),
    ("Bioamber S.A.S.", "BioAmber SAS", True),
    ("Monsanto Company", "Monsanto", True),
    ("KATHY WHITWORTH", "Kathy Whitworth", True),
    ("UTEK Corporation", "UTEK Corp.", True),
    ("Premier Nutrition Corporation", "Premier Nutrition Corp", True),
    ("XIMAGE corporation", "XIMAGE CORPORATION", True),
    ("INTEGRITY INCORPORATED", "Integrity Inc.", True),
    ("Cargill, Incorporated", "Cargill Inc", True),
    ("MEDICA S.p.A.", "Medica SpA", True),
    ("Merck KGaA", "MERCK KGAA", True),
    ("Veoneer AB", "Veoneer", True),
    ("LECLANCHÉ S.A.", "Leclanche SA", True),
    ("DANIEL KŘETÍNSKÝ", "Daniel Kretinsky", True),
    ("Tel-Online Limited", "Tel-Online Ltd.", True),
    ("Beijing Sun Seven Stars Culture Development Limited", "Beijing Sun Seven Stars Culture Development Ltd",
     True),
    ("AZUL LINHAS AÉREAS BRASILEIRAS S/A", "Azul Linhas Aereas Brasileiras S.A.", True),
    ("Salesforce.org", "SALESFORCE.ORG", True),
    ("PC QUOTE, INC.", "PC Quote Inc", True),
    ("Bank of America, N.A.", "Bank of America Corporation", False),
    ("National Football League Alumni, Inc.", "National Football League Alumni - Northern California Chapter",
     False),
    ("AFI Licensing LLC", "AHF Holding, Inc.", False),
    ("Armstrong Flooring, Inc.", "Armstrong Hardwood Flooring Company", False),
    ("FEDERATED INVESTMENT MANAGEMENT COMPANY", "FEDERATED ADVISORY SERVICES COMPANY", False),
    ("PennTex North Louisiana Operating, LLC", "MRD Operating LLC", False),
    ("Beijing Yisheng Leju Information Services Co., Ltd.", "Beijing Sun Seven Stars Culture Development Limited",
     False),
    ("International Business Machines Corporation", "IBM Credit LLC", False),
    ("Food For Athletes, Inc. / Gridiron BioNutrients™", "Gridiron BioNutrients, Inc.", False),
    ("Excite, Inc.", "Excite@Home", False),
    ("Telstra", "Telstra Holdings", False),
    ("China Telecom", "Korea Telecom", False),
    ("Microsoft Corporation", "Microgenics Corporation", False),
    ("ABC Company", "ABC Holdings", False),
    ("Franchisee", "Franchisee", False),  # role words: one placeholder per contract, never merged
    ("Licensee", "Licensee", False),
    ("Company", "ABC Company", False),
    ("Distributor", "European Micro", False),
    # One legal entity, spelled differently (issue 29 item 4).
    ("THE GRILLED CHEESE TRUCK, INC.", "The Grilled Cheese Truck, Inc.", True),
    ("Cargill, Incorporated", "CARGILL, INC.", True),
    ("Premier Nutrition Company, LLC", "PREMIER NUTRITION CO. LLC", True),
    ("Blackwell Science Limited", "Blackwell Science Ltd", True),
    ("UTEK Corporation", "Utek Corp,", True),
    # Different legal forms of one name: different legal entities (grouped in an Organisation instead).
    ("Reynolds Consumer Products Inc.", "REYNOLDS CONSUMER PRODUCTS LLC", False),
    ("Premier Nutrition Corporation", "Premier Nutrition Company, LLC", False),
    ("Adaptimmune LLC", "Adaptimmune Limited", False),
    ("BIA GP L.P.", "BIA GP L.L.C.", False),
    ("VÄRDE PARTNERS, L.P.", "VÄRDE PARTNERS, INC.", False),
    ("Blackstone Holdings I/II GP L.L.C.", "BLACKSTONE HOLDINGS III GP L.P.", False),
]


def _same(a: str, b: str) -> bool:
    """The loader's decision: the two names, in two contracts, become one party (a role is never merged)."""
    records = [{"file_id": "a", "parties": [{"name": a}]}, {"file_id": "b", "parties": [{"name": b}]}]
    return not is_role_name(a) and not is_role_name(b) and len(prepare(records).parties) == 1


def test_hand_checked_pairs_merge_and_split_exactly():
    assert len(PAIRS) >= 50
    merges = {(a, b) for a, b, same in PAIRS if same and _same(a, b)}
    splits = {(a, b) for a, b, same in PAIRS if not same and not _same(a, b)}
    wrong = [(a, b, same) for a, b, same in PAIRS if _same(a, b) != same]
    assert (len(merges), len(splits), wrong) == (30, 24, [])


@pytest.mark.parametrize(("name", "role"), [
    ("Franchisee", True), ("franchisee", True), ("the Licensee", True), ("Master Franchisee", True),
    ("Franchise Owner", True), ("Affiliates", True), ("Service Provider", True), ("Company", True),
    ("ABC Company", False), ("Ingram Micro", False), ("Premier Nutrition Corporation", False),
    ("Bank of America, N.A.", False), ("Supplier Holdings Ltd", False), ("", False),
])
def test_role_names(name, role):
    assert is_role_name(name) is role


def test_role_parties_are_contract_local_and_reported():
    records = [{"file_id": f"f{i}", "contract_type": "Franchise",
                "parties": [{"name": "Franchisee", "role": "Franchisee"}, {"name": name, "role": "Franchisor"}]}
               for i, name in enumerate(["Ingram Micro", "INGRAM MICRO INC."])]
    prepared = prepare(records)
    assert sorted(prepared.parties) == ["franchisee@f0", "franchisee@f1", "ingrammicroinc"]
    assert prepared.parties["ingrammicroinc"].aliases == ["INGRAM MICRO INC.", "Ingram Micro"]
    assert [p.role_only for p in prepared.parties.values()] == [True, False, True]
    assert prepared.report.fixes["role_only_party"] == 2


@pytest.mark.parametrize(("role", "text", "name"), [
    ("Franchisee", 'made between Papa Johns International, Inc., a Delaware corporation ("Franchisor"), and '
                   'John Smith Pizza LLC, a Kentucky limited liability company ("Franchisee").',
     "John Smith Pizza LLC"),
    ("Franchisor", 'made between Papa Johns International, Inc., a Delaware corporation ("Franchisor"), and '
                   'John Smith Pizza LLC ("Franchisee").', "Papa Johns International, Inc."),
    ("Licensee", 'by and between BEST PIZZA, INC. (hereinafter referred to as "Licensee") and X', "BEST PIZZA, INC."),
    ("Distributor", "This agreement has no defined parties at all.", None),
])
def test_role_resolved_from_the_preamble(role, text, name):
    assert resolve_role_name(role, text) == name
