"""Airline tools, faithful to τ²-bench: same names, order, checks, error texts and effects.

The tools enforce almost none of the airline policy (cancellation rules, basic-economy
limits, baggage allowance): the agent must, and the DB check catches it when it does not.
"""

from copy import deepcopy
from typing import Any, TypeVar, Union

from pydantic import BaseModel

from taubench.core.toolkit import Toolkit, tool
from taubench.domains.airline.models import (
    AirlineDB,
    Airport,
    CabinClass,
    Certificate,
    DirectFlight,
    Flight,
    FlightAvailable,
    FlightInfo,
    FlightType,
    GiftCard,
    Insurance,
    Passenger,
    Payment,
    Reservation,
    ReservationFlight,
    User,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

NEW_RESERVATION_IDS = ("HATHAT", "HATHAU", "HATHAV")
NEW_CERTIFICATE_IDS = ("certificate_3221322", "certificate_3221323", "certificate_3221324")
BOOKING_TIME = "2024-05-15T15:00:00"
INSURANCE_PER_PASSENGER = 30
FEE_PER_NONFREE_BAG = 50
AIRPORTS = (
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
)


Model = TypeVar("Model", bound=BaseModel)


def _as_models(values: list, model: type[Model]) -> list[Model]:
    """τ²-bench turns argument lists into models only when every element is a dict; mixed
    lists stay raw and fail later, where the tool first uses an element as a model."""
    if all(isinstance(value, dict) for value in values):
        return [model.model_validate(value) for value in values]
    return values


class AirlineTools(Toolkit):
    db: AirlineDB

    # Lookups shared by the tools. Their error texts are interface.

    def _user(self, user_id: str) -> User:
        if user_id not in self.db.users:
            raise ValueError(f"User {user_id} not found")
        return self.db.users[user_id]

    def _reservation(self, reservation_id: str) -> Reservation:
        if reservation_id not in self.db.reservations:
            raise ValueError(f"Reservation {reservation_id} not found")
        return self.db.reservations[reservation_id]

    def _flight(self, flight_number: str) -> Flight:
        if flight_number not in self.db.flights:
            raise ValueError(f"Flight {flight_number} not found")
        return self.db.flights[flight_number]

    def _flight_date(self, flight_number: str, date: str):
        flight = self._flight(flight_number)
        if date not in flight.dates:
            raise ValueError(f"Flight {flight_number} not found on date {date}")
        return flight, flight.dates[date]

    def _bookable_segment(self, segment: FlightInfo, cabin: str, passengers: int) -> ReservationFlight:
        """A new segment priced today, after the availability and seat checks."""
        flight, day = self._flight_date(segment.flight_number, segment.date)
        if day.status != "available":
            raise ValueError(f"Flight {segment.flight_number} not available on date {segment.date}")
        if day.available_seats[cabin] < passengers:
            raise ValueError(f"Not enough seats on flight {segment.flight_number}")
        return ReservationFlight(
            flight_number=segment.flight_number,
            origin=flight.origin,
            destination=flight.destination,
            date=segment.date,
            price=day.prices[cabin],
        )

    def _available_flights(self, origin: str | None, destination: str | None, date: str) -> list[DirectFlight]:
        """Flights bookable on ``date`` from ``origin`` to ``destination``; as in τ²-bench, a
        null airport means any, including when the agent sends ``null`` for one."""
        hits = []
        for flight in self.db.flights.values():
            if (origin is not None and flight.origin != origin) or (
                destination is not None and flight.destination != destination
            ):
                continue
            day = flight.dates.get(date)
            if isinstance(day, FlightAvailable):
                hits.append(
                    DirectFlight(
                        flight_number=flight.flight_number,
                        origin=flight.origin,
                        destination=flight.destination,
                        status="available",
                        scheduled_departure_time_est=flight.scheduled_departure_time_est,
                        scheduled_arrival_time_est=flight.scheduled_arrival_time_est,
                        available_seats=day.available_seats,
                        prices=day.prices,
                    )
                )
        return hits

    @staticmethod
    def _charge_update(reservation: Reservation, user: User, payment_id: str, amount: Any) -> None:
        """Payment rules shared by baggage and flight changes (a negative amount credits)."""
        if payment_id not in user.payment_methods:
            raise ValueError("Payment method not found")
        method = user.payment_methods[payment_id]
        if isinstance(method, Certificate):
            raise ValueError("Certificate cannot be used to update reservation")
        if isinstance(method, GiftCard):
            if method.amount < amount:
                raise ValueError("Gift card balance is not enough")
            method.amount -= amount
        if amount != 0:
            reservation.payment_history.append(Payment(payment_id=payment_id, amount=amount))

    @tool("write")
    def book_reservation(
        self,
        user_id: str,
        origin: str,
        destination: str,
        flight_type: FlightType,
        cabin: CabinClass,
        flights: list[Union[FlightInfo, dict]],
        passengers: list[Union[Passenger, dict]],
        payment_methods: list[Union[Payment, dict]],
        total_baggages: int,
        nonfree_baggages: int,
        insurance: Insurance,
    ) -> Reservation:
        """Book a new reservation.

        Args:
            user_id: The id of the user booking, e.g. 'sara_doe_496'.
            origin: IATA code of the trip's origin airport, e.g. 'SFO'.
            destination: IATA code of the trip's destination airport, e.g. 'JFK'.
            flight_type: 'one_way' or 'round_trip'.
            cabin: 'basic_economy', 'economy' or 'business'.
            flights: Every flight segment of the trip, each with its flight number and its
                date in 'YYYY-MM-DD' format.
            passengers: Each passenger's first name, last name and date of birth
                ('YYYY-MM-DD').
            payment_methods: How the total is paid: payment ids such as
                'credit_card_7815826', 'gift_card_7815826' or 'certificate_7815826', each
                with the amount it pays.
            total_baggages: The total number of checked bags.
            nonfree_baggages: How many of those bags are paid for.
            insurance: Whether travel insurance is bought: 'yes' or 'no'.
        """
        segments = _as_models(flights, FlightInfo)
        travellers = _as_models(passengers, Passenger)
        payments = _as_models(payment_methods, Payment)
        user = self._user(user_id)
        reservation_id = next((rid for rid in NEW_RESERVATION_IDS if rid not in self.db.reservations), None)
        if reservation_id is None:
            raise ValueError("Too many reservations")
        reservation = Reservation(
            reservation_id=reservation_id,
            user_id=user_id,
            origin=origin,
            destination=destination,
            flight_type=flight_type,
            cabin=cabin,
            flights=[],
            passengers=deepcopy(travellers),
            payment_history=deepcopy(payments),
            created_at=BOOKING_TIME,
            total_baggages=total_baggages,
            nonfree_baggages=nonfree_baggages,
            insurance=insurance,
        )
        total = 0
        for segment in segments:
            booked = self._bookable_segment(segment, cabin, len(travellers))
            reservation.flights.append(booked)
            total += booked.price * len(travellers)
        if insurance == "yes":
            total += INSURANCE_PER_PASSENGER * len(travellers)
        total += FEE_PER_NONFREE_BAG * nonfree_baggages
        for payment in payments:
            if payment.payment_id not in user.payment_methods:
                raise ValueError(f"Payment method {payment.payment_id} not found")
            method = user.payment_methods[payment.payment_id]
            if isinstance(method, (GiftCard, Certificate)) and method.amount < payment.amount:
                raise ValueError(f"Not enough balance in payment method {payment.payment_id}")
        paid = sum(payment.amount for payment in payments)
        if paid != total:
            raise ValueError(f"Payment amount does not add up, total price is {total}, but paid {paid}")
        for payment in payments:
            method = user.payment_methods[payment.payment_id]
            if isinstance(method, GiftCard):
                method.amount -= payment.amount
            elif isinstance(method, Certificate):
                del user.payment_methods[payment.payment_id]
        for booked in reservation.flights:
            day = self.db.flights[booked.flight_number].dates[booked.date]
            assert isinstance(day, FlightAvailable)  # _bookable_segment found it available
            day.available_seats[cabin] -= len(travellers)
        self.db.reservations[reservation_id] = reservation
        user.reservations.append(reservation_id)
        return reservation

    calculate = shared_tool(calculate)

    @tool("write")
    def cancel_reservation(self, reservation_id: str) -> Reservation:
        """Cancel a whole reservation.

        Args:
            reservation_id: The reservation id, e.g. 'ZFA04Y'.
        """
        reservation = self._reservation(reservation_id)
        refunds = [
            Payment(payment_id=payment.payment_id, amount=-payment.amount) for payment in reservation.payment_history
        ]
        reservation.payment_history.extend(refunds)
        reservation.status = "cancelled"
        return reservation

    @tool("read")
    def get_reservation_details(self, reservation_id: str) -> Reservation:
        """Look up a reservation: flights, passengers, payments, baggage and insurance.

        Args:
            reservation_id: The reservation id, e.g. '8JX2WO'.
        """
        return self._reservation(reservation_id)

    @tool("read")
    def get_user_details(self, user_id: str) -> User:
        """Look up a user: profile, payment methods, saved passengers, membership and their
        reservation ids.

        Args:
            user_id: The user id, e.g. 'sara_doe_496'.
        """
        return self._user(user_id)

    @tool("read")
    def list_all_airports(self) -> list[Airport]:
        """List the airports served and the cities they are in."""
        return [Airport(iata=iata, city=city) for iata, city in AIRPORTS]

    @tool("read")
    def search_direct_flight(self, origin: str, destination: str, date: str) -> list[DirectFlight]:
        """Find direct flights between two airports on a date that can still be booked.

        Args:
            origin: IATA code of the departure airport, e.g. 'JFK'.
            destination: IATA code of the arrival airport, e.g. 'LAX'.
            date: The date, in 'YYYY-MM-DD' format, e.g. '2024-01-01'.
        """
        return self._available_flights(origin, destination, date)

    @tool("read")
    def search_onestop_flight(self, origin: str, destination: str, date: str) -> list[list[DirectFlight]]:
        """Find connections with exactly one stop between two airports on a date. Each result
        is a pair of legs, each leg with its own date.

        Args:
            origin: IATA code of the departure airport, e.g. 'JFK'.
            destination: IATA code of the final arrival airport, e.g. 'LAX'.
            date: The departure date, in 'YYYY-MM-DD' format, e.g. '2024-05-01'.
        """
        pairs = []
        for first in self._available_flights(origin, None, date):
            first.date = date
            # τ²-bench quirk, kept: the next day is built by hand, month fixed to May and
            # without zero padding.
            second_date = f"2024-05-{int(date[-2:]) + 1}" if "+1" in first.scheduled_arrival_time_est else date
            for second in self._available_flights(first.destination, destination, second_date):
                if second.scheduled_departure_time_est >= first.scheduled_arrival_time_est:
                    second.date = second_date
                    pairs.append([first, second])
        return pairs

    @tool("write")
    def send_certificate(self, user_id: str, amount: int) -> str:
        """Send a travel certificate to a user as compensation. Be careful!

        Args:
            user_id: The id of the user receiving the certificate, e.g. 'sara_doe_496'.
            amount: The certificate's value.
        """
        user = self._user(user_id)
        for certificate_id in NEW_CERTIFICATE_IDS:
            if certificate_id not in user.payment_methods:
                user.payment_methods[certificate_id] = Certificate(
                    id=certificate_id, amount=amount, source="certificate"
                )
                return f"Certificate {certificate_id} added to user {user_id} with amount {amount}."
        raise ValueError("Too many certificates")

    transfer_to_human_agents = shared_tool(transfer_to_human_agents)

    @tool("write")
    def update_reservation_baggages(
        self, reservation_id: str, total_baggages: int, nonfree_baggages: int, payment_id: str
    ) -> Reservation:
        """Change the number of checked bags of a reservation.

        Args:
            reservation_id: The reservation id, e.g. 'ZFA04Y'.
            total_baggages: The new total number of checked bags.
            nonfree_baggages: The new number of bags that are paid for.
            payment_id: The payment method for any extra fee, e.g. 'credit_card_7815826' or
                'gift_card_7815826'; it must be one of the user's methods.
        """
        reservation = self._reservation(reservation_id)
        user = self._user(reservation.user_id)
        fee = FEE_PER_NONFREE_BAG * max(0, nonfree_baggages - reservation.nonfree_baggages)
        self._charge_update(reservation, user, payment_id, fee)
        reservation.total_baggages = total_baggages
        reservation.nonfree_baggages = nonfree_baggages
        return reservation

    @tool("write")
    def update_reservation_flights(
        self, reservation_id: str, cabin: CabinClass, flights: list[Union[FlightInfo, dict]], payment_id: str
    ) -> Reservation:
        """Change the flights or the cabin of a reservation.

        Args:
            reservation_id: The reservation id, e.g. 'ZFA04Y'.
            cabin: 'basic_economy', 'economy' or 'business'.
            flights: Every segment of the new itinerary, each with its flight number and its
                date ('YYYY-MM-DD'), including segments that stay the same.
            payment_id: The payment method for the price difference, e.g.
                'credit_card_7815826' or 'gift_card_7815826'; it must be one of the user's
                methods.
        """
        segments = _as_models(flights, FlightInfo)
        reservation = self._reservation(reservation_id)
        user = self._user(reservation.user_id)
        passengers = len(reservation.passengers)
        new_segments = []
        total = 0
        for segment in segments:
            kept = next(
                (
                    old
                    for old in reservation.flights
                    if old.flight_number == segment.flight_number
                    and old.date == segment.date
                    and cabin == reservation.cabin
                ),
                None,
            )
            chosen = kept if kept is not None else self._bookable_segment(segment, cabin, passengers)
            new_segments.append(chosen)
            total += chosen.price * passengers
        total -= sum(old.price for old in reservation.flights) * passengers
        self._charge_update(reservation, user, payment_id, total)
        reservation.flights = new_segments
        reservation.cabin = cabin
        return reservation

    @tool("write")
    def update_reservation_passengers(
        self, reservation_id: str, passengers: list[Union[Passenger, dict]]
    ) -> Reservation:
        """Change the passenger details of a reservation. The number of passengers cannot
        change.

        Args:
            reservation_id: The reservation id, e.g. 'ZFA04Y'.
            passengers: Every passenger's first name, last name and date of birth
                ('YYYY-MM-DD').
        """
        travellers = _as_models(passengers, Passenger)
        reservation = self._reservation(reservation_id)
        if len(travellers) != len(reservation.passengers):
            raise ValueError("Number of passengers does not match")
        reservation.passengers = deepcopy(travellers)
        return reservation

    @tool("read")
    def get_flight_status(self, flight_number: str, date: str) -> str:
        """Get the status of a flight on a date.

        Args:
            flight_number: The flight number, e.g. 'HAT001'.
            date: The date, in 'YYYY-MM-DD' format.
        """
        return self._flight_date(flight_number, date)[1].status
