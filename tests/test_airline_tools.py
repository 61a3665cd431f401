"""Behavioural tests of the τ² airline tools (spec: shared/spec/tau2_tools.md §1.3, §3, §3b).

These tests target edge cases and documented quirks that the conformance replay fixture
does not exercise (the fixture has no failing airline call at all): every error text, the
booking id sequence and its limit, seat and money side effects, numeric typing of stored
values, and the search quirks.

Records are picked from the pinned τ² data by predicate (see the helpers), so no id is
assumed without being checked. Some tests alter the fresh per-test database first to build
a situation the shipped data do not contain; each says so.
"""

import json

import pytest
from tool_calls import fail, find, first_record, ok

from taubench.core.pristine import db_hash
from taubench.domains.airline.models import Certificate, CreditCard, FlightAvailable, GiftCard

RESERVATION_KEYS = [
    "reservation_id",
    "user_id",
    "origin",
    "destination",
    "flight_type",
    "cabin",
    "flights",
    "passengers",
    "payment_history",
    "created_at",
    "total_baggages",
    "nonfree_baggages",
    "insurance",
    "status",
]
SEGMENT_KEYS = ["flight_number", "origin", "destination", "date", "price"]
LEG_KEYS = [
    "flight_number",
    "origin",
    "destination",
    "status",
    "scheduled_departure_time_est",
    "scheduled_arrival_time_est",
    "date",
    "available_seats",
    "prices",
]
CABINS = ["basic_economy", "economy", "business"]
AIRPORTS = [
    ("SFO", "San Francisco"),
    ("JFK", "New York"),
    ("LAX", "Los Angeles"),
    ("ORD", "Chicago"),
    ("DFW", "Dallas"),
    ("DEN", "Denver"),
    ("SEA", "Seattle"),
    ("ATL", "Atlanta"),
    ("MIA", "Miami"),
    ("BOS", "Boston"),
    ("PHX", "Phoenix"),
    ("IAH", "Houston"),
    ("LAS", "Las Vegas"),
    ("MCO", "Orlando"),
    ("EWR", "Newark"),
    ("CLT", "Charlotte"),
    ("MSP", "Minneapolis"),
    ("DTW", "Detroit"),
    ("PHL", "Philadelphia"),
    ("LGA", "LaGuardia"),
]
PYDANTIC_URL = "https://errors.pydantic.dev/2.12/v"
SEARCH_DATE = "2024-05-20"


# ----------------------------------------------------------------------------------------
# fixtures and helpers


@pytest.fixture
def tools(airline):
    return airline.new_toolkit()


@pytest.fixture
def db(tools):
    return tools.db


def available_day(db, cabin="economy", seats=1, date=SEARCH_DATE, exclude=()):
    """(flight, date, day) of the first flight bookable on ``date`` with ``seats`` free."""
    for flight in db.flights.values():
        day = flight.dates.get(date)
        if (
            flight.flight_number not in exclude
            and isinstance(day, FlightAvailable)
            and day.available_seats[cabin] >= seats
        ):
            flight = db.flights[flight.flight_number]  # the episode's own copy, see tool_calls.find
            return flight, date, flight.dates[date]
    raise AssertionError(f"no flight with {seats} {cabin} seats on {date}")


def day_with_status(db, status):
    for flight in db.flights.values():
        for date, day in flight.dates.items():
            if day.status == status:
                return flight, date
    raise AssertionError(f"no flight date with status {status}")


def user_with(db, kind, predicate=lambda method: True):
    """(user, method) for the first user holding a payment method of ``kind``."""
    for user in db.users.values():
        for method in user.payment_methods.values():
            if isinstance(method, kind) and predicate(method):
                user = db.users[user.user_id]
                return user, user.payment_methods[method.id]
    raise AssertionError(f"no user with a matching {kind.__name__}")


def passengers(count):
    return [{"first_name": f"Pax{i}", "last_name": "Tester", "dob": "1990-01-0" + str(i + 1)} for i in range(count)]


def booking(user, legs, payments, *, cabin="economy", count=1, nonfree=0, insurance="no", **overrides):
    """Arguments of a book_reservation call; ``legs`` is a list of (flight, date)."""
    arguments = dict(
        user_id=user.user_id,
        origin=legs[0][0].origin,
        destination=legs[-1][0].destination,
        flight_type="one_way",
        cabin=cabin,
        flights=[{"flight_number": flight.flight_number, "date": date} for flight, date in legs],
        passengers=passengers(count),
        payment_methods=payments,
        total_baggages=nonfree,
        nonfree_baggages=nonfree,
        insurance=insurance,
    )
    arguments.update(overrides)
    return arguments


@pytest.fixture
def card_user(db):
    return user_with(db, CreditCard)


@pytest.fixture
def economy_day(db):
    return available_day(db, "economy", seats=2)


def book_one(tools, db, user, card, count=1):
    """Book one economy seat block paid by credit card; return the parsed reservation."""
    flight, date, day = available_day(db, "economy", seats=count)
    price = day.prices["economy"] * count
    return json.loads(
        ok(
            tools,
            "book_reservation",
            **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": price}], count=count),
        )
    )


def reservation_where(db, predicate, what):
    return find(db.reservations, predicate, what)


def methods_of(db, reservation):
    return db.users[reservation.user_id].payment_methods


# ----------------------------------------------------------------------------------------
# dispatch (§1.3)


def test_unknown_tool_name(tools):
    result = tools.invoke("get_order_details", {"order_id": "#W1"})
    assert (result.content, result.error) == ("Error: Tool 'get_order_details' not found.", True)


def test_missing_argument_names_airline_class(tools):
    assert fail(tools, "get_reservation_details") == (
        "Error: AirlineTools.get_reservation_details() missing 1 required positional argument: 'reservation_id'"
    )


def test_unexpected_argument_to_parameterless_tool(tools):
    assert fail(tools, "list_all_airports", x=1) == (
        "Error: AirlineTools.list_all_airports() got an unexpected keyword argument 'x'"
    )


def test_list_where_string_id_expected_is_unhashable(tools, db):
    assert fail(tools, "get_reservation_details", reservation_id=[next(iter(db.reservations))]) == (
        "Error: unhashable type: 'list'"
    )


def test_transfer_to_human_agents(tools, db):
    before = db_hash(db)
    assert ok(tools, "transfer_to_human_agents", summary="help") == "Transfer successful"
    assert db_hash(db) == before


def test_calculate_shared_behaviour(tools):
    assert ok(tools, "calculate", expression="(200 + 150) * 2") == "700.0"
    assert fail(tools, "calculate", expression="1 / 0") == "Error: division by zero"
    assert fail(tools, "calculate", expression="2^3") == "Error: Invalid characters in expression"


# ----------------------------------------------------------------------------------------
# lookups and serialisation (§3.3–3.5, §3b.3)


def test_lookup_errors_include_the_id(tools):
    assert fail(tools, "get_user_details", user_id="nobody_1") == "Error: User nobody_1 not found"
    assert fail(tools, "get_reservation_details", reservation_id="ZZZZZZ") == "Error: Reservation ZZZZZZ not found"


def test_reservation_dump_key_order_and_null_status(tools, db):
    reservation = first_record(db.reservations)
    content = ok(tools, "get_reservation_details", reservation_id=reservation.reservation_id)
    data = json.loads(content)
    assert list(data) == RESERVATION_KEYS
    assert all(list(segment) == SEGMENT_KEYS for segment in data["flights"])
    assert all(list(p) == ["first_name", "last_name", "dob"] for p in data["passengers"])
    assert all(list(p) == ["payment_id", "amount"] for p in data["payment_history"])
    assert content.endswith('"status": null}')
    # prices and payment amounts are ints
    assert f'"price": {reservation.flights[0].price}}}' in content
    assert f'"amount": {reservation.payment_history[0].amount}}}' in content


def test_user_dump_key_order_and_float_amounts(tools, db):
    user, card = user_with(db, GiftCard)
    content = ok(tools, "get_user_details", user_id=user.user_id)
    data = json.loads(content)
    assert list(data) == [
        "user_id",
        "name",
        "address",
        "email",
        "dob",
        "payment_methods",
        "saved_passengers",
        "membership",
        "reservations",
    ]
    assert list(data["address"]) == ["address1", "address2", "city", "country", "state", "zip"]
    shapes = {
        "credit_card": ["source", "id", "brand", "last_four"],
        "gift_card": ["source", "id", "amount"],
        "certificate": ["source", "id", "amount"],
    }
    for method in data["payment_methods"].values():
        assert list(method) == shapes[method["source"]]
    assert f'{{"source": "gift_card", "id": "{card.id}", "amount": {card.amount!r}}}' in content
    assert repr(card.amount).endswith(".0")


def test_list_all_airports_is_a_list_of_iata_city_objects(tools):
    content = ok(tools, "list_all_airports")
    assert content.startswith('[{"iata": "SFO", "city": "San Francisco"}, {"iata": "JFK", "city": "New York"}, ')
    assert json.loads(content) == [{"iata": iata, "city": city} for iata, city in AIRPORTS]


# ----------------------------------------------------------------------------------------
# get_flight_status (§3.12)


@pytest.mark.parametrize("status", ["available", "landed", "cancelled", "delayed", "flying", "on time"])
def test_flight_status_is_returned_bare(tools, db, status):
    flight, date = day_with_status(db, status)
    assert ok(tools, "get_flight_status", flight_number=flight.flight_number, date=date) == status


def test_flight_status_errors(tools):
    assert (
        fail(tools, "get_flight_status", flight_number="HAT999", date=SEARCH_DATE) == "Error: Flight HAT999 not found"
    )
    assert fail(tools, "get_flight_status", flight_number="HAT001", date="2024-06-01") == (
        "Error: Flight HAT001 not found on date 2024-06-01"
    )


# ----------------------------------------------------------------------------------------
# search_direct_flight (§3.6)


def test_direct_search_shape_and_null_date(tools, db):
    flight, date, day = available_day(db)
    content = ok(tools, "search_direct_flight", origin=flight.origin, destination=flight.destination, date=date)
    hits = json.loads(content)
    expected = [
        f.flight_number
        for f in db.flights.values()
        if f.origin == flight.origin
        and f.destination == flight.destination
        and isinstance(f.dates.get(date), FlightAvailable)
    ]
    assert [hit["flight_number"] for hit in hits] == expected
    first = hits[0]
    assert list(first) == LEG_KEYS
    assert first["status"] == "available"
    assert first["date"] is None
    assert list(first["available_seats"]) == CABINS and list(first["prices"]) == CABINS
    assert first["available_seats"] == day.available_seats and first["prices"] == day.prices
    assert '"date": null, "available_seats": {"basic_economy": ' in content


def test_a_null_airport_means_any_as_in_tau2(tools, db):
    """τ²-bench's search treats ``None`` as "any airport", and an agent may send ``null``."""
    flight, date, _ = available_day(db)

    def bookable(origin=None, destination=None):
        return [
            f.flight_number
            for f in db.flights.values()
            if origin in (None, f.origin)
            and destination in (None, f.destination)
            and isinstance(f.dates.get(date), FlightAvailable)
        ]

    def found(**airports):
        return [hit["flight_number"] for hit in json.loads(ok(tools, "search_direct_flight", date=date, **airports))]

    assert found(origin=None, destination=flight.destination) == bookable(destination=flight.destination)
    assert found(origin=flight.origin, destination=None) == bookable(origin=flight.origin)
    assert len(found(origin=None, destination=None)) == len(bookable()) > len(bookable(origin=flight.origin))
    pairs = json.loads(ok(tools, "search_onestop_flight", origin=None, destination=flight.destination, date=date))
    assert pairs and {second["destination"] for _, second in pairs} == {flight.destination}
    assert len({first["origin"] for first, _ in pairs}) > 1


def test_direct_search_skips_non_available_dates(tools, db):
    flight, date = day_with_status(db, "landed")
    assert ok(tools, "search_direct_flight", origin=flight.origin, destination=flight.destination, date=date) == "[]"


# ----------------------------------------------------------------------------------------
# search_onestop_flight (§3.7)


def test_onestop_pairs_have_leg_dates_and_connect(tools, db):
    first = find(
        db.flights,
        lambda f: "+1" not in f.scheduled_arrival_time_est and isinstance(f.dates.get(SEARCH_DATE), FlightAvailable),
        "same-day flight",
    )
    second = find(
        db.flights,
        lambda f: (
            f.origin == first.destination
            and f.scheduled_departure_time_est >= first.scheduled_arrival_time_est
            and isinstance(f.dates.get(SEARCH_DATE), FlightAvailable)
        ),
        "connecting flight",
    )
    pairs = json.loads(
        ok(tools, "search_onestop_flight", origin=first.origin, destination=second.destination, date=SEARCH_DATE)
    )
    assert [first.flight_number, second.flight_number] in [[a["flight_number"], b["flight_number"]] for a, b in pairs]
    for leg1, leg2 in pairs:
        assert list(leg1) == LEG_KEYS and list(leg2) == LEG_KEYS
        assert leg1["date"] == SEARCH_DATE
        assert leg1["origin"] == first.origin and leg2["destination"] == second.destination
        assert leg1["destination"] == leg2["origin"]
        assert leg2["scheduled_departure_time_est"] >= leg1["scheduled_arrival_time_est"]
        expected_leg2_date = "2024-05-21" if "+1" in leg1["scheduled_arrival_time_est"] else SEARCH_DATE
        assert leg2["date"] == expected_leg2_date


def overnight_connection(db, date, next_date):
    """(first, second): first arrives next day; second connects and is available on next_date
    with seats or prices different from ``date``."""
    for first in db.flights.values():
        if "+1" not in first.scheduled_arrival_time_est or not isinstance(first.dates.get(date), FlightAvailable):
            continue
        for second in db.flights.values():
            later, same = second.dates.get(next_date), second.dates.get(date)
            if (
                second.origin == first.destination
                and second.scheduled_departure_time_est >= first.scheduled_arrival_time_est
                and isinstance(later, FlightAvailable)
                and isinstance(same, FlightAvailable)
                and (later.available_seats, later.prices) != (same.available_seats, same.prices)
            ):
                return db.flights[first.flight_number], db.flights[second.flight_number]
    raise AssertionError("no overnight connection")


def test_onestop_overnight_second_leg_uses_next_day_seats_and_prices(tools, db):
    first, second = overnight_connection(db, SEARCH_DATE, "2024-05-21")
    pairs = json.loads(
        ok(tools, "search_onestop_flight", origin=first.origin, destination=second.destination, date=SEARCH_DATE)
    )
    leg1, leg2 = find(
        pairs,
        lambda p: [p[0]["flight_number"], p[1]["flight_number"]] == [first.flight_number, second.flight_number],
        "pair in the results",
    )
    next_day = second.dates["2024-05-21"]
    assert leg1["date"] == SEARCH_DATE
    assert leg2["date"] == "2024-05-21"
    assert leg2["available_seats"] == next_day.available_seats
    assert leg2["prices"] == next_day.prices


def test_onestop_next_day_is_not_zero_padded(tools, db):
    # Altered DB: τ²'s data have no bookable day before the 16th, so make one. The first leg
    # flies on 2024-05-05; the second leg is looked up under the key "2024-05-6".
    first, second = overnight_connection(db, SEARCH_DATE, "2024-05-21")
    first.dates["2024-05-05"] = first.dates[SEARCH_DATE].model_copy(deep=True)
    unpadded = second.dates["2024-05-21"].model_copy(deep=True)
    unpadded.prices = {cabin: 1000 + i for i, cabin in enumerate(CABINS)}
    padded = second.dates[SEARCH_DATE].model_copy(deep=True)
    second.dates["2024-05-06"] = padded
    arguments = dict(origin=first.origin, destination=second.destination, date="2024-05-05")
    pairs = json.loads(ok(tools, "search_onestop_flight", **arguments))
    assert [first.flight_number, second.flight_number] not in [
        [a["flight_number"], b["flight_number"]] for a, b in pairs
    ]
    second.dates["2024-05-6"] = unpadded
    pairs = json.loads(ok(tools, "search_onestop_flight", **arguments))
    leg1, leg2 = find(
        pairs,
        lambda p: [p[0]["flight_number"], p[1]["flight_number"]] == [first.flight_number, second.flight_number],
        "pair in the results",
    )
    assert leg1["date"] == "2024-05-05"
    assert leg2["date"] == "2024-05-6"
    assert leg2["prices"] == unpadded.prices


def test_onestop_next_day_keeps_the_month_fixed_to_may(tools, db):
    # Altered DB: a first leg in June; its overnight connection is looked up on 2024-05-21.
    first, second = overnight_connection(db, SEARCH_DATE, "2024-05-21")
    first.dates["2024-06-20"] = first.dates[SEARCH_DATE].model_copy(deep=True)
    pairs = json.loads(
        ok(tools, "search_onestop_flight", origin=first.origin, destination=second.destination, date="2024-06-20")
    )
    leg1, leg2 = find(
        pairs,
        lambda p: [p[0]["flight_number"], p[1]["flight_number"]] == [first.flight_number, second.flight_number],
        "pair in the results",
    )
    assert (leg1["date"], leg2["date"]) == ("2024-06-20", "2024-05-21")


def test_onestop_overnight_first_leg_on_the_30th_finds_nothing(tools, db):
    first, second = overnight_connection(db, "2024-05-29", "2024-05-30")
    pairs = json.loads(
        ok(tools, "search_onestop_flight", origin=first.origin, destination=second.destination, date="2024-05-30")
    )
    assert all("+1" not in leg1["scheduled_arrival_time_est"] for leg1, _ in pairs)


def test_onestop_can_return_to_the_origin(tools, db):
    flight, date, _ = available_day(db)
    pairs = json.loads(ok(tools, "search_onestop_flight", origin=flight.origin, destination=flight.origin, date=date))
    assert pairs
    assert all(leg1["origin"] == leg2["destination"] == flight.origin for leg1, leg2 in pairs)


# ----------------------------------------------------------------------------------------
# book_reservation (§3.1)


def test_booking_happy_path_output_and_effects(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, day = economy_day
    price = day.prices["economy"]
    seats = day.available_seats["economy"]
    arguments = booking(
        user,
        [(flight, date)],
        [{"payment_id": card.id, "amount": price * 2 + 60 + 50}],
        count=2,
        nonfree=1,
        insurance="yes",
    )
    arguments["passengers"][0]["nickname"] = "dropped"  # extra keys are silently dropped
    content = ok(tools, "book_reservation", **arguments)
    data = json.loads(content)
    assert list(data) == RESERVATION_KEYS
    assert data["reservation_id"] == "HATHAT"
    assert data["flights"] == [
        {
            "flight_number": flight.flight_number,
            "origin": flight.origin,
            "destination": flight.destination,
            "date": date,
            "price": price,
        }
    ]
    assert data["passengers"] == passengers(2)
    assert data["payment_history"] == [{"payment_id": card.id, "amount": price * 2 + 110}]
    assert data["created_at"] == "2024-05-15T15:00:00"
    assert data["status"] is None
    assert content.endswith('"insurance": "yes", "status": null}')
    assert day.available_seats["economy"] == seats - 2
    assert user.reservations[-1] == "HATHAT"
    assert list(db.reservations)[-1] == "HATHAT"
    assert card.id in user.payment_methods


def test_booking_ids_then_too_many_reservations(tools, db, card_user):
    user, card = card_user
    ids = [book_one(tools, db, user, card)["reservation_id"] for _ in range(3)]
    assert ids == ["HATHAT", "HATHAU", "HATHAV"]
    before = db_hash(db)
    flight, date, day = available_day(db)
    assert fail(
        tools,
        "book_reservation",
        **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": day.prices["economy"]}]),
    ) == ("Error: Too many reservations")
    assert db_hash(db) == before


def test_booking_same_flight_twice_decrements_seats_twice(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, day = economy_day
    seats = day.available_seats["economy"]
    ok(
        tools,
        "book_reservation",
        **booking(
            user, [(flight, date), (flight, date)], [{"payment_id": card.id, "amount": 2 * day.prices["economy"]}]
        ),
    )
    assert day.available_seats["economy"] == seats - 2


def test_booking_deducts_gift_card_without_rounding(tools, db, economy_day):
    # Altered DB: the shipped gift-card amounts are all whole numbers.
    user, card = user_with(db, GiftCard)
    flight, date, day = economy_day
    price = day.prices["economy"]
    card.amount = price + 0.1
    ok(tools, "book_reservation", **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": price}]))
    assert card.amount == (price + 0.1) - price
    assert card.amount != round(card.amount, 2)


def test_booking_gift_card_amount_stays_float(tools, db, economy_day):
    flight, date, day = economy_day
    price = day.prices["economy"]
    user, card = user_with(db, GiftCard, lambda m: m.amount >= price)
    expected = card.amount - price
    ok(tools, "book_reservation", **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": price}]))
    content = ok(tools, "get_user_details", user_id=user.user_id)
    assert f'"id": "{card.id}", "amount": {expected!r}}}' in content
    assert repr(expected).endswith(".0")


def test_booking_removes_a_partly_used_certificate(tools, db, economy_day):
    flight, date, day = economy_day
    price = day.prices["economy"]
    user = find(
        db.users,
        lambda u: {CreditCard, Certificate} <= {type(m) for m in u.payment_methods.values()},
        "user with a credit card and a certificate",
    )
    certificate = next(m for m in user.payment_methods.values() if isinstance(m, Certificate))
    card = next(m for m in user.payment_methods.values() if isinstance(m, CreditCard))
    ok(
        tools,
        "book_reservation",
        **booking(
            user,
            [(flight, date)],
            [{"payment_id": certificate.id, "amount": 10}, {"payment_id": card.id, "amount": price - 10}],
        ),
    )
    assert certificate.id not in user.payment_methods


def test_booking_with_certificate_listed_twice_fails_after_removing_it(tools, db):
    flight, date, day = available_day(db, "basic_economy")
    price = day.prices["basic_economy"]
    user, certificate = user_with(db, Certificate, lambda m: m.amount >= price)
    seats = day.available_seats["basic_economy"]
    half = price // 2
    assert fail(
        tools,
        "book_reservation",
        **booking(
            user,
            [(flight, date)],
            [{"payment_id": certificate.id, "amount": half}, {"payment_id": certificate.id, "amount": price - half}],
            cabin="basic_economy",
        ),
    ) == (f"Error: '{certificate.id}'")
    assert certificate.id not in user.payment_methods
    assert "HATHAT" not in db.reservations
    assert day.available_seats["basic_economy"] == seats


def test_booking_checks_each_payment_against_the_full_balance(tools, db):
    # The same gift card listed twice passes both checks and ends up negative.
    flight, date, day = available_day(db, "basic_economy")
    price = day.prices["basic_economy"]
    user, card = user_with(db, GiftCard, lambda m: m.amount >= max(price, 50))
    balance = card.amount
    bags = int((balance - price) // 50) + 1  # total just above the balance
    total = price + 50 * bags
    first = int(balance)
    assert total > balance and total - first <= balance
    ok(
        tools,
        "book_reservation",
        **booking(
            user,
            [(flight, date)],
            [{"payment_id": card.id, "amount": first}, {"payment_id": card.id, "amount": total - first}],
            cabin="basic_economy",
            nonfree=bags,
        ),
    )
    assert card.amount == balance - first - (total - first)
    assert card.amount < 0


@pytest.mark.parametrize(
    "field, value, message",
    [
        (
            "passengers",
            [{"first_name": "A", "last_name": "B"}],
            "1 validation error for Passenger\ndob\n"
            "  Field required [type=missing, input_value={'first_name': 'A', 'last_name': 'B'}, input_type=dict]\n"
            f"    For further information visit {PYDANTIC_URL}/missing",
        ),
        (
            "flights",
            [{"flight_number": "HAT001"}],
            "1 validation error for FlightInfo\ndate\n"
            "  Field required [type=missing, input_value={'flight_number': 'HAT001'}, input_type=dict]\n"
            f"    For further information visit {PYDANTIC_URL}/missing",
        ),
        (
            "payment_methods",
            [{"payment_id": "credit_card_1", "amount": 1.5}],
            "1 validation error for Payment\namount\n"
            "  Input should be a valid integer, got a number with a fractional part "
            "[type=int_from_float, input_value=1.5, input_type=float]\n"
            f"    For further information visit {PYDANTIC_URL}/int_from_float",
        ),
    ],
)
def test_booking_argument_models_are_validated_before_the_user_lookup(tools, db, field, value, message):
    flight, date, _ = available_day(db)
    user = first_record(db.users)
    arguments = booking(
        user, [(flight, date)], [{"payment_id": "credit_card_1", "amount": 1}], user_id="nobody_1", **{field: value}
    )
    assert fail(tools, "book_reservation", **arguments) == "Error: " + message


def test_booking_unknown_user(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, _ = economy_day
    assert fail(tools, "book_reservation", **booking(user, [(flight, date)], [], user_id="nobody_1")) == (
        "Error: User nobody_1 not found"
    )


@pytest.mark.parametrize(
    "field, value, message",
    [
        (
            "flight_type",
            "round-trip",
            "flight_type\n  Input should be 'round_trip' or 'one_way' "
            "[type=literal_error, input_value='round-trip', input_type=str]\n"
            f"    For further information visit {PYDANTIC_URL}/literal_error",
        ),
        (
            "cabin",
            "first",
            "cabin\n  Input should be 'business', 'economy' or 'basic_economy' "
            "[type=literal_error, input_value='first', input_type=str]\n"
            f"    For further information visit {PYDANTIC_URL}/literal_error",
        ),
        (
            "insurance",
            True,
            "insurance\n  Input should be 'yes' or 'no' [type=literal_error, input_value=True, input_type=bool]\n"
            f"    For further information visit {PYDANTIC_URL}/literal_error",
        ),
    ],
)
def test_booking_reservation_model_validates_enums(tools, db, card_user, economy_day, field, value, message):
    user, card = card_user
    flight, date, _ = economy_day
    content = fail(
        tools,
        "book_reservation",
        **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": 1}], **{field: value}),
    )
    assert content == "Error: 1 validation error for Reservation\n" + message


def test_booking_flight_errors(tools, db, card_user):
    user, card = card_user
    payment = [{"payment_id": card.id, "amount": 1}]
    good_flight, good_date, _ = available_day(db)
    landed, landed_date = day_with_status(db, "landed")

    def flights(*segments):
        return booking(
            user, [(good_flight, good_date)], payment, flights=[{"flight_number": n, "date": d} for n, d in segments]
        )

    assert fail(tools, "book_reservation", **flights(("HAT999", good_date))) == "Error: Flight HAT999 not found"
    assert fail(tools, "book_reservation", **flights((good_flight.flight_number, "2024-06-01"))) == (
        f"Error: Flight {good_flight.flight_number} not found on date 2024-06-01"
    )
    # segments are checked in order: the good first segment does not hide the bad second one
    assert fail(
        tools,
        "book_reservation",
        **flights((good_flight.flight_number, good_date), (landed.flight_number, landed_date)),
    ) == (f"Error: Flight {landed.flight_number} not available on date {landed_date}")
    assert "HATHAT" not in db.reservations


def test_booking_not_enough_seats(tools, db, card_user):
    user, card = card_user
    flight, date, day = available_day(db, "business")
    count = day.available_seats["business"] + 1
    assert fail(
        tools,
        "book_reservation",
        **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": 1}], cabin="business", count=count),
    ) == (f"Error: Not enough seats on flight {flight.flight_number}")


def test_booking_payment_errors_are_checked_per_entry_in_order(tools, db, economy_day):
    flight, date, day = economy_day
    price = day.prices["economy"]
    user, card = user_with(db, GiftCard, lambda m: m.amount < price)
    missing = {"payment_id": "credit_card_0000000", "amount": 1}
    too_much = {"payment_id": card.id, "amount": int(card.amount) + 1}
    assert fail(tools, "book_reservation", **booking(user, [(flight, date)], [missing, too_much])) == (
        "Error: Payment method credit_card_0000000 not found"
    )
    assert fail(tools, "book_reservation", **booking(user, [(flight, date)], [too_much, missing])) == (
        f"Error: Not enough balance in payment method {card.id}"
    )


def test_booking_total_mismatch_message(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, day = economy_day
    price = day.prices["economy"]
    content = fail(
        tools,
        "book_reservation",
        **booking(
            user, [(flight, date)], [{"payment_id": card.id, "amount": "100"}], count=2, insurance="yes", nonfree=3
        ),
    )
    assert content == f"Error: Payment amount does not add up, total price is {2 * price + 60 + 150}, but paid 100"


def test_booking_float_bag_count_makes_the_total_a_float(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, day = economy_day
    price = day.prices["economy"]
    content = fail(
        tools,
        "book_reservation",
        **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": 1}], nonfree=1.0),
    )
    assert content == f"Error: Payment amount does not add up, total price is {price + 50.0}, but paid 1"


def test_booking_numeric_string_payment_amount_becomes_int(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, day = economy_day
    content = ok(
        tools,
        "book_reservation",
        **booking(user, [(flight, date)], [{"payment_id": card.id, "amount": str(day.prices["economy"])}]),
    )
    assert f'"payment_history": [{{"payment_id": "{card.id}", "amount": {day.prices["economy"]}}}]' in content


def test_booking_mixed_flight_list_is_left_raw_and_fails_on_attribute(tools, db, card_user, economy_day):
    user, card = card_user
    flight, date, _ = economy_day
    arguments = booking(user, [(flight, date)], [{"payment_id": card.id, "amount": 1}])
    arguments["flights"] = [{"flight_number": flight.flight_number, "date": date}, flight.flight_number]
    assert fail(tools, "book_reservation", **arguments).startswith("Error: 'dict' object has no attribute ")


# ----------------------------------------------------------------------------------------
# cancel_reservation (§3.2)


def test_cancel_reservation(tools, db):
    assert fail(tools, "cancel_reservation", reservation_id="ZZZZZZ") == "Error: Reservation ZZZZZZ not found"
    reservation = reservation_where(
        db,
        lambda r: any(isinstance(methods_of(db, r).get(p.payment_id), GiftCard) for p in r.payment_history),
        "reservation paid by gift card",
    )
    methods = {m.id: m.model_dump() for m in methods_of(db, reservation).values()}
    flights = {s.flight_number: db.flights[s.flight_number].model_dump() for s in reservation.flights}
    history = [p.model_dump() for p in reservation.payment_history]
    data = json.loads(ok(tools, "cancel_reservation", reservation_id=reservation.reservation_id))
    assert data["status"] == "cancelled"
    assert data["payment_history"] == history + [
        {"payment_id": p["payment_id"], "amount": -p["amount"]} for p in history
    ]
    # no money back, no seats released
    assert {m.id: m.model_dump() for m in methods_of(db, reservation).values()} == methods
    assert {s.flight_number: db.flights[s.flight_number].model_dump() for s in reservation.flights} == flights
    # a second cancel negates every entry again, refunds included
    data = json.loads(ok(tools, "cancel_reservation", reservation_id=reservation.reservation_id))
    first_round = history + [{"payment_id": p["payment_id"], "amount": -p["amount"]} for p in history]
    assert data["payment_history"] == first_round + [
        {"payment_id": p["payment_id"], "amount": -p["amount"]} for p in first_round
    ]


# ----------------------------------------------------------------------------------------
# update_reservation_baggages (§3.9)


def reservation_with_method(db, kind, predicate=lambda r, m: True):
    for reservation in db.reservations.values():
        for method in methods_of(db, reservation).values():
            if isinstance(method, kind) and predicate(reservation, method):
                reservation = db.reservations[reservation.reservation_id]
                return reservation, methods_of(db, reservation)[method.id]
    raise AssertionError(f"no reservation whose user has a matching {kind.__name__}")


def test_baggage_errors(tools, db):
    assert (
        fail(
            tools,
            "update_reservation_baggages",
            reservation_id="ZZZZZZ",
            total_baggages=1,
            nonfree_baggages=1,
            payment_id="x",
        )
        == "Error: Reservation ZZZZZZ not found"
    )
    reservation, certificate = reservation_with_method(db, Certificate)
    args = dict(
        reservation_id=reservation.reservation_id,
        total_baggages=reservation.total_baggages,
        nonfree_baggages=reservation.nonfree_baggages,
    )
    assert fail(tools, "update_reservation_baggages", **args, payment_id="gift_card_0000000") == (
        "Error: Payment method not found"
    )
    # certificates are refused even when nothing is charged
    assert fail(tools, "update_reservation_baggages", **args, payment_id=certificate.id) == (
        "Error: Certificate cannot be used to update reservation"
    )


def test_baggage_user_of_reservation_must_exist(tools, db):
    # Altered DB: the reservation points to a user that does not exist.
    reservation = first_record(db.reservations)
    reservation.user_id = "ghost_1"
    assert (
        fail(
            tools,
            "update_reservation_baggages",
            reservation_id=reservation.reservation_id,
            total_baggages=0,
            nonfree_baggages=0,
            payment_id="x",
        )
        == "Error: User ghost_1 not found"
    )


def test_baggage_gift_card_balance_not_enough(tools, db):
    reservation, card = reservation_with_method(db, GiftCard, lambda r, m: m.amount < 50 * 10)
    added = int(card.amount // 50) + 1
    assert fail(
        tools,
        "update_reservation_baggages",
        reservation_id=reservation.reservation_id,
        total_baggages=reservation.total_baggages + added,
        nonfree_baggages=reservation.nonfree_baggages + added,
        payment_id=card.id,
    ) == ("Error: Gift card balance is not enough")


def test_baggage_fee_charged_to_gift_card(tools, db):
    reservation, card = reservation_with_method(db, GiftCard, lambda r, m: m.amount >= 100)
    balance = card.amount
    entries = len(reservation.payment_history)
    data = json.loads(
        ok(
            tools,
            "update_reservation_baggages",
            reservation_id=reservation.reservation_id,
            total_baggages=reservation.total_baggages + 2,
            nonfree_baggages=reservation.nonfree_baggages + 2,
            payment_id=card.id,
        )
    )
    assert data["payment_history"][entries:] == [{"payment_id": card.id, "amount": 100}]
    assert card.amount == balance - 100


def test_baggage_decrease_charges_nothing_and_adds_no_entry(tools, db):
    # (the shipped reservations have no paid bags, so add two first, by credit card)
    reservation, card = reservation_with_method(
        db,
        CreditCard,
        lambda r, m: r.total_baggages >= 1 and any(isinstance(x, GiftCard) for x in methods_of(db, r).values()),
    )
    gift_card = next(m for m in methods_of(db, reservation).values() if isinstance(m, GiftCard))
    ok(
        tools,
        "update_reservation_baggages",
        reservation_id=reservation.reservation_id,
        total_baggages=reservation.total_baggages + 2,
        nonfree_baggages=2,
        payment_id=card.id,
    )
    before = gift_card.model_dump()
    history = [p.model_dump() for p in reservation.payment_history]
    data = json.loads(
        ok(
            tools,
            "update_reservation_baggages",
            reservation_id=reservation.reservation_id,
            total_baggages=0,
            nonfree_baggages=0,
            payment_id=gift_card.id,
        )
    )
    assert (data["total_baggages"], data["nonfree_baggages"]) == (0, 0)
    assert data["payment_history"] == history
    assert gift_card.model_dump() == before


def test_baggage_float_count_is_stored_raw_and_fee_entry_is_int(tools, db):
    reservation, card = reservation_with_method(db, CreditCard, lambda r, m: r.nonfree_baggages == 0)
    content = ok(
        tools,
        "update_reservation_baggages",
        reservation_id=reservation.reservation_id,
        total_baggages=2.0,
        nonfree_baggages=2.0,
        payment_id=card.id,
    )
    assert '"total_baggages": 2.0, "nonfree_baggages": 2.0,' in content
    assert reservation.payment_history[-1].model_dump() == {"payment_id": card.id, "amount": 100}
    assert f'{{"payment_id": "{card.id}", "amount": 100}}]' in content


def test_baggage_string_count_fails_in_fee_computation_before_payment_checks(tools, db):
    reservation = first_record(db.reservations)
    assert (
        fail(
            tools,
            "update_reservation_baggages",
            reservation_id=reservation.reservation_id,
            total_baggages="2",
            nonfree_baggages="2",
            payment_id="nope",
        )
        == "Error: unsupported operand type(s) for -: 'str' and 'int'"
    )


# ----------------------------------------------------------------------------------------
# update_reservation_flights (§3.10)


def future_reservation(db, kind=CreditCard, cabin=None):
    """A reservation whose segments are all bookable today and whose user has ``kind``."""

    def fits(reservation, method):
        return (
            reservation.status is None
            and reservation.flights
            and (cabin is None or reservation.cabin == cabin)
            and all(
                isinstance(db.flights[s.flight_number].dates.get(s.date), FlightAvailable) for s in reservation.flights
            )
            and all(
                db.flights[s.flight_number].dates[s.date].available_seats[c] >= len(reservation.passengers)
                for s in reservation.flights
                for c in CABINS
            )
        )

    return reservation_with_method(db, kind, fits)


def segments(reservation):
    return [{"flight_number": s.flight_number, "date": s.date} for s in reservation.flights]


def test_update_flights_validates_flight_list_before_reservation_lookup(tools):
    assert fail(
        tools,
        "update_reservation_flights",
        reservation_id="ZZZZZZ",
        cabin="economy",
        flights=[{"flight_number": "HAT001"}],
        payment_id="x",
    ) == (
        "Error: 1 validation error for FlightInfo\ndate\n"
        "  Field required [type=missing, input_value={'flight_number': 'HAT001'}, input_type=dict]\n"
        f"    For further information visit {PYDANTIC_URL}/missing"
    )
    assert (
        fail(tools, "update_reservation_flights", reservation_id="ZZZZZZ", cabin="economy", flights=[], payment_id="x")
        == "Error: Reservation ZZZZZZ not found"
    )


def test_update_flights_same_cabin_keeps_old_segment_price(tools, db):
    reservation, card = future_reservation(db)
    old = [s.model_dump() for s in reservation.flights]
    history = [p.model_dump() for p in reservation.payment_history]
    # Altered DB: today's price differs from the stored one
    for segment in reservation.flights:
        db.flights[segment.flight_number].dates[segment.date].prices[reservation.cabin] += 7
    data = json.loads(
        ok(
            tools,
            "update_reservation_flights",
            reservation_id=reservation.reservation_id,
            cabin=reservation.cabin,
            flights=segments(reservation),
            payment_id=card.id,
        )
    )
    assert data["flights"] == old
    assert data["payment_history"] == history


def test_update_flights_certificate_refused_even_without_charge(tools, db):
    reservation, certificate = reservation_with_method(db, Certificate, lambda r, m: r.flights)
    assert fail(
        tools,
        "update_reservation_flights",
        reservation_id=reservation.reservation_id,
        cabin=reservation.cabin,
        flights=segments(reservation),
        payment_id=certificate.id,
    ) == ("Error: Certificate cannot be used to update reservation")


def test_update_flights_cabin_change_reprices_and_updates_cabin(tools, db):
    reservation, card = future_reservation(db, cabin="economy")
    count = len(reservation.passengers)
    seats_before = {s.flight_number: db.flights[s.flight_number].model_dump() for s in reservation.flights}
    new_prices = [db.flights[s.flight_number].dates[s.date].prices["business"] for s in reservation.flights]
    total = sum(new_prices) * count - sum(s.price for s in reservation.flights) * count
    data = json.loads(
        ok(
            tools,
            "update_reservation_flights",
            reservation_id=reservation.reservation_id,
            cabin="business",
            flights=segments(reservation),
            payment_id=card.id,
        )
    )
    assert data["cabin"] == "business"
    assert [s["price"] for s in data["flights"]] == new_prices
    assert data["payment_history"][-1] == {"payment_id": card.id, "amount": total}
    # seats are neither taken nor released
    assert {s.flight_number: db.flights[s.flight_number].model_dump() for s in reservation.flights} == seats_before


def test_update_flights_negative_total_credits_gift_card(tools, db):
    reservation, card = future_reservation(db, GiftCard, cabin="business")
    count = len(reservation.passengers)
    balance = card.amount
    new_prices = [db.flights[s.flight_number].dates[s.date].prices["basic_economy"] for s in reservation.flights]
    total = (sum(new_prices) - sum(s.price for s in reservation.flights)) * count
    assert total < 0
    data = json.loads(
        ok(
            tools,
            "update_reservation_flights",
            reservation_id=reservation.reservation_id,
            cabin="basic_economy",
            flights=segments(reservation),
            payment_id=card.id,
        )
    )
    assert data["payment_history"][-1] == {"payment_id": card.id, "amount": total}
    assert card.amount == balance - total


def test_update_flights_cabin_change_rechecks_availability_of_kept_segments(tools, db):
    reservation, card = reservation_with_method(
        db,
        CreditCard,
        lambda r, m: r.flights and all(db.flights[s.flight_number].dates[s.date].status == "landed" for s in r.flights),
    )
    other_cabin = next(c for c in CABINS if c != reservation.cabin)
    # same cabin: the landed segments are reused as they are
    ok(
        tools,
        "update_reservation_flights",
        reservation_id=reservation.reservation_id,
        cabin=reservation.cabin,
        flights=segments(reservation),
        payment_id=card.id,
    )
    first = reservation.flights[0]
    assert fail(
        tools,
        "update_reservation_flights",
        reservation_id=reservation.reservation_id,
        cabin=other_cabin,
        flights=segments(reservation),
        payment_id=card.id,
    ) == (f"Error: Flight {first.flight_number} not available on date {first.date}")


def test_update_flights_segment_errors(tools, db):
    reservation, card = future_reservation(db)
    base = dict(reservation_id=reservation.reservation_id, cabin=reservation.cabin, payment_id=card.id)
    first = reservation.flights[0]
    assert fail(
        tools, "update_reservation_flights", **base, flights=[{"flight_number": "HAT999", "date": first.date}]
    ) == ("Error: Flight HAT999 not found")
    assert fail(
        tools,
        "update_reservation_flights",
        **base,
        flights=[{"flight_number": first.flight_number, "date": "2024-06-01"}],
    ) == (f"Error: Flight {first.flight_number} not found on date 2024-06-01")
    # Altered DB: no seats left in the requested cabin on the new date
    flight = db.flights[first.flight_number]
    other_date = next(d for d, day in flight.dates.items() if isinstance(day, FlightAvailable) and d != first.date)
    flight.dates[other_date].available_seats[reservation.cabin] = len(reservation.passengers) - 1
    assert fail(
        tools,
        "update_reservation_flights",
        **base,
        flights=[{"flight_number": first.flight_number, "date": other_date}],
    ) == (f"Error: Not enough seats on flight {first.flight_number}")


def test_update_flights_unknown_cabin_is_a_key_error(tools, db):
    reservation, card = future_reservation(db)
    assert (
        fail(
            tools,
            "update_reservation_flights",
            reservation_id=reservation.reservation_id,
            cabin="first",
            flights=segments(reservation),
            payment_id=card.id,
        )
        == "Error: 'first'"
    )


def test_update_flights_with_no_segments_stores_any_cabin_raw(tools, db):
    reservation, card = future_reservation(db)
    refund = -sum(s.price for s in reservation.flights) * len(reservation.passengers)
    content = ok(
        tools,
        "update_reservation_flights",
        reservation_id=reservation.reservation_id,
        cabin="first",
        flights=[],
        payment_id=card.id,
    )
    data = json.loads(content)
    assert data["cabin"] == "first" and data["flights"] == []
    assert data["payment_history"][-1] == {"payment_id": card.id, "amount": refund}
    assert '"cabin": "first", "flights": [],' in content


# ----------------------------------------------------------------------------------------
# update_reservation_passengers (§3.11)


def test_update_passengers(tools, db):
    reservation = reservation_where(db, lambda r: len(r.passengers) == 2, "two-passenger reservation")
    assert fail(
        tools,
        "update_reservation_passengers",
        reservation_id="ZZZZZZ",
        passengers=[{"first_name": "A", "last_name": "B"}],
    ) == (
        "Error: 1 validation error for Passenger\ndob\n"
        "  Field required [type=missing, input_value={'first_name': 'A', 'last_name': 'B'}, input_type=dict]\n"
        f"    For further information visit {PYDANTIC_URL}/missing"
    )
    assert fail(tools, "update_reservation_passengers", reservation_id="ZZZZZZ", passengers=passengers(2)) == (
        "Error: Reservation ZZZZZZ not found"
    )
    assert (
        fail(
            tools, "update_reservation_passengers", reservation_id=reservation.reservation_id, passengers=passengers(3)
        )
        == "Error: Number of passengers does not match"
    )
    new = passengers(2)
    new[1]["seat"] = "12A"
    data = json.loads(
        ok(tools, "update_reservation_passengers", reservation_id=reservation.reservation_id, passengers=new)
    )
    assert data["passengers"] == passengers(2)


# ----------------------------------------------------------------------------------------
# send_certificate (§3.8)


def test_send_certificate_sequence_and_limit(tools, db):
    assert fail(tools, "send_certificate", user_id="nobody_1", amount=100) == "Error: User nobody_1 not found"
    user = find(
        db.users,
        lambda u: not any(k.startswith("certificate_322132") for k in u.payment_methods),
        "user without the new certificate ids",
    )
    sentences = [ok(tools, "send_certificate", user_id=user.user_id, amount=amount) for amount in (100, 50.5, "70")]
    assert sentences == [
        f"Certificate certificate_3221322 added to user {user.user_id} with amount 100.",
        f"Certificate certificate_3221323 added to user {user.user_id} with amount 50.5.",
        f"Certificate certificate_3221324 added to user {user.user_id} with amount 70.",
    ]
    amounts = {
        cid: user.payment_methods[cid].amount
        for cid in ("certificate_3221322", "certificate_3221323", "certificate_3221324")
    }
    assert amounts == {"certificate_3221322": 100.0, "certificate_3221323": 50.5, "certificate_3221324": 70.0}
    assert all(type(amount) is float for amount in amounts.values())
    content = ok(tools, "get_user_details", user_id=user.user_id)
    assert '{"source": "certificate", "id": "certificate_3221322", "amount": 100.0}' in content
    before = db_hash(db)
    assert fail(tools, "send_certificate", user_id=user.user_id, amount=10) == "Error: Too many certificates"
    assert db_hash(db) == before
