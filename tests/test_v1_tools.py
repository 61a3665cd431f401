"""τ-bench v1 tools, one behaviour at a time: v1's error texts (its own and Python's, which
its interface exposes), key order and number types, and the bugs kept on purpose."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tool_calls import fail, ok

from taubench.domains import load_domain
from taubench.domains.v1.toolkit import ToolCrash

PENDING_GIFT_CARD_ORDER = "#W6779827"  # paid 4079.45 with gift_card_7219486 (balance 49, an int)
PROCESSED_ORDER = "#W2611340"
DELIVERED_CARD_ORDER = "#W7303089"  # paid with credit_card_4387170; the user also has paypal_2568958


@pytest.fixture(scope="module")
def retail_v1(shared):
    return load_domain("retail_v1", shared / "data" / "tau_bench_v1")


@pytest.fixture(scope="module")
def airline_v1(shared):
    return load_domain("airline_v1", shared / "data" / "tau_bench_v1")


def test_argument_errors_are_pythons_texts_with_v1s_names(retail_v1):
    tools = retail_v1.new_toolkit()
    assert fail(tools, "cancel_pending_order", order_id=PENDING_GIFT_CARD_ORDER) == (
        "Error: CancelPendingOrder.invoke() missing 1 required positional argument: 'reason'"
    )
    assert fail(tools, "modify_user_address", user_id="x", address1="a") == (
        "Error: ModifyUserAddress.invoke() missing 5 required positional arguments: "
        "'address2', 'city', 'state', 'country', and 'zip'"
    )
    assert fail(tools, "get_order_details", order_id="#W1", verbose=True) == (
        "Error: GetOrderDetails.invoke() got an unexpected keyword argument 'verbose'"
    )
    assert fail(tools, "list_all_product_types", self=1) == (
        "Error: ListAllProductTypes.invoke() got an unexpected keyword argument 'self'"
    )
    assert fail(tools, "get_user_details", user_id="x", data={}) == (
        "Error: tau_bench.envs.retail.tools.get_user_details.GetUserDetails.invoke() "
        "got multiple values for keyword argument 'data'"
    )
    assert fail(tools, "get_order_details", order_id=[PENDING_GIFT_CARD_ORDER]) == "Error: unhashable type: 'list'"


def test_unknown_tools_and_the_constant_tools(retail_v1):
    tools = retail_v1.new_toolkit()
    for name in ("respond", "get_order", "Get_User_Details", ""):  # not a tool error in v1 either
        result = tools.invoke(name, {"content": "hello"})
        assert (result.content, result.error) == (f"Unknown action {name}", False)
    assert ok(tools, "think", thought="first the order") == ""
    assert ok(tools, "transfer_to_human_agents", summary="needs a refund") == "Transfer successful"


def test_cancel_checks_in_order_and_refunds_gift_cards_rounded(retail_v1):
    tools = retail_v1.new_toolkit()
    assert fail(tools, "cancel_pending_order", order_id="#W0", reason="no longer needed") == "Error: order not found"
    assert fail(tools, "cancel_pending_order", order_id=PROCESSED_ORDER, reason="?") == (
        "Error: non-pending order cannot be cancelled"
    )
    assert fail(tools, "cancel_pending_order", order_id=PENDING_GIFT_CARD_ORDER, reason="No longer needed") == (
        "Error: invalid reason"
    )
    order = json.loads(ok(tools, "cancel_pending_order", order_id=PENDING_GIFT_CARD_ORDER, reason="no longer needed"))
    assert list(order)[-3:] == ["status", "payment_history", "cancel_reason"] and order["status"] == "cancelled"
    assert order["payment_history"][-1] == {
        "transaction_type": "refund",
        "amount": 4079.45,
        "payment_method_id": "gift_card_7219486",
    }
    balance = tools.db["users"][order["user_id"]]["payment_methods"]["gift_card_7219486"]["balance"]
    assert balance == 4128.45 and isinstance(balance, float)


def test_returns_refuse_other_methods_before_looking_at_items(retail_v1):
    tools = retail_v1.new_toolkit()
    arguments = {"order_id": DELIVERED_CARD_ORDER, "item_ids": ["0000000000"]}
    assert fail(tools, "return_delivered_order_items", **arguments, payment_method_id="paypal_2568958") == (
        "Error: payment method should be either the original payment method or a gift card"
    )
    assert fail(tools, "return_delivered_order_items", **arguments, payment_method_id="credit_card_4387170") == (
        "Error: some item not found"
    )


def test_a_new_order_address_puts_state_before_country(retail_v1):
    tools = retail_v1.new_toolkit()
    address = {
        "address1": "1 Main St",
        "address2": "",
        "city": "Austin",
        "state": "TX",
        "country": "USA",
        "zip": "78701",
    }
    order = json.loads(
        ok(tools, "modify_pending_order_address", order_id=PENDING_GIFT_CARD_ORDER, **dict(reversed(address.items())))
    )
    assert list(order["address"]) == ["address1", "address2", "city", "state", "country", "zip"]


def test_get_reservation_details_names_the_wrong_thing_as_v1_does(airline_v1):
    assert fail(airline_v1.new_toolkit(), "get_reservation_details", reservation_id="NOSUCH") == "Error: user not found"


def booking(**changes):
    """Task 0's booking for mia_li_3668: JFK-SEA economy on 2024-05-20, 255 in total."""
    arguments = {
        "user_id": "mia_li_3668",
        "origin": "JFK",
        "destination": "SEA",
        "flight_type": "one_way",
        "cabin": "economy",
        "flights": [
            {"flight_number": "HAT136", "date": "2024-05-20"},
            {"flight_number": "HAT039", "date": "2024-05-20"},
        ],
        "passengers": [{"first_name": "Mia", "last_name": "Li", "dob": "1990-04-05"}],
        "payment_methods": [{"payment_id": "credit_card_4421486", "amount": 255}],
        "total_baggages": 3,
        "nonfree_baggages": 0,
        "insurance": "no",
    }
    return arguments | changes


def test_booking_ids_run_out_and_the_last_one_is_overwritten(airline_v1):
    tools = airline_v1.new_toolkit()
    ids = [json.loads(ok(tools, "book_reservation", **booking()))["reservation_id"] for _ in range(4)]
    assert ids == ["HATHAT", "HATHAU", "HATHAV", "HATHAV"]
    assert tools.db["users"]["mia_li_3668"]["reservations"][-4:] == ids
    segment = tools.db["reservations"]["HATHAT"]["flights"][0]
    assert list(segment) == ["flight_number", "date", "price", "origin", "destination"]


def test_booking_payments_are_checked_as_v1_does(airline_v1):
    tools = airline_v1.new_toolkit()
    paid_too_much = [
        {"payment_id": "certificate_7504069", "amount": 250},
        {"payment_id": "credit_card_4421486", "amount": 10.0},
    ]
    assert fail(tools, "book_reservation", **booking(payment_methods=paid_too_much)) == (
        "Error: payment amount does not add up, total price is 255, but paid 260.0"
    )
    twice = [{"payment_id": "certificate_4856383", "amount": 100}] * 2 + [
        {"payment_id": "credit_card_4421486", "amount": 55}
    ]
    assert fail(tools, "book_reservation", **booking(payment_methods=twice)) == "Error: 'certificate_4856383'"
    methods = tools.db["users"]["mia_li_3668"]["payment_methods"]
    assert "certificate_4856383" not in methods and "HATHAT" not in tools.db["reservations"]  # v1 keeps the deletion


def test_changing_flights_keeps_the_cabin_and_an_unknown_cabin_is_a_key_error(airline_v1):
    tools = airline_v1.new_toolkit()
    same_flights = [
        {"flight_number": "HAT188", "date": "2024-05-28"},
        {"flight_number": "HAT207", "date": "2024-05-28"},
    ]
    arguments = {"reservation_id": "Z7GOZK", "flights": same_flights}
    assert (
        fail(tools, "update_reservation_flights", cabin="first", payment_id="credit_card_9969263", **arguments)
        == "Error: 'first'"
    )
    assert fail(tools, "update_reservation_flights", cabin="economy", payment_id="gift_card_2200803", **arguments) == (
        "Error: gift card balance is not enough"
    )
    reservation = json.loads(
        ok(tools, "update_reservation_flights", cabin="economy", payment_id="credit_card_9969263", **arguments)
    )
    assert reservation["cabin"] == "basic_economy"  # v1 never updates it
    assert reservation["flights"][0]["price"] == 157
    assert reservation["payment_history"][-1]["payment_id"] == "credit_card_9969263"


def test_a_fourth_certificate_crashes_the_episode_as_in_v1(airline_v1):
    tools = airline_v1.new_toolkit()
    assert ok(tools, "send_certificate", user_id="mia_li_3668", amount=100) == (
        "Certificate certificate_3221322 added to user mia_li_3668 with amount 100."
    )
    assert ok(tools, "send_certificate", user_id="mia_li_3668", amount=50.0).endswith("with amount 50.0.")
    ok(tools, "send_certificate", user_id="mia_li_3668", amount=1)
    with pytest.raises(ToolCrash, match="send_certificate returned None"):
        tools.invoke("send_certificate", {"user_id": "mia_li_3668", "amount": 1})


@pytest.mark.parametrize(
    "expression, expected",
    [
        ("(19.99 + 5) * 2", "49.98"),
        ("10 ** 16", "1e+16"),
        ("2.675 * 1", "2.67"),
        ("1+" * 2000 + "1", "2001.0"),  # deeper than Python's recursion limit, as eval computes it
        ("2 ^ 3", "Error: invalid characters in expression"),
        ("1 / 0", "Error: division by zero"),
        ("2*(3", "Error: '(' was never closed (<string>, line 1)"),
        ("", "Error: invalid syntax (<string>, line 0)"),
        ("10**400", "Error: int too large to convert to float"),
        ([], "Error: eval() arg 1 must be a string, bytes or code object"),  # v1's filter passes it to eval
        ({"x": 1}, "Error: invalid characters in expression"),  # the filter iterates the keys
        ([2], "Error: 'in <string>' requires string as left operand, not int"),
        (2, "Error: 'int' object is not iterable"),
    ],
)
def test_calculate_gives_v1s_results(airline_v1, expression, expected):
    assert airline_v1.new_toolkit().invoke("calculate", {"expression": expression}).content == expected


def test_calculate_fails_fast_on_abusive_expressions():
    """v1 hangs on these (and would hold the GIL): run in a child process, under a timeout."""
    code = (
        "import time\n"
        "from taubench.domains.v1.toolkit import calculate\n"
        "start = time.monotonic()\n"
        "for expression in ['9**9**9', '3**6000000+' * 900 + '1', '(2**99999)*' * 700 + '1', '1' * 20000]:\n"
        "    try:\n"
        "        print(calculate({}, expression))\n"
        "    except Exception as exc:\n"
        "        print(f'Error: {exc}')\n"
        "print(time.monotonic() - start)\n"
    )
    src = Path(__file__).resolve().parents[1] / "src"
    completed = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONPATH": str(src), "PATH": "/usr/bin:/bin"},
    )
    assert completed.returncode == 0, completed.stderr
    *outputs, seconds = completed.stdout.splitlines()
    assert outputs == [
        "Error: exponent too large",
        "Error: exponent too large",
        "Error: result too large",
        "Error: expression too long (more than 10000 characters)",
    ]
    assert float(seconds) < 5


def test_a_new_segment_is_checked_in_the_originals_order(airline_v1):
    """Found by the tool probe: the flight is looked up before its date is read, and the
    cabin's seats before the passengers are counted, so wrong arguments fail as in v1."""
    tools = airline_v1.new_toolkit()
    assert fail(tools, "book_reservation", **booking(cabin=None, passengers=7)) == "Error: None"
    assert fail(tools, "book_reservation", **booking(cabin=7, passengers=None)) == "Error: 7"
    no_date = [{"flight_number": "HAT999"}]
    assert fail(tools, "book_reservation", **booking(flights=no_date)) == "Error: flight HAT999 not found"
    assert fail(
        tools, "update_reservation_flights", reservation_id="Z7GOZK", cabin="economy", flights=no_date, payment_id="x"
    ) == ("Error: flight HAT999 not found")
