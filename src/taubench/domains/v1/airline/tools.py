"""Airline tools, faithful to τ-bench v1: same names, order, checks, error texts and effects.

Each tool takes the episode's database (``data``: flights, reservations, users as v1's JSON
objects) and the agent's arguments, and returns the observation; a failure is raised and
becomes ``Error: <message>``. The docstrings are the tool descriptions (our wording).

The tools enforce almost none of the airline policy (cancellation rules, basic-economy
limits, baggage allowance, seat counts): the agent must, and the DB hash catches it when it
does not.
"""

import copy
import json
from typing import Annotated, Any, Literal, Optional, TypedDict

from taubench.domains.v1.toolkit import V1Toolkit, calculate, think, transfer_to_human_agents, v1_tool

NEW_RESERVATION_IDS = ("HATHAT", "HATHAU", "HATHAV")
NEW_CERTIFICATE_IDS = ("certificate_3221322", "certificate_3221323", "certificate_3221324")
BOOKING_TIME = "2024-05-15T15:00:00"
AIRPORTS = {
    "SFO": "San Francisco",
    "JFK": "New York",
    "LAX": "Los Angeles",
    "ORD": "Chicago",
    "DFW": "Dallas",
    "DEN": "Denver",
    "SEA": "Seattle",
    "ATL": "Atlanta",
    "MIA": "Miami",
    "BOS": "Boston",
    "PHX": "Phoenix",
    "IAH": "Houston",
    "LAS": "Las Vegas",
    "MCO": "Orlando",
    "EWR": "Newark",
    "CLT": "Charlotte",
    "MSP": "Minneapolis",
    "DTW": "Detroit",
    "PHL": "Philadelphia",
    "LGA": "LaGuardia",
}

Cabin = Literal["basic_economy", "economy", "business"]


class FlightSegment(TypedDict):
    flight_number: Annotated[str, "The flight number, e.g. 'HAT001'."]
    date: Annotated[str, "The date of the flight, in 'YYYY-MM-DD' format, e.g. '2024-05-01'."]


class Passenger(TypedDict):
    first_name: Annotated[str, "The passenger's first name, e.g. 'Noah'."]
    last_name: Annotated[str, "The passenger's last name, e.g. 'Brown'."]
    dob: Annotated[str, "The passenger's date of birth, in 'YYYY-MM-DD' format, e.g. '1990-01-01'."]


class Payment(TypedDict):
    payment_id: Annotated[
        str, "The payment method, e.g. 'credit_card_7815826', 'gift_card_7815826' or 'certificate_7815826'."
    ]
    amount: Annotated[float, "The amount this method pays."]


def _reservation(data: dict, reservation_id: str, missing: str = "reservation not found") -> dict:
    if reservation_id not in data["reservations"]:
        raise ValueError(missing)
    return data["reservations"][reservation_id]


def _bookable_segment(data: dict, segment: dict, cabin: str, passengers: list) -> dict:
    """The flight record of a new segment, checked for the date, its status and the seats.
    Each value is read where the original reads it (the date after the flight is found, the
    cabin's seats before the passengers are counted), so that arguments of the wrong kind
    fail with the original's text (found by the tool probe)."""
    number = segment["flight_number"]
    if number not in data["flights"]:
        raise ValueError(f"flight {number} not found")
    flight = data["flights"][number]
    if segment["date"] not in flight["dates"]:
        raise ValueError(f"flight {number} not found on date {segment['date']}")
    day = flight["dates"][segment["date"]]
    if day["status"] != "available":
        raise ValueError(f"flight {number} not available on date {segment['date']}")
    if day["available_seats"][cabin] < len(passengers):
        raise ValueError(f"not enough seats on flight {number}")
    return flight


def _update_payment(user: dict, payment_id: str, price) -> dict:
    """The user's method for paying a change: no certificates, enough on a gift card."""
    if payment_id not in user["payment_methods"]:
        raise ValueError("payment method not found")
    method = user["payment_methods"][payment_id]
    if method["source"] == "certificate":
        raise ValueError("certificate cannot be used to update reservation")
    if method["source"] == "gift_card" and method["amount"] < price:
        raise ValueError("gift card balance is not enough")
    return method


@v1_tool("write")
def book_reservation(
    data: dict,
    user_id: str,
    origin: str,
    destination: str,
    flight_type: Literal["one_way", "round_trip"],
    cabin: Cabin,
    flights: list[FlightSegment],
    passengers: list[Passenger],
    payment_methods: list[Payment],
    total_baggages: int,
    nonfree_baggages: int,
    insurance: Literal["yes", "no"],
) -> str:
    """Book a reservation.

    Args:
        user_id: The id of the user booking, e.g. 'sara_doe_496'.
        origin: IATA code of the trip's origin airport, e.g. 'SFO'.
        destination: IATA code of the trip's destination airport, e.g. 'JFK'.
        flight_type: 'one_way' or 'round_trip'.
        cabin: 'basic_economy', 'economy' or 'business'.
        flights: Every flight segment of the trip, with its flight number and date.
        passengers: Each passenger's first name, last name and date of birth.
        payment_methods: How the total is paid: payment methods of the user, each with the
            amount it pays.
        total_baggages: The total number of checked bags.
        nonfree_baggages: How many of those bags are paid for.
        insurance: Whether travel insurance is bought: 'yes' or 'no'.
    """
    if user_id not in data["users"]:
        raise ValueError("user not found")
    user = data["users"][user_id]
    # Bug kept from v1: once HATHAT and HATHAU exist, every booking (over)writes HATHAV.
    reservation_id = next((rid for rid in NEW_RESERVATION_IDS[:2] if rid not in data["reservations"]), "HATHAV")
    reservation: dict[str, Any] = {
        "reservation_id": reservation_id,
        "user_id": user_id,
        "origin": origin,
        "destination": destination,
        "flight_type": flight_type,
        "cabin": cabin,
        "flights": copy.deepcopy(flights),
        "passengers": passengers,
        "payment_history": payment_methods,
        "created_at": BOOKING_TIME,
        "total_baggages": total_baggages,
        "nonfree_baggages": nonfree_baggages,
        "insurance": insurance,
    }
    total = 0
    for segment in reservation["flights"]:
        flight = _bookable_segment(data, segment, cabin, passengers)
        segment["price"] = flight["dates"][segment["date"]]["prices"][cabin]
        segment["origin"] = flight["origin"]
        segment["destination"] = flight["destination"]
        total += segment["price"] * len(passengers)
    if insurance == "yes":
        total += 30 * len(passengers)
    total += 50 * nonfree_baggages  # no free allowance is computed
    for payment in payment_methods:
        payment_id, amount = payment["payment_id"], payment["amount"]
        if payment_id not in user["payment_methods"]:
            raise ValueError(f"payment method {payment_id} not found")
        method = user["payment_methods"][payment_id]
        if method["source"] in ("gift_card", "certificate") and method["amount"] < amount:
            raise ValueError(f"not enough balance in payment method {payment_id}")
    paid = sum(payment["amount"] for payment in payment_methods)
    if paid != total:
        raise ValueError(f"payment amount does not add up, total price is {total}, but paid {paid}")
    for payment in payment_methods:
        method = user["payment_methods"][payment["payment_id"]]
        if method["source"] == "gift_card":
            method["amount"] -= payment["amount"]
        elif method["source"] == "certificate":  # gone even when only partly used
            del user["payment_methods"][payment["payment_id"]]
    # Seats are not taken from the flights (in v1 no tool changes them).
    data["reservations"][reservation_id] = reservation
    user["reservations"].append(reservation_id)
    return json.dumps(reservation)


@v1_tool("write")
def cancel_reservation(data: dict, reservation_id: str) -> str:
    """Cancel a whole reservation.

    Args:
        reservation_id: The reservation id, e.g. 'ZFA04Y'.
    """
    reservation = _reservation(data, reservation_id)
    refunds = [
        {"payment_id": payment["payment_id"], "amount": -payment["amount"]}
        for payment in reservation["payment_history"]
    ]
    reservation["payment_history"].extend(refunds)
    # No check of an earlier cancellation, and no money goes back to any payment method.
    reservation["status"] = "cancelled"
    return json.dumps(reservation)


@v1_tool("read")
def get_reservation_details(data: dict, reservation_id: str) -> str:
    """Look up a reservation.

    Args:
        reservation_id: The reservation id, e.g. '8JX2WO'.
    """
    # Bug kept from v1: a missing reservation is reported as a missing user.
    return json.dumps(_reservation(data, reservation_id, missing="user not found"))


@v1_tool("read")
def get_user_details(data: dict, user_id: str) -> str:
    """Look up a user's profile, including their reservation ids.

    Args:
        user_id: The user id, e.g. 'sara_doe_496'.
    """
    if user_id not in data["users"]:
        raise ValueError("user not found")
    return json.dumps(data["users"][user_id])


@v1_tool("read")
def list_all_airports(data: dict) -> str:
    """List every airport served, by IATA code, with its city."""
    return json.dumps(AIRPORTS)


def _flight_on(flight: dict, date: str, leg_date: Optional[str] = None) -> dict:
    """A search result: the flight without its calendar, that day's status, seats and prices
    and, for one-stop results, the leg's date."""
    result = {key: value for key, value in flight.items() if key != "dates"}
    result.update(flight["dates"][date])
    if leg_date is not None:
        result["date"] = leg_date
    return result


@v1_tool("read")
def search_direct_flight(data: dict, origin: str, destination: str, date: str) -> str:
    """Search direct flights between two airports on a date.

    Args:
        origin: IATA code of the departure airport, e.g. 'JFK'.
        destination: IATA code of the arrival airport, e.g. 'LAX'.
        date: The date, in 'YYYY-MM-DD' format, e.g. '2024-01-01'.
    """
    found = []
    for flight in data["flights"].values():
        if flight["origin"] == origin and flight["destination"] == destination:
            if date in flight["dates"] and flight["dates"][date]["status"] == "available":
                found.append(_flight_on(flight, date))
    return json.dumps(found)


@v1_tool("read")
def search_onestop_flight(data: dict, origin: str, destination: str, date: str) -> str:
    """Search flights with one stop between two airports, leaving on a date.

    Args:
        origin: IATA code of the departure airport, e.g. 'JFK'.
        destination: IATA code of the final arrival airport, e.g. 'LAX'.
        date: The departure date, in 'YYYY-MM-DD' format, e.g. '2024-05-01'.
    """
    found = []
    for first in data["flights"].values():
        if first["origin"] != origin:
            continue
        for second in data["flights"].values():
            if second["destination"] != destination or first["destination"] != second["origin"]:
                continue
            # Bugs kept from v1: the next day is always in May 2024 and not zero-padded.
            if "+1" in first["scheduled_arrival_time_est"]:
                second_date = f"2024-05-{int(date[-2:]) + 1}"
            else:
                second_date = date
            # Bug kept from v1: a plain string comparison of the times ("+1" included).
            if first["scheduled_arrival_time_est"] > second["scheduled_departure_time_est"]:
                continue
            if (
                date in first["dates"]
                and second_date in second["dates"]
                and first["dates"][date]["status"] == "available"
                and second["dates"][second_date]["status"] == "available"
            ):
                # Bug kept from v1: the second leg shows status, seats and prices of the
                # first leg's date, not of its own.
                found.append([_flight_on(first, date, date), _flight_on(second, date, second_date)])
    return json.dumps(found)


@v1_tool("write")
def send_certificate(data: dict, user_id: str, amount: float) -> Optional[str]:
    """Give a user a travel certificate, as a gesture of goodwill. Use with care.

    Args:
        user_id: The id of the user receiving the certificate, e.g. 'sara_doe_496'.
        amount: The certificate's value.
    """
    if user_id not in data["users"]:
        raise ValueError("user not found")
    methods = data["users"][user_id]["payment_methods"]
    for certificate_id in NEW_CERTIFICATE_IDS:
        if certificate_id not in methods:
            methods[certificate_id] = {"source": "certificate", "amount": amount, "id": certificate_id}
            return f"Certificate {certificate_id} added to user {user_id} with amount {amount}."
    # Bug kept from v1: a fourth certificate returns no observation, which crashes the episode.
    return None


@v1_tool("write")
def update_reservation_baggages(
    data: dict, reservation_id: str, total_baggages: int, nonfree_baggages: int, payment_id: str
) -> str:
    """Change the number of checked bags of a reservation.

    Args:
        reservation_id: The reservation id, e.g. 'ZFA04Y'.
        total_baggages: The new total number of checked bags.
        nonfree_baggages: The new number of bags that are paid for.
        payment_id: The payment method for any extra fee, e.g. 'credit_card_7815826' or
            'gift_card_7815826'.
    """
    reservation = _reservation(data, reservation_id)
    price = 50 * max(0, nonfree_baggages - reservation["nonfree_baggages"])
    method = _update_payment(data["users"][reservation["user_id"]], payment_id, price)
    reservation["total_baggages"] = total_baggages  # decreases are allowed too
    reservation["nonfree_baggages"] = nonfree_baggages
    if method["source"] == "gift_card":
        method["amount"] -= price
    if price != 0:
        reservation["payment_history"].append({"payment_id": payment_id, "amount": price})
    return json.dumps(reservation)


@v1_tool("write")
def update_reservation_flights(
    data: dict, reservation_id: str, cabin: Cabin, flights: list[FlightSegment], payment_id: str
) -> str:
    """Change the flights, or the cabin, of a reservation.

    Args:
        reservation_id: The reservation id, e.g. 'ZFA04Y'.
        cabin: 'basic_economy', 'economy' or 'business'.
        flights: Every segment of the new itinerary, including the ones that do not change.
        payment_id: The payment method for the price difference, e.g.
            'credit_card_7815826' or 'gift_card_7815826'.
    """
    reservation = _reservation(data, reservation_id)
    passengers = len(reservation["passengers"])
    segments: list[Any] = copy.deepcopy(flights)  # the agent's segments, to which v1 adds price and airports
    total = 0
    for segment in segments:
        kept = [
            old
            for old in reservation["flights"]
            if old["flight_number"] == segment["flight_number"]
            and old["date"] == segment["date"]
            and cabin == reservation["cabin"]
        ]
        if kept:  # an unchanged segment keeps the price it was booked at
            source, price = kept[0], kept[0]["price"]
        else:
            source = _bookable_segment(data, segment, cabin, reservation["passengers"])
            price = source["dates"][segment["date"]]["prices"][cabin]
        segment["price"] = price
        segment["origin"] = source["origin"]
        segment["destination"] = source["destination"]
        total += price * passengers
    total -= sum(old["price"] for old in reservation["flights"]) * passengers
    method = _update_payment(data["users"][reservation["user_id"]], payment_id, total)
    if method["source"] == "gift_card":
        method["amount"] -= total
    # Bugs kept from v1: the reservation's cabin stays as it was, and seats are not counted.
    reservation["flights"] = segments
    if total != 0:
        reservation["payment_history"].append({"payment_id": payment_id, "amount": total})
    return json.dumps(reservation)


@v1_tool("write")
def update_reservation_passengers(data: dict, reservation_id: str, passengers: list[Passenger]) -> str:
    """Change the passengers of a reservation; their number cannot change.

    Args:
        reservation_id: The reservation id, e.g. 'ZFA04Y'.
        passengers: Every passenger's first name, last name and date of birth, in order.
    """
    reservation = _reservation(data, reservation_id)
    if len(passengers) != len(reservation["passengers"]):
        raise ValueError("number of passengers does not match")
    reservation["passengers"] = passengers
    return json.dumps(reservation)


class AirlineV1Tools(V1Toolkit):
    source = "airline"
    tools = (
        book_reservation,
        calculate,
        cancel_reservation,
        get_reservation_details,
        get_user_details,
        list_all_airports,
        search_direct_flight,
        search_onestop_flight,
        send_certificate,
        think,
        transfer_to_human_agents,
        update_reservation_baggages,
        update_reservation_flights,
        update_reservation_passengers,
    )
