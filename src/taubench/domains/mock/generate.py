"""The mock library's database: a fixed cast the tasks are written around (including two
members with the same name), plus seeded filler so that look-ups have something to miss."""

import random
from typing import Any

SEED = 7
TODAY = "2026-03-02"

CAST_MEMBERS = [
    ("M1001", "Maya Lopez", "1990-04-12", "active", 0.0),
    ("M1002", "Maya Lopez", "1985-09-30", "active", 3.5),  # same name: identity needs the birth date
    ("M1003", "Owen Park", "1978-01-05", "active", 0.0),
    ("M1004", "Lena Fischer", "2001-11-19", "suspended", 12.0),
    ("M1005", "Samir Haddad", "1995-06-23", "active", 6.25),
]
CAST_BOOKS = [
    ("B201", "The Quiet Harbor", "Ines Calder", 2, 1),
    ("B202", "Maps of the Inner Sea", "Tomas Reyes", 1, 0),
    ("B203", "Harbor Lights", "Ada Brennan", 3, 3),
    ("B204", "A Field Guide to Moss", "Priya Natarajan", 1, 1),
]
CAST_LOANS = [
    ("L3001", "M1001", "B201", "2026-03-05", 0),
    ("L3002", "M1003", "B202", "2026-02-24", 1),  # overdue by 6 days
    ("L3003", "M1003", "B203", "2026-03-10", 2),  # renewed twice already
    ("L3004", "M1002", "B204", "2026-03-16", 0),
]
FIRST = ["Ana", "Ben", "Chloe", "Dev", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jun"]
LAST = ["Adler", "Brooks", "Costa", "Dunn", "Ekwe", "Ford", "Gale", "Hart"]
TITLE_WORDS = ["Winter", "Garden", "Letters", "River", "Atlas", "Night", "Stone", "Orchard"]


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    members = {
        member_id: {"member_id": member_id, "name": name, "birth_date": born,
                    "email": f"{name.lower().replace(' ', '.')}{born[2:4]}@example.org", "status": status, "fines": fines}
        for member_id, name, born, status, fines in CAST_MEMBERS
    }  # fmt: skip
    for number in range(1006, 1016):
        name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
        born = f"{rng.randint(1950, 2005)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
        member_id = f"M{number}"
        members[member_id] = {"member_id": member_id, "name": name, "birth_date": born,
                              "email": f"{name.lower().replace(' ', '.')}{born[2:4]}@example.org", "status": "active", "fines": 0.0}  # fmt: skip
    books = {
        book_id: {"book_id": book_id, "title": title, "author": author, "copies": copies, "available": available}
        for book_id, title, author, copies, available in CAST_BOOKS
    }
    for number in range(205, 213):
        title = f"The {rng.choice(TITLE_WORDS)} {rng.choice(TITLE_WORDS)}"
        copies = rng.randint(1, 3)
        books[f"B{number}"] = {"book_id": f"B{number}", "title": title, "author": f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                               "copies": copies, "available": copies}  # fmt: skip
    loans = {
        loan_id: {"loan_id": loan_id, "member_id": member_id, "book_id": book_id, "due_date": due, "renewals": renewals, "status": "out"}
        for loan_id, member_id, book_id, due, renewals in CAST_LOANS
    }
    return {"today": TODAY, "next_loan_number": 3005, "members": members, "books": books, "loans": loans}

