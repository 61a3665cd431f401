"""The retail database as τ²-bench models it.

Field order is interface: observations are dumps of these models in declaration order, and
the DB hash covers every field (``None`` ones included). Nested models ignore unknown keys,
the top level forbids them, as in τ²-bench. Tools assign to fields without re-validation,
so values keep whatever Python type a tool stored.
"""

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field


class Variant(BaseModel):
    item_id: str
    options: dict[str, str]
    available: bool
    price: float


class Product(BaseModel):
    name: str
    product_id: str
    variants: dict[str, Variant]


class UserName(BaseModel):
    first_name: str
    last_name: str


class UserAddress(BaseModel):
    address1: str
    address2: str
    city: str
    country: str
    state: str
    zip: str


class CreditCard(BaseModel):
    source: Literal["credit_card"]
    id: str
    brand: str
    last_four: str


class GiftCard(BaseModel):
    source: Literal["gift_card"]
    id: str
    balance: float


class Paypal(BaseModel):
    source: Literal["paypal"]
    id: str


PaymentMethod = Annotated[Union[CreditCard, GiftCard, Paypal], Field(discriminator="source")]


class User(BaseModel):
    user_id: str
    name: UserName
    address: UserAddress
    email: str
    payment_methods: dict[str, PaymentMethod]
    orders: list[str]


class OrderItem(BaseModel):
    name: str
    product_id: str
    item_id: str
    price: float
    options: dict[str, str]


class Fulfillment(BaseModel):
    tracking_id: list[str]
    item_ids: list[str]


class OrderPayment(BaseModel):
    transaction_type: Literal["payment", "refund"]
    amount: float
    payment_method_id: str


CancelReason = Literal["no longer needed", "ordered by mistake"]
OrderStatus = Literal[
    "processed",
    "pending",
    "pending (item modified)",
    "delivered",
    "cancelled",
    "exchange requested",
    "return requested",
]


class Order(BaseModel):
    order_id: str
    user_id: str
    address: UserAddress
    items: list[OrderItem]
    status: OrderStatus
    fulfillments: list[Fulfillment]
    payment_history: list[OrderPayment]
    cancel_reason: Optional[CancelReason] = None
    exchange_items: Optional[list[str]] = None
    exchange_new_items: Optional[list[str]] = None
    exchange_payment_method_id: Optional[str] = None
    exchange_price_difference: Optional[float] = None
    return_items: Optional[list[str]] = None
    return_payment_method_id: Optional[str] = None


class RetailDB(BaseModel):
    model_config = ConfigDict(extra="forbid")

    products: dict[str, Product]
    users: dict[str, User]
    orders: dict[str, Order]
