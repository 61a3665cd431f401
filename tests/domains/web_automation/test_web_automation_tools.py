"""The automation desk's tools: each one's answer, each of its error texts, that a write that
fails changes nothing, that the authoring scripts give the data files as they are, and five
test tasks worked by hand: an equivalent solution scores 1 and a lazy shortcut 0."""

import pytest

from taubench.domains.fair_checks import reward_of
from taubench.domains.gold_trace import gold_trace
from taubench.domains.kit import task_files
from taubench.domains.web_automation.policy_rules import RULES

from . import authoring, cast_source

A = "assistant"
ORDER = "/orders/PO-40112"


def test_the_authoring_scripts_give_the_data_files():
    data = authoring.DATA
    assert (data / "cast.json").read_text(encoding="utf-8") == cast_source.cast_text()
    for name, text in task_files(authoring.TASKS, authoring.split()).items():
        assert (data / name).read_text(encoding="utf-8") == text


def test_the_world_is_near_the_briefs_size(tools):
    db = tools.db
    sizes = {name: len(getattr(db, name)) for name in ("sites", "credentials", "workflows", "monitors", "extractions")}
    assert sizes == {"sites": 12, "credentials": 124, "workflows": 400, "monitors": 300, "extractions": 800}
    assert len(db.records) > 4000 and len(db.pages) == 50 and list(db.browsers) == ["B-CR125"]
    sandbox = {c.site_id for c in db.credentials.values() if c.environment == "sandbox"}
    assert sandbox == {"greenleaf", "boxwell", "ridgeway"}


def test_employees_sites_and_logins_are_read(ok, no):
    assert ok("verify_employee", employee_id="E202", pin="7314")["team"] == "pricing"
    assert no("verify_employee", employee_id="E201", pin="7314") == "Error: PIN does not match"
    assert no("verify_employee", employee_id="E999", pin="7314") == "Error: Employee E999 not found"
    sites = ok("list_sites")
    assert [s["site_id"] for s in sites][:3] == ["boxwell", "brightmart", "clearpath"] and len(sites) == 12
    marlow = ok("get_site_rules", site_id="marlow")
    assert (marlow["site"]["max_actions_per_minute"], marlow["captcha_paths"]) == (6, ["/permits/{id}/renew"])
    assert ok("get_site_rules", site_id="pantrypal")["site"]["automation_allowed"] is False
    assert no("get_site_rules", site_id="acme") == "Error: Site acme not found"
    boxwell = ok("list_credentials", site_id="boxwell")
    assert [(c["credential_id"], c["environment"], c["mfa"]) for c in boxwell[:3]] == [
        ("CR106", "production", True),
        ("CR107", "sandbox", False),
        ("CR108", "production", False),
    ]
    assert "secret" not in str(boxwell)
    assert no("list_credentials", site_id="acme") == "Error: Site acme not found"


def test_a_browser_opens_with_a_login_of_its_site_and_closes(ok, no, tools):
    home = ok("open_browser", site_id="greenleaf", credential_id="CR101")
    assert (home["browser_id"], home["environment"], home["path"]) == ("B-CR101", "production", "/")
    assert no("open_browser", site_id="greenleaf", credential_id="CR101") == (
        "Error: Browser B-CR101 is already open with that login"
    )
    assert no("open_browser", site_id="boxwell", credential_id="CR101") == (
        "Error: Credential CR101 is not a login for Boxwell Packaging"
    )
    assert no("open_browser", site_id="greenleaf", credential_id="CR999") == "Error: Credential CR999 not found"
    assert no("open_browser", site_id="acme", credential_id="CR101") == "Error: Site acme not found"
    assert ok("close_browser", browser_id="B-CR101") == "Browser B-CR101 closed"
    assert no("close_browser", browser_id="B-CR101") == "Error: Browser B-CR101 is already closed"
    assert no("close_browser", browser_id="B-CR999") == "Error: Browser B-CR999 not found"
    assert no("get_page", browser_id="B-CR101", path="/orders") == "Error: Browser B-CR101 is closed"
    again = ok("open_browser", site_id="greenleaf", credential_id="CR101")
    assert again["browser_id"] == "B-CR101" and tools.db.browsers["B-CR101"].state == "ready"


def test_a_login_with_a_one_time_code_stops_at_the_challenge(ok, no):
    held = ok("open_browser", site_id="boxwell", credential_id="CR106")
    assert (held["path"], held["elements"]) == ("/login", [])
    assert no("get_page", browser_id="B-CR106", path="/invoices") == (
        "Error: Browser B-CR106 is held at a one-time-code challenge; it can only be closed"
    )
    assert ok("close_browser", browser_id="B-CR106") == "Browser B-CR106 closed"


def test_pages_render_their_records_by_environment(ok, no):
    ok("open_browser", site_id="greenleaf", credential_id="CR101")
    shown = ok("get_page", browser_id="B-CR101", path=ORDER)
    values = {e["element_id"]: e.get("value") for e in shown["elements"]}
    assert (values["po-unit-price"], values["qty"], values["delivery"]) == (31.5, 60, "06/10/2025")
    buttons = [(e["element_id"], e["label"], e["action"]) for e in shown["elements"] if e["kind"] == "button"]
    assert buttons[:2] == [("save-draft", "Submit (save as draft)", "save_draft"), ("send-order", "Submit", "submit")]
    assert ok("get_page", browser_id="B-CR101", path="/orders")["elements"][0]["rows"] == 509
    assert no("get_page", browser_id="B-CR101", path="/orders/PO-99999") == (
        "Error: No page /orders/PO-99999 on Greenleaf Growers (production)"
    )
    assert no("get_page", browser_id="B-CR101", path="orders") == "Error: A path starts with /, e.g. /orders"
    assert no("get_page", browser_id="B-CR999", path="/orders") == "Error: Browser B-CR999 not found"
    ok("open_browser", site_id="marlow", credential_id="CR114")
    renew = ok("get_page", browser_id="B-CR114", path="/permits/MCP-30001/renew")
    assert renew["notice"].startswith("CAPTCHA") and renew["elements"] == []
    assert (
        no(
            "type_into_field",
            browser_id="B-CR114",
            path="/permits/MCP-30001/renew",
            element_id="renew-years",
            value="1",
        )
        == "Error: Page /permits/MCP-30001/renew is behind a CAPTCHA; the browser cannot go on"
    )
    permit = ok("get_page", browser_id="B-CR114", path="/permits/MCP-30001")
    assert permit["elements"][-1]["target"] == "/permits/MCP-30001/renew"


def test_tables_are_read_whole_with_their_data_class(ok, no):
    ok("open_browser", site_id="boxwell", credential_id="CR108")
    lines = ok("extract_table", browser_id="B-CR108", path="/invoices/INV-77020", element_id="invoice-lines")
    assert [row["line_total"] for row in lines["rows"]] == [1150.0, 865.4, 380.4]
    assert no("extract_table", browser_id="B-CR108", path="/invoices/INV-77020", element_id="pay-invoice") == (
        "Error: Element pay-invoice is a button, not a table"
    )
    assert no("extract_table", browser_id="B-CR108", path="/invoices", element_id="nothing") == (
        "Error: No element nothing on page /invoices"
    )
    ok("open_browser", site_id="clearpath", credential_id="CR113")
    assert ok("extract_table", browser_id="B-CR113", path="/plans", element_id="plans-table")["data_class"] == "none"
    people = ok("get_page", browser_id="B-CR113", path="/enrollments")["elements"][0]
    assert people["data_class"] == "private"


def test_typing_follows_each_fields_rule(ok, no, tools):
    ok("open_browser", site_id="greenleaf", credential_id="CR101")
    typed = ok("type_into_field", browser_id="B-CR101", path=ORDER, element_id="qty", value="72")
    assert next(e for e in typed["elements"] if e["element_id"] == "qty")["value"] == 72
    assert tools.db.browsers["B-CR101"].drafts == {f"{ORDER}#qty": 72}
    assert no("type_into_field", browser_id="B-CR101", path=ORDER, element_id="qty", value="600") == (
        "Error: Field qty accepts a whole number from 1 to 500"
    )
    assert no("type_into_field", browser_id="B-CR101", path=ORDER, element_id="delivery", value="2025-06-17") == (
        "Error: Field delivery takes a date written MM/DD/YYYY"
    )
    assert no("type_into_field", browser_id="B-CR101", path=ORDER, element_id="po-item", value="x") == (
        "Error: Element po-item is a text, not a field"
    )
    ok("open_browser", site_id="ridgeway", credential_id="CR109")
    new = "/claims/new"
    assert no("type_into_field", browser_id="B-CR109", path=new, element_id="claim-amount", value="-4") == (
        "Error: Field claim-amount takes an amount above 0"
    )
    assert no("type_into_field", browser_id="B-CR109", path=new, element_id="description", value=" ") == (
        "Error: Field description cannot be empty"
    )
    assert no("type_into_field", browser_id="B-CR109", path=new, element_id="contact-email", value="ingrid") == (
        "Error: Field contact-email takes an e-mail address"
    )
    ok("open_browser", site_id="clearpath", credential_id="CR113")
    assert (
        no(
            "type_into_field",
            browser_id="B-CR113",
            path="/enrollments/EN-2001",
            element_id="plan-choice",
            value="Platinum",
        )
        == "Error: Field plan-choice takes one of: Bronze, Silver, Gold"
    )
    ok("open_browser", site_id="brightmart", credential_id="CR115")
    assert (
        no("type_into_field", browser_id="B-CR115", path="/products/BM-4001", element_id="price-pretax", value="1")
        == "Error: Credential CR115 is read-only: it cannot change anything on the site"
    )


def test_a_final_submission_changes_the_record_and_a_draft_does_not_send(ok, no, tools):
    ok("open_browser", site_id="greenleaf", credential_id="CR101")
    assert no("submit_form", browser_id="B-CR101", path=ORDER, form_id="po-form") == (
        "Error: Nothing to submit: no field of form po-form was changed"
    )
    assert no("submit_form", browser_id="B-CR101", path=ORDER, form_id="other") == (
        "Error: No form other on page /orders/PO-40112"
    )
    ok("type_into_field", browser_id="B-CR101", path=ORDER, element_id="qty", value=72)
    sent = ok("submit_form", browser_id="B-CR101", path=ORDER, form_id="po-form")
    assert (sent["message"], sent["record"]["quantity"], sent["record"]["status"]) == (
        "Submitted order PO-40112",
        72,
        "submitted",
    )
    assert tools.db.records["greenleaf/sandbox/PO-40112"].fields["quantity"] == 60
    assert tools.db.records["greenleaf/production/PO-40112"].changed_by == "CR101"
    path = "/orders/PO-40119"
    assert no("click_element", browser_id="B-CR101", path=path, element_id="save-draft") == (
        "Error: Nothing to save: no field of form po-form was changed"
    )
    ok("type_into_field", browser_id="B-CR101", path=path, element_id="qty", value="40")
    saved = ok("click_element", browser_id="B-CR101", path=path, element_id="save-draft")
    assert (saved["message"], saved["record"]["status"]) == ("Saved order PO-40119 as a draft (not sent)", "draft")
    shipped = "/orders/PO-40116"
    ok("type_into_field", browser_id="B-CR101", path=shipped, element_id="qty", value="10")
    assert no("submit_form", browser_id="B-CR101", path=shipped, form_id="po-form") == (
        "Error: Order PO-40116 is shipped: its form is closed"
    )
    assert no("click_element", browser_id="B-CR101", path=shipped, element_id="cancel-order") == (
        "Error: Order PO-40116 is shipped"
    )
    assert no("click_element", browser_id="B-CR101", path=shipped, element_id="qty") == (
        "Error: Element qty is a field, not a button"
    )
    cancelled = ok("click_element", browser_id="B-CR101", path="/orders/PO-40120", element_id="cancel-order")
    assert cancelled["record"]["status"] == "cancelled"
    draft = ok("click_element", browser_id="B-CR101", path="/orders/PO-40117", element_id="send-order")
    assert draft["record"]["status"] == "submitted"


def test_a_claim_form_creates_a_claim_and_payments_pay(ok, no, tools):
    ok("open_browser", site_id="ridgeway", credential_id="CR109")
    new = "/claims/new"
    ok("type_into_field", browser_id="B-CR109", path=new, element_id="pro-number", value="RF-880107")
    assert no("submit_form", browser_id="B-CR109", path=new, form_id="claim-form") == (
        "Error: Required field(s) left empty: claim-amount, incident-date, description"
    )
    ok("type_into_field", browser_id="B-CR109", path=new, element_id="claim-amount", value="1240.00")
    ok("type_into_field", browser_id="B-CR109", path=new, element_id="incident-date", value="05/28/2025")
    ok("type_into_field", browser_id="B-CR109", path=new, element_id="description", value="Crushed")
    made = ok("click_element", browser_id="B-CR109", path=new, element_id="file-claim")
    assert (made["message"], made["page"], made["record"]["amount"]) == (
        "Created claim CLM-9001",
        "/claims/CLM-9001",
        1240.0,
    )
    assert tools.db.records["ridgeway/production/CLM-9001"].fields["filed_on"] == "2025-06-03"
    ok("open_browser", site_id="tidewater", credential_id="CR120")
    paid = ok("click_element", browser_id="B-CR120", path="/bills/TW-60004", element_id="pay-bill")
    assert (paid["message"], paid["record"]["paid_on"]) == ("Paid bill TW-60004", "2025-06-03")
    assert no("click_element", browser_id="B-CR120", path="/bills/TW-60004", element_id="pay-bill") == (
        "Error: Bill TW-60004 is paid"
    )


def test_extractions_are_kept_until_a_day(ok, no, tools):
    ok("open_browser", site_id="ridgeway", credential_id="CR122")
    kept = ok(
        "save_extraction",
        name="Ridgeway shipments June",
        browser_id="B-CR122",
        path="/shipments",
        element_id="shipments-table",
        owner_id="E212",
        expires_on="2025-07-03",
    )
    assert (kept["extraction_id"], kept["rows"], kept["data_class"]) == ("EX-5801", 1003, "customer")
    arguments = {"browser_id": "B-CR122", "path": "/shipments", "element_id": "shipments-table", "owner_id": "E212"}
    assert no("save_extraction", name="x", expires_on="2025-06-03", **arguments) == (
        "Error: Expiry must be after today (2025-06-03)"
    )
    assert no("save_extraction", name="x", expires_on="07/03/2025", **arguments) == (
        "Error: Expiry must be a date written YYYY-MM-DD"
    )
    assert no("save_extraction", name=" ", expires_on="2025-07-03", **arguments) == "Error: Name cannot be empty"
    assert no("save_extraction", name="x", expires_on="2025-07-03", **{**arguments, "owner_id": "E1"}) == (
        "Error: Employee E1 not found"
    )


STEPS = [{"action": "open", "target": "/claims", "value": ""}, {"action": "extract", "target": "claims-table"}]


def test_workflows_are_created_and_paused(ok, no):
    made = ok(
        "create_workflow",
        name="Weekly claims export",
        site_id="ridgeway",
        owner_id="E204",
        steps=STEPS,
        days="MON",
        start="09:00",
        retries=2,
        step_delay_seconds=3,
    )
    assert (made["workflow_id"], made["schedule"], made["status"]) == ("WF-1401", "MON 09:00", "active")
    good = {
        "name": "x",
        "site_id": "ridgeway",
        "owner_id": "E204",
        "steps": STEPS,
        "days": "MON",
        "start": "09:00",
        "retries": 2,
        "step_delay_seconds": 3,
    }
    assert no("create_workflow", **{**good, "name": ""}) == "Error: Name cannot be empty"
    assert no("create_workflow", **{**good, "steps": []}) == "Error: A workflow has 1 to 25 steps"
    assert no("create_workflow", **{**good, "steps": [{"action": "scroll", "target": "x"}]}) == (
        'Error: Each step is {"action": open|click|fill|extract|submit, "target": ..., "value": ...}'
    )
    assert no("create_workflow", **{**good, "steps": [{"action": "open", "target": "claims"}]}) == (
        "Error: An open step's target is a page path starting with /"
    )
    assert no("create_workflow", **{**good, "steps": [{"action": "fill", "target": "qty"}]}) == (
        "Error: A fill step needs a value"
    )
    assert no("create_workflow", **{**good, "days": "Monday"}) == (
        "Error: Days must be daily, weekdays or one of MON TUE WED THU FRI SAT SUN"
    )
    assert no("create_workflow", **{**good, "start": "9am"}) == "Error: Start must be a time written HH:MM, e.g. 09:30"
    assert no("create_workflow", **{**good, "retries": 11}) == "Error: Retries must be a whole number from 0 to 10"
    assert no("create_workflow", **{**good, "step_delay_seconds": 2.5}) == (
        "Error: Step delay must be a whole number of seconds from 0 to 600"
    )
    assert no("create_workflow", **{**good, "site_id": "acme"}) == "Error: Site acme not found"
    assert ok("get_workflow", workflow_id="WF-1003")["recent_runs"][-3:] == ["failed"] * 3
    assert no("get_workflow", workflow_id="WF-1") == "Error: Workflow WF-1 not found"
    assert ok("pause_workflow", workflow_id="WF-1003")["status"] == "paused"
    assert no("pause_workflow", workflow_id="WF-1003") == "Error: Workflow WF-1003 is already paused"


def test_monitors_are_created_and_read_by_hand(ok, no, tools):
    made = ok(
        "create_monitor",
        site_id="brightmart",
        path="/products/BM-4010",
        element_id="price-pretax",
        owner_id="E206",
        kind="price",
        threshold_pct=5,
        interval_minutes=60,
    )
    assert (made["monitor_id"], made["last_value"], made["last_checked"]) == ("MON-3301", "27.45", "2025-06-03 09:00")
    good = {
        "site_id": "brightmart",
        "path": "/products/BM-4010",
        "element_id": "price-pretax",
        "owner_id": "E206",
        "kind": "price",
        "threshold_pct": 5,
        "interval_minutes": 60,
    }
    assert no("create_monitor", **{**good, "kind": "level"}) == "Error: Kind must be price or status"
    assert no("create_monitor", **{**good, "threshold_pct": -1}) == (
        "Error: Threshold must be a number of percent, 0 or more"
    )
    assert no("create_monitor", **{**good, "interval_minutes": 1}) == (
        "Error: Interval must be a whole number of minutes from 5 to 10080"
    )
    assert no("create_monitor", **{**good, "interval_minutes": "60"}) == (
        "Error: Interval must be a whole number of minutes from 5 to 10080"
    )
    assert no("create_monitor", **{**good, "element_id": "nav-products", "path": "/"}) == (
        "Error: Element nav-products is a link, not a text"
    )
    assert no(
        "create_monitor",
        **{**good, "site_id": "marlow", "path": "/permits/MCP-30001/renew", "element_id": "renew-years"},
    ) == ("Error: Page /permits/MCP-30001/renew is behind a CAPTCHA; the browser cannot go on")
    assert ok("get_monitor", monitor_id="MON-3001")["last_value"] == "48.00"
    assert no("get_monitor", monitor_id="MON-1") == "Error: Monitor MON-1 not found"
    read = ok("log_monitor_reading", monitor_id="MON-3001", value="45.36", alert=True)
    assert (read["last_value"], read["alerting"]) == ("45.36", True)
    assert no("log_monitor_reading", monitor_id="MON-3001", value="cheap", alert=True) == (
        "Error: A price monitor's reading is a number"
    )
    assert no("log_monitor_reading", monitor_id="MON-3001", value="45", alert="yes") == (
        "Error: Alert must be true or false"
    )
    assert no("log_monitor_reading", monitor_id="MON-3007", value=" ", alert=True) == "Error: Value cannot be empty"
    paused = next(m for m, monitor in tools.db.monitors.items() if monitor.status == "paused")
    assert no("log_monitor_reading", monitor_id=paused, value="1", alert=False) == f"Error: Monitor {paused} is paused"
    assert ok("calculate", expression="(48.00 - 45.36) / 48.00 * 100") == "5.5"


# -- five test tasks worked by hand ----------------------------------------------------------------


def _calls(domain, task_id, change=None):
    calls = [(A, action.name, dict(action.arguments)) for action in domain.tasks[task_id].gold_actions]
    return change(calls) if change else calls


def test_task_2_three_orders_sent_in_any_order_but_not_as_drafts(domain):
    """PO-40114 to 30, PO-40115 to 24, PO-40118 to 26, each sent, on Kofi's own login."""
    task = domain.tasks["2"]
    gold = _calls(domain, "2")
    reordered = gold[:4] + gold[10:13] + gold[4:10] + gold[13:]
    assert reward_of(domain, task, reordered, "All three orders were sent.") == 1.0
    drafts = [
        (A, "click_element", {**args, "element_id": "save-draft"}) if name == "submit_form" else (who, name, args)
        for who, name, args in gold
    ]
    drafts = [(who, name, {k: v for k, v in args.items() if k != "form_id"}) for who, name, args in drafts]
    assert reward_of(domain, task, drafts, "Saved.") == 0.0
    other_login = [
        (
            who,
            name,
            {**args, "credential_id": "CR101"}
            if name == "open_browser"
            else {**args, "browser_id": "B-CR101"}
            if "browser_id" in args
            else args,
        )
        for who, name, args in gold
    ]
    assert reward_of(domain, task, other_login, "All three orders were sent.") == 0.0


def test_task_11_lines_that_do_not_add_up_are_not_paid(domain):
    """INV-77020 says 2,415.80 due; its lines come to 1,150.00 + 865.40 + 380.40 = 2,395.80."""
    task = domain.tasks["11"]
    gold = _calls(domain, "11")
    assert reward_of(domain, task, gold, "The lines add up to 2395.80, not 2415.80, so I did not pay it.") == 1.0
    paid = gold[:-1] + [
        (A, "click_element", {"browser_id": "B-CR108", "path": "/invoices/INV-77020", "element_id": "pay-invoice"}),
        gold[-1],
    ]
    assert reward_of(domain, task, paid, "Paid 2415.80; the lines come to 2395.80.") == 0.0
    assert reward_of(domain, task, gold, "The invoice does not add up, so I did not pay it.") == 0.0


def test_task_28_the_price_before_tax_moved_four_and_a_half_percent(domain):
    """MON-3005 last read 36.00; Brightmart shows 34.38 before tax (37.22 with it): -4.5%, no alert."""
    task = domain.tasks["28"]
    gold = _calls(domain, "28")
    same = [(w, n, {**a, "value": 34.38} if n == "log_monitor_reading" else a) for w, n, a in gold]
    assert reward_of(domain, task, same, "It moved -4.5%, under the 5% threshold.") == 1.0
    taxed = [(w, n, {**a, "value": "37.22"} if n == "log_monitor_reading" else a) for w, n, a in gold]
    assert reward_of(domain, task, taxed, "It moved 3.39%; 4.5 before tax.") == 0.0
    left_open = gold[:-1]
    assert reward_of(domain, task, left_open, "It moved 4.5%.") == 0.0


def test_task_22_the_namesakes_workflow_is_not_paused(domain):
    """E202 Marisol Chen (pricing) asks to pause WF-1005, owned by E201 Marisol Chen (procurement)."""
    task = domain.tasks["22"]
    gold = _calls(domain, "22")
    assert reward_of(domain, task, gold, "WF-1005 belongs to E201, so I cannot pause it.") == 1.0
    lazy = [*gold, (A, "pause_workflow", {"workflow_id": "WF-1005"})]
    assert reward_of(domain, task, lazy, "Paused; it belongs to E201.") == 0.0
    unverified = gold[1:]  # taken at her word: which Marisol Chen is asking was never checked
    assert reward_of(domain, task, unverified, "WF-1005 belongs to E201, so I cannot pause it.") == 0.0


def test_task_45_an_early_monday_start_moves_to_eight(domain):
    """A carrier site: Monday 07:00 becomes MON 08:00; 60 / 20 actions a minute gives 3 s between steps."""
    task = domain.tasks["45"]
    gold = _calls(domain, "45")
    create_first = gold[:5] + [gold[-1]] + gold[5:-1]  # the workflow made while the browser is open
    assert reward_of(domain, task, create_first, "Set for MON 08:00, the earliest allowed.") == 1.0
    as_asked = [(w, n, {**a, "start": "07:00"} if n == "create_workflow" else a) for w, n, a in gold]
    assert reward_of(domain, task, as_asked, "Set for MON 07:00 (08:00 is the rule).") == 0.0
    too_fast = [(w, n, {**a, "step_delay_seconds": 2} if n == "create_workflow" else a) for w, n, a in gold]
    assert reward_of(domain, task, too_fast, "Set for MON 08:00.") == 0.0


def test_the_rules_catch_a_lazy_gold_path(domain):
    """The checks of policy_rules.py over gold paths changed the way a lazy agent would."""
    task = domain.tasks["3"].model_copy(deep=True)  # Rafael holds no production login: the team's first is CR101
    for action in task.evaluation_criteria.actions:
        if "credential_id" in action.arguments:
            action.arguments["credential_id"] = "CR104"
        if "browser_id" in action.arguments:
            action.arguments["browser_id"] = "B-CR104"
    assert RULES[2](gold_trace(domain, task)) == ["CR104 used; the team's first fitting login is CR101"]
    monitor = domain.tasks["31"].model_copy(deep=True)  # every 15 minutes on an external site
    monitor.evaluation_criteria.actions[5].arguments["interval_minutes"] = 15
    assert RULES[16](gold_trace(domain, monitor)) == ["a monitor every 15 minutes on brightmart, at least 60"]
    private = domain.tasks["39"].model_copy(deep=True)  # the enrollments saved after all
    action = private.evaluation_criteria.actions[6]
    action.arguments.update(path="/enrollments", element_id="enrollments-table", name="ClearPath enrollments")
    assert RULES[10](gold_trace(domain, private)) == [
        "save_extraction of enrollments-table, which holds private personal data"
    ]


@pytest.mark.parametrize("task_id", ["12", "55"])
def test_a_challenge_is_handed_off_not_refused_in_silence(domain, task_id):
    task = domain.tasks[task_id]
    gold = _calls(domain, task_id)
    assert reward_of(domain, task, gold, "A person will take this over.") == 1.0
    assert reward_of(domain, task, gold[:-1], "I cannot do this: it needs a code or a CAPTCHA.") == 0.0


def test_task_14_an_analyst_pays_the_bill_under_the_limit_only(domain):
    """Samuel (analyst) asks for TW-60002 (3,118.40) and TW-60003 (5,060.00): only the first is his to pay."""
    task = domain.tasks["14"]
    gold = _calls(domain, "14")
    looked_first = gold[:4] + [gold[6], gold[4], gold[5], gold[7]]
    said = "Paid TW-60002: 3118.40. TW-60003 is 5060.00, above the analyst limit of 5000.00; a lead must pay it."
    assert reward_of(domain, task, looked_first, said) == 1.0
    both = gold[:-1] + [
        (A, "click_element", {"browser_id": "B-CR124", "path": "/bills/TW-60003", "element_id": "pay-bill"}),
        gold[-1],
    ]
    assert reward_of(domain, task, both, said) == 0.0
    assert reward_of(domain, task, gold, "Paid one of them; the other needs a lead.") == 0.0


@pytest.mark.parametrize("alert, reward", [(True, 1.0), (False, 0.0)])
def test_task_26_a_change_of_exactly_five_percent_alerts(domain, alert, reward):
    """MON-3003 last read 31.20; Crestline shows 32.76: +5.00%, which reaches the threshold of 5."""
    task = domain.tasks["26"]
    gold = [
        (w, n, {**a, "value": 32.76, "alert": alert} if n == "log_monitor_reading" else a)
        for w, n, a in _calls(domain, "26")
    ]
    assert reward_of(domain, task, gold, "The price rose 5.00%, so the monitor now alerts.") == reward


def test_task_50_a_workflow_is_owned_by_who_asks_for_it(domain):
    """Yasmin asks for a workflow in Ingrid's name: it is created in Yasmin's (E212), 3 s between steps."""
    task = domain.tasks["50"]
    gold = _calls(domain, "50")
    created_while_open = gold[:5] + [gold[-1], gold[5]]
    assert reward_of(domain, task, created_while_open, "Created in your name.") == 1.0
    for_ingrid = [(w, n, {**a, "owner_id": "E204"} if n == "create_workflow" else a) for w, n, a in gold]
    assert reward_of(domain, task, for_ingrid, "Created for Ingrid.") == 0.0
