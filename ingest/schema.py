"""The contract extraction schema (pydantic v2), shaped like Neo4j's "Agentic GraphRAG for Commercial
Contracts" reference design.

Every field carries a `description` written as an instruction to a language model, so
`Contract.model_json_schema()` can be handed to an LLM as its output format. Values are normalised
on the way in (ISO country codes, US-state / Canadian-province codes, canonical contract and clause
types) and malformed ones are rejected. `ContractDraft` is the same shape with every field optional,
for the offline rules engine, which fills only what it can find. `to_seed_record` turns either into
the record format of the sample's `contract_data.json`, which the importer loads.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from core.vocab import (
    CLAUSE_TYPES,
    CONTRACT_TYPES,
    canonical,
    country_code,
    normalize_subdivision,
)

ContractType = Literal[*CONTRACT_TYPES]
ClauseType = Literal[*CLAUSE_TYPES]

_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
_ISO_DURATION = re.compile(r"^P(?=\d)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?$")


def _check_date(value: str | None) -> str | None:
    if value is None:
        return None
    text = value.strip()
    if not _ISO_DATE.match(text):
        raise ValueError(f"date must be YYYY-MM-DD, got {value!r}")
    date.fromisoformat(text)  # raises ValueError for impossible dates such as 2021-02-30
    return text


class Location(BaseModel):
    model_config = ConfigDict(extra="forbid")

    address: str | None = Field(
        None, description="The street address of the location. Use null if not provided."
    )
    city: str | None = Field(None, description="The city of the location. Use null if not provided.")
    state: str | None = Field(
        None,
        description="The state, province or region. For the United States and Canada use the two-letter "
        "code (e.g. NY, CA, ON). Use null if not provided.",
    )
    country: str | None = Field(
        None,
        description="The country as a two-letter ISO 3166-1 alpha-2 code in upper case (e.g. US, GB, CN). "
        "Use null if it cannot be determined.",
    )

    @field_validator("country")
    @classmethod
    def _country(cls, value: str | None) -> str | None:
        return country_code(value, "country must be an ISO 3166-1 alpha-2 code, got {value!r}")

    @model_validator(mode="after")
    def _state(self) -> Location:
        self.state = normalize_subdivision(self.country, self.state)
        return self


class Organization(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str = Field(
        ...,
        min_length=1,
        description="The full legal name of the party exactly as written in the contract, including its "
        "legal suffix (Inc., LLC, Ltd.), without the defined alias.",
    )
    role: str = Field(
        ...,
        min_length=1,
        description="The role of the party in the contract, such as 'Licensor', 'Licensee', 'Distributor', "
        "'Supplier', 'Customer', 'Franchisor'; use the defined term the contract gives the party "
        "when that term is a role.",
    )
    location: Location | None = Field(
        None, description="The primary location of the party (its address or place of incorporation)."
    )

    @field_validator("name", "role")
    @classmethod
    def _strip(cls, value: str) -> str:
        value = " ".join(value.split())
        if not value:
            raise ValueError("must not be blank")
        return value


Party = Organization


class Clause(BaseModel):
    model_config = ConfigDict(extra="forbid")

    clause_type: ClauseType = Field(
        ...,
        description="The type of the clause. Use exactly one of the allowed values: the CUAD categories "
        "(e.g. 'Governing Law', 'Non-Compete', 'Cap On Liability') or the summary types "
        "(e.g. 'Renewal & Termination', 'Confidentiality & Non-Disclosure').",
    )
    summary: str = Field(
        ..., description="A one- or two-sentence summary of what the clause says, with its facts."
    )
    page: int | None = Field(
        None, ge=1, description="The 1-based page number where the clause starts, if known."
    )

    @field_validator("clause_type", mode="before")
    @classmethod
    def _clause_type(cls, value: Any) -> Any:
        return canonical(value, CLAUSE_TYPES) or value if isinstance(value, str) else value


_DESCRIPTIONS = {
    "summary": "A high-level summary of the contract with the relevant facts and details: who, what, "
    "for how long and for how much. Do not use pronouns.",
    "contract_type": "The type of contract. Use exactly one of the allowed values; use 'Other' if none fits.",
    "parties": "Every party to the contract, each with its role and location.",
    "effective_date": "The date the contract becomes effective, in YYYY-MM-DD format. If only the year is "
    "known (e.g. 2015), use 2015-01-01. Use null if no date is stated.",
    "end_date": "The date the contract expires, in YYYY-MM-DD format; compute it from the effective date and "
    "the term when the contract states a fixed term. Use null for perpetual or open-ended contracts.",
    "duration": "The length of the initial term as an ISO 8601 duration (e.g. P1Y, P6M, P90D). "
    "Use null if not stated.",
    "contract_scope": "The scope of the contract: the rights, duties and limitations it sets out.",
    "total_amount": "The total monetary value of the contract as a number, without currency symbols. "
    "Use null if not stated.",
    "governing_law": "The jurisdiction whose laws govern the contract: country, and state or province.",
    "clauses": "Summaries of the notable clauses, each with an allowed clause type.",
}


class ContractDraft(BaseModel):
    """A possibly incomplete contract: every field optional (the offline rules engine's output)."""

    model_config = ConfigDict(extra="forbid")

    summary: str | None = Field(None, description=_DESCRIPTIONS["summary"])
    contract_type: ContractType | None = Field(None, description=_DESCRIPTIONS["contract_type"])
    parties: list[Organization] = Field(default_factory=list, description=_DESCRIPTIONS["parties"])
    effective_date: str | None = Field(None, description=_DESCRIPTIONS["effective_date"])
    end_date: str | None = Field(None, description=_DESCRIPTIONS["end_date"])
    duration: str | None = Field(None, description=_DESCRIPTIONS["duration"])
    contract_scope: str | None = Field(None, description=_DESCRIPTIONS["contract_scope"])
    total_amount: float | None = Field(None, ge=0, description=_DESCRIPTIONS["total_amount"])
    governing_law: Location | None = Field(None, description=_DESCRIPTIONS["governing_law"])
    clauses: list[Clause] = Field(default_factory=list, description=_DESCRIPTIONS["clauses"])

    @field_validator("contract_type", mode="before")
    @classmethod
    def _contract_type(cls, value: Any) -> Any:
        if not isinstance(value, str):
            return value
        text = re.sub(r"\s+agreement$", "", value.strip(), flags=re.IGNORECASE)
        return canonical(text, CONTRACT_TYPES) or value

    @field_validator("effective_date", "end_date")
    @classmethod
    def _dates(cls, value: str | None) -> str | None:
        return _check_date(value)

    @field_validator("duration")
    @classmethod
    def _duration(cls, value: str | None) -> str | None:
        if value is None:
            return None
        if not _ISO_DURATION.match(value.strip()):
            raise ValueError(f"duration must be an ISO 8601 duration such as P1Y or P6M, got {value!r}")
        return value.strip()

    @model_validator(mode="after")
    def _end_after_start(self) -> ContractDraft:
        if self.effective_date and self.end_date and self.end_date < self.effective_date:
            raise ValueError(f"end_date {self.end_date} is before effective_date {self.effective_date}")
        return self


class Contract(ContractDraft):
    """A complete extraction: summary, type, at least one party and scope are required."""

    summary: str = Field(..., min_length=1, description=_DESCRIPTIONS["summary"])
    contract_type: ContractType = Field(..., description=_DESCRIPTIONS["contract_type"])
    parties: list[Organization] = Field(..., min_length=1, description=_DESCRIPTIONS["parties"])
    contract_scope: str = Field(..., min_length=1, description=_DESCRIPTIONS["contract_scope"])


def _location_record(location: Location | None) -> dict[str, str | None]:
    location = location or Location()
    return {"address": location.address, "city": location.city, "state": location.state,
            "country": location.country}


def to_seed_record(contract: ContractDraft, file_id: str) -> dict[str, Any]:
    """The `contract_data.json` record for `contract`; fields a draft lacks are null (clauses/parties: [])."""
    return {
        "file_id": file_id,
        "summary": contract.summary,
        "contract_type": contract.contract_type,
        "parties": [
            {"name": p.name, "role": p.role, "location": _location_record(p.location)}
            for p in contract.parties
        ],
        "effective_date": contract.effective_date,
        "end_date": contract.end_date,
        "duration": contract.duration,
        "contract_scope": contract.contract_scope,
        "total_amount": contract.total_amount,
        "governing_law": _location_record(contract.governing_law) if contract.governing_law else None,
        "clauses": [{"clause_type": c.clause_type, "summary": c.summary} for c in contract.clauses],
    }
