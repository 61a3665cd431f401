"""Retail tools, faithful to τ-bench v1: same names, order, checks, error texts and effects.

Each tool takes the episode's database (``data``: orders, products, users as v1's JSON
objects) and the agent's arguments, and returns the observation; a failure is raised and
becomes ``Error: <message>``. The docstrings are the tool descriptions (our wording).
"""

import json
from typing import Literal

from taubench.domains.v1.toolkit import V1Toolkit, calculate, think, transfer_to_human_agents, v1_tool

CANCEL_REASONS = ("no longer needed", "ordered by mistake")


def _payment_methods(data: dict, order: dict) -> dict:
    return data["users"][order["user_id"]]["payment_methods"]


def _check_multiplicity(order: dict, item_ids: list[str], message: str) -> None:
    """Every id must occur in the order at least as often as it is listed."""
    order_item_ids = [item["item_id"] for item in order["items"]]
    for item_id in item_ids:
        if item_ids.count(item_id) > order_item_ids.count(item_id):
            raise ValueError(message.format(item_id=item_id))


def _price_difference(data: dict, order: dict, item_ids: list[str], new_item_ids: list[str]):
    """New minus old price over the pairs, from int 0 (unrounded); each new item must be an
    available variant of the product of the first order item with the old id."""
    difference = 0
    for item_id, new_item_id in zip(item_ids, new_item_ids):
        item = next(item for item in order["items"] if item["item_id"] == item_id)
        variants = data["products"][item["product_id"]]["variants"]
        if new_item_id not in variants or not variants[new_item_id]["available"]:
            raise ValueError(f"new item {new_item_id} not found or available")
        difference += variants[new_item_id]["price"] - item["price"]
    return difference


def _order_for_swap(
    data: dict, order_id: str, item_ids: list[str], new_item_ids: list[str], status: str, refusal: str
) -> dict:
    """The checks exchanging and modifying items share, in v1's order: the order exists, has
    the status the change needs, holds the items, and the id lists pair up."""
    if order_id not in data["orders"]:
        raise ValueError("order not found")
    order = data["orders"][order_id]
    if order["status"] != status:
        raise ValueError(refusal)
    _check_multiplicity(order, item_ids, "{item_id} not found")
    if len(item_ids) != len(new_item_ids):
        raise ValueError("the number of items to be exchanged should match")
    return order


def _payment_for(data: dict, order: dict, payment_method_id: str, difference, purpose: str) -> dict:
    """The user's payment method for a price difference; a gift card must cover it."""
    if payment_method_id not in _payment_methods(data, order):
        raise ValueError("payment method not found")
    method = _payment_methods(data, order)[payment_method_id]
    if method["source"] == "gift_card" and method["balance"] < difference:
        raise ValueError(f"insufficient gift card balance {purpose}")
    return method


def _new_address(address1, address2, city, state, country, zip) -> dict:
    # v1 writes state before country, unlike the data files (country, state)
    return {"address1": address1, "address2": address2, "city": city, "state": state, "country": country, "zip": zip}


@v1_tool("write")
def cancel_pending_order(data: dict, order_id: str, reason: Literal["no longer needed", "ordered by mistake"]) -> str:
    """Cancel an order that is still pending. Before calling this, list the order details
    to the user and get their explicit confirmation (yes) to go ahead. The order status
    becomes "cancelled". Money paid with a gift card goes back to that card at once; any
    other payment method is refunded within 5 to 7 business days.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
        reason: Why the user cancels: either 'no longer needed' or 'ordered by mistake'.
    """
    if order_id not in data["orders"]:
        raise ValueError("order not found")
    order = data["orders"][order_id]
    if order["status"] != "pending":
        raise ValueError("non-pending order cannot be cancelled")
    if reason not in CANCEL_REASONS:
        raise ValueError("invalid reason")
    refunds = []
    for payment in order["payment_history"]:
        refunds.append(
            {
                "transaction_type": "refund",
                "amount": payment["amount"],
                "payment_method_id": payment["payment_method_id"],
            }
        )
        if "gift_card" in payment["payment_method_id"]:  # by id, not by the method's source
            method = _payment_methods(data, order)[payment["payment_method_id"]]
            method["balance"] = round(method["balance"] + payment["amount"], 2)
    order["status"] = "cancelled"
    order["cancel_reason"] = reason
    order["payment_history"].extend(refunds)
    return json.dumps(order)


@v1_tool("write")
def exchange_delivered_order_items(
    data: dict, order_id: str, item_ids: list[str], new_item_ids: list[str], payment_method_id: str
) -> str:
    """Exchange items of a delivered order for other options of the same product type.
    A delivered order can be returned or exchanged only once, so collect every item to
    exchange first. Show the details and get the user's explicit confirmation (yes) before
    calling. The chosen payment method pays or receives the price difference.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
        item_ids: The ids of the items to exchange, e.g. ['1008292230']. An id may appear
            more than once if the order holds it several times.
        new_item_ids: The ids of the replacement items, position by position with item_ids;
            each must be the same product type as the item it replaces.
        payment_method_id: The payment method to charge or refund the difference, e.g.
            'gift_card_0000000' or 'credit_card_0000000', from the user or order details.
    """
    order = _order_for_swap(
        data, order_id, item_ids, new_item_ids, "delivered", "non-delivered order cannot be exchanged"
    )
    difference = round(_price_difference(data, order, item_ids, new_item_ids), 2)
    _payment_for(data, order, payment_method_id, difference, "to pay for the price difference")
    order["status"] = "exchange requested"
    # No money moves yet; the pairing of old and new items is lost in the sorting.
    order["exchange_items"] = sorted(item_ids)
    order["exchange_new_items"] = sorted(new_item_ids)
    order["exchange_payment_method_id"] = payment_method_id
    order["exchange_price_difference"] = difference
    return json.dumps(order)


@v1_tool("read")
def find_user_id_by_email(data: dict, email: str) -> str:
    """Find a user's id from their email address.

    Args:
        email: The email address, e.g. 'something@example.com'.
    """
    for user_id, user in data["users"].items():
        if user["email"].lower() == email.lower():
            return user_id
    raise ValueError("user not found")


@v1_tool("read")
def find_user_id_by_name_zip(data: dict, first_name: str, last_name: str, zip: str) -> str:
    """Find a user's id from their first name, last name and zip code. Try the email
    first; use this only when the user cannot give an email or the email is not found.

    Args:
        first_name: The first name, e.g. 'John'.
        last_name: The last name, e.g. 'Doe'.
        zip: The zip code, e.g. '12345'.
    """
    for user_id, user in data["users"].items():
        if (
            user["name"]["first_name"].lower() == first_name.lower()
            and user["name"]["last_name"].lower() == last_name.lower()
            and user["address"]["zip"] == zip
        ):
            return user_id
    raise ValueError("user not found")


@v1_tool("read")
def get_order_details(data: dict, order_id: str) -> str:
    """Look up an order: its items, status, fulfilments and payments.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
    """
    if order_id not in data["orders"]:
        raise ValueError("order not found")
    return json.dumps(data["orders"][order_id])


@v1_tool("read")
def get_product_details(data: dict, product_id: str) -> str:
    """Look up a product type and the inventory of all its variants (item ids, options,
    availability, prices).

    Args:
        product_id: The product id, e.g. '6086499569'. Product ids and item ids are both ten
            digits but are different things.
    """
    if product_id not in data["products"]:
        raise ValueError("product not found")
    return json.dumps(data["products"][product_id])


@v1_tool("read")
def get_user_details(data: dict, user_id: str) -> str:
    """Look up a user's profile: name, address, email, payment methods and their orders.

    Args:
        user_id: The user id, e.g. 'sara_doe_496'.
    """
    if user_id not in data["users"]:
        raise ValueError("user not found")
    return json.dumps(data["users"][user_id])


@v1_tool("read")
def list_all_product_types(data: dict) -> str:
    """List every product type the store sells (there are 50), by name with its product id.
    Each type comes in variants with item ids of their own."""
    ids_by_name = {product["name"]: product["product_id"] for product in data["products"].values()}
    return json.dumps(dict(sorted(ids_by_name.items())))


@v1_tool("write")
def modify_pending_order_address(
    data: dict, order_id: str, address1: str, address2: str, city: str, state: str, country: str, zip: str
) -> str:
    """Change the shipping address of a pending order. Show the details and get the user's
    explicit confirmation (yes) before calling.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
        address1: The first line of the address, e.g. '123 Main St'.
        address2: The second line, e.g. 'Apt 1', or an empty string.
        city: The city, e.g. 'San Francisco'.
        state: The state, e.g. 'CA'.
        country: The country, e.g. 'USA'.
        zip: The zip code, e.g. '12345'.
    """
    if order_id not in data["orders"]:
        raise ValueError("order not found")
    order = data["orders"][order_id]
    if order["status"] != "pending":
        raise ValueError("non-pending order cannot be modified")
    order["address"] = _new_address(address1, address2, city, state, country, zip)
    return json.dumps(order)


@v1_tool("write")
def modify_pending_order_items(
    data: dict, order_id: str, item_ids: list[str], new_item_ids: list[str], payment_method_id: str
) -> str:
    """Swap items of a pending order for other options of the same product type. This can
    be done only once per order, so collect every change first. Show the details and get
    the user's explicit confirmation (yes) before calling.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
        item_ids: The ids of the items to replace, e.g. ['1008292230']. An id may appear
            more than once if the order holds it several times.
        new_item_ids: The ids of the new items, position by position with item_ids; each
            must be the same product type as the item it replaces.
        payment_method_id: The payment method to charge or refund the difference, e.g.
            'gift_card_0000000' or 'credit_card_0000000', from the user or order details.
    """
    order = _order_for_swap(data, order_id, item_ids, new_item_ids, "pending", "non-pending order cannot be modified")
    difference = _price_difference(data, order, item_ids, new_item_ids)  # v1 does not round it here
    method = _payment_for(data, order, payment_method_id, difference, "to pay for the new item")
    order["payment_history"].append(
        {
            "transaction_type": "payment" if difference > 0 else "refund",  # a zero difference is a refund of 0
            "amount": abs(difference),
            "payment_method_id": payment_method_id,
        }
    )
    if method["source"] == "gift_card":
        method["balance"] = round(method["balance"] - difference, 2)
    for item_id, new_item_id in zip(item_ids, new_item_ids):
        item = next(item for item in order["items"] if item["item_id"] == item_id)  # items rewritten so far count
        variant = data["products"][item["product_id"]]["variants"][new_item_id]
        item["item_id"] = new_item_id
        item["price"] = variant["price"]
        item["options"] = variant["options"]
    order["status"] = "pending (item modified)"
    return json.dumps(order)


@v1_tool("write")
def modify_pending_order_payment(data: dict, order_id: str, payment_method_id: str) -> str:
    """Pay a pending order with another of the user's payment methods. Show the details and
    get the user's explicit confirmation (yes) before calling.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
        payment_method_id: The new payment method, e.g. 'gift_card_0000000' or
            'credit_card_0000000', from the user or order details.
    """
    if order_id not in data["orders"]:
        raise ValueError("order not found")
    order = data["orders"][order_id]
    if order["status"] != "pending":
        raise ValueError("non-pending order cannot be modified")
    if payment_method_id not in _payment_methods(data, order):
        raise ValueError("payment method not found")
    history = order["payment_history"]
    if len(history) > 1 or history[0]["transaction_type"] != "payment":
        raise ValueError("there should be exactly one payment for a pending order")
    if history[0]["payment_method_id"] == payment_method_id:
        raise ValueError("the new payment method should be different from the current one")
    amount = history[0]["amount"]
    method = _payment_methods(data, order)[payment_method_id]
    if method["source"] == "gift_card" and method["balance"] < amount:
        raise ValueError("insufficient gift card balance to pay for the order")
    old_method_id = history[0]["payment_method_id"]
    history.extend(
        [
            {"transaction_type": "payment", "amount": amount, "payment_method_id": payment_method_id},
            {"transaction_type": "refund", "amount": amount, "payment_method_id": old_method_id},
        ]
    )
    if method["source"] == "gift_card":
        method["balance"] = round(method["balance"] - amount, 2)
    if "gift_card" in old_method_id:  # by id, not by the method's source
        old_method = _payment_methods(data, order)[old_method_id]
        old_method["balance"] = round(old_method["balance"] + amount, 2)
    return json.dumps(order)


@v1_tool("write")
def modify_user_address(
    data: dict, user_id: str, address1: str, address2: str, city: str, state: str, country: str, zip: str
) -> str:
    """Change the default address of a user. Show the details and get the user's explicit
    confirmation (yes) before calling.

    Args:
        user_id: The user id, e.g. 'sara_doe_496'.
        address1: The first line of the address, e.g. '123 Main St'.
        address2: The second line, e.g. 'Apt 1', or an empty string.
        city: The city, e.g. 'San Francisco'.
        state: The state, e.g. 'CA'.
        country: The country, e.g. 'USA'.
        zip: The zip code, e.g. '12345'.
    """
    if user_id not in data["users"]:
        raise ValueError("user not found")
    user = data["users"][user_id]
    user["address"] = _new_address(address1, address2, city, state, country, zip)
    return json.dumps(user)


@v1_tool("write")
def return_delivered_order_items(data: dict, order_id: str, item_ids: list[str], payment_method_id: str) -> str:
    """Return items of a delivered order. The order status becomes "return requested" and
    the user receives an email on how to send the items back. Show the details and get
    the user's explicit confirmation (yes) before calling.

    Args:
        order_id: The order id, starting with '#', for example '#W0000000'. Ask the user
            to confirm it.
        item_ids: The ids of the items to return, e.g. ['1008292230']. An id may appear
            more than once if the order holds it several times.
        payment_method_id: Where the refund goes: the order's original payment method or a
            gift card of the user, e.g. 'gift_card_0000000' or 'credit_card_0000000'.
    """
    if order_id not in data["orders"]:
        raise ValueError("order not found")
    order = data["orders"][order_id]
    if order["status"] != "delivered":
        raise ValueError("non-delivered order cannot be returned")
    if payment_method_id not in _payment_methods(data, order):
        raise ValueError("payment method not found")
    if "gift_card" not in payment_method_id and payment_method_id != order["payment_history"][0]["payment_method_id"]:
        raise ValueError("payment method should be either the original payment method or a gift card")
    _check_multiplicity(order, item_ids, "some item not found")
    order["status"] = "return requested"
    order["return_items"] = sorted(item_ids)
    order["return_payment_method_id"] = payment_method_id
    return json.dumps(order)


class RetailV1Tools(V1Toolkit):
    source = "retail"
    tools = (
        calculate,
        cancel_pending_order,
        exchange_delivered_order_items,
        find_user_id_by_email,
        find_user_id_by_name_zip,
        get_order_details,
        get_product_details,
        get_user_details,
        list_all_product_types,
        modify_pending_order_address,
        modify_pending_order_items,
        modify_pending_order_payment,
        modify_user_address,
        return_delivered_order_items,
        think,
        transfer_to_human_agents,
    )
