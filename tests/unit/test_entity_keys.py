"""core.names' party key is one legal entity: spellings of one entity share it, legal forms of one name do not
(issue 29 item 4). Names are the CUAD sample's own, with variants a contract could write."""

from __future__ import annotations

import pytest

from core.names import base_name, compact_name, legal_form, organisation_key, party_key
from graph.store.prepare import prepare

# Spellings of one legal entity: case, punctuation, "Inc" / "Inc." / "Incorporated", "Corp" / "Corporation",
# "Co." / "Company", "Ltd" / "Limited", trailing commas, a leading "The".
SAME = [
    ("Reynolds Consumer Products Inc.", "REYNOLDS CONSUMER PRODUCTS, INC.", "Reynolds Consumer Products Inc",
     "Reynolds Consumer Products Incorporated", "reynolds consumer products, inc.,"),
    ("REYNOLDS CONSUMER PRODUCTS LLC", "Reynolds Consumer Products, L.L.C.", "Reynolds Consumer Products LLC,"),
    ("Premier Nutrition Corporation", "PREMIER NUTRITION CORPORATION", "Premier Nutrition Corp.",
     "Premier Nutrition Corp"),
    ("Premier Nutrition Company, LLC", "PREMIER NUTRITION CO., LLC", "Premier Nutrition Co. L.L.C."),
    ("The Grilled Cheese Truck, Inc.", "THE GRILLED CHEESE TRUCK, INC.", "Grilled Cheese Truck Inc"),
    ("Blackwell Science Limited", "Blackwell Science Ltd", "BLACKWELL SCIENCE LTD."),
    ("Beijing SINA Internet Information Service Co., Ltd.", "Beijing SINA Internet Information Service Company "
     "Limited"),
    ("Stremick's Heritage Foods, LLC", "Stremicks Heritage Foods, L.L.C."),
    ("Bank of America, N.A.", "Bank of America, N. A"),
    ("LECLANCHÉ S.A.", "Leclanche SA"),
]
# Different legal forms of one name: different legal entities, one organisation key.
APART = [
    ("Reynolds Consumer Products Inc.", "REYNOLDS CONSUMER PRODUCTS LLC", "reynolds consumer products"),
    ("Premier Nutrition Corporation", "Premier Nutrition Company, LLC", "premier nutrition"),
    ("Adaptimmune LLC", "Adaptimmune Limited", "adaptimmune"),
    ("VÄRDE PARTNERS, L.P.", "VÄRDE PARTNERS, INC.", "varde partners"),
    ("Beijing SINA Internet Information Service Co.", "Beijing SINA Internet Information Service Co., Ltd.",
     "beijing sina internet information service"),
    ("Bank of America, N.A.", "BANK OF AMERICA CORPORATION", "bank of america"),
]


@pytest.mark.parametrize("spellings", SAME)
def test_spellings_of_one_entity_share_the_key(spellings):
    assert len({party_key(s) for s in spellings}) == 1


@pytest.mark.parametrize(("a", "b", "org"), APART)
def test_legal_forms_of_one_name_are_two_entities_of_one_organisation(a, b, org):
    assert party_key(a) != party_key(b)
    assert organisation_key(a) == organisation_key(b) == org


def test_the_examples_keys_forms_and_base_names():
    assert [(party_key(n), legal_form(n), base_name(n)) for n in (
        "Reynolds Consumer Products Inc.", "REYNOLDS CONSUMER PRODUCTS LLC", "Premier Nutrition Corporation",
        "Premier Nutrition Company, LLC", "The Acme Co., Ltd.", "Ingram Micro")] == [
        ("reynoldsconsumerproductsinc", "Inc.", "Reynolds Consumer Products"),
        ("reynoldsconsumerproductsllc", "LLC", "REYNOLDS CONSUMER PRODUCTS"),
        ("premiernutritioncorp", "Corp.", "Premier Nutrition"),
        ("premiernutritioncollc", "Co., LLC", "Premier Nutrition"),
        ("acmecoltd", "Co., Ltd.", "Acme"),
        ("ingrammicro", None, "Ingram Micro"),
    ]


def test_words_stay_apart_in_the_organisation_key():
    # Two Blackstone entities whose letters run together alike: "I/II" is not "III".
    assert organisation_key("Blackstone Holdings I/II GP L.L.C.") != organisation_key("BLACKSTONE HOLDINGS III GP L.P.")


def test_a_name_that_is_only_a_form_keeps_it_and_compact_name_keeps_everything():
    assert (party_key("Company"), organisation_key("Company"), legal_form("Company")) == ("company", "company", None)
    assert compact_name("The Acme Co., Ltd.") == "theacmecoltd"


def _keys(*names: str) -> list[str]:
    return sorted(prepare([{"file_id": str(i), "parties": [{"name": n}]} for i, n in enumerate(names)]).parties)


def test_a_name_without_legal_form_joins_the_only_entity_of_its_name():
    assert _keys("Ingram Micro", "INGRAM MICRO INC.", "Ingram Micro") == ["ingrammicroinc"]
    assert _keys("Cardlytics", "Cardlytics, Inc.") == ["cardlyticsinc"]
    # With two legal forms, which one is meant is not said: the bare name stays an entity of its own.
    assert _keys("Reynolds Consumer Products", "Reynolds Consumer Products Inc.",
                 "REYNOLDS CONSUMER PRODUCTS LLC") == ["reynoldsconsumerproducts", "reynoldsconsumerproductsinc",
                                                       "reynoldsconsumerproductsllc"]


def test_a_party_is_shown_by_a_spelling_that_states_its_legal_form():
    prepared = prepare([{"file_id": str(i), "parties": [{"name": n}]}
                        for i, n in enumerate(["Ingram Micro", "Ingram Micro", "INGRAM MICRO INC."])])
    party = prepared.parties["ingrammicroinc"]
    assert party.name == "INGRAM MICRO INC."
    assert party.entity == {"org_key": "ingram micro", "org_name": "INGRAM MICRO", "legal_form": "Inc."}


def test_organisations_group_two_or_more_legal_forms_of_a_name_with_contracts():
    from graph.store.organisations import organisation_groups

    names = ["Reynolds Consumer Products Inc.", "REYNOLDS CONSUMER PRODUCTS LLC", "Reynolds Consumer Products, Inc.",
             "Ingram Micro", "INGRAM MICRO INC.", "Franchisee", "Adaptimmune LLC"]
    prepared = prepare([{"file_id": str(i), "parties": [{"name": n}]} for i, n in enumerate(names)])
    entities = {k: p.entity for k, p in prepared.parties.items()}
    linked = {link["key"] for c in prepared.contracts for link in c.parties}
    assert organisation_groups(entities, linked) == {
        "reynolds consumer products": ["reynoldsconsumerproductsinc", "reynoldsconsumerproductsllc"]}
    # A party without contracts is no member (the graph's rule: BUILD reads linked parties only).
    assert organisation_groups(entities, linked - {"reynoldsconsumerproductsllc"}) == {}
