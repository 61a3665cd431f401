"""Retail tools, faithful to τ²-bench: same names, order, checks, error texts and effects.

Methods are listed in τ²'s definition order, which is the order the agent sees them in.
The docstrings are the tool descriptions shown to the model (our own wording).
"""

import json
from typing import cast

from taubench.core.toolkit import Toolkit, tool
from taubench.domains.retail.models import (
    CancelReason,
    GiftCard,
    Order,
    OrderPayment,
    PaymentMethod,
    Product,
    RetailDB,
    User,
    UserAddress,
    Variant,
)
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

# A set, as τ²-bench's: a reason that is a list or an object fails with ``unhashable type``.
CANCEL_REASONS = frozenset({"no longer needed", "ordered by mistake"})


class RetailTools(Toolkit):
    db: RetailDB

    # Lookups shared by the tools. Their error texts are interface.

    def _order(self, order_id: str) -> Order:
        if order_id not in self.db.orders:
            raise ValueError("Order not found")
        return self.db.orders[order_id]

    def _user(self, user_id: str) -> User:
        if user_id not in self.db.users:
            raise ValueError("User not found")
        return self.db.users[user_id]

    def _product(self, product_id: str) -> Product:
        if product_id not in self.db.products:
            raise ValueError("Product not found")
        return self.db.products[product_id]

    def _payment_method(self, user_id: str, payment_method_id: str) -> PaymentMethod:
        user = self._user(user_id)
        if payment_method_id not in user.payment_methods:
            raise ValueError("Payment method not found")
        return user.payment_methods[payment_method_id]

    @staticmethod
    def _check_multiplicity(order: Order, item_ids: list[str], message: str) -> None:
        """Every id must occur in the order at least as often as it is listed."""
        order_item_ids = [item.item_id for item in order.items]
        for item_id in item_ids:
            if item_ids.count(item_id) > order_item_ids.count(item_id):
                raise ValueError(message.format(item_id=item_id))

    def _replacement_variant(self, order: Order, old_item_id: str, new_item_id: str) -> tuple[float, Variant]:
        """The new variant for one old item, and the price difference it makes."""
        item = next(item for item in order.items if item.item_id == old_item_id)
        product = self._product(item.product_id)
        if new_item_id not in product.variants:
            raise ValueError("Variant not found")
        variant = product.variants[new_item_id]
        if not variant.available:
            raise ValueError(f"New item {new_item_id} not found or available")
        return variant.price - item.price, variant

    calculate = shared_tool(calculate)

    @tool("write")
    def cancel_pending_order(self, order_id: str, reason: str) -> Order:
        """Cancel an order that is still pending. Before calling this, list the order details
        to the user and get their explicit confirmation (yes) to go ahead. The order status
        becomes "cancelled". Money paid with a gift card goes back to that card at once;
        any other payment method is refunded within 5 to 7 business days.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
            reason: Why the user cancels: either 'no longer needed' or 'ordered by mistake'.
        """
        order = self._order(order_id)
        if order.status != "pending":
            raise ValueError("Non-pending order cannot be cancelled")
        if reason not in CANCEL_REASONS:
            raise ValueError("Invalid reason")
        refunds = []
        for payment in order.payment_history:
            method = self._payment_method(order.user_id, payment.payment_method_id)
            refunds.append(
                OrderPayment(
                    transaction_type="refund",
                    amount=payment.amount,
                    payment_method_id=payment.payment_method_id,
                )
            )
            if isinstance(method, GiftCard):
                method.balance = round(method.balance + payment.amount, 2)
        order.status = "cancelled"
        order.cancel_reason = cast(CancelReason, reason)  # one of CANCEL_REASONS
        order.payment_history.extend(refunds)
        return order

    @tool("write")
    def exchange_delivered_order_items(
        self, order_id: str, item_ids: list[str], new_item_ids: list[str], payment_method_id: str
    ) -> Order:
        """Exchange items of a delivered order for other options of the same product type.
        A delivered order can be returned or exchanged only once, so collect every item to
        exchange first. Show the details and get the user's explicit confirmation (yes)
        before calling. The chosen payment method pays or receives the price difference.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
            item_ids: The ids of the items to exchange, e.g. ['1008292230']. An id may appear
                more than once if the order holds it several times.
            new_item_ids: The ids of the replacement items, position by position with
                item_ids; each must be the same product type as the item it replaces.
            payment_method_id: The payment method to charge or refund the difference, e.g.
                'gift_card_0000000' or 'credit_card_0000000', from the user or order details.
        """
        order = self._order(order_id)
        if order.status != "delivered":
            raise ValueError("Non-delivered order cannot be exchanged")
        self._check_multiplicity(order, item_ids, "Number of {item_id} not found.")
        if len(item_ids) != len(new_item_ids):
            raise ValueError("The number of items to be exchanged should match.")
        difference: float = 0  # int 0 as in τ²: with no items, exchange_price_difference shows 0, not 0.0
        for old_item_id, new_item_id in zip(item_ids, new_item_ids):
            difference += self._replacement_variant(order, old_item_id, new_item_id)[0]
        difference = round(difference, 2)
        method = self._payment_method(order.user_id, payment_method_id)
        if isinstance(method, GiftCard) and method.balance < difference:
            raise ValueError("Insufficient gift card balance to pay for the price difference")
        order.status = "exchange requested"
        order.exchange_items = sorted(item_ids)
        order.exchange_new_items = sorted(new_item_ids)
        order.exchange_payment_method_id = payment_method_id
        order.exchange_price_difference = difference
        return order

    @tool("read")
    def find_user_id_by_name_zip(self, first_name: str, last_name: str, zip: str) -> str:
        """Find a user's id from their first name, last name and zip code. Try the email
        first; use this only when the user cannot give an email or the email is not found.

        Args:
            first_name: The first name, e.g. 'John'.
            last_name: The last name, e.g. 'Doe'.
            zip: The zip code, e.g. '12345'.
        """
        for user_id, user in self.db.users.items():
            if (
                user.name.first_name.lower() == first_name.lower()
                and user.name.last_name.lower() == last_name.lower()
                and user.address.zip == zip
            ):
                return user_id
        raise ValueError("User not found")

    @tool("read")
    def find_user_id_by_email(self, email: str) -> str:
        """Find a user's id from their email address.

        Args:
            email: The email address, e.g. 'something@example.com'.
        """
        for user_id, user in self.db.users.items():
            if user.email.lower() == email.lower():
                return user_id
        raise ValueError("User not found")

    @tool("read")
    def get_order_details(self, order_id: str) -> Order:
        """Look up an order: its items, status, fulfilments and payments.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
        """
        return self._order(order_id)

    @tool("read")
    def get_product_details(self, product_id: str) -> Product:
        """Look up a product type and the inventory of all its variants (item ids, options,
        availability, prices).

        Args:
            product_id: The product id, e.g. '6086499569'. Product ids are not item ids.
        """
        return self._product(product_id)

    @tool("read")
    def get_item_details(self, item_id: str) -> Variant:
        """Look up one item (a variant of a product): its options, availability and price.

        Args:
            item_id: The item id, e.g. '1008292230'.
        """
        for product in self.db.products.values():
            if item_id in product.variants:
                return product.variants[item_id]
        raise ValueError("Item not found")

    @tool("read")
    def get_user_details(self, user_id: str) -> User:
        """Look up a user: name, address, email, payment methods and their orders.

        Args:
            user_id: The user id, e.g. 'sara_doe_496'.
        """
        return self._user(user_id)

    @tool("read")
    def list_all_product_types(self) -> str:
        """List the names and product ids of all 50 product types in the store. Each type has
        variants with their own item ids and options."""
        name_to_id = {product.name: product.product_id for product in self.db.products.values()}
        return json.dumps(dict(sorted(name_to_id.items())))

    @tool("write")
    def modify_pending_order_address(
        self, order_id: str, address1: str, address2: str, city: str, state: str, country: str, zip: str
    ) -> Order:
        """Change the shipping address of a pending order. Show the details and get the
        user's explicit confirmation (yes) before calling.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
            address1: First address line, e.g. '123 Main St'.
            address2: Second address line, e.g. 'Apt 1', or an empty string.
            city: The city, e.g. 'San Francisco'.
            state: The state, e.g. 'CA'.
            country: The country, e.g. 'USA'.
            zip: The zip code, e.g. '12345'.
        """
        order = self._order(order_id)
        if "pending" not in order.status:
            raise ValueError("Non-pending order cannot be modified")
        order.address = UserAddress(
            address1=address1, address2=address2, city=city, country=country, state=state, zip=zip
        )
        return order

    @tool("write")
    def modify_pending_order_items(
        self, order_id: str, item_ids: list[str], new_item_ids: list[str], payment_method_id: str
    ) -> Order:
        """Swap items of a pending order for other options of the same product type. This can
        be done only once per order, so collect every change first. Show the details and get
        the user's explicit confirmation (yes) before calling.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
            item_ids: The ids of the items to change, e.g. ['1008292230']. An id may appear
                more than once if the order holds it several times.
            new_item_ids: The ids of the new items, position by position with item_ids;
                each must be the same product type as the item it replaces.
            payment_method_id: The payment method to charge or refund the difference, e.g.
                'gift_card_0000000' or 'credit_card_0000000', from the user or order details.
        """
        order = self._order(order_id)
        if order.status != "pending":
            raise ValueError("Non-pending order cannot be modified")
        self._check_multiplicity(order, item_ids, "{item_id} not found")
        if len(item_ids) != len(new_item_ids):
            raise ValueError("The number of items to be exchanged should match")
        difference: float = 0
        variant = None
        for old_item_id, new_item_id in zip(item_ids, new_item_ids):
            if new_item_id == old_item_id:
                raise ValueError("The new item id should be different from the old item id")
            change, variant = self._replacement_variant(order, old_item_id, new_item_id)
            difference += change
        method = self._payment_method(order.user_id, payment_method_id)
        if isinstance(method, GiftCard) and method.balance < difference:
            raise ValueError("Insufficient gift card balance to pay for the new item")
        order.payment_history.append(
            OrderPayment(
                transaction_type="payment" if difference > 0 else "refund",
                amount=abs(difference),
                payment_method_id=payment_method_id,
            )
        )
        if isinstance(method, GiftCard):
            method.balance = round(method.balance - difference, 2)
        for old_item_id, new_item_id in zip(item_ids, new_item_ids):
            assert variant is not None  # set by the first loop, over the same pairs
            item = next(item for item in order.items if item.item_id == old_item_id)
            item.item_id = new_item_id
            # τ²-bench bug, kept for DB parity: every rewritten item takes the price and
            # options of the *last* pair's variant (gold DBs of retail tasks 20, 21, 36, 37
            # and 100 depend on it).
            item.price = variant.price
            item.options = variant.options
        order.status = "pending (item modified)"
        return order

    @tool("write")
    def modify_pending_order_payment(self, order_id: str, payment_method_id: str) -> Order:
        """Pay a pending order with a different payment method. Show the details and get the
        user's explicit confirmation (yes) before calling.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
            payment_method_id: The new payment method, e.g. 'gift_card_0000000' or
                'credit_card_0000000', from the user or order details.
        """
        order = self._order(order_id)
        if "pending" not in order.status:
            raise ValueError("Non-pending order cannot be modified")
        method = self._payment_method(order.user_id, payment_method_id)
        history = order.payment_history
        if len(history) != 1 or history[0].transaction_type != "payment":
            raise ValueError("There should be exactly one payment for a pending order")
        old_method_id = history[0].payment_method_id
        if old_method_id == payment_method_id:
            raise ValueError("The new payment method should be different from the current one")
        amount = history[0].amount
        if isinstance(method, GiftCard) and method.balance < amount:
            raise ValueError("Insufficient gift card balance to pay for the order")
        history.append(OrderPayment(transaction_type="payment", amount=amount, payment_method_id=payment_method_id))
        history.append(OrderPayment(transaction_type="refund", amount=amount, payment_method_id=old_method_id))
        if isinstance(method, GiftCard):
            method.balance = round(method.balance - amount, 2)
        old_method = self._payment_method(order.user_id, old_method_id)
        if isinstance(old_method, GiftCard):
            old_method.balance = round(old_method.balance + amount, 2)
        return order

    @tool("write")
    def modify_user_address(
        self, user_id: str, address1: str, address2: str, city: str, state: str, country: str, zip: str
    ) -> User:
        """Change a user's default address. Show the details and get the user's explicit
        confirmation (yes) before calling.

        Args:
            user_id: The user id, e.g. 'sara_doe_496'.
            address1: First address line, e.g. '123 Main St'.
            address2: Second address line, e.g. 'Apt 1', or an empty string.
            city: The city, e.g. 'San Francisco'.
            state: The state, e.g. 'CA'.
            country: The country, e.g. 'USA'.
            zip: The zip code, e.g. '12345'.
        """
        user = self._user(user_id)
        user.address = UserAddress(
            address1=address1, address2=address2, city=city, country=country, state=state, zip=zip
        )
        return user

    @tool("write")
    def return_delivered_order_items(self, order_id: str, item_ids: list[str], payment_method_id: str) -> Order:
        """Request the return of items from a delivered order. The status becomes "return
        requested" and the user receives an email explaining how to send the items back.
        Show the details and get the user's explicit confirmation (yes) before calling.

        Args:
            order_id: The order id, starting with '#', for example '#W0000000'.
            item_ids: The ids of the items to return, e.g. ['1008292230']. An id may appear
                more than once if the order holds it several times.
            payment_method_id: Where the refund goes: the order's original payment method or
                a gift card of the user, e.g. 'gift_card_0000000'.
        """
        order = self._order(order_id)
        if order.status != "delivered":
            raise ValueError("Non-delivered order cannot be returned")
        method = self._payment_method(order.user_id, payment_method_id)
        if not isinstance(method, GiftCard) and payment_method_id != order.payment_history[0].payment_method_id:
            raise ValueError("Payment method should be the original payment method")
        self._check_multiplicity(order, item_ids, "Some item not found")
        order.status = "return requested"
        order.return_items = sorted(item_ids)
        order.return_payment_method_id = payment_method_id
        return order

    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
