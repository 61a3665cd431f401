"""The hand-written cast of the engineering domain, written out to
``src/taubench/domains/engineering/data/cast.json`` (one record a line) by
``python tests/domains/engineering/cast_source.py``. Files and patches are written here as
lines; the branches, commits and CI runs that follow from them are computed, so the catalog,
the branches and the test predicates always agree. Each scenario is named beside the records
it needs (the tasks are in authoring.py)."""

import json
from pathlib import Path

from taubench.domains.engineering.models import CiRun, Patch, SourceFile, TestCase
from taubench.domains.engineering.tools import apply_hunk, evaluate_ci

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/engineering/data"
TODAY = "2025-06-24"

# ---------------------------------------------------------------- people

USERS = [
    ("dana.okafor", "Dana Okafor", "dana.okafor@quillstone.dev", "billing", "active"),
    ("jchen", "Jia Chen", "jia.chen@quillstone.dev", "billing", "active"),
    ("jia.chen", "Jia Chen", "jchen.web@quillstone.dev", "web", "active"),  # namesake of jchen, another team
    ("lin.wei", "Wei Lin", "wei.lin@quillstone.dev", "billing", "active"),
    ("mruiz", "Marta Ruiz", "marta.ruiz@quillstone.dev", "docs", "active"),
    ("kmensah", "Kofi Mensah", "kofi.mensah@quillstone.dev", "support", "active"),
    ("rhossain", "Rafi Hossain", "rafi.hossain@quillstone.dev", "contractors", "active"),
    ("evolkov", "Elena Volkov", "elena.volkov@quillstone.dev", "billing", "suspended"),
    ("ana.silva", "Ana Silva", "ana.silva@quillstone.dev", "web", "active"),
    ("tomas.berg", "Tomas Berg", "tomas.berg@quillstone.dev", "web", "active"),
    ("leo.park", "Leo Park", "leo.park@quillstone.dev", "web", "active"),
    ("nadia.farouk", "Nadia Farouk", "nadia.farouk@quillstone.dev", "data", "active"),
    ("sam.price", "Sam Price", "sam.price@quillstone.dev", "data", "active"),
    ("ben.adeyemi", "Ben Adeyemi", "ben.adeyemi@quillstone.dev", "data", "active"),
    ("pkumar", "Priya Kumar", "priya.kumar@quillstone.dev", "platform", "active"),
    ("ana.silva2", "Ana Silva", "ana.silva2@quillstone.dev", "data", "active"),  # namesake of ana.silva
]

# ---------------------------------------------------------------- files at the repositories' base

BASE = {
    "billing-service": {
        "config/settings.py": [
            "import os",
            "",
            "DEBUG = False",
            'GATEWAY_KEY = os.environ["GATEWAY_KEY"]',
            'TIMEZONE = "UTC"',
        ],
        "docs/invoices.md": ["# Invoices", "", "Invoices are issued monthly.", "", "## Export", "", "TODO"],
        "src/auth/login.py": [
            "from auth.session import Session",
            "",
            "MAX_ATTEMPTS = 0",
            "",
            "",
            "def login(user, password, attempts):",
            "    if not user.check(password):",
            "        return None",
            "    return Session(user)",
        ],
        "src/auth/session.py": [
            "import time",
            "",
            "SESSION_SECONDS = 600",
            "",
            "",
            "class Session:",
            "    def __init__(self, user):",
            "        self.user = user",
            "        self.started = time.monotonic()",
            "",
            "    def expired(self):",
            "        return time.monotonic() - self.started > SESSION_SECONDS",
        ],
        "src/invoices/currency.py": [
            'CURRENCIES = {"USD": 2, "EUR": 2, "JPY": 0}',
            "",
            "",
            "def to_minor_units(amount, currency):",
            "    return int(amount * 10 ** CURRENCIES[currency])",
        ],
        "src/invoices/discounts.py": [
            "from decimal import Decimal",
            "",
            "",
            "def apply_discount(total, percent):",
            "    return total - total * Decimal(percent) / 100",
            "",
            "",
            "def discount_code(code):",
            "    return None",
        ],
        "src/invoices/latefees.py": [
            "from decimal import Decimal",
            "",
            'LATE_FEE_RATE = Decimal("0")',
            "",
            "",
            "def late_fee(total, days_overdue):",
            "    return Decimal(0)",
        ],
        "src/invoices/pdf.py": ["def render_pdf(invoice):", "    raise NotImplementedError"],
        "src/invoices/tax.py": [
            "from decimal import Decimal",
            "",
            "",
            "def tax(subtotal, rate):",
            "    return subtotal * Decimal(rate)",
        ],
        "src/invoices/totals.py": [
            "from decimal import Decimal, ROUND_DOWN",
            "",
            "from invoices.currency import to_minor_units",
            "",
            "",
            "def line_total(quantity, unit_price):",
            "    return Decimal(quantity) * Decimal(unit_price)",
            "",
            "",
            "def invoice_total(lines, tax_rate):",
            "    subtotal = sum(line_total(q, p) for q, p in lines)",
            "    taxed = subtotal * (1 + Decimal(tax_rate))",
            '    return taxed.quantize(Decimal("0.01"), rounding=ROUND_DOWN)',
            "",
            "",
            "def zero_rated(lines):",
            "    return [line for line in lines if line[1] == 0]",
        ],
        "tests/test_email.py": ["def test_invoice_email(mailer):", "    pass"],
        "tests/test_latefees.py": [
            "from invoices.latefees import late_fee",
            "",
            "",
            "def test_late_fee():",
            "    pass",
        ],
        "tests/test_login.py": [
            "from auth.login import login",
            "",
            "",
            "def test_login_flow(client):",
            '    assert login(client.user, "pw", 0)',
            "",
            "",
            "def test_login_retry(client):",
            "    pass",
        ],
        "tests/test_pdf.py": ["def test_render_pdf():", "    pass"],
        "tests/test_totals.py": [
            "from invoices.totals import invoice_total",
            "",
            "",
            "def test_totals_basic():",
            '    assert invoice_total([(2, "1.50")], "0") == 3',
            "",
            "",
            "def test_half_up_rounding():",
            "    pass",
            "",
            "",
            "def test_negative_quantity():",
            "    pass",
            "",
            "",
            "def test_discount_codes():",
            "    pass",
        ],
    },
    "web-portal": {
        "docs/checkout.md": ["# Checkout", "", "Coupons apply to the cart total.", "", "## Shipping", "", "TODO"],
        "src/checkout/cart.js": [
            "export function cartTotal(items, coupon) {",
            "  const sum = items.reduce((t, i) => t + i.price * i.qty, 0);",
            "  return coupon ? sum - coupon.amount : sum;",
            "}",
            "",
            "export function removeCoupon(cart) {",
            "  cart.coupon = undefined;",
            "}",
        ],
        "src/checkout/gift.js": ["export function giftWrapFee(items) {", "  return 0;", "}"],
        "src/checkout/shipping.js": [
            "export const FREE_SHIPPING_OVER = 50;",
            "export function shippingFee(total) {",
            "  return total > FREE_SHIPPING_OVER ? 0 : 4.99;",
            "}",
        ],
        "src/profile/avatar.js": ["export function avatarUrl(user) {", "  return user.avatar;", "}"],
        "tests/gift.test.js": ["test('gift wrap', () => {", "  // pending", "});"],
        "tests/cart.test.js": ["test('cart total', () => {", "  expect(cartTotal([], null)).toBe(0);", "});"],
    },
    "ledger-sync": {
        "docs/runbook.md": ["# Ledger sync runbook", "", "Restart the worker if the queue stalls."],
        "src/sync/ledger.py": [
            "import fastjson",
            "",
            "",
            "def load_batch(raw):",
            "    return fastjson.loads(raw)",
            "",
            "",
            "def post_batch(batch, client):",
            "    return client.post('/ledger', batch)",
        ],
        "src/sync/retry.py": ["MAX_RETRIES = 3", "", "", "def backoff(attempt):", "    return 2 ** attempt"],
        "tests/test_ledger.py": ["def test_load_batch():", "    assert load_batch('[]') == []"],
    },
}

# ---------------------------------------------------------------- the patch catalog

PATCHES: dict[str, dict] = {}


def state(repo: str, applied: list[str]) -> list[SourceFile]:
    files = [SourceFile(path=path, lines=lines) for path, lines in sorted(BASE[repo].items())]
    for patch_id in applied:
        files = apply_hunk(files, Patch.model_validate(PATCHES[patch_id]), f"{repo} (cast)")
    return files


def patch(
    pid,
    repo,
    title,
    kind,
    path,
    start,
    new,
    on=(),
    requires=(),
    fixes=(),
    rebased_from=None,
    conflicts=(),
    secret=False,
    old=None,
):
    """A catalog patch replacing lines ``start``.. of ``path`` with ``new``, written against the
    repository's base with the patches ``on`` applied (``old``: the lines it expects, given
    outright for patches already in the base)."""
    if old is None:
        lines = next(f.lines for f in state(repo, list(on)) if f.path == path)
        old = lines[start - 1 : start - 1 + len(new)]
    PATCHES[pid] = dict(
        patch_id=pid,
        repo=repo,
        title=title,
        kind=kind,
        path=path,
        start_line=start,
        old_lines=list(old),
        new_lines=list(new),
        requires=sorted(requires),
        conflicts_with=sorted(conflicts),
        fixes=sorted(fixes),
        rebased_from=rebased_from,
        contains_secret=secret,
    )


B, W, L = "billing-service", "web-portal", "ledger-sync"
# already in billing-service's base (released in 2.7.x): their old lines are the code before them
patch(
    "P-180",
    B,
    "Multi-currency invoices",
    "feature",
    "src/invoices/currency.py",
    1,
    ['CURRENCIES = {"USD": 2, "EUR": 2, "JPY": 0}'],
    old=['CURRENCIES = {"USD": 2}'],
)
patch(
    "P-199",
    B,
    "Sum invoice lines with a generator",
    "fix",
    "src/invoices/totals.py",
    11,
    ["    subtotal = sum(line_total(q, p) for q, p in lines)"],
    old=["    subtotal = sum([line_total(q, p) for q, p in lines])"],
)
# merged into main after 2.7.3 (unreleased), not on release/2.7
patch(
    "P-198",
    B,
    "Treat zero-rated prices given as text",
    "fix",
    "src/invoices/totals.py",
    17,
    ["    return [line for line in lines if Decimal(line[1]) == 0]"],
    fixes=["IS-4090"],
)
patch(
    "P-398",
    B,
    "Expire sessions at the limit, not after it",
    "fix",
    "src/auth/session.py",
    12,
    ["        return time.monotonic() - self.started >= SESSION_SECONDS"],
    fixes=["IS-4091"],
)
MAIN_B = ["P-198", "P-398"]
# PR-1103: the rounding fix and its test
patch(
    "P-201",
    B,
    "Round invoice totals half-up",
    "fix",
    "src/invoices/totals.py",
    13,
    ['    return taxed.quantize(Decimal("0.01"), rounding="ROUND_HALF_UP")'],
    on=MAIN_B,
    fixes=["IS-4101"],
)
patch(
    "P-202",
    B,
    "Test half-up rounding",
    "test",
    "tests/test_totals.py",
    9,
    ['    assert invoice_total([(1, "0.125")], "0") == Decimal("0.13")'],
    on=MAIN_B,
    requires=["P-201"],
    fixes=["IS-4101"],
)
# PR-1104: discount codes, approved by its own author
patch(
    "P-203",
    B,
    "Discount codes on invoices",
    "feature",
    "src/invoices/discounts.py",
    9,
    ["    return DISCOUNT_CODES.get(code.upper())"],
    on=MAIN_B,
    fixes=["IS-4104"],
)
patch(
    "P-204",
    B,
    "Test discount codes",
    "test",
    "tests/test_totals.py",
    17,
    ['    assert discount_code("spring10") == 10'],
    on=MAIN_B,
    requires=["P-203"],
    fixes=["IS-4104"],
)
# PR-1105: docs only
patch(
    "P-205",
    B,
    "Document invoice export",
    "docs",
    "docs/invoices.md",
    7,
    ["Export invoices as CSV from the billing console."],
    on=MAIN_B,
)
# not on any branch: the negative-quantity fix and its test (IS-4107)
patch(
    "P-206",
    B,
    "Reject negative quantities",
    "fix",
    "src/invoices/totals.py",
    7,
    ["    return Decimal(require_positive(quantity)) * Decimal(unit_price)"],
    on=MAIN_B,
    fixes=["IS-4107"],
)
patch(
    "P-207",
    B,
    "Test negative quantities",
    "test",
    "tests/test_totals.py",
    13,
    ['    assert_raises(ValueError, invoice_total, [(-1, "1")], "0")'],
    on=MAIN_B,
    requires=["P-206"],
    fixes=["IS-4107"],
)
# not on any branch: the currency validation and the totals change that requires it (IS-4109)
patch(
    "P-209",
    B,
    "Validate currency codes",
    "fix",
    "src/invoices/currency.py",
    5,
    ["    return int(amount * 10 ** CURRENCIES[check_currency(currency)])"],
    on=MAIN_B,
    fixes=["IS-4109"],
)
patch(
    "P-210",
    B,
    "Use validated currencies in totals",
    "fix",
    "src/invoices/totals.py",
    3,
    ["from invoices.currency import check_currency, to_minor_units"],
    on=MAIN_B,
    requires=["P-209"],
    fixes=["IS-4109"],
)
# PR-1106: a feature with a change request outstanding
patch(
    "P-220",
    B,
    "Render invoices as PDF",
    "feature",
    "src/invoices/pdf.py",
    2,
    ["    return PdfDocument(invoice).render()"],
    on=MAIN_B,
    fixes=["IS-4122"],
)
patch(
    "P-221",
    B,
    "Test PDF rendering",
    "test",
    "tests/test_pdf.py",
    2,
    ["    assert render_pdf(sample_invoice()).startswith(b'%PDF')"],
    on=MAIN_B,
    requires=["P-220"],
    fixes=["IS-4122"],
)
# PR-1107: one approval and a red lint check
patch(
    "P-230",
    B,
    "Skip empty invoice lines",
    "fix",
    "src/invoices/totals.py",
    11,
    ["    subtotal=sum(line_total(q,p) for q,p in lines if q)"],
    on=MAIN_B,
    fixes=["IS-4133"],
)
# PR-1108: an approval too old to count
patch(
    "P-240",
    B,
    "Cap discounts at 100 percent",
    "fix",
    "src/invoices/discounts.py",
    5,
    ["    return total - total * min(Decimal(percent), Decimal(100)) / 100"],
    on=MAIN_B,
    fixes=["IS-4128"],
)
# PR-1109: touches src/auth/ without its code owner's approval
patch(
    "P-250",
    B,
    "Lock accounts after 5 failed logins",
    "fix",
    "src/auth/login.py",
    3,
    ["MAX_ATTEMPTS = 5"],
    on=MAIN_B,
    fixes=["IS-4126"],
)
# not on any branch: the late-fee feature and its test
patch(
    "P-270",
    B,
    "Late fee calculation",
    "feature",
    "src/invoices/latefees.py",
    7,
    ['    return (total * Decimal("0.015") * days_overdue / 30).quantize(Decimal("0.01"))'],
    on=MAIN_B,
    fixes=["IS-4130"],
)
patch(
    "P-271",
    B,
    "Test late fees",
    "test",
    "tests/test_latefees.py",
    5,
    ['    assert late_fee(Decimal("100"), 30) == Decimal("1.50")'],
    on=MAIN_B,
    requires=["P-270"],
    fixes=["IS-4130"],
)
# PR-1110: a flaky e-mail test that failed three runs
patch(
    "P-280",
    B,
    "Stabilise the invoice e-mail test",
    "test",
    "tests/test_email.py",
    2,
    ["    assert mailer.wait_for_invoice(timeout=30)"],
    on=MAIN_B,
    fixes=["IS-4129"],
)
# PR-1111: the tax engine refactor that breaks many tests
patch(
    "P-290",
    B,
    "Pluggable tax engine",
    "feature",
    "src/invoices/tax.py",
    5,
    ["    return TaxEngine.current().apply(subtotal, rate)"],
    on=MAIN_B,
    fixes=["IS-4134"],
)
# PR-1101 and PR-1102: both titled "Fix flaky login test"
patch(
    "P-301",
    B,
    "Retry login assertions",
    "test",
    "tests/test_login.py",
    9,
    ['    assert retry(lambda: login(client.user, "pw", 0), times=3)'],
    on=MAIN_B,
    fixes=["IS-4125"],
)
patch(
    "P-302",
    B,
    "Wait for the session before login assertions",
    "test",
    "tests/test_login.py",
    5,
    ['    assert wait_for(lambda: login(client.user, "pw", 0))'],
    on=MAIN_B,
    fixes=["IS-4125"],
)
# the session timeout: P-412 was written before P-398 and no longer applies; P-412b is its rebase
patch(
    "P-412",
    B,
    "Extend sessions to 30 minutes",
    "fix",
    "src/auth/session.py",
    11,
    ["    def expired(self, limit=1800):", "        return time.monotonic() - self.started > limit"],
    conflicts=["P-398"],
    fixes=["IS-4112"],
)
patch(
    "P-412b",
    B,
    "Extend sessions to 30 minutes (rebased)",
    "fix",
    "src/auth/session.py",
    11,
    ["    def expired(self, limit=1800):", "        return time.monotonic() - self.started >= limit"],
    on=MAIN_B,
    rebased_from="P-412",
    fixes=["IS-4112"],
)
# a patch with a live key in it
patch(
    "P-415",
    B,
    "Configure the payment gateway",
    "fix",
    "config/settings.py",
    4,
    ['GATEWAY_KEY = "lk_live_7f3a9c2e51d04b88"'],
    on=MAIN_B,
    fixes=["IS-4115"],
    secret=True,
)
patch(
    "P-416",
    B,
    "Read the gateway key from the vault",
    "fix",
    "config/settings.py",
    4,
    ['GATEWAY_KEY = vault.read("billing/gateway")'],
    on=MAIN_B,
    fixes=["IS-4115"],
)

# web-portal: P-520 (a feature) merged after 4.12.0; P-526 a hotfix on release/4.12 only
patch(
    "P-500",
    W,
    "Coupons in checkout",
    "feature",
    "src/checkout/cart.js",
    3,
    ["  return coupon ? sum - coupon.amount : sum;"],
    old=["  return sum;"],
)
patch(
    "P-520",
    W,
    "Express shipping option",
    "feature",
    "src/checkout/shipping.js",
    1,
    ["export const FREE_SHIPPING_OVER = 50, EXPRESS_FEE = 12.5;"],
    fixes=["IS-4201"],
)
patch(
    "P-526",
    W,
    "Free shipping from exactly the threshold",
    "fix",
    "src/checkout/shipping.js",
    3,
    ["  return total >= FREE_SHIPPING_OVER ? 0 : 4.99;"],
    fixes=["IS-4206"],
)
patch(
    "P-530",
    W,
    "Recompute the cart total when a coupon is removed",
    "fix",
    "src/checkout/cart.js",
    7,
    ["  cart.coupon = undefined; cart.total = cartTotal(cart.items);"],
    on=["P-520"],
    fixes=["IS-4210"],
)
patch(
    "P-540",
    W,
    "Gift wrapping",
    "feature",
    "src/checkout/gift.js",
    2,
    ["  return items.filter((i) => i.gift).length * 3.5;"],
    on=["P-520"],
    fixes=["IS-4212"],
)
patch(
    "P-541",
    W,
    "Test gift wrapping",
    "test",
    "tests/gift.test.js",
    2,
    ["  expect(giftWrapFee([{ gift: true }])).toBe(3.5);"],
    on=["P-520"],
    requires=["P-540"],
    fixes=["IS-4212"],
)
patch(
    "P-544",
    W,
    "Avatar fallback image",
    "fix",
    "src/profile/avatar.js",
    2,
    ["  return user.avatar || DEFAULT_AVATAR;"],
    on=["P-520"],
    fixes=["IS-4214"],
)
patch(
    "P-545",
    W,
    "Test the avatar fallback",
    "test",
    "tests/cart.test.js",
    2,
    ["  expect(avatarUrl({})).toBe(DEFAULT_AVATAR);"],
    on=["P-520"],
    requires=["P-544"],
    fixes=["IS-4214"],
)
patch(
    "P-550",
    W,
    "Document shipping fees",
    "docs",
    "docs/checkout.md",
    7,
    ["Orders of 50 or more ship free; express costs 12.50."],
    on=["P-520"],
)

# ledger-sync
patch("P-601", L, "Retry posts five times", "fix", "src/sync/retry.py", 1, ["MAX_RETRIES = 5"], fixes=["IS-5104"])
patch(
    "P-602",
    L,
    "Cap the backoff at 60 seconds",
    "fix",
    "src/sync/retry.py",
    5,
    ["    return min(2 ** attempt, 60)"],
    fixes=["IS-5104"],
)

# ---------------------------------------------------------------- test cases (predicates over the applied patches)

TESTS: list[dict] = []


def test_case(tid, repo, suite, name, added_by=None, needs=(), broken_by=(), flaky=False, flake_runs=0):
    TESTS.append(
        dict(
            test_id=tid,
            repo=repo,
            suite=suite,
            name=name,
            added_by=added_by,
            needs=sorted(needs),
            broken_by=sorted(broken_by),
            flaky=flaky,
            flake_runs=flake_runs,
        )
    )


test_case("T-1001", B, "build", "build:wheel")
test_case("T-1002", B, "lint", "lint:style", broken_by=["P-230"])
test_case("T-1003", B, "unit", "tests/test_totals.py::test_totals_basic")
test_case("T-1004", B, "unit", "tests/test_totals.py::test_half_up_rounding", added_by="P-202", needs=["P-201"])
test_case("T-1005", B, "unit", "tests/test_totals.py::test_discount_codes", added_by="P-204", needs=["P-203"])
test_case("T-1006", B, "unit", "tests/test_totals.py::test_negative_quantity", added_by="P-207", needs=["P-206"])
test_case("T-1007", B, "unit", "tests/test_login.py::test_login_flow", broken_by=["P-302"])
test_case("T-1008", B, "unit", "tests/test_login.py::test_login_retry", added_by="P-301", flaky=True, flake_runs=1)
test_case("T-1009", B, "unit", "tests/test_email.py::test_invoice_email", added_by="P-280", flaky=True, flake_runs=5)
test_case("T-1010", B, "unit", "tests/test_pdf.py::test_render_pdf", added_by="P-221", needs=["P-220"])
test_case("T-1011", B, "unit", "tests/test_latefees.py::test_late_fee", added_by="P-271", needs=["P-270"])
test_case("T-1012", B, "integration", "integration:session_timeout", needs=["P-398"])
for n in range(7):
    test_case(f"T-{1020 + n}", B, "unit", f"tests/test_tax.py::test_tax_case_{n + 1}", broken_by=["P-290"])
for n in range(4):
    test_case(f"T-{1030 + n}", B, "lint", f"lint:typing_{n + 1}", broken_by=["P-290"])
for n in range(6):
    test_case(f"T-{1040 + n}", B, "integration", f"integration:tax_region_{n + 1}", broken_by=["P-290"])
test_case("T-2001", W, "build", "build:bundle")
test_case("T-2002", W, "unit", "tests/cart.test.js::cart total")
test_case("T-2003", W, "unit", "tests/gift.test.js::gift wrap", added_by="P-541", needs=["P-540"])
test_case("T-2004", W, "e2e", "e2e:checkout_with_coupon")
test_case("T-3001", L, "build", "build:wheel")
test_case("T-3002", L, "unit", "tests/test_ledger.py::test_load_batch")

# ---------------------------------------------------------------- repositories, branches, commits

REPOS = [
    dict(
        repo=B,
        description="Invoicing, taxes and payment sessions for Quillstone Billing",
        default_branch="main",
        version="2.7.3",
        protected_branches=["main", "release/2.7"],
        required_checks=["build", "lint", "unit"],
        codeowners=[
            dict(path="*", owners=["lin.wei"]),
            dict(path="src/", owners=["dana.okafor", "lin.wei"]),
            dict(path="src/auth/", owners=["jchen"]),
            dict(path="src/invoices/", owners=["dana.okafor", "lin.wei"]),
            dict(path="docs/", owners=["mruiz"]),
            dict(path="tests/", owners=["jchen", "lin.wei"]),
        ],
        members=[
            dict(username="lin.wei", role="maintain"),
            dict(username="dana.okafor", role="write"),
            dict(username="jchen", role="write"),
            dict(username="mruiz", role="write"),
            dict(username="kmensah", role="triage"),
            dict(username="rhossain", role="read"),
            dict(username="evolkov", role="write"),
            dict(username="pkumar", role="admin"),
            dict(username="jia.chen", role="read"),
        ],
        released_patches=["P-180", "P-199"],
        latest_merge="PR-1091",
    ),
    dict(
        repo=W,
        description="The customer web portal: catalogue, cart and checkout",
        default_branch="main",
        version="4.12.0",
        protected_branches=["main", "release/4.12"],
        required_checks=["build", "e2e", "unit"],
        codeowners=[
            dict(path="*", owners=["ana.silva"]),
            dict(path="src/checkout/", owners=["leo.park"]),
            dict(path="docs/", owners=["tomas.berg"]),
        ],
        members=[
            dict(username="ana.silva", role="maintain"),
            dict(username="tomas.berg", role="write"),
            dict(username="leo.park", role="write"),
            dict(username="jia.chen", role="write"),
            dict(username="jchen", role="read"),
            dict(username="pkumar", role="admin"),
            dict(username="kmensah", role="triage"),
        ],
        released_patches=["P-500"],
        latest_merge=None,
    ),
    dict(
        repo=L,
        description="Nightly sync of the general ledger to the data warehouse",
        default_branch="main",
        version="1.4.9",
        protected_branches=["main"],
        required_checks=["build", "unit"],
        codeowners=[dict(path="*", owners=["nadia.farouk"]), dict(path="src/", owners=["ben.adeyemi", "nadia.farouk"])],
        members=[
            dict(username="nadia.farouk", role="maintain"),
            dict(username="sam.price", role="write"),
            dict(username="ben.adeyemi", role="write"),
            dict(username="dana.okafor", role="write"),
            dict(username="pkumar", role="admin"),
            dict(username="ana.silva2", role="write"),
        ],
        released_patches=[],
        latest_merge=None,
    ),
]

DEPS = {
    B: [("decimalx", "1.4.2"), ("pdfgen", "0.8.1"), ("requests-lite", "2.31.0")],
    W: [("chartkit", "1.7.0"), ("httpcore", "3.2.2"), ("yamlparse", "5.1.0")],
    L: [
        ("chartkit", "1.7.0"),
        ("fastjson", "2.3.1"),
        ("httpcore", "3.2.2"),
        ("retryx", "0.9.4"),
        ("yamlparse", "5.1.0"),
    ],
}

COMMITS: list[dict] = []
BRANCHES: list[dict] = []
_number = [0x100]


def commit(repo, branch, parent, author, kind, message, patch_id=None, date="2025-06-01"):
    sha = f"c{_number[0]:06x}"
    _number[0] += 1
    COMMITS.append(
        dict(
            sha=sha,
            repo=repo,
            branch=branch,
            parent=parent,
            author=author,
            kind=kind,
            message=message,
            patch_id=patch_id,
            date=date,
        )
    )
    return sha


ROOTS = {
    repo: commit(repo, "main", None, owner, "initial", f"{repo} as released")
    for repo, owner in ((B, "lin.wei"), (W, "ana.silva"), (L, "nadia.farouk"))
}
BASE_PATCHES = {B: ["P-180", "P-199"], W: ["P-500"], L: []}


def branch(repo, name, applied, author, date, start=None, on=(), deps=None, from_branch="main"):
    """A branch: the base with ``applied`` on top, one commit by ``author`` per patch not in
    ``on`` (those are already in ``start``, the commit it grows from)."""
    sha = start or ROOTS[repo]
    for patch_id in applied:
        if patch_id not in on:
            kind = "cherry_pick" if name.startswith("release/") else "patch"
            sha = commit(repo, name, sha, author, kind, f"{patch_id}: {PATCHES[patch_id]['title']}", patch_id, date)
    versions = dict(DEPS[repo])
    versions.update(deps or {})
    BRANCHES.append(
        dict(
            branch_key=f"{repo}:{name}",
            repo=repo,
            name=name,
            head=sha,
            created_from=None if name == "main" else from_branch,
            patches=sorted(BASE_PATCHES[repo] + list(applied)),
            files=[f.model_dump() for f in state(repo, list(applied))],
            dependencies=[dict(package=p, version=v) for p, v in sorted(versions.items())],
        )
    )
    if deps:
        BRANCHES[-1]["head"] = commit(
            repo,
            name,
            sha,
            author,
            "dependency",
            "Bump " + ", ".join(f"{p} to {v}" for p, v in sorted(deps.items())),
            date=date,
        )
    return BRANCHES[-1]["head"]


MAIN = {
    B: branch(B, "main", MAIN_B, "lin.wei", "2025-06-12"),
    W: branch(W, "main", ["P-520"], "ana.silva", "2025-06-16"),
    L: branch(L, "main", [], "nadia.farouk", "2025-06-01"),
}
branch(B, "release/2.7", [], "lin.wei", "2025-05-20")
branch(W, "release/4.12", ["P-526"], "ana.silva", "2025-06-18")
branch(B, "fix/gateway-config", MAIN_B, "dana.okafor", "2025-06-23", start=MAIN[B], on=MAIN_B)

PULLS: list[dict] = []
REVIEWS: list[dict] = []
RUNS: list[dict] = []
_review, _run = [5001], [7001]


def pull(
    pr_id,
    repo,
    title,
    author,
    source,
    applied,
    issues,
    opened,
    reviews=(),
    runs=1,
    target="main",
    deps=None,
    state="open",
    merged=None,
):
    """An open pull request from a branch with ``applied`` on the repository's main, its
    reviews ((reviewer, verdict, date)) and ``runs`` CI runs on its head."""
    if state == "merged":
        head = merged
    else:
        on = {B: MAIN_B, W: ["P-520"], L: []}[repo]
        head = branch(repo, source, on + applied, author, opened, start=MAIN[repo], on=on, deps=deps)
    PULLS.append(
        dict(
            pr_id=pr_id,
            repo=repo,
            title=title,
            author=author,
            source_branch=source,
            target_branch=target,
            head=head,
            state=state,
            issue_ids=sorted(issues),
            opened=opened,
            merged_by=None if state == "open" else "lin.wei",
            merge_method=None if state == "open" else "squash",
            merge_commit=None if state == "open" else head,
        )
    )
    for reviewer, verdict, date in reviews:
        REVIEWS.append(
            dict(
                review_id=f"RV-{_review[0]}",
                pr_id=pr_id,
                reviewer=reviewer,
                verdict=verdict,
                commit=head,
                date=date,
                comment={
                    "approve": "Looks good to me.",
                    "request_changes": "Please split the renderer from the fonts first.",
                    "comment": "Left a note on naming.",
                }[verdict],
            )
        )
        _review[0] += 1
    applied_all = (
        set(next(b for b in BRANCHES if b["branch_key"] == f"{repo}:{source}")["patches"]) if state == "open" else set()
    )
    cases = [TestCase.model_validate(t) for t in TESTS if t["repo"] == repo]
    required = next(r for r in REPOS if r["repo"] == repo)["required_checks"]
    for attempt in range(1, runs + 1):
        checks, failures = evaluate_ci(cases, required, applied_all, attempt)
        RUNS.append(
            CiRun(
                run_id=f"RUN-{_run[0]}",
                repo=repo,
                pr_id=pr_id,
                commit=head,
                attempt=attempt,
                date=opened,
                checks=checks,
                failures=failures,
            ).model_dump()
        )
        _run[0] += 1


MERGED_1090 = next(c["sha"] for c in COMMITS if c["patch_id"] == "P-198")
MERGED_1091 = next(c["sha"] for c in COMMITS if c["patch_id"] == "P-398")
pull(
    "PR-1090",
    B,
    "Treat zero-rated prices given as text",
    "dana.okafor",
    "fix/zero-rated",
    [],
    ["IS-4090"],
    "2025-06-10",
    reviews=[("lin.wei", "approve", "2025-06-11"), ("jchen", "approve", "2025-06-11")],
    runs=0,
    state="merged",
    merged=MERGED_1090,
)
pull(
    "PR-1091",
    B,
    "Expire sessions at the limit",
    "jchen",
    "fix/session-limit",
    [],
    ["IS-4091"],
    "2025-06-11",
    reviews=[("lin.wei", "approve", "2025-06-12"), ("dana.okafor", "approve", "2025-06-12")],
    runs=0,
    state="merged",
    merged=MERGED_1091,
)
pull(
    "PR-1101",
    B,
    "Fix flaky login test",
    "jchen",
    "fix/login-retry",
    ["P-301"],
    ["IS-4125"],
    "2025-06-20",
    reviews=[("lin.wei", "approve", "2025-06-21"), ("dana.okafor", "approve", "2025-06-23")],
)
pull(
    "PR-1102",
    B,
    "Fix flaky login test",
    "dana.okafor",
    "fix/login-wait",
    ["P-302"],
    ["IS-4125"],
    "2025-06-21",
    reviews=[("lin.wei", "approve", "2025-06-22"), ("jchen", "approve", "2025-06-22")],
)
pull(
    "PR-1103",
    B,
    "Round invoice totals half-up",
    "dana.okafor",
    "fix/rounding",
    ["P-201", "P-202"],
    ["IS-4101"],
    "2025-06-19",
    reviews=[("lin.wei", "approve", "2025-06-20"), ("jchen", "approve", "2025-06-21")],
)
pull(
    "PR-1104",
    B,
    "Discount codes on invoices",
    "jchen",
    "feat/discount-codes",
    ["P-203", "P-204"],
    ["IS-4104"],
    "2025-06-17",
    reviews=[("jchen", "approve", "2025-06-18"), ("lin.wei", "approve", "2025-06-19")],
)
pull(
    "PR-1105",
    B,
    "Document invoice export",
    "jchen",
    "docs/invoice-export",
    ["P-205"],
    [],
    "2025-06-22",
    reviews=[("mruiz", "approve", "2025-06-23")],
)
pull(
    "PR-1106",
    B,
    "Render invoices as PDF",
    "jchen",
    "feat/pdf-export",
    ["P-220", "P-221"],
    ["IS-4122"],
    "2025-06-16",
    reviews=[
        ("dana.okafor", "approve", "2025-06-18"),
        ("lin.wei", "request_changes", "2025-06-20"),
        ("mruiz", "approve", "2025-06-20"),
    ],
)
pull(
    "PR-1107",
    B,
    "Skip empty invoice lines",
    "jchen",
    "fix/empty-lines",
    ["P-230"],
    ["IS-4133"],
    "2025-06-21",
    reviews=[("dana.okafor", "approve", "2025-06-22")],
)
pull(
    "PR-1108",
    B,
    "Cap discounts at 100 percent",
    "jchen",
    "fix/discount-cap",
    ["P-240"],
    ["IS-4128"],
    "2025-06-02",
    reviews=[("dana.okafor", "approve", "2025-06-03"), ("mruiz", "approve", "2025-06-18")],
)
pull(
    "PR-1109",
    B,
    "Lock accounts after 5 failed logins",
    "dana.okafor",
    "fix/login-lockout",
    ["P-250"],
    ["IS-4126"],
    "2025-06-18",
    reviews=[("lin.wei", "approve", "2025-06-19"), ("mruiz", "approve", "2025-06-19")],
)
pull(
    "PR-1110",
    B,
    "Stabilise the invoice e-mail test",
    "dana.okafor",
    "fix/invoice-email",
    ["P-280"],
    ["IS-4129"],
    "2025-06-19",
    reviews=[("lin.wei", "approve", "2025-06-20"), ("jchen", "approve", "2025-06-20")],
    runs=3,
)
pull(
    "PR-1111",
    B,
    "Pluggable tax engine",
    "dana.okafor",
    "refactor/tax-engine",
    ["P-290"],
    ["IS-4134"],
    "2025-06-23",
    reviews=[("jchen", "comment", "2025-06-23")],
)
pull(
    "PR-1112",
    B,
    "Late fee calculation",
    "dana.okafor",
    "feat/late-fees",
    ["P-270", "P-271"],
    ["IS-4130"],
    "2025-06-23",
    reviews=[("lin.wei", "approve", "2025-06-23"), ("jchen", "approve", "2025-06-23")],
    runs=0,
)
pull(
    "PR-1205",
    W,
    "Recompute the cart total when a coupon is removed",
    "tomas.berg",
    "fix/coupon-total",
    ["P-530"],
    ["IS-4210"],
    "2025-06-20",
    reviews=[("leo.park", "approve", "2025-06-21"), ("ana.silva", "approve", "2025-06-23")],
)
pull(
    "PR-1207",
    W,
    "Gift wrapping",
    "jia.chen",
    "feat/gift-wrap",
    ["P-540", "P-541"],
    ["IS-4212"],
    "2025-06-20",
    reviews=[("ana.silva", "approve", "2025-06-21"), ("tomas.berg", "approve", "2025-06-21")],
)
pull(
    "PR-1301",
    L,
    "Bump fastjson",
    "sam.price",
    "deps/fastjson",
    [],
    ["IS-5120"],
    "2025-06-20",
    reviews=[("ben.adeyemi", "approve", "2025-06-20"), ("nadia.farouk", "approve", "2025-06-21")],
    deps={"fastjson": "2.6.0"},
)
pull(
    "PR-1302",
    L,
    "Retry posts with a capped backoff",
    "ben.adeyemi",
    "fix/retry-backoff",
    ["P-601", "P-602"],
    ["IS-5104"],
    "2025-06-22",
    reviews=[("sam.price", "approve", "2025-06-23"), ("nadia.farouk", "approve", "2025-06-23")],
)

# the back-merge of release/4.12 into main: its source is the release branch itself
_release = next(b for b in BRANCHES if b["branch_key"] == f"{W}:release/4.12")
PULLS.append(
    dict(
        pr_id="PR-1206",
        repo=W,
        title="Merge release/4.12 back into main",
        author="jia.chen",
        source_branch="release/4.12",
        target_branch="main",
        head=_release["head"],
        state="open",
        issue_ids=["IS-4206"],
        opened="2025-06-19",
        merged_by=None,
        merge_method=None,
        merge_commit=None,
    )
)
for reviewer, date in (("ana.silva", "2025-06-20"), ("leo.park", "2025-06-20")):
    REVIEWS.append(
        dict(
            review_id=f"RV-{_review[0]}",
            pr_id="PR-1206",
            reviewer=reviewer,
            verdict="approve",
            commit=_release["head"],
            date=date,
            comment="Back-merge is clean.",
        )
    )
    _review[0] += 1
_checks, _failures = evaluate_ci(
    [TestCase.model_validate(t) for t in TESTS if t["repo"] == W], ["build", "e2e", "unit"], set(_release["patches"]), 1
)
RUNS.append(
    CiRun(
        run_id=f"RUN-{_run[0]}",
        repo=W,
        pr_id="PR-1206",
        commit=_release["head"],
        attempt=1,
        date="2025-06-19",
        checks=_checks,
        failures=_failures,
    ).model_dump()
)
_run[0] += 1

# ---------------------------------------------------------------- issues


def issue(iid, repo, title, priority, reporter, opened, state="open", labels=(), assignee=None):
    return dict(
        issue_id=iid,
        repo=repo,
        title=title,
        priority=priority,
        state=state,
        labels=sorted(labels),
        assignee=assignee,
        reporter=reporter,
        opened=opened,
    )


ISSUES = [
    issue(
        "IS-4090",
        B,
        "Totals wrong for zero-rated items given as text",
        "P2",
        "kmensah",
        "2025-06-05",
        labels=["bug"],
        assignee="dana.okafor",
    ),
    issue(
        "IS-4091",
        B,
        "Sessions outlive their limit by a second",
        "P3",
        "jchen",
        "2025-06-06",
        state="closed",
        labels=["bug"],
        assignee="jchen",
    ),
    issue(
        "IS-4101",
        B,
        "Invoice totals round down instead of half-up",
        "P2",
        "kmensah",
        "2025-06-15",
        labels=["bug", "billing"],
        assignee="dana.okafor",
    ),
    issue(
        "IS-4104", B, "Discount codes on invoices", "P3", "lin.wei", "2025-06-10", labels=["feature"], assignee="jchen"
    ),
    issue(
        "IS-4107", B, "Negative quantities are accepted on invoice lines", "P2", "kmensah", "2025-06-21", labels=["bug"]
    ),
    issue("IS-4109", B, "Currency codes are not validated", "P3", "mruiz", "2025-06-19", labels=["bug"]),
    issue("IS-4112", B, "Sessions expire after 10 minutes", "P2", "kmensah", "2025-06-17", labels=["bug", "auth"]),
    issue(
        "IS-4115",
        B,
        "Rotate the payment gateway key",
        "P1",
        "lin.wei",
        "2025-06-22",
        labels=["security"],
        assignee="dana.okafor",
    ),
    issue(
        "IS-4120",
        B,
        "Invoice endpoint returns 500 for every customer",
        "P0",
        "kmensah",
        "2025-06-24",
        labels=["incident"],
    ),
    issue("IS-4122", B, "Invoices as PDF", "P3", "lin.wei", "2025-06-12", labels=["feature"], assignee="jchen"),
    issue("IS-4125", B, "Login test is flaky", "P3", "jchen", "2025-06-18", labels=["flaky-test"]),
    issue(
        "IS-4126", B, "Lock accounts after repeated failed logins", "P2", "lin.wei", "2025-06-16", labels=["security"]
    ),
    issue(
        "IS-4128",
        B,
        "Discounts over 100 percent give negative totals",
        "P2",
        "kmensah",
        "2025-05-30",
        labels=["bug"],
        assignee="jchen",
    ),
    issue("IS-4129", B, "Invoice e-mail test times out", "P3", "dana.okafor", "2025-06-18", labels=["flaky-test"]),
    issue("IS-4130", B, "Late fees on overdue invoices", "P3", "lin.wei", "2025-06-20", labels=["feature"]),
    issue("IS-4131", B, "Refund totals off by a cent", "P3", "kmensah", "2025-06-23"),
    issue("IS-4133", B, "Empty invoice lines count towards totals", "P3", "kmensah", "2025-06-20", labels=["bug"]),
    issue("IS-4134", B, "Tax rules per region", "P2", "lin.wei", "2025-06-11", labels=["feature"]),
    issue("IS-4201", W, "Express shipping", "P3", "ana.silva", "2025-06-02", state="closed", labels=["feature"]),
    issue("IS-4206", W, "Free shipping should start at exactly 50", "P2", "tomas.berg", "2025-06-14", labels=["bug"]),
    issue(
        "IS-4210",
        W,
        "Cart total stale after removing a coupon",
        "P2",
        "leo.park",
        "2025-06-18",
        labels=["bug", "checkout"],
        assignee="tomas.berg",
    ),
    issue(
        "IS-4212",
        W,
        "Gift wrapping at checkout",
        "P3",
        "ana.silva",
        "2025-06-15",
        labels=["feature"],
        assignee="jia.chen",
    ),
    issue("IS-4214", W, "Broken avatar for users without a picture", "P3", "kmensah", "2025-06-22", labels=["bug"]),
    issue("IS-4215", W, "Checkout page down in the EU region", "P0", "leo.park", "2025-06-24", labels=["incident"]),
    issue(
        "IS-5104",
        L,
        "Ledger posts give up too early",
        "P2",
        "sam.price",
        "2025-06-20",
        labels=["bug"],
        assignee="ben.adeyemi",
    ),
    issue(
        "IS-5120",
        L,
        "fastjson 2.3.1 is affected by ADV-2025-0142",
        "P1",
        "ben.adeyemi",
        "2025-06-19",
        labels=["security", "dependencies"],
        assignee="sam.price",
    ),
    issue("IS-5121", L, "Upgrade yamlparse", "P3", "sam.price", "2025-06-21", labels=["dependencies"]),
]

# ---------------------------------------------------------------- packages and advisories


def package(name, *releases):
    return dict(
        name=name, ecosystem="pypi", releases=[dict(version=v, license=lic, released=d) for v, lic, d in releases]
    )


PACKAGES = [
    package(
        "fastjson",
        ("2.3.1", "Apache-2.0", "2024-11-02"),
        ("2.3.2", "Apache-2.0", "2025-01-14"),
        ("2.3.5", "Apache-2.0", "2025-03-03"),
        ("2.4.0", "Apache-2.0", "2025-04-10"),
        ("2.5.1", "Apache-2.0", "2025-05-21"),
        ("2.6.0", "SSPL-1.0", "2025-06-09"),
        ("3.0.0", "SSPL-1.0", "2025-06-16"),
    ),
    package(
        "yamlparse",
        ("5.1.0", "MIT", "2024-09-30"),
        ("5.1.4", "MIT", "2025-02-11"),
        ("5.2.0", "MIT", "2025-05-02"),
        ("5.2.1", "MIT", "2025-06-01"),
        ("6.0.0", "MIT", "2025-06-12"),
    ),
    package(
        "chartkit",
        ("1.7.0", "MIT", "2024-10-01"),
        ("1.8.0", "MIT", "2025-01-20"),
        ("1.8.2", "MIT", "2025-03-15"),
        ("1.9.0", "GPL-3.0", "2025-05-30"),
    ),
    package(
        "httpcore",
        ("3.2.2", "BSD-3-Clause", "2024-12-12"),
        ("3.3.0", "BSD-3-Clause", "2025-02-02"),
        ("3.4.1", "BSD-3-Clause", "2025-04-04"),
        ("3.5.0", "BSD-3-Clause", "2025-05-28"),
        ("4.0.0", "BSD-3-Clause", "2025-06-10"),
    ),
    package("retryx", ("0.9.4", "MIT", "2024-08-08"), ("0.9.7", "MIT", "2025-04-01")),
    package("decimalx", ("1.4.2", "BSD-2-Clause", "2024-07-07"), ("1.5.0", "BSD-2-Clause", "2025-03-03")),
    package("pdfgen", ("0.8.1", "Apache-2.0", "2024-10-10"), ("0.9.0", "AGPL-3.0", "2025-05-05")),
    package("requests-lite", ("2.31.0", "Apache-2.0", "2024-06-06"), ("2.32.3", "Apache-2.0", "2025-04-22")),
]


def advisory(aid, pkg, introduced, fixed, severity, cvss, summary):
    return dict(
        advisory_id=aid, package=pkg, introduced=introduced, fixed=fixed, severity=severity, cvss=cvss, summary=summary
    )


ADVISORIES = [
    advisory("ADV-2025-0142", "fastjson", "2.0.0", "2.3.5", "high", 8.1, "Deeply nested arrays exhaust the stack"),
    advisory("ADV-2025-0188", "fastjson", "2.4.0", "2.5.0", "critical", 9.1, "Object hooks run on untrusted input"),
    advisory("ADV-2025-0201", "fastjson", "2.5.1", None, "medium", 5.3, "Slow parsing of long numbers"),
    advisory("ADV-2025-0117", "yamlparse", "5.2.0", None, "critical", 9.8, "Unsafe tags are loaded by default"),
    advisory("ADV-2025-0096", "yamlparse", "5.0.0", "5.1.4", "low", 3.1, "Misleading error for tabs"),
    advisory("ADV-2025-0233", "httpcore", "3.5.0", None, "high", 7.4, "Header injection through redirects"),
    advisory("ADV-2025-0150", "chartkit", "1.7.0", "1.8.0", "medium", 6.1, "Script in axis labels"),
]


def main() -> None:
    users = [dict(username=u, name=n, email=e, team=t, status=s) for u, n, e, t, s in USERS]
    cast = {
        "users": users,
        "repositories": REPOS,
        "branches": BRANCHES,
        "commits": COMMITS,
        "patches": list(PATCHES.values()),
        "test_cases": TESTS,
        "pull_requests": PULLS,
        "reviews": REVIEWS,
        "ci_runs": RUNS,
        "issues": ISSUES,
        "packages": PACKAGES,
        "advisories": ADVISORIES,
    }
    text = (
        "{\n"
        + ",\n".join(
            f' "{section}": [\n'
            + ",\n".join("  " + json.dumps(record, ensure_ascii=False) for record in records)
            + "\n ]"
            for section, records in cast.items()
        )
        + "\n}\n"
    )
    (DATA / "cast.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
