"""The automation desk's tools: a headless browser signed in with one stored login per browser,
the portals' pages rendered from their backends, and the desk's own workflows, monitors and
extractions. They check what the browser, the portals and the scheduler check (a login for
the right site, a page that exists, a field's format, a form's required fields, a record a
form may still change); whose login may be used, which environment, which sites and paths may
be automated, challenges, personal data, retention, schedules, pacing and alert thresholds
are the policy's, so the agent's job."""

import re
from datetime import date
from typing import Annotated, Any, Optional

from pydantic import ValidationError

from taubench.core.markers import Ordered
from taubench.core.toolkit import tool
from taubench.domains.kit import RecordDesk, a_date
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents
from taubench.domains.web_automation.models import (
    BackendRecord,
    Browser,
    CredentialView,
    Element,
    Employee,
    Extraction,
    Form,
    Monitor,
    MonitorKind,
    Page,
    PageView,
    SiteRules,
    SiteSummary,
    SubmitResult,
    TableView,
    Value,
    WebAutomationDB,
    Workflow,
    WorkflowStep,
)

CLOSED = ("shipped", "cancelled", "paid", "closed", "approved", "denied", "expired")
DAYS = ("daily", "weekdays", "MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN")
START = re.compile(r"([01]\d|2[0-3]):[0-5]\d")
MAX_SCHEDULER_STEPS, MAX_RETRIES, MAX_DELAY = 25, 10, 600
MIN_INTERVAL, MAX_INTERVAL = 5, 10080


def _pattern(path: str) -> re.Pattern[str]:
    return re.compile(
        "".join("([A-Za-z0-9-]+)" if part == "{id}" else re.escape(part) for part in re.split(r"({id})", path))
    )


def _number(value: Any) -> Optional[float]:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value)
    try:
        return float(str(value).strip().replace(",", "").lstrip("$"))
    except ValueError:
        return None


def check_value(element: Element, value: Any) -> Value:
    """What a field keeps of what is typed into it, or its refusal: the field's rule decides."""
    rule, name = element.rule, element.element_id
    text = str(value).strip() if not isinstance(value, bool) else ""
    if rule.startswith("integer"):
        low, high = (int(bound) for bound in rule.split()[1].split("-"))
        number = _number(value)
        if number is None or number != int(number) or not low <= number <= high:
            raise ValueError(f"Field {name} accepts a whole number from {low} to {high}")
        return int(number)
    if rule == "date MM/DD/YYYY":
        match = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", text)
        try:
            if match:
                date(int(match[3]), int(match[1]), int(match[2]))
                return text
        except ValueError:
            pass
        raise ValueError(f"Field {name} takes a date written MM/DD/YYYY")
    if rule == "amount":
        number = _number(value)
        if number is None or number <= 0:
            raise ValueError(f"Field {name} takes an amount above 0")
        return round(number + 1e-9, 2)
    if rule.startswith("choice "):
        options = rule[len("choice ") :].split("|")
        if text not in options:
            raise ValueError(f"Field {name} takes one of: {', '.join(options)}")
        return text
    if not text:
        raise ValueError(f"Field {name} cannot be empty")
    if rule == "email" and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", text):
        raise ValueError(f"Field {name} takes an e-mail address")
    return text


class WebAutomationTools(RecordDesk):
    db: WebAutomationDB

    # what the tools share

    def _now(self) -> str:
        return self.db.now

    def _today(self) -> str:
        return self.db.now[:10]

    def _browser(self, browser_id: str, acting: bool = False) -> Browser:
        browser = self._get("browsers", browser_id)
        if browser.state == "closed":
            raise ValueError(f"Browser {browser_id} is closed")
        if browser.state == "mfa_challenge":
            raise ValueError(f"Browser {browser_id} is held at a one-time-code challenge; it can only be closed")
        if acting and self.db.credentials[browser.credential_id].scope == "read":
            raise ValueError(f"Credential {browser.credential_id} is read-only: it cannot change anything on the site")
        return browser

    def _page(self, site_id: str, environment: str, path: str) -> tuple[Page, Optional[BackendRecord]]:
        """The page a path shows on a site, and the record it shows (by key: the episode's own copy)."""
        if not isinstance(path, str) or not path.startswith("/"):
            raise ValueError("A path starts with /, e.g. /orders")
        pages = [page for page in self.db.pages.values() if page.site_id == site_id]
        for page in pages:
            if page.path == path:
                return page, None
        for page in pages:
            if "{id}" in page.path:
                match = _pattern(page.path).fullmatch(path)
                key = f"{site_id}/{environment}/{match[1]}" if match else ""
                if match and key in self.db.records and self.db.records[key].kind == page.record_kind:
                    return page, self.db.records[key]
        raise ValueError(f"No page {path} on {self.db.sites[site_id].name} ({environment})")

    def _element(self, page: Page, path: str, element_id: str, kind: str) -> Element:
        found = next((element for element in page.elements if element.element_id == element_id), None)
        if found is None:
            raise ValueError(f"No element {element_id} on page {path}")
        if found.kind != kind:
            raise ValueError(f"Element {element_id} is a {found.kind}, not a {kind}")
        return found

    def _open_page(self, browser: Browser, path: str) -> tuple[Page, Optional[BackendRecord]]:
        page, record = self._page(browser.site_id, browser.environment, path)
        if page.challenge:
            raise ValueError(f"Page {path} is behind a CAPTCHA; the browser cannot go on")
        return page, record

    def _rows(self, site_id: str, environment: str, kind: str, parent: str) -> list[BackendRecord]:
        found = [
            record
            for record in self.db.records.values()
            if record.site_id == site_id
            and record.environment == environment
            and record.kind == kind
            and (not parent or record.parent == parent)
        ]
        return sorted(found, key=lambda record: record.number)

    @staticmethod
    def _shown(record: Optional[BackendRecord], source: str) -> Optional[Value]:
        if record is None or not source:
            return None
        if source in ("number", "status"):
            return str(getattr(record, source))
        return record.fields.get(source)

    def _view(self, browser: Browser, page: Page, record: Optional[BackendRecord], path: str) -> PageView:
        views: list[dict[str, Any]] = []
        for element in page.elements:
            view: dict[str, Any] = {"element_id": element.element_id, "kind": element.kind, "label": element.label}
            if element.kind == "text":
                view["value"] = self._shown(record, element.source)
            elif element.kind == "field":
                view["value"] = browser.drafts.get(f"{path}#{element.element_id}", self._shown(record, element.source))
                view.update(rule=element.rule, required=element.required, form=element.form)
            elif element.kind == "button":
                view.update(action=element.action, form=element.form)
            elif element.kind == "link":
                view["target"] = element.target.replace("{id}", record.number) if record else element.target
            else:
                parent = record.number if record is not None else ""
                view["rows"] = len(self._rows(page.site_id, browser.environment, element.source, parent))
                view.update(columns=element.columns, data_class=element.data_class)
            views.append(view)
        notice = "CAPTCHA: prove you are human to continue." if page.challenge else ""
        return PageView(
            browser_id=browser.browser_id,
            site_id=browser.site_id,
            environment=browser.environment,
            path=path,
            title=page.title if record is None else f"{page.title} {record.number}",
            notice=notice,
            elements=[] if page.challenge else views,
        )

    def _record_view(self, record: BackendRecord) -> dict[str, Value]:
        return {"number": record.number, "status": record.status, **record.fields}

    def _form(self, page: Page, path: str, form_id: str) -> Form:
        form = next((form for form in page.forms if form.form_id == form_id), None)
        if form is None:
            raise ValueError(f"No form {form_id} on page {path}")
        return form

    def _submit(
        self, browser: Browser, page: Page, record: Optional[BackendRecord], path: str, form: Form
    ) -> SubmitResult:
        fields = [element for element in page.elements if element.kind == "field" and element.form == form.form_id]
        typed = {
            field.element_id: browser.drafts[f"{path}#{field.element_id}"]
            for field in fields
            if f"{path}#{field.element_id}" in browser.drafts
        }
        if form.creates:
            missing = [field.element_id for field in fields if field.required and field.element_id not in typed]
            if missing:
                raise ValueError(f"Required field(s) left empty: {', '.join(missing)}")
            number = f"{form.prefix}{self.db.next_record_number}"
            self.db.next_record_number += 1
            values = {field.source: typed[field.element_id] for field in fields if field.element_id in typed}
            values["filed_on"] = self._today()
            record = BackendRecord(
                record_id=f"{browser.site_id}/{browser.environment}/{number}",
                site_id=browser.site_id,
                environment=browser.environment,
                kind=form.creates,
                number=number,
                status=form.status_after,
                parent="",
                fields=values,
                changed_by=browser.credential_id,
            )
            self.db.records[record.record_id] = record
            message = f"Created {form.creates} {number}"
        else:
            assert record is not None  # every form that changes a record is on that record's page
            if record.status in CLOSED:
                raise ValueError(f"{record.kind.capitalize()} {record.number} is {record.status}: its form is closed")
            if not typed and record.status != "draft":
                raise ValueError(f"Nothing to submit: no field of form {form.form_id} was changed")
            for field in fields:
                if field.element_id in typed:
                    record.fields[field.source] = typed[field.element_id]
            record.status, record.changed_by = form.status_after, browser.credential_id
            message = f"Submitted {record.kind} {record.number}"
        for field in fields:
            browser.drafts.pop(f"{path}#{field.element_id}", None)
        shown_at = (
            p.path.replace("{id}", record.number)
            for p in self.db.pages.values()
            if p.site_id == browser.site_id and p.record_kind == record.kind and "{id}" in p.path and not p.challenge
        )
        page_path = next(shown_at, path)
        return SubmitResult(message=message, record=self._record_view(record), page=page_path)

    # who is asking, and where

    @tool("read")
    def verify_employee(self, employee_id: str, pin: str) -> Employee:
        """Identify the employee you are working for by employee id and desk PIN; the answer
        gives their name, team and role.

        Args:
            employee_id: The employee id, e.g. "E201".
            pin: Their 4-digit desk PIN.
        """
        employee = self._get("employees", employee_id)
        if employee.pin != str(pin).strip():
            raise ValueError("PIN does not match")
        return employee

    @tool("read")
    def list_sites(self) -> list[SiteSummary]:
        """The web portals the team works with: id, name and kind, by site id."""
        return [
            SiteSummary(site_id=s.site_id, name=s.name, kind=s.kind)
            for s in sorted(self.db.sites.values(), key=lambda s: s.site_id)
        ]

    @tool("read")
    def get_site_rules(self, site_id: str) -> SiteRules:
        """A site's automation rules: whether its terms allow automation, the paths closed to
        it, its rate limit in actions per minute, whether it is outside our network, and the
        pages that stop automation with a CAPTCHA.

        Args:
            site_id: The site's id, e.g. "greenleaf".
        """
        site = self._get("sites", site_id)
        captcha = sorted(page.path for page in self.db.pages.values() if page.site_id == site_id and page.challenge)
        return SiteRules(site=site, captcha_paths=captcha)

    @tool("read")
    def list_credentials(self, site_id: str) -> list[CredentialView]:
        """The stored logins for a site (never their secrets): environment, owner, team,
        scope, whether the site asks the login for a one-time code, by credential id.

        Args:
            site_id: The site's id.
        """
        self._get("sites", site_id)
        found = sorted((c for c in self.db.credentials.values() if c.site_id == site_id), key=lambda c: c.credential_id)
        return [
            CredentialView(
                credential_id=c.credential_id,
                environment=c.environment,
                owner_id=c.owner_id,
                owner_name=self.db.employees[c.owner_id].name,
                team=c.team,
                scope=c.scope,
                mfa=c.mfa,
                label=c.label,
            )
            for c in found
        ]

    # the browser

    @tool("write")
    def open_browser(self, site_id: str, credential_id: str) -> PageView:
        """Open a browser on a site, signed in with a stored login, at the site's home page.
        The login's environment (production or sandbox) is the one the browser works in. A
        login used before in this conversation reopens its browser.

        Args:
            site_id: The site's id.
            credential_id: The stored login to sign in with, e.g. "CR101".
        """
        site = self._get("sites", site_id)
        credential = self._get("credentials", credential_id)
        if credential.site_id != site.site_id:
            raise ValueError(f"Credential {credential_id} is not a login for {site.name}")
        browser_id = f"B-{credential_id}"
        if browser_id in self.db.browsers and self.db.browsers[browser_id].state != "closed":
            raise ValueError(f"Browser {browser_id} is already open with that login")
        browser = Browser(
            browser_id=browser_id,
            site_id=site_id,
            credential_id=credential_id,
            environment=credential.environment,
            state="mfa_challenge" if credential.mfa else "ready",
            drafts={},
        )
        self.db.browsers[browser_id] = browser
        if credential.mfa:
            return PageView(
                browser_id=browser_id,
                site_id=site_id,
                environment=credential.environment,
                path="/login",
                title="Sign in",
                notice="Enter the one-time code sent to the login's owner.",
                elements=[],
            )
        page, record = self._page(site_id, credential.environment, "/")
        return self._view(browser, page, record, "/")

    @tool("read")
    def get_page(self, browser_id: str, path: str) -> PageView:
        """A page of the browser's site as it is now: its text, links, form fields (with what
        each accepts and what it holds), buttons and tables (their columns, row count and the
        personal data they hold).

        Args:
            browser_id: The open browser, e.g. "B-CR101".
            path: The page's path on the site, e.g. "/orders/PO-40112".
        """
        browser = self._browser(browser_id)
        page, record = self._page(browser.site_id, browser.environment, path)
        return self._view(browser, page, record, path)

    @tool("read")
    def extract_table(self, browser_id: str, path: str, element_id: str) -> TableView:
        """Read every row of a table on a page (nothing is stored; save_extraction keeps one).

        Args:
            browser_id: The open browser.
            path: The page's path.
            element_id: The table's element id, e.g. "orders-table".
        """
        browser = self._browser(browser_id)
        page, record = self._open_page(browser, path)
        element = self._element(page, path, element_id, "table")
        rows = self._rows(browser.site_id, browser.environment, element.source, record.number if record else "")
        shown = [self._record_view(row) for row in rows]
        return TableView(
            path=path,
            element_id=element_id,
            columns=element.columns,
            data_class=element.data_class,
            rows=[{column: row.get(column, "") for column in element.columns} for row in shown],
        )

    @tool("write")
    def type_into_field(self, browser_id: str, path: str, element_id: str, value: str) -> PageView:
        """Type a value into a form field (it replaces what the field held). The field checks
        the value against its rule; nothing reaches the site until the form is submitted or
        saved.

        Args:
            browser_id: The open browser.
            path: The page's path.
            element_id: The field's element id, e.g. "qty".
            value: The value, as the field's rule asks (e.g. a date written MM/DD/YYYY).
        """
        browser = self._browser(browser_id, acting=True)
        page, record = self._open_page(browser, path)
        element = self._element(page, path, element_id, "field")
        browser.drafts[f"{path}#{element_id}"] = check_value(element, value)
        return self._view(browser, page, record, path)

    @tool("write")
    def click_element(self, browser_id: str, path: str, element_id: str) -> SubmitResult:
        """Press a button on a page. Each button's action is on the page: submit (the form's
        final submission, as submit_form), save_draft (keeps what was typed on the record as a
        draft, not sent), cancel (cancels the page's record) or pay (pays it).

        Args:
            browser_id: The open browser.
            path: The page's path.
            element_id: The button's element id.
        """
        browser = self._browser(browser_id, acting=True)
        page, record = self._open_page(browser, path)
        button = self._element(page, path, element_id, "button")
        if button.action == "submit":
            return self._submit(browser, page, record, path, self._form(page, path, button.form))
        assert record is not None  # buttons other than a form's submit are on a record's page
        if record.status in CLOSED:
            raise ValueError(f"{record.kind.capitalize()} {record.number} is {record.status}")
        if button.action == "save_draft":
            fields = [e for e in page.elements if e.kind == "field" and e.form == button.form]
            typed = [f for f in fields if f"{path}#{f.element_id}" in browser.drafts]
            if not typed:
                raise ValueError(f"Nothing to save: no field of form {button.form} was changed")
            for field in typed:
                record.fields[field.source] = browser.drafts.pop(f"{path}#{field.element_id}")
            record.status, message = "draft", f"Saved {record.kind} {record.number} as a draft (not sent)"
        elif button.action == "cancel":
            record.status, message = "cancelled", f"Cancelled {record.kind} {record.number}"
        else:
            record.status, message = "paid", f"Paid {record.kind} {record.number}"
            record.fields["paid_on"] = self._today()
        record.changed_by = browser.credential_id
        return SubmitResult(message=message, record=self._record_view(record), page=path)

    @tool("write")
    def submit_form(self, browser_id: str, path: str, form_id: str) -> SubmitResult:
        """Submit a form for good (its final submission, not a draft): the values typed into
        its fields reach the site, which updates the page's record or creates a new one.

        Args:
            browser_id: The open browser.
            path: The page's path.
            form_id: The form's id, as its fields and buttons name it, e.g. "po-form".
        """
        browser = self._browser(browser_id, acting=True)
        page, record = self._open_page(browser, path)
        return self._submit(browser, page, record, path, self._form(page, path, form_id))

    @tool("write")
    def close_browser(self, browser_id: str) -> str:
        """Close a browser and sign its login out; whatever was typed and not submitted is lost.

        Args:
            browser_id: The browser to close.
        """
        browser = self._get("browsers", browser_id)
        if browser.state == "closed":
            raise ValueError(f"Browser {browser_id} is already closed")
        browser.state, browser.drafts = "closed", {}
        return f"Browser {browser_id} closed"

    # what the desk keeps

    @tool("write")
    def save_extraction(
        self, name: str, browser_id: str, path: str, element_id: str, owner_id: str, expires_on: str
    ) -> Extraction:
        """Keep a table's rows as a named extraction for its owner, until a day.

        Args:
            name: A name for the extraction, e.g. "Brightmart produce prices".
            browser_id: The open browser.
            path: The page's path.
            element_id: The table's element id.
            owner_id: The employee the extraction belongs to.
            expires_on: The day it is deleted, YYYY-MM-DD, after today.
        """
        browser = self._browser(browser_id)
        page, record = self._open_page(browser, path)
        element = self._element(page, path, element_id, "table")
        self._get("employees", owner_id)
        expires = a_date(expires_on, "Expiry").isoformat()
        if expires <= self._today():
            raise ValueError(f"Expiry must be after today ({self._today()})")
        if not str(name).strip():
            raise ValueError("Name cannot be empty")
        rows = self._rows(browser.site_id, browser.environment, element.source, record.number if record else "")
        extraction_id = self._new_id("EX-", "next_extraction_number")
        extraction = Extraction(
            extraction_id=extraction_id,
            name=str(name).strip(),
            site_id=browser.site_id,
            path=path,
            element_id=element_id,
            owner_id=owner_id,
            columns=element.columns,
            rows=len(rows),
            data_class=element.data_class,
            created=self._today(),
            expires_on=expires,
        )
        self.db.extractions[extraction_id] = extraction
        return extraction

    @tool("read")
    def get_workflow(self, workflow_id: str) -> Workflow:
        """A workflow: site, owner, steps, schedule, retries, delay between steps, status and
        its recent runs (oldest first).

        Args:
            workflow_id: The workflow's id, e.g. "WF-1042".
        """
        return self._get("workflows", workflow_id)

    @tool("write")
    def create_workflow(
        self,
        name: str,
        site_id: str,
        owner_id: str,
        steps: Annotated[list[WorkflowStep], Ordered("the order the steps run")],
        days: str,
        start: str,
        retries: int,
        step_delay_seconds: int,
    ) -> Workflow:
        """Create a scheduled workflow on a site (the scheduler runs it in production; it is
        stored here, not run).

        Args:
            name: The workflow's name.
            site_id: The site it runs on.
            owner_id: The employee who owns it.
            steps: The steps in order, each {"action": open|click|fill|extract|submit,
                "target": a page path for open, else an element id, "value": what a fill types}.
            days: The days it runs: daily, weekdays, or one of MON TUE WED THU FRI SAT SUN.
            start: The time it starts, HH:MM on a 24-hour clock, e.g. "09:30".
            retries: How many times a failed run is retried, 0 to 10.
            step_delay_seconds: The pause between two steps, in whole seconds.
        """
        self._get("sites", site_id)
        self._get("employees", owner_id)
        if not str(name).strip():
            raise ValueError("Name cannot be empty")
        try:
            checked = [step if isinstance(step, WorkflowStep) else WorkflowStep.model_validate(step) for step in steps]
        except (ValidationError, TypeError):
            raise ValueError(
                'Each step is {"action": open|click|fill|extract|submit, "target": ..., "value": ...}'
            ) from None
        if not checked or len(checked) > MAX_SCHEDULER_STEPS:
            raise ValueError(f"A workflow has 1 to {MAX_SCHEDULER_STEPS} steps")
        for step in checked:
            if step.action == "open" and not step.target.startswith("/"):
                raise ValueError("An open step's target is a page path starting with /")
            if step.action == "fill" and not step.value:
                raise ValueError("A fill step needs a value")
        if days not in DAYS:
            raise ValueError("Days must be daily, weekdays or one of MON TUE WED THU FRI SAT SUN")
        if not isinstance(start, str) or not START.fullmatch(start.strip()):
            raise ValueError("Start must be a time written HH:MM, e.g. 09:30")
        if isinstance(retries, bool) or not isinstance(retries, int) or not 0 <= retries <= MAX_RETRIES:
            raise ValueError(f"Retries must be a whole number from 0 to {MAX_RETRIES}")
        delay = step_delay_seconds
        if isinstance(delay, bool) or not isinstance(delay, int) or not 0 <= delay <= MAX_DELAY:
            raise ValueError(f"Step delay must be a whole number of seconds from 0 to {MAX_DELAY}")
        workflow_id = self._new_id("WF-", "next_workflow_number")
        workflow = Workflow(
            workflow_id=workflow_id,
            name=str(name).strip(),
            site_id=site_id,
            owner_id=owner_id,
            steps=checked,
            schedule=f"{days} {start.strip()}",
            retries=retries,
            step_delay_seconds=delay,
            status="active",
            recent_runs=[],
        )
        self.db.workflows[workflow_id] = workflow
        return workflow

    @tool("write")
    def pause_workflow(self, workflow_id: str) -> Workflow:
        """Pause an active workflow: the scheduler stops starting it.

        Args:
            workflow_id: The workflow's id.
        """
        workflow = self._get("workflows", workflow_id)
        if workflow.status == "paused":
            raise ValueError(f"Workflow {workflow_id} is already paused")
        workflow.status = "paused"
        return workflow

    @tool("read")
    def get_monitor(self, monitor_id: str) -> Monitor:
        """A monitor: the page and element it watches, its kind, alert threshold, interval,
        owner, last value and when it was read, and whether it is alerting.

        Args:
            monitor_id: The monitor's id, e.g. "MON-3107".
        """
        return self._get("monitors", monitor_id)

    @tool("write")
    def create_monitor(
        self,
        site_id: str,
        path: str,
        element_id: str,
        owner_id: str,
        kind: MonitorKind,
        threshold_pct: float,
        interval_minutes: int,
    ) -> Monitor:
        """Watch one element of a page (in production); its value now is the first reading.

        Args:
            site_id: The site.
            path: The page's path.
            element_id: The text element to watch.
            owner_id: The employee the monitor belongs to.
            kind: price (a number) or status (a word).
            threshold_pct: The change, in percent, that raises an alert (0: any change).
            interval_minutes: Minutes between two readings.
        """
        self._get("sites", site_id)
        page, record = self._page(site_id, "production", path)
        if page.challenge:
            raise ValueError(f"Page {path} is behind a CAPTCHA; the browser cannot go on")
        element = self._element(page, path, element_id, "text")
        self._get("employees", owner_id)
        if kind not in ("price", "status"):
            raise ValueError("Kind must be price or status")
        threshold = _number(threshold_pct) if not isinstance(threshold_pct, str) else None
        if threshold is None or threshold < 0:
            raise ValueError("Threshold must be a number of percent, 0 or more")
        if isinstance(interval_minutes, bool) or not isinstance(interval_minutes, int):
            raise ValueError(f"Interval must be a whole number of minutes from {MIN_INTERVAL} to {MAX_INTERVAL}")
        if not MIN_INTERVAL <= interval_minutes <= MAX_INTERVAL:
            raise ValueError(f"Interval must be a whole number of minutes from {MIN_INTERVAL} to {MAX_INTERVAL}")
        value = self._shown(record, element.source)
        monitor_id = self._new_id("MON-", "next_monitor_number")
        monitor = Monitor(
            monitor_id=monitor_id,
            site_id=site_id,
            path=path,
            element_id=element_id,
            kind=kind,
            threshold_pct=round(threshold, 2),
            interval_minutes=interval_minutes,
            owner_id=owner_id,
            last_value=_reading(kind, value),
            last_checked=self._now(),
            alerting=False,
            status="active",
        )
        self.db.monitors[monitor_id] = monitor
        return monitor

    @tool("write")
    def log_monitor_reading(self, monitor_id: str, value: str, alert: bool) -> Monitor:
        """Record a reading taken by hand for a monitor: it becomes the last value, and the
        monitor alerts or stops alerting as you say.

        Args:
            monitor_id: The monitor's id.
            value: The value read, as the page shows it (a price as a number, e.g. "45.36").
            alert: True when the change since the last value reaches the alert threshold.
        """
        monitor = self._get("monitors", monitor_id)
        if monitor.status != "active":
            raise ValueError(f"Monitor {monitor_id} is paused")
        if not isinstance(alert, bool):
            raise ValueError("Alert must be true or false")
        if monitor.kind == "price" and _number(value) is None:
            raise ValueError("A price monitor's reading is a number")
        reading = _reading(monitor.kind, value)
        if not reading:
            raise ValueError("Value cannot be empty")
        monitor.last_value, monitor.last_checked, monitor.alerting = reading, self._now(), alert
        return monitor

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)


def _reading(kind: str, value: Any) -> str:
    number = _number(value)
    if kind == "price" and number is not None:
        return f"{number:.2f}"
    return "" if value is None else str(value).strip()
