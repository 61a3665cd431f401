"""The web automation tasks, written as data here: ``python tests/domains/web_automation/authoring.py``
rewrites ``data/tasks.json`` and ``data/split_tasks.json`` of the domain (a test checks both are
what this gives). Each task is an employee's request and the gold path a careful assistant
takes under the desk manual."""

from pathlib import Path
from typing import Any, Sequence

from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/web_automation/data"
PINS = {
    "E201": ("Marisol Chen", "4821"),
    "E202": ("Marisol Chen", "7314"),
    "E203": ("Kofi Mensah", "2290"),
    "E204": ("Ingrid Olsen", "5147"),
    "E205": ("Tobias Weber", "8802"),
    "E206": ("Priya Raman", "3390"),
    "E207": ("Hector Alvarez", "6618"),
    "E208": ("Naomi Park", "1276"),
    "E209": ("Samuel Okafor", "9043"),
    "E210": ("Leah Novak", "4415"),
    "E211": ("Rafael Costa", "7750"),
    "E212": ("Yasmin Haddad", "3208"),
    "E213": ("Wen Lindqvist", "5521"),
    "E214": ("Omar Petrov", "6092"),
}
WRITES = {
    "open_browser",
    "type_into_field",
    "click_element",
    "submit_form",
    "close_browser",
    "save_extraction",
    "create_workflow",
    "pause_workflow",
    "create_monitor",
    "log_monitor_reading",
}
TASKS: list[dict[str, Any]] = []
Call = tuple[str, dict[str, Any]]


def a(name: str, /, **arguments: Any) -> Call:
    return name, arguments


def verify(employee: str) -> Call:
    return a("verify_employee", employee_id=employee, pin=PINS[employee][1])


def rules(site: str) -> Call:
    return a("get_site_rules", site_id=site)


def logins(site: str) -> Call:
    return a("list_credentials", site_id=site)


def open_(site: str, login: str) -> Call:
    return a("open_browser", site_id=site, credential_id=login)


def page(login: str, path: str) -> Call:
    return a("get_page", browser_id=f"B-{login}", path=path)


def table(login: str, path: str, element: str) -> Call:
    return a("extract_table", browser_id=f"B-{login}", path=path, element_id=element)


def type_(login: str, path: str, element: str, value: str) -> Call:
    return a("type_into_field", browser_id=f"B-{login}", path=path, element_id=element, value=value)


def click(login: str, path: str, element: str) -> Call:
    return a("click_element", browser_id=f"B-{login}", path=path, element_id=element)


def submit(login: str, path: str, form: str) -> Call:
    return a("submit_form", browser_id=f"B-{login}", path=path, form_id=form)


def close(login: str) -> Call:
    return a("close_browser", browser_id=f"B-{login}")


def browse(employee: str, site: str, login: str) -> list[Call]:
    return [verify(employee), rules(site), logins(site), open_(site, login)]


def transfer(summary: str) -> Call:
    return a("transfer_to_human_agents", summary=summary)


def steps(*pairs: tuple[str, str]) -> list[dict[str, str]]:
    return [{"action": action, "target": target, "value": ""} for action, target in pairs]


def workflow(
    name: str, site: str, owner: str, opened: str, extracted: str, schedule: str, retries: int, delay: int
) -> Call:
    days, start = schedule.split()
    return a(
        "create_workflow",
        name=name,
        site_id=site,
        owner_id=owner,
        steps=steps(("open", opened), ("extract", extracted)),
        days=days,
        start=start,
        retries=retries,
        step_delay_seconds=delay,
    )


def monitor(site: str, path: str, element: str, owner: str, kind: str, threshold: float, interval: int) -> Call:
    return a(
        "create_monitor",
        site_id=site,
        path=path,
        element_id=element,
        owner_id=owner,
        kind=kind,
        threshold_pct=threshold,
        interval_minutes=interval,
    )


def reading(monitor_id: str, value: str, alert: bool) -> Call:
    return a("log_monitor_reading", monitor_id=monitor_id, value=value, alert=alert)


def extraction(name: str, login: str, path: str, element: str, owner: str, expires: str) -> Call:
    return a(
        "save_extraction",
        name=name,
        browser_id=f"B-{login}",
        path=path,
        element_id=element,
        owner_id=owner,
        expires_on=expires,
    )


def task(
    caller: str,
    persona: str,
    reason: str,
    instructions: str,
    actions: list[Call],
    rules_: Sequence[int],
    tags: Sequence[str] = (),
    say: Sequence[str] = (),
    arithmetic: dict[str, str] | None = None,
    unknown: str | None = None,
    known: str = "",
    action_basis: bool = False,
) -> None:
    number = str(len(TASKS))
    name, pin = PINS[caller]
    basis = ["DB"]
    if say:
        basis.append("COMMUNICATE")
    if action_basis or any(tool == "transfer_to_human_agents" for tool, _ in actions):
        basis.append("ACTION")
    gold = [
        # the summary is in the agent's words
        gold_action(number, index, tool, arguments, [] if tool == "transfer_to_human_agents" else None)
        for index, (tool, arguments) in enumerate(actions)
    ]
    entry = task_record(
        number,
        "web_automation",
        persona=persona,
        reason=reason,
        known=f"You are {name}, employee id {caller}, desk PIN {pin}. {known}".strip(),
        unknown=unknown,
        instructions=instructions,
        actions=gold,
        say=say,
        basis=basis,
        rules=sorted(set(rules_)),
        tags=tags,
        arithmetic=arithmetic,
    )
    TASKS.append(entry)


YES = "When the assistant reads the change back and asks you to confirm, say yes."
GL, BX, RW, BM, CF, HF = "greenleaf", "boxwell", "ridgeway", "brightmart", "crestline", "harborfresh"
CLAIMS_NEW, CLAIM = "/claims/new", "/claims/CLM-9001"
PROCUREMENT = "Procurement analyst at Fennick Provisions; brisk and used to the supplier portals."
PRICING = "Pricing analyst at Fennick Provisions; tracks competitors' shelf prices closely."

# -- Greenleaf purchase orders ------------------------------------------------------------------

task(
    "E201",
    PROCUREMENT,
    "The Romaine order PO-40112 needs 72 cases instead of 60.",
    "Ask for purchase order PO-40112 on Greenleaf's live portal (production) to be changed to 72 cases and "
    f"sent to the supplier. {YES}",
    [
        *browse("E201", GL, "CR101"),
        page("CR101", "/orders/PO-40112"),
        type_("CR101", "/orders/PO-40112", "qty", "72"),
        submit("CR101", "/orders/PO-40112", "po-form"),
        close("CR101"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
)
task(
    "E201",
    PROCUREMENT,
    "Greenleaf asked to deliver PO-40113 a week later.",
    "Ask for the delivery date of PO-40113 to be moved to 06/17/2025 using your supplier portal login, and the "
    "change sent to the supplier. Do not say which environment unless asked; if asked, say production: it is the "
    f"live order. {YES}",
    [
        *browse("E201", GL, "CR101"),
        page("CR101", "/orders/PO-40113"),
        type_("CR101", "/orders/PO-40113", "delivery", "06/17/2025"),
        submit("CR101", "/orders/PO-40113", "po-form"),
        close("CR101"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
    tags=["clarify"],
    unknown="Whether the change is for production or the sandbox.",
)
task(
    "E203",
    "Procurement lead; methodical, reads every confirmation.",
    "Three produce orders need new quantities.",
    "On Greenleaf's live portal (production), ask for three purchase orders to be changed and each sent to the "
    "supplier: PO-40114 to 30 cases, PO-40115 to 24 cases and PO-40118 to 26 cases. " + YES,
    [
        *browse("E203", GL, "CR104"),
        page("CR104", "/orders/PO-40114"),
        type_("CR104", "/orders/PO-40114", "qty", "30"),
        submit("CR104", "/orders/PO-40114", "po-form"),
        page("CR104", "/orders/PO-40115"),
        type_("CR104", "/orders/PO-40115", "qty", "24"),
        submit("CR104", "/orders/PO-40115", "po-form"),
        page("CR104", "/orders/PO-40118"),
        type_("CR104", "/orders/PO-40118", "qty", "26"),
        submit("CR104", "/orders/PO-40118", "po-form"),
        close("CR104"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
    tags=["compound"],
)
task(
    "E211",
    PROCUREMENT,
    "The carrots order PO-40119 should become 40 cases, but not be sent yet.",
    "Ask for PO-40119 on the live Greenleaf portal (production) to be changed to 40 cases and only saved as a "
    "draft: it must not be sent to the supplier yet. You have no production login of your own there. " + YES,
    [
        *browse("E211", GL, "CR101"),
        page("CR101", "/orders/PO-40119"),
        type_("CR101", "/orders/PO-40119", "qty", "40"),
        click("CR101", "/orders/PO-40119", "save-draft"),
        close("CR101"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
    tags=["fallback"],
)
task(
    "E201",
    PROCUREMENT,
    "The strawberry order PO-40120 is no longer needed.",
    "Ask for PO-40120 on the live Greenleaf portal (production) to be cancelled. " + YES,
    [
        *browse("E201", GL, "CR101"),
        page("CR101", "/orders/PO-40120"),
        click("CR101", "/orders/PO-40120", "cancel-order"),
        close("CR101"),
    ],
    [1, 2, 3, 4, 6, 9],
)
task(
    "E201",
    PROCUREMENT,
    "You are checking the draft flow for PO-40117 before using it for real.",
    "Ask for the saved draft of PO-40117 to be sent as it is, with your supplier portal login. Do not say which "
    "environment unless asked; if asked, say the sandbox: you are testing. " + YES,
    [
        *browse("E201", GL, "CR102"),
        page("CR102", "/orders/PO-40117"),
        submit("CR102", "/orders/PO-40117", "po-form"),
        close("CR102"),
    ],
    [1, 2, 3, 4, 6, 9],
    tags=["clarify"],
    unknown="Whether you mean production or the sandbox.",
)
task(
    "E202",
    PRICING,
    "You want the Romaine order PO-40112 raised to 80 cases, and its unit price.",
    "Ask for PO-40112 on Greenleaf's live portal (production) to be changed to 80 cases, and ask what its unit "
    "price is. You work in pricing. If the change is refused, accept it, but still ask for the unit price.",
    [*browse("E202", GL, "CR103"), page("CR103", "/orders/PO-40112"), close("CR103")],
    [1, 2, 3, 4, 9],
    tags=["refusal", "compound"],
    say=["31.5"],
    action_basis=True,  # a namesake: only the PIN tells who is asking
)
task(
    "E211",
    PROCUREMENT,
    "You want to try a quantity change in the Greenleaf sandbox.",
    "Ask for PO-40115 to be changed to 28 cases and sent, in the Greenleaf sandbox (a test). " + YES,
    [
        *browse("E211", GL, "CR105"),
        page("CR105", "/orders/PO-40115"),
        type_("CR105", "/orders/PO-40115", "qty", "28"),
        submit("CR105", "/orders/PO-40115", "po-form"),
        close("CR105"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
)

# -- Boxwell and Tidewater payments -------------------------------------------------------------

INV = "/invoices/INV-77030"
task(
    "E203",
    "Procurement lead; settles supplier invoices before their due date.",
    "Boxwell's invoice INV-77030 is due.",
    "Ask for Boxwell invoice INV-77030 to be paid on the live portal (production), and for the amount paid. " + YES,
    [
        *browse("E203", BX, "CR108"),
        page("CR108", INV),
        table("CR108", INV, "invoice-lines"),
        click("CR108", INV, "pay-invoice"),
        close("CR108"),
    ],
    [1, 2, 3, 4, 6, 8, 9],
    say=["6240"],
)
task(
    "E201",
    PROCUREMENT,
    "Boxwell's invoice INV-77040 is due.",
    "Ask for Boxwell invoice INV-77040 to be paid in production, and for the amount paid. You have no Boxwell "
    "login of your own. " + YES,
    [
        *browse("E201", BX, "CR108"),
        page("CR108", "/invoices/INV-77040"),
        table("CR108", "/invoices/INV-77040", "invoice-lines"),
        click("CR108", "/invoices/INV-77040", "pay-invoice"),
        close("CR108"),
    ],
    [1, 2, 3, 4, 6, 8, 9],
    tags=["fallback"],
    say=["4980.5"],
)
task(
    "E201",
    PROCUREMENT,
    "Boxwell's invoice INV-77030 is due and your lead is away.",
    "Ask for Boxwell invoice INV-77030 to be paid in production. Ask how much it is. If the assistant cannot pay "
    "it, accept that.",
    [*browse("E201", BX, "CR108"), page("CR108", INV), close("CR108")],
    [1, 2, 3, 4, 8, 9],
    tags=["refusal"],
    say=["6240"],
)
task(
    "E203",
    "Procurement lead; careful with supplier billing errors.",
    "Boxwell's invoice INV-77020 looks high.",
    "Ask for Boxwell invoice INV-77020 to be paid in production, but only if its lines add up. Ask what the lines "
    "come to.",
    [
        *browse("E203", BX, "CR108"),
        page("CR108", "/invoices/INV-77020"),
        table("CR108", "/invoices/INV-77020", "invoice-lines"),
        close("CR108"),
    ],
    [1, 2, 3, 4, 8, 9],
    tags=["refusal", "arithmetic"],
    say=["2395.8"],
    arithmetic={"2395.8": "1150.0 + 865.4 + 380.4"},
)
task(
    "E211",
    PROCUREMENT,
    "Boxwell's invoice INV-77010 is due.",
    "Ask for Boxwell invoice INV-77010 to be paid in production with your own Boxwell login, not anyone else's. "
    "If told it has to go to a person, accept that.",
    [
        verify("E211"),
        logins(BX),
        transfer("Pay Boxwell invoice INV-77010 in production: the caller's login asks for a one-time code."),
    ],
    [1, 2, 5, 19],
    tags=["refusal"],
)
task(
    "E210",
    "Facilities lead; pays the utility bills for every site.",
    "Two Tidewater bills are due.",
    "Ask for Tidewater bills TW-60001 and TW-60004 to be paid in production, and for the total paid. " + YES,
    [
        *browse("E210", "tidewater", "CR120"),
        page("CR120", "/bills/TW-60001"),
        click("CR120", "/bills/TW-60001", "pay-bill"),
        page("CR120", "/bills/TW-60004"),
        click("CR120", "/bills/TW-60004", "pay-bill"),
        close("CR120"),
    ],
    [1, 2, 3, 4, 6, 8, 9],
    tags=["compound", "arithmetic"],
    say=["7412.35", "1842.77", "9255.12"],
    arithmetic={"9255.12": "7412.35 + 1842.77"},
)
task(
    "E209",
    "Facilities analyst; new to the utility accounts.",
    "Two Tidewater bills are due.",
    "Ask for Tidewater bills TW-60002 and TW-60003 to be paid in production, and for the amount of each. If one "
    "cannot be paid, accept that. " + YES,
    [
        *browse("E209", "tidewater", "CR124"),
        page("CR124", "/bills/TW-60002"),
        click("CR124", "/bills/TW-60002", "pay-bill"),
        page("CR124", "/bills/TW-60003"),
        close("CR124"),
    ],
    [1, 2, 3, 4, 6, 8, 9],
    tags=["refusal", "compound"],
    say=["3118.4", "5060"],
)

# -- Ridgeway claims ------------------------------------------------------------------------------

task(
    "E204",
    "Logistics analyst; handles freight claims and likes them tracked.",
    "A Ridgeway shipment, RF-880107, arrived with two pallets crushed.",
    "Ask for a freight claim to be filed on Ridgeway's live site (production) for shipment RF-880107: what "
    "happened: Two pallets crushed in transit; amount 1240.00; date of damage 05/28/2025; contact e-mail "
    "ingrid.olsen@fennick.example. Then ask for a status monitor on the new claim's page, read hourly, and for a "
    "workflow named Weekly claims export that opens the claims list and extracts its table every Monday at 09:00 "
    "with 2 retries. Ask for the claim number. " + YES,
    [
        *browse("E204", RW, "CR109"),
        page("CR109", CLAIMS_NEW),
        type_("CR109", CLAIMS_NEW, "pro-number", "RF-880107"),
        type_("CR109", CLAIMS_NEW, "claim-amount", "1240.00"),
        type_("CR109", CLAIMS_NEW, "incident-date", "05/28/2025"),
        type_("CR109", CLAIMS_NEW, "description", "Two pallets crushed in transit"),
        type_("CR109", CLAIMS_NEW, "contact-email", "ingrid.olsen@fennick.example"),
        submit("CR109", CLAIMS_NEW, "claim-form"),
        page("CR109", CLAIM),
        monitor(RW, CLAIM, "claim-status", "E204", "status", 0, 60),
        page("CR109", "/claims"),
        workflow("Weekly claims export", RW, "E204", "/claims", "claims-table", "MON 09:00", 2, 3),
        close("CR109"),
    ],
    [1, 2, 3, 4, 6, 7, 9, 12, 13, 14, 16, 17],
    tags=["compound"],
    say=["CLM-9001"],
)
task(
    "E212",
    "Logistics analyst; in a hurry between two dock calls.",
    "Shipment RF-880110 arrived a pallet short.",
    "Ask for a freight claim to be filed on Ridgeway's live site (production) for shipment RF-880110, amount "
    "612.40, described as: One pallet missing at delivery. Do not give the date of the loss unless asked; if "
    "asked, it was 05/30/2025. You have no contact e-mail to add. Ask for the claim number. " + YES,
    [
        *browse("E212", RW, "CR122"),
        page("CR122", CLAIMS_NEW),
        type_("CR122", CLAIMS_NEW, "pro-number", "RF-880110"),
        type_("CR122", CLAIMS_NEW, "claim-amount", "612.40"),
        type_("CR122", CLAIMS_NEW, "incident-date", "05/30/2025"),
        type_("CR122", CLAIMS_NEW, "description", "One pallet missing at delivery"),
        submit("CR122", CLAIMS_NEW, "claim-form"),
        close("CR122"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
    tags=["clarify"],
    say=["CLM-9001"],
    unknown="The date of the loss: 05/30/2025.",
)
task(
    "E205",
    "Logistics lead; trains new staff on claims.",
    "You want a practice claim in Ridgeway's sandbox.",
    "Ask for a test claim in Ridgeway's sandbox for shipment RF-880108: amount 95.00, date 05/29/2025, described "
    "as: Training claim. You hold no sandbox login yourself. " + YES,
    [
        *browse("E205", RW, "CR111"),
        page("CR111", CLAIMS_NEW),
        type_("CR111", CLAIMS_NEW, "pro-number", "RF-880108"),
        type_("CR111", CLAIMS_NEW, "claim-amount", "95.00"),
        type_("CR111", CLAIMS_NEW, "incident-date", "05/29/2025"),
        type_("CR111", CLAIMS_NEW, "description", "Training claim"),
        submit("CR111", CLAIMS_NEW, "claim-form"),
        close("CR111"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
    tags=["fallback"],
)

# -- Pausing workflows ----------------------------------------------------------------------------

LOGISTICS = "Logistics analyst at Fennick Provisions; practical and brief."
task(
    "E204",
    LOGISTICS,
    "Your morning export WF-1001 is no longer needed this week.",
    "Ask for your workflow WF-1001 to be paused. " + YES,
    [verify("E204"), a("get_workflow", workflow_id="WF-1001"), a("pause_workflow", workflow_id="WF-1001")],
    [1, 15],
)
task(
    "E205",
    "Logistics lead; keeps the team's automations tidy.",
    "Yasmin's noon export WF-1002 clashes with a migration.",
    "Ask for workflow WF-1002 (Yasmin Haddad's) to be paused. " + YES,
    [verify("E205"), a("get_workflow", workflow_id="WF-1002"), a("pause_workflow", workflow_id="WF-1002")],
    [1, 15],
)
task(
    "E212",
    LOGISTICS,
    "The claims export WF-1003 keeps failing.",
    "Ask for workflow WF-1003 to be paused; it is Ingrid's but it keeps failing. " + YES,
    [verify("E212"), a("get_workflow", workflow_id="WF-1003"), a("pause_workflow", workflow_id="WF-1003")],
    [1, 15],
)
task(
    "E212",
    LOGISTICS,
    "Two of Ingrid's workflows, WF-1003 and WF-1004, fail often.",
    "Ask for workflows WF-1003 and WF-1004 to be paused; both are Ingrid's and both fail often. If one cannot be "
    "paused, ask whose it is and accept that. " + YES,
    [
        verify("E212"),
        a("get_workflow", workflow_id="WF-1003"),
        a("get_workflow", workflow_id="WF-1004"),
        a("pause_workflow", workflow_id="WF-1003"),
    ],
    [1, 15],
    tags=["refusal", "compound"],
    say=["E204"],
    action_basis=True,  # who may pause turns on who is asking: the caller must be verified
)
task(
    "E202",
    PRICING,
    "You believe the Greenleaf order export WF-1005 is yours and want it stopped.",
    "Ask for workflow WF-1005, the Greenleaf order export, to be paused; you believe it is yours since it shows "
    "your name. If refused, ask whose it is.",
    [verify("E202"), a("get_workflow", workflow_id="WF-1005")],
    [1, 15],
    tags=["refusal"],
    say=["E201"],
    action_basis=True,  # a namesake: only the PIN tells who is asking
)
task(
    "E207",
    "Pricing lead; consolidating the team's price exports.",
    "Two of your team's exports are redundant.",
    "Ask for workflows WF-1006 and WF-1007 to be paused. " + YES,
    [
        verify("E207"),
        a("get_workflow", workflow_id="WF-1006"),
        a("pause_workflow", workflow_id="WF-1006"),
        a("get_workflow", workflow_id="WF-1007"),
        a("pause_workflow", workflow_id="WF-1007"),
    ],
    [1, 15],
    tags=["compound"],
)

# -- Monitor readings by hand ---------------------------------------------------------------------

READ = (
    "Ask for a reading to be taken by hand now for monitor {0} and recorded, and ask how much the price moved, "
    "in percent."
)
task(
    "E206",
    PRICING,
    "The scheduler missed this morning's reading of MON-3001.",
    READ.format("MON-3001"),
    [
        verify("E206"),
        a("get_monitor", monitor_id="MON-3001"),
        *browse("E206", BM, "CR115")[1:],
        page("CR115", "/products/BM-4001"),
        reading("MON-3001", "45.36", True),
        close("CR115"),
    ],
    [1, 2, 4, 9, 18],
    tags=["arithmetic"],
    say=["5.5"],
    arithmetic={"5.5": "(48.00 - 45.36) / 48.00 * 100"},
)
task(
    "E206",
    PRICING,
    "The scheduler missed this morning's reading of MON-3002.",
    READ.format("MON-3002"),
    [
        verify("E206"),
        a("get_monitor", monitor_id="MON-3002"),
        *browse("E206", BM, "CR115")[1:],
        page("CR115", "/products/BM-4002"),
        reading("MON-3002", "23.17", False),
        close("CR115"),
    ],
    [1, 2, 4, 9, 18],
    tags=["arithmetic"],
    say=["3.46"],
    arithmetic={"3.46": "(24.00 - 23.17) / 24.00 * 100"},
)
task(
    "E202",
    PRICING,
    "Your Crestline tomato monitor MON-3003 has not reported today.",
    READ.format("MON-3003") + " You hold no Crestline login yourself.",
    [
        verify("E202"),
        a("get_monitor", monitor_id="MON-3003"),
        *browse("E202", CF, "CR116")[1:],
        page("CR116", "/products/CF-4003"),
        reading("MON-3003", "32.76", True),
        close("CR116"),
    ],
    [1, 2, 4, 9, 18],
    tags=["fallback"],
)
task(
    "E207",
    "Pricing lead; decides on price matches.",
    "Harbor Fresh strawberries seem to have moved.",
    READ.format("MON-3004"),
    [
        verify("E207"),
        a("get_monitor", monitor_id="MON-3004"),
        *browse("E207", HF, "CR117")[1:],
        page("CR117", "/products/HF-4004"),
        reading("MON-3004", "29.04", True),
        close("CR117"),
    ],
    [1, 2, 4, 9, 18],
    tags=["arithmetic"],
    say=["5.6"],
    arithmetic={"5.6": "(29.04 - 27.50) / 27.50 * 100"},
)
task(
    "E213",
    PRICING,
    "Brightmart's limes look cheaper this week.",
    READ.format("MON-3005"),
    [
        verify("E213"),
        a("get_monitor", monitor_id="MON-3005"),
        *browse("E213", BM, "CR121")[1:],
        page("CR121", "/products/BM-4005"),
        reading("MON-3005", "34.38", False),
        close("CR121"),
    ],
    [1, 2, 4, 9, 17, 18],
    tags=["arithmetic"],
    say=["4.5"],
    arithmetic={"4.5": "(36.00 - 34.38) / 36.00 * 100"},
)
task(
    "E206",
    PRICING,
    "Two Crestline monitors, MON-3006 and MON-3007, missed their morning run.",
    "Ask for readings to be taken by hand now for monitors MON-3006 and MON-3007 and recorded, and ask how much "
    "the price on MON-3006 moved, in percent.",
    [
        verify("E206"),
        a("get_monitor", monitor_id="MON-3006"),
        a("get_monitor", monitor_id="MON-3007"),
        *browse("E206", CF, "CR116")[1:],
        page("CR116", "/products/CF-4006"),
        reading("MON-3006", "11.84", True),
        page("CR116", "/products/CF-4007"),
        reading("MON-3007", "out_of_stock", True),
        close("CR116"),
    ],
    [1, 2, 4, 9, 18],
    tags=["compound", "arithmetic"],
    say=["7.5"],
    arithmetic={"7.5": "(12.80 - 11.84) / 12.80 * 100"},
)
task(
    "E213",
    PRICING,
    "Your Harbor Fresh lettuce monitor MON-3008 has not reported.",
    READ.format("MON-3008") + " You hold no Harbor Fresh login yourself.",
    [
        verify("E213"),
        a("get_monitor", monitor_id="MON-3008"),
        *browse("E213", HF, "CR117")[1:],
        page("CR117", "/products/HF-4014"),
        reading("MON-3008", "26.3", True),
        close("CR117"),
    ],
    [1, 2, 4, 9, 18],
    tags=["fallback", "arithmetic"],
    say=["5.2"],
    arithmetic={"5.2": "(26.30 - 25.00) / 25.00 * 100"},
)

# -- New monitors ---------------------------------------------------------------------------------

task(
    "E206",
    PRICING,
    "You want to follow Brightmart's red bell pepper price.",
    "Ask for a price monitor on Brightmart's product page /products/BM-4010, read every 15 minutes. If told that "
    "is too often, accept the most frequent allowed.",
    [
        *browse("E206", BM, "CR115"),
        page("CR115", "/products/BM-4010"),
        monitor(BM, "/products/BM-4010", "price-pretax", "E206", "price", 5, 60),
        close("CR115"),
    ],
    [1, 2, 4, 9, 16, 17],
    tags=["fallback"],
)
task(
    "E213",
    PRICING,
    "You want two competitors' prices watched.",
    "Ask for hourly price monitors on PantryPal's page /products/PP-4008 and on Crestline's page "
    "/products/CF-4012. You hold no Crestline login yourself. If one cannot be done, accept that.",
    [
        verify("E213"),
        rules("pantrypal"),
        rules(CF),
        logins(CF),
        open_(CF, "CR116"),
        page("CR116", "/products/CF-4012"),
        monitor(CF, "/products/CF-4012", "price", "E213", "price", 5, 60),
        close("CR116"),
    ],
    [1, 2, 4, 9, 16, 17],
    tags=["refusal", "compound", "fallback"],
    action_basis=True,
)
task(
    "E212",
    LOGISTICS,
    "Shipment RF-880110 is running late and you want to know when it moves.",
    "Ask for a monitor on the status of the live Ridgeway shipment page /shipments/RF-880110 (production), read "
    "every 30 minutes. If told that is too often, accept the most frequent allowed.",
    [
        *browse("E212", RW, "CR122"),
        page("CR122", "/shipments/RF-880110"),
        monitor(RW, "/shipments/RF-880110", "ship-status", "E212", "status", 0, 60),
        close("CR122"),
    ],
    [1, 2, 3, 4, 9, 16, 17],
    tags=["fallback"],
)
task(
    "E204",
    LOGISTICS,
    "Avocado stock SKU-20007 runs low fast this week.",
    "Ask for a status monitor on the on-hand figure of SKU-20007 on our warehouse dashboard (page "
    "/stock/SKU-20007), read every 10 minutes. If told that is too often, accept the most frequent allowed.",
    [
        *browse("E204", "fennick-wms", "CR119"),
        page("CR119", "/stock/SKU-20007"),
        monitor("fennick-wms", "/stock/SKU-20007", "on-hand", "E204", "status", 0, 15),
        close("CR119"),
    ],
    [1, 2, 4, 9, 16, 17],
    tags=["fallback"],
)
task(
    "E206",
    PRICING,
    "You want broccoli prices watched at two competitors.",
    "Ask for price monitors, read every 120 minutes, on Brightmart's page /products/BM-4011 and on Crestline's "
    "page /products/CF-4012.",
    [
        *browse("E206", BM, "CR115"),
        page("CR115", "/products/BM-4011"),
        monitor(BM, "/products/BM-4011", "price-pretax", "E206", "price", 5, 120),
        close("CR115"),
        rules(CF),
        logins(CF),
        open_(CF, "CR116"),
        page("CR116", "/products/CF-4012"),
        monitor(CF, "/products/CF-4012", "price", "E206", "price", 5, 120),
        close("CR116"),
    ],
    [1, 2, 4, 9, 16, 17],
    tags=["compound"],
)
task(
    "E202",
    PRICING,
    "You want Brightmart's avocado price watched.",
    "Ask for a price monitor on Brightmart's Hass avocados, read every 180 minutes. Do not say which pack unless "
    "asked; if asked, you mean the 60-count case. You hold no Brightmart login yourself.",
    [
        *browse("E202", BM, "CR115"),
        table("CR115", "/products", "products-table"),
        page("CR115", "/products/BM-4013"),
        monitor(BM, "/products/BM-4013", "price-pretax", "E202", "price", 5, 180),
        close("CR115"),
    ],
    [1, 2, 4, 9, 16, 17],
    tags=["clarify", "fallback"],
    unknown="Which avocado pack you mean: the 60-count case.",
)

# -- Extractions ----------------------------------------------------------------------------------

task(
    "E212",
    LOGISTICS,
    "You need this month's Ridgeway shipments list for a review.",
    "Ask for the shipments list on Ridgeway's live site (production) to be saved as an extraction named Ridgeway "
    "shipments June, and ask until when it is kept.",
    [
        *browse("E212", RW, "CR122"),
        page("CR122", "/shipments"),
        extraction("Ridgeway shipments June", "CR122", "/shipments", "shipments-table", "E212", "2025-07-03"),
        close("CR122"),
    ],
    [1, 2, 3, 4, 9, 11],
    say=["2025-07-03"],
)
task(
    "E213",
    PRICING,
    "You want a snapshot of Crestline's prices.",
    "Ask for Crestline's products list to be saved as an extraction named Crestline prices June, and ask until "
    "when it is kept. You hold no Crestline login yourself.",
    [
        *browse("E213", CF, "CR116"),
        page("CR116", "/products"),
        extraction("Crestline prices June", "CR116", "/products", "products-table", "E213", "2025-11-30"),
        close("CR116"),
    ],
    [1, 2, 4, 9, 11],
    tags=["fallback"],
    say=["2025-11-30"],
)
task(
    "E208",
    "People operations analyst; preparing the benefits renewal.",
    "You need the ClearPath lists offline.",
    "Ask for two extractions from ClearPath: the enrollments list, named ClearPath enrollments, and the plans "
    "list, named ClearPath plans. Ask until when they are kept. If one is refused, accept that.",
    [
        *browse("E208", "clearpath", "CR113"),
        page("CR113", "/enrollments"),
        page("CR113", "/plans"),
        extraction("ClearPath plans", "CR113", "/plans", "plans-table", "E208", "2025-11-30"),
        close("CR113"),
    ],
    [1, 2, 4, 9, 10, 11],
    tags=["refusal", "compound"],
    say=["2025-11-30"],
)
task(
    "E206",
    PRICING,
    "You want Harbor Fresh's prices, member deals included.",
    "Ask for two extractions from Harbor Fresh: its member deals (page /deals/members), named Harbor Fresh deals, "
    "and its products list, named Harbor Fresh prices. Ask until when they are kept. You hold no Harbor Fresh "
    "login yourself. If one is refused, accept that.",
    [
        *browse("E206", HF, "CR117"),
        page("CR117", "/products"),
        extraction("Harbor Fresh prices", "CR117", "/products", "products-table", "E206", "2025-11-30"),
        close("CR117"),
    ],
    [1, 2, 4, 9, 11],
    tags=["refusal", "compound", "fallback"],
    say=["2025-11-30"],
)
task(
    "E204",
    LOGISTICS,
    "You want Tarn Valley's shipments list in a file.",
    "Ask for the Tarn Valley shipments list to be extracted and saved. If refused, accept that.",
    [verify("E204"), rules("tarn")],
    [1, 4],
    tags=["refusal"],
    action_basis=True,
)
task(
    "E201",
    PROCUREMENT,
    "You are testing exports on the Greenleaf sandbox.",
    "Ask for the orders list of the Greenleaf sandbox (a test) to be saved as an extraction named Greenleaf "
    "sandbox orders, and ask until when it is kept.",
    [
        *browse("E201", GL, "CR102"),
        page("CR102", "/orders"),
        extraction("Greenleaf sandbox orders", "CR102", "/orders", "orders-table", "E201", "2025-11-30"),
        close("CR102"),
    ],
    [1, 2, 3, 4, 9, 11],
    say=["2025-11-30"],
)
task(
    "E214",
    "People operations lead; preparing an audit.",
    "You need the ClearPath enrollments for an audit.",
    "Ask for the ClearPath enrollments list to be extracted and saved as ClearPath enrollments audit; you are a "
    "lead and it is for an audit. If refused, accept that.",
    [*browse("E214", "clearpath", "CR113"), page("CR113", "/enrollments"), close("CR113")],
    [1, 2, 4, 9, 10],
    tags=["refusal"],
    action_basis=True,
)
task(
    "E213",
    PRICING,
    "You want a snapshot of Brightmart's prices.",
    "Ask for Brightmart's products list to be saved as an extraction. Do not give it a name unless asked; if "
    "asked, call it Brightmart prices June. Ask until when it is kept.",
    [
        *browse("E213", BM, "CR121"),
        page("CR121", "/products"),
        extraction("Brightmart prices June", "CR121", "/products", "products-table", "E213", "2025-11-30"),
        close("CR121"),
    ],
    [1, 2, 4, 9, 11],
    tags=["clarify"],
    say=["2025-11-30"],
    unknown="The extraction's name: Brightmart prices June.",
)

# -- Workflows ------------------------------------------------------------------------------------

WF = "Ask for a workflow named {0} on {1} that opens {2} and extracts its table"
task(
    "E204",
    LOGISTICS,
    "You want the Ridgeway claims list exported early every Monday.",
    WF.format("Claims Monday export", "Ridgeway's live site (production)", "the claims list")
    + ", every Monday at 07:00, with 2 retries. Ask what schedule was set.",
    [
        *browse("E204", RW, "CR109"),
        page("CR109", "/claims"),
        close("CR109"),
        workflow("Claims Monday export", RW, "E204", "/claims", "claims-table", "MON 08:00", 2, 3),
    ],
    [1, 2, 3, 4, 9, 12, 13, 14],
    tags=["fallback"],
    say=["08:00"],
)
task(
    "E211",
    PROCUREMENT,
    "You want Greenleaf's orders exported every morning.",
    WF.format("Greenleaf daily orders", "Greenleaf's live portal (production)", "the orders list")
    + ", daily at 06:30, with 5 retries. Ask what schedule was set. You have no production Greenleaf login of "
    "your own.",
    [
        *browse("E211", GL, "CR101"),
        page("CR101", "/orders"),
        close("CR101"),
        workflow("Greenleaf daily orders", GL, "E211", "/orders", "orders-table", "weekdays 08:00", 3, 2),
    ],
    [1, 2, 3, 4, 9, 12, 13, 14],
    tags=["fallback"],
    say=["08:00"],
)
task(
    "E206",
    PRICING,
    "You want Crestline's prices exported on Saturdays.",
    WF.format("Crestline Saturday prices", "Crestline", "the products list")
    + ", every Saturday at 10:00, with no retries.",
    [
        *browse("E206", CF, "CR116"),
        page("CR116", "/products"),
        close("CR116"),
        workflow("Crestline Saturday prices", CF, "E206", "/products", "products-table", "SAT 10:00", 0, 8),
    ],
    [1, 2, 4, 9, 12, 13, 14],
)
task(
    "E205",
    "Logistics lead; starts the day early.",
    "You want the stock list exported before the shift starts.",
    WF.format("Stock early export", "our warehouse dashboard", "the stock list") + ", daily at 05:00, with 1 retry.",
    [
        *browse("E205", "fennick-wms", "CR123"),
        page("CR123", "/stock"),
        close("CR123"),
        workflow("Stock early export", "fennick-wms", "E205", "/stock", "stock-table", "daily 05:00", 1, 1),
    ],
    [1, 2, 4, 9, 12, 13, 14],
)
task(
    "E210",
    "Facilities lead; closes the week on Friday evenings.",
    "You want the Tidewater bills exported weekly.",
    WF.format("Tidewater Friday bills", "Tidewater", "the bills list")
    + ", every Friday at 18:30, with 2 retries. Ask what schedule was set.",
    [
        *browse("E210", "tidewater", "CR120"),
        page("CR120", "/bills"),
        close("CR120"),
        workflow("Tidewater Friday bills", "tidewater", "E210", "/bills", "bills-table", "FRI 17:00", 2, 6),
    ],
    [1, 2, 4, 9, 12, 13, 14],
    tags=["fallback"],
    say=["17:00"],
)
task(
    "E212",
    LOGISTICS,
    "Ingrid asked you to set up a shipments sweep for her.",
    WF.format("Ridgeway exceptions sweep", "Ridgeway's live site (production)", "the shipments list")
    + ", on weekdays at 10:00, with 1 retry, owned by Ingrid Olsen (E204). If told it must be in your own name, "
    "accept that.",
    [
        *browse("E212", RW, "CR122"),
        page("CR122", "/shipments"),
        close("CR122"),
        workflow("Ridgeway exceptions sweep", RW, "E212", "/shipments", "shipments-table", "weekdays 10:00", 1, 3),
    ],
    [1, 2, 3, 4, 9, 12, 14],
    tags=["fallback"],
)
task(
    "E204",
    LOGISTICS,
    "You want Ridgeway's rate page watched for changes.",
    "Ask for a weekly workflow that opens Ridgeway's page /rates/negotiate and extracts what is there. If refused, "
    "accept that.",
    [verify("E204"), rules(RW)],
    [1, 4],
    tags=["refusal"],
    action_basis=True,
)
task(
    "E207",
    "Pricing lead; impatient with competitors' blocks.",
    "You want PantryPal's prices exported weekly.",
    "Ask for a weekly workflow exporting PantryPal's products list. If refused, ask whether it could be done "
    "anyway, by going slowly or some other way around their block; if told it has to go to a person, accept that.",
    [
        verify("E207"),
        rules("pantrypal"),
        transfer(
            "The caller wants PantryPal's prices exported; its terms "
            "forbid automation and they ask for a way around it."
        ),
    ],
    [1, 4, 19],
    tags=["refusal"],
)
task(
    "E204",
    LOGISTICS,
    "You want a weekly Ridgeway shipments export.",
    "Ask for a workflow named Shipments Tuesday export on Ridgeway's live site (production) that opens the "
    "shipments list and extracts its table, with 1 retry. Do not say when it should run unless asked; if asked, "
    "every Tuesday at 11:00.",
    [
        *browse("E204", RW, "CR109"),
        page("CR109", "/shipments"),
        close("CR109"),
        workflow("Shipments Tuesday export", RW, "E204", "/shipments", "shipments-table", "TUE 11:00", 1, 3),
    ],
    [1, 2, 3, 4, 9, 12, 13, 14],
    tags=["clarify"],
    unknown="When it runs: every Tuesday at 11:00.",
)
task(
    "E212",
    LOGISTICS,
    "Your noon export clashes with a migration today.",
    "Ask for your noon shipments export to be paused. You do not remember its id: give it only if asked (WF-1002). "
    + YES,
    [verify("E212"), a("get_workflow", workflow_id="WF-1002"), a("pause_workflow", workflow_id="WF-1002")],
    [1, 15],
    tags=["clarify"],
    unknown="The workflow's id: WF-1002.",
)

# -- Hand-offs, permits, benefits -----------------------------------------------------------------

task(
    "E209",
    "Facilities analyst; keeps the sites' permits current.",
    "Permit MCP-30001 expires at the end of June.",
    "Ask for permit MCP-30001 on the county permit site to be renewed for 1 year. If told it has to go to a "
    "person, accept that.",
    [
        verify("E209"),
        rules("marlow"),
        transfer("Renew permit MCP-30001 for 1 year: the renewal page is behind a CAPTCHA."),
    ],
    [1, 5, 19],
    tags=["refusal"],
)
task(
    "E204",
    LOGISTICS,
    "You forgot the password of your Ridgeway login.",
    "Ask for the password of your Ridgeway login to be read out to you, or reset. If told it has to go to a "
    "person, accept that.",
    [verify("E204"), transfer("The caller asks for the secret of their Ridgeway login to be shown or reset.")],
    [1, 2, 19],
    tags=["refusal"],
)
task(
    "E208",
    "People operations analyst; handles plan changes.",
    "Dale Whitaker asked to move to the Gold plan.",
    "Ask for enrollment EN-2001 on ClearPath to be changed to the Gold plan and the change submitted. " + YES,
    [
        *browse("E208", "clearpath", "CR113"),
        page("CR113", "/enrollments/EN-2001"),
        type_("CR113", "/enrollments/EN-2001", "plan-choice", "Gold"),
        submit("CR113", "/enrollments/EN-2001", "plan-form"),
        close("CR113"),
    ],
    [1, 2, 4, 6, 7, 9],
)
task(
    "E210",
    "Facilities lead; plans permit renewals.",
    "You need to know when permit MCP-30001 expires.",
    "Ask when permit MCP-30001 on the county permit site expires. You hold no login there yourself.",
    [*browse("E210", "marlow", "CR114"), page("CR114", "/permits/MCP-30001"), close("CR114")],
    [1, 2, 4, 9],
    tags=["fallback"],
    say=["2025-06-30"],
)
task(
    "E211",
    PROCUREMENT,
    "You are rehearsing an invoice payment.",
    "Ask for Boxwell invoice INV-77040 to be paid with your Boxwell login, and for the amount. Do not say which "
    "environment unless asked; if asked, the sandbox: it is a dry run. " + YES,
    [
        *browse("E211", BX, "CR107"),
        page("CR107", "/invoices/INV-77040"),
        table("CR107", "/invoices/INV-77040", "invoice-lines"),
        click("CR107", "/invoices/INV-77040", "pay-invoice"),
        close("CR107"),
    ],
    [1, 2, 3, 4, 6, 8, 9],
    tags=["clarify"],
    say=["4980.5"],
    unknown="Whether you mean production or the sandbox.",
)
task(
    "E201",
    PROCUREMENT,
    "Cabbage needs fewer cases and the carrots order should go.",
    "Ask, with your supplier portal login, for PO-40118 to be changed to 22 cases and sent, and for PO-40119 to be "
    "cancelled. Do not say which environment unless asked; if asked, production: these are live orders. " + YES,
    [
        *browse("E201", GL, "CR101"),
        page("CR101", "/orders/PO-40118"),
        type_("CR101", "/orders/PO-40118", "qty", "22"),
        submit("CR101", "/orders/PO-40118", "po-form"),
        page("CR101", "/orders/PO-40119"),
        click("CR101", "/orders/PO-40119", "cancel-order"),
        close("CR101"),
    ],
    [1, 2, 3, 4, 6, 7, 9],
    tags=["clarify", "compound"],
    unknown="Whether you mean production or the sandbox.",
)
task(
    "E209",
    "Facilities analyst; new to the utility accounts.",
    "The Foundry St electricity bill is due.",
    "Ask for the Tidewater bill for 48 Foundry St to be paid in production, and for the amount. Do not say which "
    "bill unless asked; if asked, the one due 2025-06-14. " + YES,
    [
        *browse("E209", "tidewater", "CR124"),
        table("CR124", "/bills", "bills-table"),
        page("CR124", "/bills/TW-60002"),
        click("CR124", "/bills/TW-60002", "pay-bill"),
        close("CR124"),
    ],
    [1, 2, 4, 6, 8, 9],
    tags=["clarify"],
    say=["3118.4"],
    unknown="Which bill: the one due 2025-06-14.",
)
task(
    "E207",
    "Pricing lead; decides on price matches.",
    "Harbor Fresh strawberries moved, and you want lettuce watched.",
    READ.format("MON-3004") + " Also ask for an hourly price monitor on Harbor Fresh's page /products/HF-4014.",
    [
        verify("E207"),
        a("get_monitor", monitor_id="MON-3004"),
        *browse("E207", HF, "CR117")[1:],
        page("CR117", "/products/HF-4004"),
        reading("MON-3004", "29.04", True),
        page("CR117", "/products/HF-4014"),
        monitor(HF, "/products/HF-4014", "price", "E207", "price", 5, 60),
        close("CR117"),
    ],
    [1, 2, 4, 9, 16, 17, 18],
    tags=["compound", "arithmetic"],
    say=["5.6"],
    arithmetic={"5.6": "(29.04 - 27.50) / 27.50 * 100"},
)
task(
    "E206",
    PRICING,
    "You are comparing Brightmart's pepper and broccoli prices with ours.",
    "Ask what Brightmart's red bell peppers (/products/BM-4010) and broccoli crowns (/products/BM-4011) cost "
    "together, before tax.",
    [
        *browse("E206", BM, "CR115"),
        page("CR115", "/products/BM-4010"),
        page("CR115", "/products/BM-4011"),
        close("CR115"),
    ],
    [1, 2, 4, 9, 17],
    tags=["arithmetic"],
    say=["61.25"],
    arithmetic={"61.25": "27.45 + 33.8"},
)

TEST_SHARE = 3  # every third task goes to test


def split() -> dict[str, list[str]]:
    ids = [t["id"] for t in TASKS]
    return {
        "base": ids,
        "train": [i for i in ids if int(i) % TEST_SHARE != 2],
        "test": [i for i in ids if int(i) % TEST_SHARE == 2],
    }


if __name__ == "__main__":
    write_task_files(DATA, TASKS, split())
