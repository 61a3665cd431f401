"""The workshop's tools: each one's answer, each error text its code raises, and that a
write that fails leaves the database as it was. The report card reads this file (check 2:
it must name every tool of the domain and every error text); run it with
``python -m pytest --pyargs bike_workshop.tests``."""

import json

import pytest

from bike_workshop import DOMAIN


@pytest.fixture(scope="module")
def domain():
    return DOMAIN.load()


@pytest.fixture
def tools(domain):
    return domain.new_toolkit()


def ok(tools, tool, **arguments):
    """A call that must succeed: its answer, parsed when it is JSON."""
    result = tools.invoke(tool, arguments)
    assert not result.error, result.content
    return json.loads(result.content) if result.content[:1] in "[{" else result.content


def no(tools, domain, tool, **arguments):
    """A call that must be refused and leave the database as it was: its error text."""
    before = domain.db_hash(tools.db)
    result = tools.invoke(tool, arguments)
    assert result.error and domain.db_hash(tools.db) == before, result.content
    return result.content


def test_a_customer_is_found_by_name_and_phone_and_namesakes_stay_apart(tools, domain):
    assert ok(tools, "find_customer", name="jonas weber", phone="555-0101") == "C101"
    assert ok(tools, "find_customer", name="Jonas Weber", phone="555-0177") == "C102"
    assert (
        no(tools, domain, "find_customer", name="Jonas Weber", phone="555-0100")
        == "Error: No customer with that name and phone number"
    )


def test_services_and_a_customers_jobs_are_listed(tools, domain):
    assert [(service["service_id"], service["price"]) for service in ok(tools, "list_services")] == [
        ("tune_up", 65.0),
        ("brake_service", 40.0),
        ("wheel_true", 25.0),
    ]
    assert [(job["job_id"], job["status"]) for job in ok(tools, "list_jobs", customer_id="C103")] == [
        ("J502", "booked"),
        ("J503", "booked"),
    ]
    assert no(tools, domain, "list_jobs", customer_id="C999") == "Error: Customer C999 not found"


def test_a_booking_takes_the_next_job_number_and_the_services_price(tools, domain):
    job = ok(tools, "book_job", customer_id="C101", service_id="wheel_true", drop_off="2026-05-15")
    assert job == {
        "job_id": "J510",
        "customer_id": "C101",
        "service_id": "wheel_true",
        "drop_off": "2026-05-15",
        "price": 25.0,
        "status": "booked",
    }
    assert tools.db.next_job_number == 511


def test_a_booking_is_refused_for_a_bad_date_a_full_day_or_an_unknown_record(tools, domain):
    book = {"customer_id": "C101", "service_id": "tune_up"}
    assert no(tools, domain, "book_job", **book, drop_off="2026-05-11") == "Error: Drop-off date is in the past"
    assert (
        no(tools, domain, "book_job", **book, drop_off="2026-05-13")
        == "Error: The workshop is fully booked on 2026-05-13"
    )
    assert (
        no(tools, domain, "book_job", **book, drop_off="15 May") == "Error: Drop-off must be a date written YYYY-MM-DD"
    )
    assert (
        no(tools, domain, "book_job", customer_id="C101", service_id="paint", drop_off="2026-05-15")
        == "Error: Service paint not found"
    )
    assert (
        no(tools, domain, "book_job", customer_id="C9", service_id="tune_up", drop_off="2026-05-15")
        == "Error: Customer C9 not found"
    )


def test_only_a_booked_job_is_cancelled(tools, domain):
    assert ok(tools, "cancel_job", job_id="J501")["status"] == "cancelled"
    assert no(tools, domain, "cancel_job", job_id="J501") == "Error: Job J501 is not booked, it is cancelled"
    assert no(tools, domain, "cancel_job", job_id="J504") == "Error: Job J504 is not booked, it is done"
    assert no(tools, domain, "cancel_job", job_id="J9") == "Error: Job J9 not found"
