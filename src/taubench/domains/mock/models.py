"""The mock domain's database: a small lending library's members, books and loans."""

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict

from taubench.core.markers import RefersTo


class Member(BaseModel):
    member_id: str
    name: str
    birth_date: str  # YYYY-MM-DD
    email: str
    status: Literal["active", "suspended"]
    fines: float  # unpaid late fees, USD


class Book(BaseModel):
    book_id: str
    title: str
    author: str
    copies: int
    available: int


class Loan(BaseModel):
    loan_id: str
    member_id: Annotated[str, RefersTo("members")]
    book_id: Annotated[str, RefersTo("books")]
    due_date: str  # YYYY-MM-DD
    renewals: int
    status: Literal["out", "returned"]


class LibraryDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    today: str  # the library's fixed "now"; tools never read a clock
    next_loan_number: int  # new loan ids come from here
    members: dict[str, Member]
    books: dict[str, Book]
    loans: dict[str, Loan]
