"""The mock library's database: the cast the tasks are written around (``data/cast.json``:
two members named Maya Lopez told apart by birth date, a suspended member, a loan overdue by
six days, one renewed twice already, a book with no copy on the shelf), plus seeded filler so
that look-ups have something to miss."""

import random
from typing import Any

from taubench.domains.kit import load_cast
from taubench.domains.mock.models import Book, Loan, Member

SEED = 7
TODAY = "2026-03-02"

FIRST = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"]
LAST = ["Adler", "Brooks", "Costa", "Dunn", "Ekwe", "Ford", "Gale", "Hart"]
TITLE_WORDS = ["Winter", "Garden", "Letters", "River", "Atlas", "Night", "Stone", "Orchard"]


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = load_cast(__package__, {"members": Member, "books": Book, "loans": Loan})
    members = {member.member_id: member.model_dump() for member in cast["members"]}
    for number in range(1006, 1016):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        born = f"{rng.randint(1950, 2005)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        member_id = f"M{number}"
        members[member_id] = {
            "member_id": member_id,
            "name": name,
            "birth_date": born,
            "email": f"{name.lower().replace(' ', '.')}{born[2:4]}@example.org",
            "status": "active",
            "fines": 0.0,
        }
    books = {book.book_id: book.model_dump() for book in cast["books"]}
    for number in range(205, 213):
        title = f"The {rng.choice(TITLE_WORDS)} {rng.choice(TITLE_WORDS)}"
        copies = rng.randint(1, 3)
        books[f"B{number}"] = {
            "book_id": f"B{number}",
            "title": title,
            "author": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
            "copies": copies,
            "available": copies,
        }
    loans = {loan.loan_id: loan.model_dump() for loan in cast["loans"]}
    return {"today": TODAY, "next_loan_number": 3005, "members": members, "books": books, "loans": loans}
