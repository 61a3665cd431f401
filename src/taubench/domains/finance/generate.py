"""The finance desk's database: the hand-written cast (``data/cast.json``) the tasks are built
around, plus seeded filler so that look-ups have namesakes to miss and the books have the
weight of a real adviser's.

The cast, record by record:

- securities: the firm's Tamarack funds (one per asset class, used by the model portfolios),
  two leveraged/inverse funds (risk 5), and single stocks, among them two pairs of tickers one
  letter apart (KLRN Kilburn Robotics / KLRM Kellerman Foods, ORCA / ORKA);
- model_portfolios: eight models, each suiting some risk tiers, with targets per asset class;
- clients: CL1001 and CL1002, two Wei Chen in San Francisco, and CL1020, a third Wei Chen in
  Seattle with CL1001's birth date; CL1001 holds a traditional and a Roth IRA both titled "IRA"
  with 2025 contributions of 3000 and 2500 (limit 8000 at 57); CL1003 Margaret Okafor's KYC
  dates from 2021 (stale); CL1004 Diego Salcedo, tier 5, holds a VANT position near a third of
  his trading account; CL1005 Priya Raman has one account inside its drift band and one far out;
  CL1006 Harold Brennan's household is worth exactly 1412000 at today's prices (the fee tiers);
  CL1007 Tessa Lindqvist, tier 2, wants leveraged funds; CL1008 Marcus Webb sold PNDR at a loss
  on 2025-06-02 (wash-sale window) and has an open BRWK limit order; CL1009 Sofia Marchetti's
  growth account has drifted far; CL1010 Julian Ortega and CL1022 Theo Marsh each linked a new
  bank less than 30 days ago; CL1011 Amara Nwosu is under 59 and a half with a traditional IRA;
  CL1012 Robert Kim contributed 5000 for 2025; CL1013 Elena Vasquez-Hart took the risk
  questionnaire on 2025-05-01; CL1014 Samuel Adeyemi turns 50 in November 2025 (catch-up
  limit) with 6500 in his Roth for 2025, an open HRBR limit order and a filled ORKA order of
  yesterday; CL1015 Grace Holloway is tier 1; CL1016 Nikhil Bose has an open KLRN sale;
  CL1017 Linda Farrow passed 59 and a half on 2025-04-05; CL1018 Owen Takahashi has cash for a
  large order; CL1019 Beatrice Lowell's relatives call for her; CL1021 Rosa Delgado's KYC is
  stale; CL1023 Hana Sato is tier 5 with a 2025 Roth contribution already at the limit.
- tax_lots, orders, cash_movements, price_alerts: those records of the cast's accounts.

The filler: clients drawn by the kit's ``Population`` (a tenth of them namesakes), one to three
accounts each following the model of their tier or self-directed, tax lots, a year of orders,
contributions and withdrawals, alerts, reports, and a year of daily closes for every security."""

import random
from datetime import date, timedelta
from typing import Any

from pydantic import BaseModel

from taubench.domains.finance.models import (
    Account,
    CashMovement,
    Client,
    ModelPortfolio,
    Order,
    PriceAlert,
    Security,
    TaxLot,
)
from taubench.domains.kit import Population, load_cast

SEED = 6170
TODAY = "2025-06-17"
HISTORY_FROM = date(2024, 6, 17)
MARKET_HOLIDAYS = [
    "2024-06-19",
    "2024-07-04",
    "2024-09-02",
    "2024-11-28",
    "2024-12-25",
    "2025-01-01",
    "2025-01-09",
    "2025-01-20",
    "2025-02-17",
    "2025-04-18",
    "2025-05-26",
    "2025-06-19",
    "2025-07-04",
    "2025-09-01",
    "2025-11-27",
    "2025-12-25",
]
CAST: dict[str, type[BaseModel]] = {
    "securities": Security,
    "model_portfolios": ModelPortfolio,
    "clients": Client,
    "accounts": Account,
    "tax_lots": TaxLot,
    "orders": Order,
    "cash_movements": CashMovement,
    "price_alerts": PriceAlert,
}
CITIES = [
    ("San Francisco", "941", "415"),
    ("New York", "100", "212"),
    ("Austin", "787", "512"),
    ("Chicago", "606", "312"),
    ("Cambridge", "021", "617"),
    ("Seattle", "981", "206"),
    ("Atlanta", "303", "404"),
    ("Phoenix", "850", "602"),
    ("Miami", "331", "305"),
    ("Washington", "200", "202"),
    ("San Diego", "921", "619"),
    ("Denver", "802", "303"),
    ("Detroit", "482", "313"),
    ("Minneapolis", "554", "612"),
    ("Boise", "837", "208"),
]
BANKS = ["First Harbor Bank", "Prairie State Bank", "Summit Credit Union", "Keystone Savings", "Redwood National"]
SECTORS = ["Technology", "Health care", "Industrials", "Financials", "Energy", "Consumer staples", "Utilities"]
NAME_PARTS = [
    "Ashby",
    "Brightwater",
    "Calder",
    "Dunmore",
    "Everly",
    "Foxglove",
    "Granite",
    "Hollis",
    "Ironvale",
    "Juniper",
    "Kestrel",
    "Lodestar",
    "Mariner",
    "Northgate",
    "Oakhurst",
    "Prescott",
    "Quarry",
    "Rowan",
    "Silverline",
    "Thornbury",
]
NAME_KINDS = ["Systems", "Holdings", "Industries", "Labs", "Group", "Networks"]
TIER_MODELS = {1: ["M1", "M8"], 2: ["M2", "M6", "M8"], 3: ["M3", "M6"], 4: ["M4", "M7"], 5: ["M5", "M7"]}
FILLER_CLIENTS = 437


def _trading_days(start: date, end: date) -> list[str]:
    days, day = [], start
    while day <= end:
        if day.weekday() < 5 and day.isoformat() not in MARKET_HOLIDAYS:
            days.append(day.isoformat())
        day += timedelta(days=1)
    return days


def _filler_securities(rng: random.Random, taken: set[str]) -> list[dict[str, Any]]:
    made = []
    for part in NAME_PARTS:
        for kind in NAME_KINDS[: rng.randint(3, 5)]:
            symbol = (part[:3] + kind[0]).upper()
            if symbol in taken:
                continue
            taken.add(symbol)
            made.append(
                {
                    "symbol": symbol,
                    "name": f"{part} {kind}",
                    "kind": "stock",
                    "asset_class": "us_equity" if rng.random() < 0.8 else "intl_equity",
                    "sector": rng.choice(SECTORS),
                    "risk_rating": rng.randint(2, 5),
                    "leveraged": False,
                    "price": round(rng.uniform(8, 400), 2),
                }
            )
    return made


def _history(securities: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """A year of daily closes, walked back from today's price, each security from a seed of its
    own (so that more filler never moves the closes the tasks quote)."""
    days = _trading_days(HISTORY_FROM, date.fromisoformat(TODAY) - timedelta(days=1))
    history = {}
    for security in securities:
        kind, risk = security["kind"], security["risk_rating"]
        volatility = {"money_market": 0.0, "bond_fund": 0.003, "etf": 0.004 + 0.002 * risk}.get(
            kind, 0.008 + 0.004 * risk
        )
        if security["leveraged"]:
            volatility = 0.03
        rng = random.Random(f"{SEED}:{security['symbol']}")
        price, closes = security["price"], []
        for day in reversed(days):
            price = max(0.5, price / (1 + rng.gauss(0.0004, volatility))) if volatility else price
            closes.append({"date": day, "close": round(price, 2)})
        history[security["symbol"]] = {"symbol": security["symbol"], "closes": closes[::-1]}
    return history


def database() -> dict[str, Any]:
    rng = random.Random(SEED)
    cast = {section: [row.model_dump() for row in rows] for section, rows in load_cast(__package__, CAST).items()}
    securities = cast["securities"] + _filler_securities(rng, {s["symbol"] for s in cast["securities"]})
    prices = {s["symbol"]: s["price"] for s in securities}
    stocks = [s["symbol"] for s in securities if s["kind"] == "stock" and s["risk_rating"] <= 4]
    models = {m["model_id"]: m for m in cast["model_portfolios"]}
    people = Population(SEED, TODAY)
    for client in cast["clients"]:
        first, last = client["name"].split(" ", 1)
        people.know(first, last, rng.choice("FM"), client["phone"])
    clients, accounts, lots, orders, movements, alerts, reports = [], [], [], [], [], [], []
    counters = {"account": 2100, "lot": 6000, "order": 61000, "movement": 41000, "alert": 31000, "report": 81000}

    def next_id(kind: str, prefix: str) -> str:
        counters[kind] += 1
        return f"{prefix}{counters[kind]}"

    for number in range(FILLER_CLIENTS):
        city, zip3, area = rng.choice(CITIES)
        person = people.person(area, ages=(22, 88))
        client_id = f"CL{1100 + number}"
        tier = rng.choice([1, 2, 2, 3, 3, 3, 4, 4, 5])
        kyc = people.day("2020-09-01", "2025-06-13")
        banks = [
            {
                "bank_id": f"BK{1100 + number}-{i + 1}",
                "bank_name": rng.choice(BANKS),
                "account_last4": f"{rng.randint(0, 9999):04d}",
                "added_on": people.day("2012-01-01", "2025-06-13"),
            }
            for i in range(rng.choice([1, 1, 1, 2]))
        ]
        client = {
            "client_id": client_id,
            "name": person.name,
            "dob": person.birth_date,
            "zip": f"{zip3}{rng.randint(1, 99):02d}",
            "city": city,
            "tax_id_last4": f"{rng.randint(0, 9999):04d}",
            "phone": person.phone,
            "kyc_date": kyc,
            "risk_tier": tier,
            "profile_date": kyc,
            "employment": "retired" if person.birth_date < "1960-01-01" else rng.choice(["employed", "self_employed"]),
            "tax_bracket": rng.choice([12, 22, 24, 32, 35]),
            "bank_links": banks,
            "account_ids": [],
        }
        kinds = ["taxable"] + rng.sample(["traditional_ira", "roth_ira", "taxable"], rng.choice([0, 1, 1, 2]))
        for kind in kinds:
            account_id = next_id("account", "AC")
            model_id = rng.choice(TIER_MODELS[tier]) if rng.random() < 0.7 else None
            opened = people.day("2005-01-01", "2024-12-31")
            accounts.append(
                {
                    "account_id": account_id,
                    "client_id": client_id,
                    "type": kind,
                    "title": {"taxable": "Brokerage", "traditional_ira": "IRA", "roth_ira": "Roth IRA"}[kind],
                    "model_id": model_id,
                    "cash": round(rng.uniform(200, 25000), 2),
                    "opened_on": opened,
                    "status": "open" if rng.random() < 0.97 else "closed",
                }
            )
            client["account_ids"].append(account_id)
            symbols = [t["fund"] for t in models[model_id]["targets"] if t["asset_class"] != "cash"] if model_id else []
            symbols += rng.sample(stocks, rng.randint(0 if model_id else 2, 2 if model_id else 4))
            for symbol in symbols:
                for _ in range(rng.choice([1, 1, 2])):
                    quantity = max(1, int(rng.uniform(2000, 40000) / prices[symbol]))
                    lots.append(
                        {
                            "lot_id": next_id("lot", "L"),
                            "account_id": account_id,
                            "symbol": symbol,
                            "quantity": quantity,
                            "cost_per_share": round(prices[symbol] * rng.uniform(0.55, 1.25), 2),
                            "acquired": people.day(max(opened, "2008-01-01"), "2025-05-30"),
                        }
                    )
            for _ in range(rng.randint(2, 7)):
                symbol = rng.choice(symbols)
                fill = round(prices[symbol] * rng.uniform(0.8, 1.1), 2)
                side = rng.choice(["buy", "sell"])
                orders.append(
                    {
                        "order_id": next_id("order", "O"),
                        "account_id": account_id,
                        "symbol": symbol,
                        "side": side,
                        "quantity": max(1, int(rng.uniform(500, 8000) / prices[symbol])),
                        "order_type": "market",
                        "limit_price": None,
                        "placed_on": people.day("2024-06-17", "2025-06-13"),
                        "status": "filled",
                        "fill_price": fill,
                        "realized_gain": round(rng.uniform(-900, 2500), 2) if side == "sell" else None,
                    }
                )
            if kind != "taxable":
                for year in (2024, 2025):
                    if rng.random() < 0.6:
                        day = people.day(f"{year}-01-02", "2025-04-15" if year == 2024 else "2025-06-13")
                        movements.append(
                            {
                                "movement_id": next_id("movement", "CM"),
                                "account_id": account_id,
                                "kind": "contribution",
                                "amount": float(rng.choice([1000, 2000, 2500, 3000, 5000, 6000])),
                                "tax_year": year,
                                "bank_id": banks[0]["bank_id"],
                                "date": day,
                                "expected_on": day,
                                "status": "completed",
                            }
                        )
            if rng.random() < 0.35:
                day = people.day("2024-07-01", "2025-06-10")
                movements.append(
                    {
                        "movement_id": next_id("movement", "CM"),
                        "account_id": account_id,
                        "kind": "withdrawal",
                        "amount": float(rng.choice([500, 1000, 2500, 4000, 7500])),
                        "tax_year": None,
                        "bank_id": banks[-1]["bank_id"],
                        "date": day,
                        "expected_on": (date.fromisoformat(day) + timedelta(days=3)).isoformat(),
                        "status": "completed",
                    }
                )
            for _ in range(rng.choice([0, 1, 1, 2, 2])):
                period = rng.choice(["2024", "2025-Q1", "2025-01", "2025-02", "2025-03", "2025-04", "2025-05"])
                reports.append(
                    {
                        "report_id": next_id("report", "R"),
                        "account_id": account_id,
                        "kind": rng.choice(["performance", "holdings", "realized_gains", "fees"]),
                        "period": period,
                        "requested_on": people.day("2025-06-01", "2025-06-13"),
                        "status": "delivered",
                    }
                )
        for _ in range(rng.choice([0, 1, 2, 2, 3, 4])):
            symbol = rng.choice(stocks)
            direction = rng.choice(["above", "below"])
            alerts.append(
                {
                    "alert_id": next_id("alert", "PA"),
                    "client_id": client_id,
                    "symbol": symbol,
                    "direction": direction,
                    "price": round(prices[symbol] * (1.1 if direction == "above" else 0.9), 2),
                    "created_on": people.day("2024-09-01", "2025-06-13"),
                    "status": rng.choice(["active", "active", "triggered", "cancelled"]),
                }
            )
        clients.append(client)

    def keyed(rows: list[dict[str, Any]], key: str) -> dict[str, dict[str, Any]]:
        return {row[key]: row for row in rows}

    return {
        "today": TODAY,
        "market_holidays": MARKET_HOLIDAYS,
        "next_order_number": 70001,
        "next_lot_number": 90001,
        "next_movement_number": 50001,
        "next_alert_number": 35001,
        "next_report_number": 90001,
        "clients": keyed(cast["clients"] + clients, "client_id"),
        "accounts": keyed(cast["accounts"] + accounts, "account_id"),
        "securities": keyed(securities, "symbol"),
        "price_history": _history(securities),
        "model_portfolios": models,
        "tax_lots": keyed(cast["tax_lots"] + lots, "lot_id"),
        "orders": keyed(cast["orders"] + orders, "order_id"),
        "cash_movements": keyed(cast["cash_movements"] + movements, "movement_id"),
        "price_alerts": keyed(cast["price_alerts"] + alerts, "alert_id"),
        "reports": keyed(reports, "report_id"),
    }
