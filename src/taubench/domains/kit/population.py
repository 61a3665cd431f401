"""One seeded source of the people, phones, addresses and dates that fill a domain's world
around its hand-written cast, with one policy for every domain:

- a person is a first name drawn with its sex, a surname, a birth date for an age range on
  the domain's "today", a phone ``<area>-555-<4 digits>`` unique in the population, and an
  e-mail made of the name;
- namesakes: a tenth of the people drawn (``NAMESAKE_SHARE``) share the full name of someone
  drawn or named before them (the cast included), with another birth date and phone, so that
  a search by name alone is ambiguous often enough that identity has to be verified;
- a date is drawn uniformly between two dates, both included.

The same seed gives the same people in the same order. A domain whose data already exist
keeps its own draws; a new domain, or new filler, draws from here."""

import random
from dataclasses import dataclass
from datetime import date, timedelta

NAMESAKE_SHARE = 0.1
WOMEN = (
    "Ada",
    "Beatriz",
    "Chloe",
    "Daniela",
    "Esther",
    "Fatima",
    "Grace",
    "Hana",
    "Ines",
    "Joanna",
    "Keiko",
    "Layla",
    "Marisol",
    "Nia",
    "Olga",
    "Priya",
    "Rosa",
    "Sofia",
    "Tamara",
    "Valeria",
    "Wen",
    "Yasmin",
    "Zoe",
    "Abigail",
    "Carmen",
    "Deborah",
    "Ingrid",
    "Leah",
    "Naomi",
    "Ruth",
)
MEN = (
    "Adrian",
    "Bruno",
    "Caleb",
    "Dmitri",
    "Emeka",
    "Felipe",
    "Graham",
    "Hiro",
    "Isaac",
    "Jamal",
    "Kofi",
    "Luis",
    "Marcus",
    "Nikhil",
    "Omar",
    "Patrick",
    "Rafael",
    "Samuel",
    "Tobias",
    "Victor",
    "Wesley",
    "Yusuf",
    "Zachary",
    "Anders",
    "Colin",
    "Darius",
    "Elliot",
    "Hector",
    "Jonah",
    "Reuben",
)
SURNAMES = (
    "Adeyemi",
    "Alvarez",
    "Bergstrom",
    "Brennan",
    "Castillo",
    "Chen",
    "Costa",
    "Delgado",
    "Dubois",
    "Eriksen",
    "Fischer",
    "Gallagher",
    "Gupta",
    "Haddad",
    "Hoffman",
    "Ito",
    "Jablonski",
    "Kaur",
    "Kim",
    "Lindqvist",
    "Lopez",
    "Mahoney",
    "Mensah",
    "Novak",
    "Nguyen",
    "Okafor",
    "Olsen",
    "Park",
    "Petrov",
    "Quinlan",
    "Ramirez",
    "Reyes",
    "Sandoval",
    "Schultz",
    "Silva",
    "Tanaka",
    "Thompson",
    "Usman",
    "Vance",
    "Weber",
    "Whitaker",
    "Xu",
    "Yamada",
    "Zamora",
)
STREET_NAMES = (
    "Maple",
    "Oak",
    "Cedar",
    "Willow",
    "Birch",
    "Chestnut",
    "Sycamore",
    "Juniper",
    "Laurel",
    "Magnolia",
    "Hawthorn",
    "Alder",
    "Aspen",
    "Poplar",
    "Spruce",
    "Linden",
    "Hickory",
    "Walnut",
    "Elm",
    "Pine",
)
STREET_KINDS = ("St", "Ave", "Rd", "Ln", "Dr", "Ct", "Pl", "Way", "Blvd", "Ter")


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    sex: str  # "F" or "M": what the first name was drawn with
    birth_date: str  # YYYY-MM-DD
    phone: str
    email: str

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"


def _years_before(day: date, years: int) -> date:
    """The same day ``years`` earlier (29 February becomes the 28th in a common year)."""
    try:
        return day.replace(year=day.year - years)
    except ValueError:
        return day.replace(year=day.year - years, day=28)


class Population:
    """The seeded draws of one domain's filler."""

    def __init__(self, seed: int, today: str):
        self.rng = random.Random(seed)
        self.today = date.fromisoformat(today)
        self.names: list[tuple[str, str, str]] = []  # (first, last, sex) of everyone so far
        self.phones: set[str] = set()
        self.emails: set[str] = set()

    def know(self, first: str, last: str, sex: str, phone: str | None = None) -> None:
        """Someone of the cast: a possible namesake for later draws, and their phone is taken."""
        self.names.append((first, last, sex))
        if phone:
            self.phones.add(phone)

    def person(self, area: str, ages: tuple[int, int] = (18, 85), mail_domain: str = "example.com") -> Person:
        if self.names and self.rng.random() < NAMESAKE_SHARE:
            first, last, sex = self.rng.choice(self.names)
        else:
            sex = self.rng.choice("FM")
            first = self.rng.choice(WOMEN if sex == "F" else MEN)
            last = self.rng.choice(SURNAMES)
        self.names.append((first, last, sex))
        return Person(first, last, sex, self.birth_date(ages), self.phone(area), self._email(first, last, mail_domain))

    def birth_date(self, ages: tuple[int, int]) -> str:
        """A birth date of someone aged between ``ages`` (both included) on the domain's today."""
        youngest, oldest = ages
        latest = _years_before(self.today, youngest)
        earliest = _years_before(self.today, oldest + 1) + timedelta(days=1)
        return self.day(earliest.isoformat(), latest.isoformat())

    def day(self, first: str, last: str) -> str:
        start, end = date.fromisoformat(first), date.fromisoformat(last)
        return (start + timedelta(days=self.rng.randint(0, (end - start).days))).isoformat()

    def phone(self, area: str) -> str:
        while True:
            number = f"{area}-555-{self.rng.randint(0, 9999):04d}"
            if number not in self.phones:
                self.phones.add(number)
                return number

    def street_address(self) -> str:
        return f"{self.rng.randint(1, 4999)} {self.rng.choice(STREET_NAMES)} {self.rng.choice(STREET_KINDS)}"

    def _email(self, first: str, last: str, mail_domain: str) -> str:
        stem = f"{first}.{last}".lower()
        address, number = f"{stem}@{mail_domain}", 1
        while address in self.emails:
            number += 1
            address = f"{stem}{number}@{mail_domain}"
        self.emails.add(address)
        return address
