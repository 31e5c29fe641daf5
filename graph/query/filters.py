"""`ContractFilter`: the typed filter every reader shares (dashboard forms, CLI, the agent's tools).

Field names and descriptions are the tool contract the LLM sees, so they are written for it. Validation
normalises values (types to their canonical spelling, countries to ISO codes, states to codes) and raises
`FilterValidationError` naming the field for anything it cannot accept.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from core.currency import CURRENCIES, DEFAULT_CURRENCY, normalize_currency
from core.errors import FilterValidationError
from core.vocab import (
    CLAUSE_TYPES,
    CONTRACT_TYPES,
    CUAD_CATEGORIES,
    normalize_country,
)
from graph.query.filter_values import blank, canonical_all, has_alnum, state_code

SortField = Literal["effective_date", "end_date", "total_amount", "party_count"]
GroupBy = Literal["contract_type", "effective_year", "effective_month", "end_year", "party",
                  "party_country", "governing_law_country", "clause_type", "text_clause_type",
                  "notice_month", "renewal_type", "status", "currency"]
RenewalType = Literal["none", "automatic", "option", "evergreen", "perpetual"]
# graph.query.status.STATUSES (a test keeps the two equal; filters.py sits below status.py's imports)
Status = Literal["not_started", "in_force", "in_notice_window", "notice_passed", "perpetual", "expired", "unknown"]
Metric = Literal["count", "sum_amount", "avg_amount", "min_amount", "max_amount", "avg_duration_days"]
Operator = Literal["=", ">", "<", ">=", "<="]
Order = Literal["asc", "desc"]
MAX_LIMIT = 500
# Paging and amounts are bounded so every value fits Neo4j's 64-bit integers and floats (9223372036854775808
# or 1e23 as an offset failed in the driver with an OverflowError).
MAX_OFFSET = 1_000_000
MAX_AMOUNT = 1e15
MAX_NAME = 200
MAX_TEXT = 500
MAX_ITEMS = 50
# The dates a filter may hold, wherever it comes from (a link, a form, a question, the agent's tools): the
# range every date picker offers (the Explorer's form, the Overview's and Renewals' 'as of'). The renewal
# maths adds terms and notice periods to these dates, and 9999-12-31 plus one day is past Python's last
# date (OverflowError); 1900 reaches back past any contract the questions name ('signed before 1945').
DATE_MIN, DATE_MAX = date(1900, 1, 1), date(2199, 12, 31)
DATE_FIELDS = ("min_effective_date", "max_effective_date", "min_end_date", "max_end_date", "as_of",
               "min_notice_by", "max_notice_by", "min_next_renewal", "max_next_renewal")


def days_after(day: date, days: int) -> date:
    """`day` plus `days`, stopped at DATE_MAX: the end of a horizon counted from an as-of date a filter accepts."""
    return min(day + timedelta(days=days), DATE_MAX)


def date_out_of_range(value: date) -> str | None:
    """Why `value` cannot be used as a filter date, or None when it is within DATE_MIN..DATE_MAX."""
    if DATE_MIN <= value <= DATE_MAX:
        return None
    return f"{value.isoformat()} is outside the dates this app handles ({DATE_MIN.isoformat()} to " \
           f"{DATE_MAX.isoformat()})"


class MonetaryValue(BaseModel):
    """A comparison on the contract's total amount, as in the reference design."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    value: float = Field(ge=0, le=MAX_AMOUNT, allow_inf_nan=False,
                         description="Amount in the filter's `currency` (default USD).")
    operator: Operator = Field(description="Comparison: one of =, >, <, >=, <=.")


class ContractFilter(BaseModel):
    """Typed filter over contracts; every field is optional and all given fields must hold (AND)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    min_effective_date: date | None = Field(None, description="Effective on or after this date (YYYY-MM-DD).")
    max_effective_date: date | None = Field(None, description="Effective on or before this date (YYYY-MM-DD).")
    min_end_date: date | None = Field(None, description="Ends on or after this date (YYYY-MM-DD).")
    max_end_date: date | None = Field(None, description="Ends on or before this date (YYYY-MM-DD).")
    contract_types: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="Contract types, any of them matches (OR). Valid: " + ", ".join(CONTRACT_TYPES) + ".")
    parties: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="Party name fragments; every fragment must match a party of the contract (AND). "
                    "Case-insensitive substring over party names and their aliases. Each party is one legal "
                    "entity; a fragment matches every entity whose names contain it ('reynolds' matches Reynolds "
                    "Consumer Products Inc. and its LLC alike, 'reynolds consumer products inc' only the Inc.).")
    organisations: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="Organisation fragments; every fragment must match (AND). An organisation groups the legal "
                    "entities of one name across legal forms (Inc., LLC, ...). A fragment matches an "
                    "organisation when it is part of the organisation's name or of any member's name or alias "
                    "(case-insensitive); the contract then has some member of it as a party. A party in no "
                    "organisation counts as its own. E.g. 'Reynolds Consumer Products Inc.' matches the "
                    "contracts of the Inc. and of the LLC.")
    party_country: str | None = Field(
        None, description="A party is located in this country (ISO 3166 alpha-2, e.g. US, GB, CN).")
    governing_law_country: str | None = Field(
        None, description="Country whose law governs the contract (ISO 3166 alpha-2).")
    governing_law_state: str | None = Field(
        None, description="US state or Canadian province whose law governs the contract, code or name "
                          "(e.g. DE or Delaware, NY, ON).")
    active: bool | None = Field(
        None, description="true: in force on as_of (started, and its current term covers as_of: the initial "
                          "term has not ended, or it renews automatically / is evergreen and rolled over, or it "
                          "is perpetual); false: expired on as_of (ended before it and does not roll). "
                          "Contracts not yet started and those of unknown status are neither.")
    status: tuple[Status, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="The contract's status on as_of, any of them matches (OR): not_started (effective after "
                    "as_of), in_force, in_notice_window (notice deadline within 90 days), notice_passed (the "
                    "term's notice deadline passed, the term runs on), perpetual, expired, unknown (no end date).")
    end_date_disagrees: bool | None = Field(
        None, description="true: the end of the initial term read from the contract's text and the "
                          "pre-extracted end date are both known and differ; false: both known and equal.")
    as_of: date | None = Field(None, description="Reference date for `active`, `status`, the notice and renewal "
                                                 "bounds and the notice_month and status groups (YYYY-MM-DD); "
                                                 "default today.")
    has_end_date: bool | None = Field(
        None, description="true: only contracts with a known end date; false: only open-ended contracts "
                          "(no end date).")
    min_amount: float | None = Field(None, ge=0, le=MAX_AMOUNT, allow_inf_nan=False,
                                     description="Total amount at least this, in `currency` (default USD).")
    max_amount: float | None = Field(None, ge=0, le=MAX_AMOUNT, allow_inf_nan=False,
                                     description="Total amount at most this, in `currency` (default USD).")
    monetary_value: MonetaryValue | None = Field(
        None, description="Total amount compared with an operator, e.g. {value: 1000000, operator: '>'}, in "
                          "`currency` (default USD).")
    currency: str | None = Field(
        None, description="ISO 4217 code (EUR, CNY, ...; 'euro', 'RMB' accepted) the amount bounds, amount metrics "
                          "and amount sort work in (default USD); only amounts in it count, currencies are never "
                          "added. Alone, it keeps the contracts whose amount is in it. Group by 'currency' for "
                          "one figure per currency.")
    clause_types: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="Clause types the contract must all contain (AND). Valid: " + ", ".join(CLAUSE_TYPES))
    without_clause_types: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS, description="Clause types the contract must not contain (the negation of "
                                              "clause_types, e.g. 'contracts without a confidentiality clause').")
    text_clause_types: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="CUAD clause categories found in the contract's own text (a section of its document "
                    "classified with the category in the found band, the classifier's precision-oriented "
                    "band, or confirmed by a reviewer; a reviewer's rejection excludes it); all must hold. Valid: "
                    + ", ".join(CUAD_CATEGORIES))
    without_text_clause_types: tuple[str, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="CUAD clause categories NOT found in the contract's own text (the negation of "
                    "text_clause_types, e.g. 'contracts without a cap on liability'); none may hold.")
    renewal_types: tuple[RenewalType, ...] = Field(
        (), max_length=MAX_ITEMS,
        description="How the contract renews, read from its text; any of them matches (OR): none, automatic "
                    "(renews unless notice is given), option (a party may renew), evergreen (runs on after "
                    "the initial term until terminated), perpetual (no end).")
    min_notice_by: date | None = Field(
        None, description="The next notice deadline to stop a renewal or give notice before the term ends "
                          "(on or after as_of) is on or after this date (YYYY-MM-DD).")
    max_notice_by: date | None = Field(
        None, description="The next notice deadline (on or after as_of) is on or before this date, e.g. "
                          "'notice deadlines before March'.")
    min_next_renewal: date | None = Field(
        None, description="The contract renews automatically next (on or after as_of) on or after this date.")
    max_next_renewal: date | None = Field(
        None, description="The contract renews automatically next (on or after as_of) on or before this date, "
                          "e.g. 'auto-renews in the next 90 days': as_of + 90 days.")
    text: str | None = Field(
        None, max_length=MAX_TEXT, description="Full-text search over the contract summary and scope; "
                                               "all words must occur.")
    sort_by: SortField = Field("effective_date", description="Sort field for the listed contracts.")
    sort_order: Order = Field("desc", description="asc or desc.")
    limit: int = Field(20, ge=0, le=MAX_LIMIT, description="How many contracts to list (0-500).")
    offset: int = Field(0, ge=0, le=MAX_OFFSET, description="How many matching contracts to skip (paging).")
    group_by: GroupBy | None = Field(None, description="Aggregate the matching contracts by this key.")
    metric: Metric = Field("count", description="Value computed per group.")
    agg_order: Order = Field("desc", description="Order of groups by value.")
    agg_limit: int = Field(20, ge=1, le=MAX_LIMIT, description="How many groups to return.")

    @field_validator(*DATE_FIELDS)
    @classmethod
    def _date_range(cls, value: date | None) -> date | None:
        if value is not None and (why := date_out_of_range(value)):
            raise ValueError(why)
        return value

    @field_validator("contract_types")
    @classmethod
    def _types(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        return canonical_all(values, CONTRACT_TYPES, "contract type")

    @field_validator("clause_types", "without_clause_types")
    @classmethod
    def _clauses(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        return canonical_all(values, CLAUSE_TYPES, "clause type")

    @field_validator("text_clause_types", "without_text_clause_types")
    @classmethod
    def _text_clauses(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        return canonical_all(values, CUAD_CATEGORIES, "CUAD clause category")

    @field_validator("renewal_types", "status")
    @classmethod
    def _renewal_types(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(dict.fromkeys(values))

    @field_validator("parties", "organisations")
    @classmethod
    def _parties(cls, values: tuple[str, ...]) -> tuple[str, ...]:
        # A blank fragment used to be dropped (no condition: every contract); it is refused instead. Any
        # other fragment is a literal substring ('*:*' or a zero-width space match what contains them).
        cleaned = tuple(dict.fromkeys(" ".join(v.split()) for v in values))
        if any(not v for v in cleaned):
            raise ValueError("a party name fragment must not be empty or only spaces")
        if any(len(v) > MAX_NAME for v in cleaned):
            raise ValueError(f"party names are at most {MAX_NAME} characters")
        return cleaned

    @field_validator("party_country", "governing_law_country")
    @classmethod
    def _country(cls, value: str | None) -> str | None:
        if blank(value):  # an empty form field
            return None
        code = normalize_country(value)
        if code is None:
            raise ValueError(f"'{value[:40]}' is not an ISO 3166 alpha-2 country code")
        return code

    @field_validator("currency")
    @classmethod
    def _currency(cls, value: str | None) -> str | None:
        if blank(value):
            return None
        if (code := normalize_currency(value)) is None:
            raise ValueError(f"'{value[:20]}' is not a currency this app knows; use an ISO 4217 code: "
                             + ", ".join(CURRENCIES))
        return code

    @field_validator("text")
    @classmethod
    def _text(cls, value: str | None) -> str | None:
        if blank(value):  # an empty search box
            return None
        if not has_alnum(value):
            raise ValueError("text must contain at least one letter or digit")
        return " ".join(value.split())

    @model_validator(mode="after")
    def _consistent(self) -> ContractFilter:
        for low, high in (("min_effective_date", "max_effective_date"), ("min_end_date", "max_end_date"),
                          ("min_amount", "max_amount"), ("min_notice_by", "max_notice_by"),
                          ("min_next_renewal", "max_next_renewal")):
            if getattr(self, low) is not None and getattr(self, high) is not None \
                    and getattr(self, low) > getattr(self, high):
                raise ValueError(f"{low} must not be greater than {high}")
        if self.governing_law_state is not None:
            state = state_code(self.governing_law_state, self.governing_law_country, MAX_NAME)
            object.__setattr__(self, "governing_law_state", state)
        return self

    def amount_currency(self) -> str:
        """The currency the amount bounds, amount metrics and the amount sort work in."""
        return self.currency or DEFAULT_CURRENCY

    def compares_amounts(self) -> bool:
        """Whether only contracts with an amount in `amount_currency()` match (an amount bound or a currency)."""
        return any(v is not None for v in (self.currency, self.min_amount, self.max_amount, self.monetary_value))

    def describe(self) -> dict[str, Any]:
        """Only the fields that differ from the defaults, JSON-ready (for display and URLs)."""
        return self.model_dump(mode="json", exclude_defaults=True)


M = TypeVar("M", bound=BaseModel)


def validate_model(model: type[M], data: dict[str, Any] | M | None, what: str) -> M:
    """Validate raw input into `model`, raising FilterValidationError that names the offending field."""
    if isinstance(data, model):
        return data
    try:
        return model.model_validate(data or {})
    except ValidationError as e:
        first = e.errors()[0]
        message = first["msg"].removeprefix("Value error, ")
        # Model-level errors carry no location; their message starts with the field's name.
        field = ".".join(str(p) for p in first["loc"]) or next(
            (name for name in model.model_fields if message.startswith(name)), None)
        message = message.removeprefix(f"{field}: ") if field else message
        where = f"{field}: " if field else ""
        raise FilterValidationError(f"Invalid {what}: {where}{message}", field=field) from e


def parse_filter(data: dict[str, Any] | ContractFilter | None) -> ContractFilter:
    """Validate raw input into a ContractFilter."""
    return validate_model(ContractFilter, data, "filter")
