"""The loans tasks as written: each one's customer, the gold path and what must be said. The
figures the agent must say are read from what the gold calls showed (``author.py`` replays
them), so a task stays true to the generated data. Run through ``author.py tasks``."""

import json
from pathlib import Path
from typing import Any, Callable, Union

from taubench.domains.kit import gold_action, task_record, write_task_files

Obs = list[Any]
Value = Union[Any, Callable[[Obs], Any]]


def find(first: str, last: str, dob: str, zip_code: str, compare: bool = False) -> tuple:
    arguments = {"first_name": first, "last_name": last, "dob": dob, "zip": zip_code}
    return ("find_borrower", arguments, ["dob", "zip"]) if compare else ("find_borrower", arguments)


def call(name: str, **arguments: Value) -> tuple:
    return (name, arguments)


def money(value: float) -> str:
    return f"{value:.2f}"


def last(name_of_field: str, index: int = -1) -> Callable[[Obs], Any]:
    """A field of the observation ``index`` (default: the latest one so far)."""
    return lambda obs: obs[index][name_of_field]


def loan_field(field: str, at: int) -> Callable[[Obs], Any]:
    return lambda obs: obs[at][field]


def open_fee(at: int) -> Callable[[Obs], Any]:
    """The open late fee in the payment history shown at ``at``."""
    return lambda obs: next(f["fee_id"] for f in obs[at]["fees"] if f["status"] == "open" and f["kind"] == "late")


TASKS: list[dict[str, Any]] = []


def task(
    known: str,
    reason: str,
    instructions: str,
    actions: list[tuple],
    tags: list[str],
    rules: list[int],
    say: list[Value] = (),  # type: ignore[assignment]
    persona: str = "",
    unknown: str | None = None,
    arithmetic: dict[str, str] | None = None,
    action_basis: bool = False,
) -> None:
    TASKS.append(
        {
            "known": known,
            "reason": reason,
            "instructions": instructions,
            "actions": actions,
            "tags": tags,
            "rules": rules,
            "say": list(say),
            "persona": persona,
            "unknown": unknown,
            "arithmetic": arithmetic or {},
            "action_basis": action_basis,
        }
    )


YES = "When the agent reads back what it will do, check it matches what you asked and say yes."
ROSA = "You are Rosa Alvarez, born 1984-03-12, zip 60614; the last 4 digits of your tax id are 4821."

# 0 clarify: which loan
task(
    ROSA + " You have a personal loan and an auto loan with Harborline.",
    "You want to pay $300 on your loan.",
    "Say only 'my loan' at first. If asked which, it is the auto loan. Pay from your Lakeview Credit Union account. "
    "It is a regular payment, nothing special. " + YES,
    [
        find("Rosa", "Alvarez", "1984-03-12", "60614"),
        call("get_borrower", borrower_id="B1001"),
        call("get_loan", loan_id="L7002"),
        call("make_payment", loan_id="L7002", amount=300, source_id="BA1001-1", principal_only=False),
    ],
    ["clarify"],
    [1, 3, 12],
    persona="Rosa is in a hurry and assumes the agent knows which loan she means.",
)
# 1 compound: principal-only, then a payoff quote
task(
    ROSA,
    "You want to put $1000 toward the principal of your personal loan, and get a payoff quote for your auto loan "
    "for 2025-09-30.",
    "Pay the $1000 from your First Prairie Bank account, to principal only. For the auto loan you only want the "
    "quote (the total and the date it is good through), not to pay it today. " + YES,
    [
        find("Rosa", "Alvarez", "1984-03-12", "60614"),
        call("get_borrower", borrower_id="B1001"),
        call("get_loan", loan_id="L7001"),
        call("make_payment", loan_id="L7001", amount=1000, source_id="BA1001-2", principal_only=True),
        call("get_loan", loan_id="L7002"),
        call("get_payoff_quote", loan_id="L7002", payoff_date="2025-09-30"),
    ],
    ["compound"],
    [1, 3, 12, 13, 18],
    say=[lambda o: money(o[5]["total"]), "2025-09-30"],
)
# 2 compound: namesake; due day, then autopay on it
task(
    "You are Rosa Alvarez, born 1984-03-12, zip 60640; the last 4 digits of your tax id are 0937.",
    "You want your personal loan's due day moved to the 22nd, and autopay set up to pay on the due date itself.",
    "Autopay should come from your only bank account on file. Ask what your next due date will be. " + YES,
    [
        find("Rosa", "Alvarez", "1984-03-12", "60640"),
        call("get_borrower", borrower_id="B1002"),
        call("get_loan", loan_id="L7003"),
        call("change_due_date", loan_id="L7003", new_day=22),
        call("set_autopay", loan_id="L7003", source_id="BA1002-1", day=22),
    ],
    ["compound"],
    [1, 3, 15, 16],
    say=[last("next_due_date", 3)],
)
# 3 refusal + compound: co-borrower pays the joint loan, asks about her husband's own loan
task(
    "You are Grace Okafor, born 1981-04-19, zip 30309; the last 4 digits of your tax id are 5520. You and your "
    "husband Daniel share the auto loan; Daniel also has a personal loan, number L7006.",
    "You want to pay $450 on the joint auto loan, and to know the balance of Daniel's personal loan L7006.",
    "Pay the $450 from your own bank account, as a regular payment. Then ask for the balance of L7006; if told it "
    "cannot be discussed with you, accept it. " + YES,
    [
        find("Grace", "Okafor", "1981-04-19", "30309", compare=True),
        call("get_borrower", borrower_id="B1005"),
        call("get_loan", loan_id="L7005"),
        call("make_payment", loan_id="L7005", amount=450, source_id="BA1005-1", principal_only=False),
    ],
    ["refusal", "compound"],
    [1, 2, 3, 12],
    action_basis=True,
)
# 4 authorized third party pays what is past due
task(
    "You are Paul Whitaker, calling for your mother Helen Whitaker (born 1952-08-30, zip 85004), who has listed "
    "you as authorized on her loan. Her loan number is L7007.",
    "Your mother's loan is behind; you want to pay what is past due from her bank account, and to know her next "
    "due date.",
    "Give your mother's name, birth date, zip and loan number when asked, and your own name. Pay exactly the amount "
    "past due, as a regular payment, from her account on file. " + YES,
    [
        find("Helen", "Whitaker", "1952-08-30", "85004"),
        call("get_borrower", borrower_id="B1006"),
        call("get_loan", loan_id="L7007"),
        call(
            "make_payment",
            loan_id="L7007",
            amount=lambda o: o[2]["amount_past_due"],
            source_id="BA1006-1",
            principal_only=False,
        ),
    ],
    [],
    [1, 2, 3, 12],
    say=[loan_field("next_due_date", 2)],
)
# 5 refusal: a spouse who is not authorized
task(
    "You are Frank Whitaker, husband of Helen Whitaker (born 1952-08-30, zip 85004). Her loan number is L7007. "
    "You are not on the loan.",
    "You want the amount needed to pay off your wife's loan this week.",
    "Give Helen's details if asked. If told you cannot be given it, ask once why, then accept and end the call.",
    [find("Helen", "Whitaker", "1952-08-30", "85004", compare=True), call("get_borrower", borrower_id="B1006")],
    ["refusal"],
    [1, 2],
    action_basis=True,
)
MARCUS = "You are Marcus Chen, born 1990-06-14, zip 78704; the last 4 digits of your tax id are 3302."
# 6 second stub, approval at the band
task(
    MARCUS + " You applied for a personal loan last week and sent one pay stub.",
    "You have your second pay stub, dated 2025-09-19, and want a decision on your application today.",
    "Give the stub's date when asked. If approved, ask for the monthly payment. " + YES,
    [
        find("Marcus", "Chen", "1990-06-14", "78704"),
        call("get_borrower", borrower_id="B1007"),
        call("get_application", application_id="AP5001"),
        call("record_document", application_id="AP5001", doc_type="pay_stub", dated="2025-09-19"),
        call("quote_payment", amount=12000, term_months=48, apr=12.49),
        call("approve_application", application_id="AP5001", apr=12.49),
    ],
    [],
    [1, 3, 6, 7, 8, 9],
    say=[lambda o: money(o[5]["monthly_payment"]), "12.49"],
)
# 7 the application started twice
task(
    "You are Nia Mensah, born 1995-02-08, zip 98103; the last 4 digits of your tax id are 8816.",
    "You want to apply for a personal loan of $8000 over 36 months for car repairs, and you have two pay stubs, "
    "dated 2025-09-05 and 2025-09-19.",
    "You started something on the website a few days ago but are not sure it went through. You want a decision "
    "today and the monthly payment. " + YES,
    [
        find("Nia", "Mensah", "1995-02-08", "98103"),
        call("get_borrower", borrower_id="B1008"),
        call("get_application", application_id="AP5002"),
        call("record_document", application_id="AP5002", doc_type="pay_stub", dated="2025-09-05"),
        call("record_document", application_id="AP5002", doc_type="pay_stub", dated="2025-09-19"),
        call("quote_payment", amount=8000, term_months=36, apr=8.99),
        call("approve_application", application_id="AP5002", apr=8.99),
    ],
    [],
    [1, 3, 4, 7, 8, 9],
    say=[lambda o: money(o[6]["monthly_payment"])],
)
# 8 DTI 42.0: declined
task(
    "You are Layla Haddad, born 1987-12-03, zip 19103; the last 4 digits of your tax id are 4410. Your personal "
    "loan application has both pay stubs.",
    "You want a decision on your loan application today.",
    "If it is declined, ask exactly why, and for the figure behind it. Accept a decline; say yes to recording it.",
    [
        find("Layla", "Haddad", "1987-12-03", "19103"),
        call("get_borrower", borrower_id="B1009"),
        call("get_application", application_id="AP5003"),
        call("quote_payment", amount=23400, term_months=48, apr=12.49),
        call(
            "calculate",
            expression=lambda o: (
                f"({o[1]['borrower']['monthly_debts']} + {o[3]['monthly_payment']}) / "
                f"{o[1]['borrower']['monthly_income']} * 100"
            ),
        ),
        call("decline_application", application_id="AP5003", reasons=["debt_to_income_too_high"]),
    ],
    ["refusal", "arithmetic"],
    [1, 3, 8, 9, 11],
    say=["42.0", "2025-10-23"],
)
# 9 score below the minimum, stubs in hand: submitted, then declined
task(
    "You are Omar Castillo, born 1983-05-21, zip 80205; the last 4 digits of your tax id are 7063.",
    "You want to apply for a personal loan of $5000 over 24 months for furniture, and you have two pay stubs "
    "dated 2025-09-05 and 2025-09-19.",
    "You want the application taken and decided today. If declined, ask why and when you will get it in writing. "
    + YES,
    [
        find("Omar", "Castillo", "1983-05-21", "80205"),
        call("get_borrower", borrower_id="B1010"),
        call("get_rate_sheet", product="personal"),
        call(
            "submit_application",
            borrower_id="B1010",
            product="personal",
            amount=5000,
            term_months=24,
            purpose="furniture",
        ),
        call("record_document", application_id=last("application_id", 3), doc_type="pay_stub", dated="2025-09-05"),
        call("record_document", application_id=last("application_id", 3), doc_type="pay_stub", dated="2025-09-19"),
        call("decline_application", application_id=last("application_id", 3), reasons=["credit_score_below_minimum"]),
    ],
    ["refusal"],
    [1, 3, 5, 6, 11],
    say=["2025-10-23"],
)
# 10 fallback: 72 months is not a personal term
task(
    "You are Ingrid Lindqvist, born 1976-09-09, zip 55408; the last 4 digits of your tax id are 3958.",
    "You want to apply for a personal loan of $15000 over 72 months for a kitchen remodel.",
    "If 72 months is not possible, take the longest term offered. Ask what the monthly payment would be at your "
    "rate. You will send pay stubs later. " + YES,
    [
        find("Ingrid", "Lindqvist", "1976-09-09", "55408"),
        call("get_borrower", borrower_id="B1011"),
        call("get_rate_sheet", product="personal"),
        call(
            "submit_application",
            borrower_id="B1011",
            product="personal",
            amount=15000,
            term_months=60,
            purpose="kitchen remodel",
        ),
        call("quote_payment", amount=15000, term_months=60, apr=8.99),
    ],
    ["fallback"],
    [1, 3, 5, 9],
    say=[lambda o: money(o[4]["monthly_payment"])],
)
# 11 above the desk's authority: underwriting
task(
    "You are Victor Nguyen, born 1969-01-27, zip 97214; the last 4 digits of your tax id are 5147. Your personal "
    "loan application is complete.",
    "You want your $32,000 personal loan application approved today.",
    "Push once for an approval on the phone; accept being passed to the right team.",
    [
        find("Victor", "Nguyen", "1969-01-27", "97214", compare=True),
        call("get_borrower", borrower_id="B1012"),
        call("get_application", application_id="AP5004"),
        (
            "transfer_to_human_agents",
            {
                "summary": "Complete personal application AP5004 for 32000 is above the desk's "
                "25000 approval authority: underwriting"
            },
            [],
        ),
    ],
    ["refusal"],
    [1, 7, 10, 19],
    action_basis=True,
)
# 12 a stale stub: recorded, not decided
task(
    "You are Sofia Ramirez, born 1993-10-11, zip 37203; the last 4 digits of your tax id are 6682. You applied for "
    "a personal loan yesterday.",
    "You want to send your two pay stubs, dated 2025-09-12 and 2025-07-15, and get approved today.",
    "Give both dates. If told one is too old, ask what the oldest date accepted is. Say yes to recording them.",
    [
        find("Sofia", "Ramirez", "1993-10-11", "37203"),
        call("get_borrower", borrower_id="B1013"),
        call("get_application", application_id="AP5005"),
        call("record_document", application_id="AP5005", doc_type="pay_stub", dated="2025-09-12"),
        call("record_document", application_id="AP5005", doc_type="pay_stub", dated="2025-07-15"),
    ],
    ["refusal", "arithmetic"],
    [1, 3, 7],
    say=["2025-08-09"],
    arithmetic={"2025-08-09": "2025-09-23 + -45 days"},
)
# 13 auto: the purchase agreement completes it
task(
    "You are Kofi Mensah, born 1985-04-04, zip 30309; the last 4 digits of your tax id are 2468.",
    "You have the purchase agreement for the used car, dated 2025-09-22, for your auto loan application, and want "
    "a decision.",
    "If approved, ask for the APR and the monthly payment. " + YES,
    [
        find("Kofi", "Mensah", "1985-04-04", "30309"),
        call("get_borrower", borrower_id="B1014"),
        call("get_application", application_id="AP5006"),
        call("record_document", application_id="AP5006", doc_type="purchase_agreement", dated="2025-09-22"),
        call("quote_payment", amount=18500, term_months=60, apr=8.49),
        call("approve_application", application_id="AP5006", apr=8.49),
    ],
    [],
    [1, 3, 7, 8, 9],
    say=[lambda o: money(o[5]["monthly_payment"]), "8.49"],
)
# 14 another amount and term: withdraw, then apply again
task(
    "You are Yasmin Usman, born 1990-01-19, zip 02134; the last 4 digits of your tax id are 1842. Last week you "
    "applied for $6000 over 24 months for your wedding.",
    "You now want $9000 over 36 months instead, still for the wedding.",
    "The purpose is 'wedding'. You have not sent pay stubs yet. Ask what the monthly payment would be at your "
    "rate. " + YES,
    [
        find("Yasmin", "Usman", "1990-01-19", "02134"),
        call("get_borrower", borrower_id="B1015"),
        call("get_application", application_id="AP5007"),
        call("withdraw_application", application_id="AP5007"),
        call(
            "submit_application",
            borrower_id="B1015",
            product="personal",
            amount=9000,
            term_months=36,
            purpose="wedding",
        ),
        call("quote_payment", amount=9000, term_months=36, apr=8.99),
    ],
    ["compound"],
    [1, 3, 4, 5],
    say=[lambda o: money(o[5]["monthly_payment"])],
)
# 15 a score on the band's edge
task(
    "You are Hector Silva, born 1982-07-07, zip 85004; the last 4 digits of your tax id are 9034. Your personal "
    "loan application has both pay stubs.",
    "You want your application approved, and you would like the 8.99% rate your brother got.",
    "Ask for 8.99%; accept the rate the agent says is yours. Ask for the monthly payment. " + YES,
    [
        find("Hector", "Silva", "1982-07-07", "85004"),
        call("get_borrower", borrower_id="B1016"),
        call("get_application", application_id="AP5008"),
        call("quote_payment", amount=10000, term_months=36, apr=12.49),
        call("approve_application", application_id="AP5008", apr=12.49),
    ],
    ["arithmetic"],
    [1, 3, 6, 8, 9],
    say=[lambda o: money(o[4]["monthly_payment"]), "12.49"],
)
# 16 two reasons
task(
    "You are Tamara Petrov, born 1989-03-30, zip 80205; the last 4 digits of your tax id are 4377. You sent one "
    "pay stub with your personal loan application.",
    "You want a decision on your application now; you cannot get a second pay stub.",
    "Insist on a decision today. If declined, ask for every reason and when the letter comes. Say yes to "
    "recording the decision.",
    [
        find("Tamara", "Petrov", "1989-03-30", "80205"),
        call("get_borrower", borrower_id="B1017"),
        call("get_application", application_id="AP5009"),
        call(
            "decline_application",
            application_id="AP5009",
            reasons=["credit_score_below_minimum", "income_not_verified"],
        ),
    ],
    ["refusal"],
    [1, 3, 6, 7, 11],
    say=["2025-10-23"],
)
CARMEN = "You are Carmen Delgado, born 1988-06-17, zip 60640; the last 4 digits of your tax id are 3391."
# 17 the brief's compound: late payment, autopay, waiver
task(
    CARMEN,
    "You missed this month's payment. You want to pay what is past due, turn on autopay, and ask for the late fee "
    "to be waived.",
    "Pay from your bank account on file. Autopay should pay on the due date itself. " + YES,
    [
        find("Carmen", "Delgado", "1988-06-17", "60640"),
        call("get_borrower", borrower_id="B1018"),
        call("get_loan", loan_id="L7010"),
        call("get_payment_history", loan_id="L7010"),
        call(
            "make_payment",
            loan_id="L7010",
            amount=lambda o: o[2]["amount_past_due"],
            source_id="BA1018-1",
            principal_only=False,
        ),
        call("set_autopay", loan_id="L7010", source_id="BA1018-1", day=3),
        call("waive_late_fee", fee_id=open_fee(3)),
    ],
    ["compound"],
    [1, 3, 12, 14, 15],
)
# 18 a second waiver in 12 months
task(
    "You are Joanna Brennan, born 1974-11-23, zip 98103; the last 4 digits of your tax id are 6520.",
    "You were charged a late fee this month and want it waived.",
    "If refused, ask from what date you could get a waiver again. Do not pay anything today.",
    [
        find("Joanna", "Brennan", "1974-11-23", "98103"),
        call("get_borrower", borrower_id="B1019"),
        call("get_loan", loan_id="L7011"),
        call("get_payment_history", loan_id="L7011"),
    ],
    ["refusal", "arithmetic"],
    [1, 14],
    say=["2026-03-02"],
    arithmetic={"2026-03-02": "2025-03-02 + 365 days"},
)
# 19 fallback + clarify: autopay first, then the waiver
task(
    "You are Bruno Costa, born 1991-09-14, zip 19103; the last 4 digits of your tax id are 2704.",
    "You want this month's late fee waived.",
    "If told autopay must be on, agree to turn it on, paying on the due date itself. You have two accounts on "
    "file; if asked which one, the Harbor State Bank one. " + YES,
    [
        find("Bruno", "Costa", "1991-09-14", "19103"),
        call("get_borrower", borrower_id="B1020"),
        call("get_loan", loan_id="L7012"),
        call("get_payment_history", loan_id="L7012"),
        call("set_autopay", loan_id="L7012", source_id="BA1020-2", day=4),
        call("waive_late_fee", fee_id=open_fee(3)),
    ],
    ["fallback", "clarify"],
    [1, 3, 14, 15],
)
# 20 a second due-date change in 12 months
task(
    "You are Esther Kim, born 1986-02-02, zip 97214; the last 4 digits of your tax id are 8190.",
    "You want your loan's due day moved to the 25th.",
    "If refused, ask from what date you could change it again.",
    [
        find("Esther", "Kim", "1986-02-02", "97214"),
        call("get_borrower", borrower_id="B1021"),
        call("get_loan", loan_id="L7013"),
    ],
    ["refusal", "arithmetic"],
    [1, 16],
    say=["2026-02-10"],
    arithmetic={"2026-02-10": "2025-02-10 + 365 days"},
)
# 21 fallback: bring it current, then move the due day
task(
    "You are Luis Fischer, born 1979-08-08, zip 37203; the last 4 digits of your tax id are 5063.",
    "You want your loan's due day moved to the 28th, when you get paid.",
    "If told the loan must be current first, agree to pay exactly what is past due from your account on file, "
    "then move the due day. Ask for your new next due date. " + YES,
    [
        find("Luis", "Fischer", "1979-08-08", "37203"),
        call("get_borrower", borrower_id="B1022"),
        call("get_loan", loan_id="L7014"),
        call(
            "make_payment",
            loan_id="L7014",
            amount=lambda o: o[2]["amount_past_due"],
            source_id="BA1022-1",
            principal_only=False,
        ),
        call("change_due_date", loan_id="L7014", new_day=28),
    ],
    ["fallback"],
    [1, 3, 12, 16],
    say=[last("next_due_date", 4)],
)
# 22 hardship, three months
task(
    "You are Priya Gupta, born 1994-05-25, zip 55408; the last 4 digits of your tax id are 7315.",
    "You lost your job and want to pause your loan payments for three months.",
    "Ask when the loan will now end. " + YES,
    [
        find("Priya", "Gupta", "1994-05-25", "55408"),
        call("get_borrower", borrower_id="B1023"),
        call("get_loan", loan_id="L7015"),
        call("enroll_hardship", loan_id="L7015", months=3),
    ],
    [],
    [1, 3, 17],
    say=[last("maturity_date", 3)],
)
# 23 hardship: only what is left of the three months
task(
    "You are Anders Olsen, born 1971-12-12, zip 80205; the last 4 digits of your tax id are 4156. You paused two "
    "payments on your auto loan in January.",
    "Your hours were cut and you want to pause three more monthly payments.",
    "If offered fewer months, take what is offered. Ask when the loan will now end. " + YES,
    [
        find("Anders", "Olsen", "1971-12-12", "80205"),
        call("get_borrower", borrower_id="B1024"),
        call("get_loan", loan_id="L7016"),
        call("enroll_hardship", loan_id="L7016", months=1),
    ],
    ["fallback", "arithmetic"],
    [1, 3, 17],
    say=[last("maturity_date", 3)],
)
# 24 hardship at 60+ days past due: collections
task(
    "You are Deborah Mahoney, born 1966-04-16, zip 02134; the last 4 digits of your tax id are 3829.",
    "You are several payments behind and want to pause your loan payments for three months.",
    "Accept being passed to another team.",
    [
        find("Deborah", "Mahoney", "1966-04-16", "02134", compare=True),
        call("get_borrower", borrower_id="B1025"),
        call("get_loan", loan_id="L7017"),
        ("transfer_to_human_agents", {"summary": "Hardship asked on L7017, 60 or more days past due: collections"}, []),
    ],
    ["refusal"],
    [1, 17, 19],
    action_basis=True,
)
# 25 payoff quote, clarify the date
task(
    "You are Wesley Tanaka, born 1980-10-30, zip 78704; the last 4 digits of your tax id are 6043.",
    "You want to know what it takes to pay off your loan.",
    "Do not give a date at first; if asked, you will send the money so it arrives on 2025-09-30. Ask how much "
    "interest runs per day too.",
    [
        find("Wesley", "Tanaka", "1980-10-30", "78704"),
        call("get_borrower", borrower_id="B1026"),
        call("get_loan", loan_id="L7018"),
        call("get_payoff_quote", loan_id="L7018", payoff_date="2025-09-30"),
    ],
    ["clarify", "arithmetic"],
    [1, 18],
    say=[lambda o: money(o[3]["total"]), lambda o: money(o[3]["per_diem"]), "2025-09-30"],
)
# 26 payoff too far ahead: the latest date quoted
task(
    "You are Adrian Park, born 1992-06-01, zip 60614; the last 4 digits of your tax id are 2581.",
    "You want a payoff quote for your auto loan for 2025-10-15.",
    "If that date cannot be quoted, take the latest date that can.",
    [
        find("Adrian", "Park", "1992-06-01", "60614"),
        call("get_borrower", borrower_id="B1027"),
        call("get_loan", loan_id="L7019"),
        call("get_payoff_quote", loan_id="L7019", payoff_date="2025-10-03"),
    ],
    ["fallback"],
    [1, 18],
    say=[lambda o: money(o[3]["total"]), "2025-10-03"],
)
# 27 extra to principal with an installment past due
task(
    "You are Zoe Schultz, born 1987-01-09, zip 98103; the last 4 digits of your tax id are 9472.",
    "You want to pay $500 today, all toward principal.",
    "If told principal-only is not possible while something is past due, agree to pay the past-due amount as a "
    "regular payment and the rest of the $500 to principal. Pay from your account on file. " + YES,
    [
        find("Zoe", "Schultz", "1987-01-09", "98103"),
        call("get_borrower", borrower_id="B1028"),
        call("get_loan", loan_id="L7020"),
        call("calculate", expression=lambda o: f"500 - {o[2]['amount_past_due']}"),
        call(
            "make_payment",
            loan_id="L7020",
            amount=lambda o: o[2]["amount_past_due"],
            source_id="BA1028-1",
            principal_only=False,
        ),
        call("make_payment", loan_id="L7020", amount=lambda o: float(o[3]), source_id="BA1028-1", principal_only=True),
    ],
    ["fallback", "arithmetic"],
    [1, 3, 12, 13],
    say=[lambda o: money(float(o[3]))],
)
# 28 an account not on file
task(
    "You are Caleb Weber, born 1983-03-03, zip 85004; the last 4 digits of your tax id are 1605.",
    "You want to pay $400 on your loan from your Chase account ending 9921.",
    "If that account cannot be used, pay from the account you already have on file. A regular payment. " + YES,
    [
        find("Caleb", "Weber", "1983-03-03", "85004"),
        call("get_borrower", borrower_id="B1029"),
        call("get_loan", loan_id="L7021"),
        call("make_payment", loan_id="L7021", amount=400, source_id="BA1029-1", principal_only=False),
    ],
    ["fallback"],
    [1, 3, 12],
)
# 29 autopay after payday: the due day moves first
task(
    "You are Naomi Vance, born 1990-08-20, zip 30309; the last 4 digits of your tax id are 8337.",
    "You want autopay on your loan, drawing on the 25th of each month, after your payday.",
    "If the 25th is not allowed as things are, agree to move the due day to the 25th and have autopay draw on "
    "it, from your account on file. Ask for your new next due date. " + YES,
    [
        find("Naomi", "Vance", "1990-08-20", "30309"),
        call("get_borrower", borrower_id="B1030"),
        call("get_loan", loan_id="L7022"),
        call("change_due_date", loan_id="L7022", new_day=25),
        call("set_autopay", loan_id="L7022", source_id="BA1030-1", day=25),
    ],
    ["compound", "fallback"],
    [1, 3, 15, 16],
    say=[last("next_due_date", 3)],
)
# 30 a borrower's death
task(
    "You are Ruth Reyes. Your father, Jonah Reyes (born 1948-02-14, zip 37203), passed away last week; he had a "
    "personal loan with Harborline.",
    "You want to stop his loan payments and know what happens to the loan now.",
    "You are not on his loan. Accept being passed to someone who handles this.",
    [("transfer_to_human_agents", {"summary": "Caller reports the death of borrower Jonah Reyes"}, [])],
    ["refusal"],
    [2, 19],
    action_basis=True,
)
# 31 a loan the caller never took
task(
    "You are Isaac Thompson, born 1985-12-19, zip 55408; the last 4 digits of your tax id are 6781.",
    "A Harborline personal loan shows on your credit report and you say you never took it out.",
    "Insist the loan is not yours. Accept being passed to the right team.",
    [
        find("Isaac", "Thompson", "1985-12-19", "55408", compare=True),
        (
            "transfer_to_human_agents",
            {"summary": "Borrower says he never took loan L7024: possible identity theft"},
            [],
        ),
    ],
    ["refusal"],
    [1, 19],
    action_basis=True,
)
DANIEL = "You are Daniel Okafor, born 1979-11-02, zip 30309; the last 4 digits of your tax id are 1177."
# 32 clarify: which loan gets autopay
task(
    DANIEL + " You have an auto loan with your wife and a personal loan of your own.",
    "You want to set up autopay on your loan.",
    "Say only 'my loan' at first; if asked, it is your personal loan. It should draw on the due date itself from "
    "your account on file. " + YES,
    [
        find("Daniel", "Okafor", "1979-11-02", "30309"),
        call("get_borrower", borrower_id="B1004"),
        call("get_loan", loan_id="L7006"),
        call("set_autopay", loan_id="L7006", source_id="BA1004-1", day=1),
    ],
    ["clarify"],
    [1, 3, 15],
)
# 33 clarify: the namesake in the same zip
task(
    "You are Rosa Alvarez, born 1991-07-30, zip 60614; the last 4 digits of your tax id are 6154.",
    "You want your personal loan's due day moved to the 5th.",
    "At first give only your name and zip; give your birth date and tax id digits when asked. Ask for your new "
    "next due date. " + YES,
    [
        find("Rosa", "Alvarez", "1991-07-30", "60614"),
        call("get_borrower", borrower_id="B1003"),
        call("get_loan", loan_id="L7004"),
        call("change_due_date", loan_id="L7004", new_day=5),
    ],
    ["clarify"],
    [1, 3, 16],
    say=[last("next_due_date", 3)],
)
# 34 clarify + compound: which loan's due day, then autopay on it
task(
    ROSA,
    "You want your due date moved to the 18th, and autopay on that loan from your First Prairie Bank account on "
    "the due date itself.",
    "Say only 'my due date' at first; if asked which loan, it is the personal loan. Ask for the new next due date. "
    + YES,
    [
        find("Rosa", "Alvarez", "1984-03-12", "60614"),
        call("get_borrower", borrower_id="B1001"),
        call("get_loan", loan_id="L7001"),
        call("change_due_date", loan_id="L7001", new_day=18),
        call("set_autopay", loan_id="L7001", source_id="BA1001-2", day=18),
    ],
    ["clarify", "compound"],
    [1, 3, 15, 16],
    say=[last("next_due_date", 3)],
)
# 35 the co-borrower changes the joint loan
task(
    "You are Grace Okafor, born 1981-04-19, zip 30309; the last 4 digits of your tax id are 5520. You are "
    "co-borrower on the auto loan with your husband.",
    "You want the auto loan's due day moved to the 20th, and to put $200 toward its principal from your account.",
    "Ask for the new next due date. " + YES,
    [
        find("Grace", "Okafor", "1981-04-19", "30309"),
        call("get_borrower", borrower_id="B1005"),
        call("get_loan", loan_id="L7005"),
        call("change_due_date", loan_id="L7005", new_day=20),
        call("make_payment", loan_id="L7005", amount=200, source_id="BA1005-1", principal_only=True),
    ],
    ["compound"],
    [1, 2, 3, 13, 16],
    say=[last("next_due_date", 3)],
)
# 36 clarify: which application the stubs are for
task(
    "You are Jamal Adeyemi, born 1988-10-05, zip 78704; the last 4 digits of your tax id are 4030. You have a "
    "personal and an auto loan application open.",
    "You have two pay stubs, dated 2025-09-05 and 2025-09-19, for your application, and want a decision.",
    "Say only 'my application' at first; if asked, it is the personal one. Ask for the monthly payment. " + YES,
    [
        find("Jamal", "Adeyemi", "1988-10-05", "78704"),
        call("get_borrower", borrower_id="B1033"),
        call("get_application", application_id="AP5010"),
        call("record_document", application_id="AP5010", doc_type="pay_stub", dated="2025-09-05"),
        call("record_document", application_id="AP5010", doc_type="pay_stub", dated="2025-09-19"),
        call("quote_payment", amount=5000, term_months=24, apr=8.99),
        call("approve_application", application_id="AP5010", apr=8.99),
    ],
    ["clarify"],
    [1, 3, 7, 8, 9],
    say=[lambda o: money(o[6]["monthly_payment"])],
)
# 37 clarify: the zip on file is the old one
task(
    "You are Marisol Costa, born 1984-09-17; the last 4 digits of your tax id are 7744. You live in zip 02139 "
    "now; before you moved it was 02134.",
    "Your hours were cut and you want to pause two monthly payments on your loan.",
    "Give 02139 as your zip first. Only if told nobody matches, mention your old zip 02134. Ask when the loan "
    "will now end. " + YES,
    [
        find("Marisol", "Costa", "1984-09-17", "02139"),
        find("Marisol", "Costa", "1984-09-17", "02134"),
        call("get_borrower", borrower_id="B1034"),
        call("get_loan", loan_id="L7025"),
        call("enroll_hardship", loan_id="L7025", months=2),
    ],
    ["clarify"],
    [1, 3, 17],
    say=[last("maturity_date", 4)],
)
# 38 pay down, then the payoff quote
task(
    "You are Felipe Sandoval, born 1977-05-05, zip 80205; the last 4 digits of your tax id are 3159.",
    "You want to put $2000 toward the principal of your auto loan today, then get a payoff quote for 2025-10-01.",
    "Pay from your account on file. The quote must reflect today's payment. " + YES,
    [
        find("Felipe", "Sandoval", "1977-05-05", "80205"),
        call("get_borrower", borrower_id="B1035"),
        call("get_loan", loan_id="L7026"),
        call("make_payment", loan_id="L7026", amount=2000, source_id="BA1035-1", principal_only=True),
        call("get_payoff_quote", loan_id="L7026", payoff_date="2025-10-01"),
    ],
    ["compound", "arithmetic"],
    [1, 3, 13, 18],
    say=[lambda o: money(o[4]["total"]), "2025-10-01"],
)
# 39 DTI exactly 40.0: approved
task(
    "You are Hana Ito, born 1991-11-11, zip 97214; the last 4 digits of your tax id are 2468. You sent one pay "
    "stub with your personal loan application.",
    "You have your second pay stub, dated 2025-09-19, and want a decision; you worry your debts are too high.",
    "Ask what your debt-to-income ratio comes to, and the monthly payment if approved. " + YES,
    [
        find("Hana", "Ito", "1991-11-11", "97214"),
        call("get_borrower", borrower_id="B1036"),
        call("get_application", application_id="AP5012"),
        call("record_document", application_id="AP5012", doc_type="pay_stub", dated="2025-09-19"),
        call("quote_payment", amount=14000, term_months=36, apr=8.99),
        call(
            "calculate",
            expression=lambda o: (
                f"({o[1]['borrower']['monthly_debts']} + {o[4]['monthly_payment']}) / "
                f"{o[1]['borrower']['monthly_income']} * 100"
            ),
        ),
        call("approve_application", application_id="AP5012", apr=8.99),
    ],
    ["arithmetic"],
    [1, 3, 7, 8, 9],
    say=["40.0", lambda o: money(o[6]["monthly_payment"])],
)
# 40 auto above the authority: record, then underwriting
task(
    "You are Reuben Xu, born 1979-07-27, zip 19103; the last 4 digits of your tax id are 8802.",
    "You have the purchase agreement for your new car, dated 2025-09-20, for your auto loan application, and want "
    "it approved today.",
    "Accept being passed to another team for the decision. " + YES,
    [
        find("Reuben", "Xu", "1979-07-27", "19103", compare=True),
        call("get_borrower", borrower_id="B1037"),
        call("get_application", application_id="AP5013"),
        call("record_document", application_id="AP5013", doc_type="purchase_agreement", dated="2025-09-20"),
        (
            "transfer_to_human_agents",
            {"summary": "Auto application AP5013 for 38000 complete, above the 25000 approval authority: underwriting"},
            [],
        ),
    ],
    ["refusal"],
    [1, 3, 7, 10, 19],
    action_basis=True,
)
# 41 a new auto application, all documents in hand
task(
    "You are Chloe Novak, born 1993-04-14, zip 60640; the last 4 digits of your tax id are 5511.",
    "You want an auto loan of $24000 over 72 months for a used car purchase. You have two pay stubs dated "
    "2025-09-05 and 2025-09-19 and the purchase agreement dated 2025-09-21.",
    "The purpose is 'used car purchase'. You want a decision today and the monthly payment. " + YES,
    [
        find("Chloe", "Novak", "1993-04-14", "60640"),
        call("get_borrower", borrower_id="B1038"),
        call("get_rate_sheet", product="auto"),
        call(
            "submit_application",
            borrower_id="B1038",
            product="auto",
            amount=24000,
            term_months=72,
            purpose="used car purchase",
        ),
        call("record_document", application_id=last("application_id", 3), doc_type="pay_stub", dated="2025-09-05"),
        call("record_document", application_id=last("application_id", 3), doc_type="pay_stub", dated="2025-09-19"),
        call(
            "record_document",
            application_id=last("application_id", 3),
            doc_type="purchase_agreement",
            dated="2025-09-21",
        ),
        call("quote_payment", amount=24000, term_months=72, apr=8.49),
        call("approve_application", application_id=last("application_id", 3), apr=8.49),
    ],
    [],
    [1, 3, 5, 7, 8, 9],
    say=[lambda o: money(o[8]["monthly_payment"])],
)
# 42 more than the personal maximum
task(
    "You are Tobias Eriksen, born 1982-02-26, zip 55408; the last 4 digits of your tax id are 6297.",
    "You want a personal loan of $45,000 over 36 months for a home renovation.",
    "If that is too much, take the largest amount offered, same term. The purpose is 'home renovation'. You will "
    "send documents later. " + YES,
    [
        find("Tobias", "Eriksen", "1982-02-26", "55408"),
        call("get_borrower", borrower_id="B1039"),
        call("get_rate_sheet", product="personal"),
        call(
            "submit_application",
            borrower_id="B1039",
            product="personal",
            amount=40000,
            term_months=36,
            purpose="home renovation",
        ),
    ],
    ["fallback"],
    [1, 3, 5],
)
# 43 one payment on each loan
task(
    DANIEL,
    "You want to pay $150 on each of your two loans, the auto loan and your personal loan.",
    "Both from your account on file, regular payments. " + YES,
    [
        find("Daniel", "Okafor", "1979-11-02", "30309"),
        call("get_borrower", borrower_id="B1004"),
        call("get_loan", loan_id="L7005"),
        call("get_loan", loan_id="L7006"),
        call("make_payment", loan_id="L7005", amount=150, source_id="BA1004-1", principal_only=False),
        call("make_payment", loan_id="L7006", amount=150, source_id="BA1004-1", principal_only=False),
    ],
    ["compound"],
    [1, 3, 12],
)
# 44 hardship and autopay in one call
task(
    "You are Graham Lopez, born 1978-09-29, zip 19103; the last 4 digits of your tax id are 6642.",
    "You want to pause two monthly payments on your loan while you recover from surgery, and set up autopay to "
    "draw on the due date itself once payments resume.",
    "Autopay from your account on file. Ask when the loan will now end. " + YES,
    [
        find("Graham", "Lopez", "1978-09-29", "19103"),
        call("get_borrower", borrower_id="B1045"),
        call("get_loan", loan_id="L7032"),
        call("enroll_hardship", loan_id="L7032", months=2),
        call("set_autopay", loan_id="L7032", source_id="BA1045-1", day=22),
    ],
    ["compound"],
    [1, 3, 15, 17],
    say=[last("maturity_date", 3)],
)
# 45 a waiver at the cap
task(
    "You are Keiko Yamada, born 1975-06-30, zip 78704; the last 4 digits of your tax id are 1944.",
    "You were charged a late fee on your auto loan and want it waived; you also want to know what 5% of your "
    "installment would have been, since the fee is capped.",
    YES,
    [
        find("Keiko", "Yamada", "1975-06-30", "78704"),
        call("get_borrower", borrower_id="B1040"),
        call("get_loan", loan_id="L7027"),
        call("get_payment_history", loan_id="L7027"),
        call("calculate", expression=lambda o: f"{o[2]['installment']} * 5 / 100"),
        call("waive_late_fee", fee_id=open_fee(3)),
    ],
    ["arithmetic"],
    [1, 3, 14],
    say=[lambda o: money(float(o[4]))],
)
# 46 the 31st is not a due day
task(
    "You are Dmitri Petrov, born 1980-01-31, zip 02134; the last 4 digits of your tax id are 7077.",
    "You want your loan's due day moved to the 31st.",
    "If the 31st is not possible, take the latest day allowed. Ask for the new next due date. " + YES,
    [
        find("Dmitri", "Petrov", "1980-01-31", "02134"),
        call("get_borrower", borrower_id="B1041"),
        call("get_loan", loan_id="L7028"),
        call("change_due_date", loan_id="L7028", new_day=28),
    ],
    ["fallback"],
    [1, 3, 16],
    say=[last("next_due_date", 3)],
)
# 47 withdraw one thing, pay down another
task(
    "You are Rafael Haddad, born 1985-07-15, zip 19103; the last 4 digits of your tax id are 3046.",
    "You bought your car with cash, so you want to withdraw your auto loan application, and you want to put $300 "
    "toward the principal of your personal loan.",
    "Pay from your account on file. " + YES,
    [
        find("Rafael", "Haddad", "1985-07-15", "19103"),
        call("get_borrower", borrower_id="B1047"),
        call("get_application", application_id="AP5015"),
        call("withdraw_application", application_id="AP5015"),
        call("get_loan", loan_id="L7033"),
        call("make_payment", loan_id="L7033", amount=300, source_id="BA1047-1", principal_only=True),
    ],
    ["compound"],
    [1, 3, 4, 12, 13],
)
# 48 bankruptcy
task(
    "You are Patrick Quinlan, born 1972-08-12, zip 85004; the last 4 digits of your tax id are 5826.",
    "You filed for bankruptcy last week and want to know what happens to your loan.",
    "Accept being passed to the right team.",
    [
        find("Patrick", "Quinlan", "1972-08-12", "85004", compare=True),
        ("transfer_to_human_agents", {"summary": "Borrower reports a bankruptcy filing"}, []),
    ],
    ["refusal"],
    [1, 19],
    action_basis=True,
)
# 49 a date, then a credit report dispute
task(
    "You are Ines Dubois, born 1995-12-01, zip 60614; the last 4 digits of your tax id are 3417.",
    "You want to know your loan's next due date, and you dispute a late payment Harborline reported on your "
    "credit report.",
    "Ask the due date first. Then raise the dispute and accept being passed to the right team.",
    [
        find("Ines", "Dubois", "1995-12-01", "60614", compare=True),
        call("get_borrower", borrower_id="B1043"),
        call("get_loan", loan_id="L7030"),
        ("transfer_to_human_agents", {"summary": "Borrower disputes her credit report"}, []),
    ],
    ["refusal", "compound"],
    [1, 19],
    say=[loan_field("next_due_date", 2)],
    action_basis=True,
)
# 50 withdraw, then a payoff quote
task(
    "You are Wen Zamora, born 1986-03-18, zip 98103; the last 4 digits of your tax id are 2935.",
    "You no longer need the personal loan you applied for, and you want a payoff quote for your existing loan for "
    "2025-10-01.",
    "Withdraw the application. For the loan you only want the quote. " + YES,
    [
        find("Wen", "Zamora", "1986-03-18", "98103"),
        call("get_borrower", borrower_id="B1044"),
        call("get_application", application_id="AP5014"),
        call("withdraw_application", application_id="AP5014"),
        call("get_loan", loan_id="L7031"),
        call("get_payoff_quote", loan_id="L7031", payoff_date="2025-10-01"),
    ],
    ["compound"],
    [1, 3, 4, 18],
    say=[lambda o: money(o[5]["total"]), "2025-10-01"],
)

# 51 the namesake with the same birth date: her loan, not the other Rosa's
task(
    "You are Rosa Alvarez, born 1984-03-12, zip 60640; the last 4 digits of your tax id are 0937.",
    "You want a payoff quote for your personal loan for 2025-10-02.",
    "You only want the quote: the total and the date it is good through.",
    [
        find("Rosa", "Alvarez", "1984-03-12", "60640"),
        call("get_borrower", borrower_id="B1002"),
        call("get_loan", loan_id="L7003"),
        call("get_payoff_quote", loan_id="L7003", payoff_date="2025-10-02"),
    ],
    [],
    [1, 18],
    say=[lambda o: money(o[3]["total"]), "2025-10-02"],
)
# 52 the lowest score band: a new application approved at 17.99%
task(
    "You are Luis Fischer, born 1979-08-08, zip 37203; the last 4 digits of your tax id are 5063.",
    "You want a personal loan of $3000 over 24 months for moving costs. You have two pay stubs, dated 2025-09-05 "
    "and 2025-09-19.",
    "The purpose is 'moving costs'. You want a decision today, the APR and the monthly payment. " + YES,
    [
        find("Luis", "Fischer", "1979-08-08", "37203"),
        call("get_borrower", borrower_id="B1022"),
        call("get_rate_sheet", product="personal"),
        call(
            "submit_application",
            borrower_id="B1022",
            product="personal",
            amount=3000,
            term_months=24,
            purpose="moving costs",
        ),
        call("record_document", application_id=last("application_id", 3), doc_type="pay_stub", dated="2025-09-05"),
        call("record_document", application_id=last("application_id", 3), doc_type="pay_stub", dated="2025-09-19"),
        call("quote_payment", amount=3000, term_months=24, apr=17.99),
        call("approve_application", application_id=last("application_id", 3), apr=17.99),
    ],
    [],
    [1, 3, 5, 7, 8, 9],
    say=[lambda o: money(o[7]["monthly_payment"]), "17.99"],
)

# 53 clarify: which loan to defer
task(
    ROSA + " You have a personal loan and an auto loan with Harborline.",
    "Your hours were cut this month and you want to pause one payment on your loan.",
    "Say only 'my loan' at first; if asked which, it is the personal loan. Ask when that loan will now end. " + YES,
    [
        find("Rosa", "Alvarez", "1984-03-12", "60614"),
        call("get_borrower", borrower_id="B1001"),
        call("get_loan", loan_id="L7001"),
        call("enroll_hardship", loan_id="L7001", months=1),
    ],
    ["clarify"],
    [1, 3, 17],
    say=[last("maturity_date", 3)],
)
# 54 clarify: which application to withdraw
task(
    "You are Jamal Adeyemi, born 1988-10-05, zip 78704; the last 4 digits of your tax id are 4030.",
    "You want to withdraw your loan application.",
    "Say only 'my application' at first; if asked which, it is the auto loan one: you decided not to buy the car. "
    "Keep the other one. " + YES,
    [
        find("Jamal", "Adeyemi", "1988-10-05", "78704"),
        call("get_borrower", borrower_id="B1033"),
        call("get_application", application_id="AP5011"),
        call("withdraw_application", application_id="AP5011"),
    ],
    ["clarify"],
    [1, 3, 4],
)


def _resolve(value: Value, obs: Obs) -> Any:
    return value(obs) if callable(value) else value


def build() -> list[dict[str, Any]]:
    from taubench.domains.loans import DOMAIN

    domain = DOMAIN.load()
    tasks = []
    for number, spec in enumerate(TASKS):
        toolkit = domain.new_toolkit()
        obs: Obs = []
        actions = []
        for index, action in enumerate(spec["actions"]):
            name, arguments = action[0], {k: _resolve(v, obs) for k, v in action[1].items()}
            result = toolkit.invoke(name, arguments)
            if result.error:
                raise SystemExit(f"task {number}: {name} {arguments}: {result.content}")
            try:
                obs.append(json.loads(result.content))
            except json.JSONDecodeError:
                obs.append(result.content)
            actions.append(gold_action(str(number), index, name, arguments, action[2] if len(action) > 2 else None))
        say = [str(_resolve(value, obs)) for value in spec["say"]]
        writes = any(toolkit.tool_kinds().get(a["name"]) == "write" for a in actions)
        basis = ["DB"] + (["COMMUNICATE"] if say else []) + (["ACTION"] if spec["action_basis"] else [])
        assert writes or len(basis) > 1, number
        tasks.append(
            task_record(
                str(number),
                "loans",
                persona=spec["persona"] or None,
                reason=spec["reason"],
                known=spec["known"],
                unknown=spec["unknown"],
                instructions=spec["instructions"],
                actions=actions,
                say=say,
                basis=basis,
                rules=spec["rules"],
                tags=spec["tags"],
                arithmetic=spec["arithmetic"],
            )
        )
    return tasks


def write_tasks(data: Path) -> None:
    tasks = build()
    ids = [t["id"] for t in tasks]
    split = {"base": ids, "train": [i for i in ids if int(i) % 3 != 2], "test": [i for i in ids if int(i) % 3 == 2]}
    write_task_files(data, tasks, split)
