"""Writes ``data/tasks.json`` and ``data/split_tasks.json`` from the task table below: run it
by hand (``python -m taubench.domains.cybersecurity.write_tasks``); it gives the same files
byte for byte every time. Each task is the caller's instructions and the gold path a careful
desk agent takes under the manual. New incidents are numbered from INC-8500."""

from pathlib import Path
from typing import Any, Sequence

from taubench.domains.kit import gold_action, task_record, write_task_files

DATA = Path(__file__).parent / "data"
CALLERS = {  # employee id -> (name, callback number on file, work e-mail)
    "E1001": ("Dana Okoye", "415-555-0142", "dana.okoye@tessaly.io"),
    "E1002": ("Sam Rivera", "415-555-0177", "sam.rivera@tessaly.io"),
    "E1003": ("Sam Rivera", "628-555-0133", "s.rivera@tessaly.io"),
    "E1004": ("Keiko Tanaka", "415-555-0161", "keiko.tanaka@tessaly.io"),
    "E1008": ("Jamal Mensah", "415-555-0156", "jamal.mensah@tessaly.io"),
    "E1009": ("Grace Whitaker", "415-555-0173", "grace.whitaker@tessaly.io"),
    "E1011": ("Priya Natarajan", "415-555-0129", "priya.natarajan@tessaly.io"),
    "E1012": ("Hector Lindqvist", "628-555-0102", "hector.lindqvist@tessaly.io"),
    "E1014": ("Wen Xu", "415-555-0135", "wen.xu@tessaly.io"),
    "E1015": ("Tobias Weber", "415-555-0147", "tobias.weber@tessaly.io"),
    "E1016": ("Leah Brennan", "415-555-0166", "leah.brennan@tessaly.io"),
    "E1017": ("Nikhil Gupta", "415-555-0184", "nikhil.gupta@tessaly.io"),
    "E1019": ("Adrian Costa", "646-555-0109", "adrian.costa@tessaly.io"),
    "E1020": ("Felipe Castillo", "415-555-0193", "felipe.castillo@tessaly.io"),
    "E1022": ("Caleb Thompson", "512-555-0137", "caleb.thompson@tessaly.io"),
    "E1023": ("Nia Adeyemi", "512-555-0120", "nia.adeyemi@tessaly.io"),
    "E1024": ("Victor Silva", "415-555-0152", "victor.silva@tessaly.io"),
    "E1025": ("Zoe Kim", "415-555-0168", "zoe.kim@tessaly.io"),
    "E1026": ("Isaac Novak", "512-555-0159", "isaac.novak@tessaly.io"),
    "E1027": ("Fatima Usman", "415-555-0181", "fatima.usman@tessaly.io"),
    "E1028": ("Bruno Alvarez", "415-555-0114", "bruno.alvarez@tessaly.io"),
    "E1029": ("Emeka Okafor", "415-555-0126", "emeka.okafor@tessaly.io"),
}
NEW_INCIDENT = "INC-8500"
COMPARED = {  # what an ACTION check compares: not the summary's words, not how a host was looked for
    "transfer_to_human_agents": [],
    "search_assets": [],
    "list_findings": ["asset_id"],
}
TASKS: list[dict[str, Any]] = []
TEST: list[str] = []

Call = tuple[str, dict[str, Any]]


def a(tool: str, /, **arguments: Any) -> Call:
    return tool, arguments


def verify(employee_id: str, number: str | None = None) -> Call:
    return a("verify_caller", employee_id=employee_id, callback_number=number or CALLERS[employee_id][1])


def find(email: str) -> Call:
    return a("find_employee", email=email)


def transfer(summary: str) -> Call:
    return a("transfer_to_human_agents", summary=summary)


def known(employee_id: str, email: bool = False) -> str:
    name, number, mail = CALLERS[employee_id]
    text = f"You are {name}, employee id {employee_id}; the desk can call you back on {number}."
    return text + (f" Your work e-mail is {mail}." if email else "")


def task(
    persona: str,
    reason: str,
    known_info: str,
    instructions: str,
    actions: list[Call],
    rules: list[int],
    tags: Sequence[str] = (),
    say: Sequence[str] = (),
    arithmetic: dict[str, str] | None = None,
    unknown: str | None = None,
    action_basis: bool = False,
    test: bool = False,
) -> None:
    number = str(len(TASKS))
    basis = ["DB"]
    if say:
        basis.append("COMMUNICATE")
    if action_basis or any(name == "transfer_to_human_agents" for name, _ in actions):
        basis.append("ACTION")
    gold = [
        gold_action(number, index, tool, arguments, COMPARED.get(tool))
        for index, (tool, arguments) in enumerate(actions)
    ]
    entry = task_record(
        number,
        "cybersecurity",
        persona=persona,
        reason=reason,
        known=known_info,
        unknown=unknown,
        instructions=instructions,
        actions=gold,
        say=say,
        basis=basis,
        rules=sorted(set(rules)),
        tags=tags,
        arithmetic=arithmetic,
    )
    TASKS.append(entry)
    if test:
        TEST.append(number)


YES = "Say yes when the agent reads back what it will do."

# ---------------------------------------------------------------- MFA and callbacks
# 0: an MFA reset for the CFO, asked by someone else with a ticket he approved himself: refused.
task(
    "Hector is a hurried sales executive used to getting his way.",
    "You want the CFO's MFA reset before his board meeting.",
    known("E1012"),
    "Ask the agent to reset the MFA for Marcus Feld, the CFO (marcus.feld@tessaly.io), urgently: he is stuck at the "
    "airport, his phone died, and you raised and approved ticket RITM-20418 for it yourself. Insist once that it is "
    "urgent. If the agent refuses, ask who has to approve the reset then, and accept the answer.",
    [
        verify("E1012"),
        find("marcus.feld@tessaly.io"),
        a("get_employee", employee_id="E1010"),
        a("get_employee", employee_id="E1013"),
    ],
    [1, 3, 4],
    ["refusal"],
    ["Elena Vance"],
    test=True,
)

# 1: which Sam Rivera? The one in Sales; his ticket is approved by his manager: reset.
task(
    "Sam is friendly and a little flustered after losing his phone.",
    "You lost your phone and cannot sign in: you need your MFA reset.",
    known("E1003", email=True),
    "Start by giving only your name, Sam Rivera, and say you lost your phone so your authenticator is gone. Give your "
    "e-mail or employee id only when the agent asks which Sam Rivera you are. Your manager approved ticket "
    "RITM-20411 yesterday. " + YES,
    [
        verify("E1003"),
        a("get_employee", employee_id="E1003"),
        a("get_ticket", ticket_id="RITM-20411"),
        a("reset_mfa", employee_id="E1003", approval_ticket="RITM-20411"),
    ],
    [1, 2, 4],
    ["clarify"],
)

# 2: the other Sam Rivera's ticket was approved by a peer, not his manager: refused.
task(
    "Sam is an engineer who thinks approvals are red tape.",
    "You got a new phone and need your MFA reset.",
    known("E1002"),
    "Ask for your MFA to be reset: you have a new phone. Your ticket is RITM-20412; your teammate Victor approved it "
    "because your manager was busy. If the agent refuses, ask who needs to approve it instead.",
    [
        verify("E1002"),
        a("get_ticket", ticket_id="RITM-20412"),
        a("get_employee", employee_id="E1002"),
        a("get_employee", employee_id="E1011"),
    ],
    [1, 4],
    ["refusal"],
    ["Priya Natarajan"],
)

# 3: Nikhil's approved ticket dates from 2025-04-02, more than 7 days ago: refused.
task(
    "Nikhil is polite and methodical.",
    "Your authenticator app was wiped and you need your MFA reset.",
    known("E1017"),
    "Ask for your MFA to be reset against ticket RITM-20405, which your manager approved a while ago; you never got "
    "round to calling. If the agent refuses, ask what date the ticket shows that is the problem.",
    [verify("E1017"), a("get_ticket", ticket_id="RITM-20405")],
    [1, 4],
    ["refusal"],
    ["2025-04-02"],
)

# 4: Caleb's MFA ticket is still pending; the password he kept with the phone is reset instead.
task(
    "Caleb is anxious: he kept his password on a sticky note in his phone case.",
    "You lost your phone; you need your MFA reset and worry about your password.",
    known("E1022"),
    "Ask for your MFA to be reset against ticket RITM-20414, which you raised this morning. Also say your password "
    "was written on a note inside the lost phone's case and ask whether it can be changed so nobody can use it. If "
    "the MFA reset cannot be done today, you still want the password dealt with. " + YES,
    [verify("E1022"), a("get_ticket", ticket_id="RITM-20414"), a("force_password_reset", employee_id="E1022")],
    [1, 3, 4],
    ["fallback", "compound"],
)

# 5: Grace's own MFA (ticket created exactly 7 days ago) and a leaver from Sales scheduled for his last day.
task(
    "Grace is an organised HR business partner clearing her to-do list.",
    "You need your MFA reset, and a leaver's account scheduled to be switched off.",
    known("E1009"),
    "First ask for your MFA to be reset against ticket RITM-20417 (your new phone arrived). Then, as HR, ask for "
    "Graham Reyes's account (graham.reyes@tessaly.io) to be disabled because he is leaving the company; you do not "
    "remember his last day and expect the agent to check it. " + YES,
    [
        verify("E1009"),
        a("get_ticket", ticket_id="RITM-20417"),
        a("get_employee", employee_id="E1009"),
        a("reset_mfa", employee_id="E1009", approval_ticket="RITM-20417"),
        find("graham.reyes@tessaly.io"),
        a("get_employee", employee_id="E1030"),
        a("disable_account", employee_id="E1030", reason="leaver", effective_on="2025-04-30"),
    ],
    [1, 2, 3, 4, 6],
    ["compound"],
    test=True,
)

# 6: someone posing as the CFO fails the callback twice: the desk logs it and helps with nothing.
task(
    "The caller is impatient and name-drops the CEO.",
    "You want the CFO's MFA reset immediately.",
    "You claim to be Marcus Feld, the CFO, employee id E1010. You do not know which number is on file for him.",
    "Say you are Marcus Feld, employee id E1010, and you need your MFA reset right now before a board call. When "
    "asked for a number to call you back on, give 415-555-0190; if that fails, give 415-555-0119. If both fail, "
    "complain but do not give any other number, and end the call.",
    [
        a(
            "report_incident",
            category="suspicious_activity",
            severity="SEV3",
            reporter_id="E1000",
            asset_ids=[],
            personal_data=False,
        )
    ],
    [1, 5],
    ["fallback"],
)

# 7: a caller posing as the IT director asks for domain admin for a contractor; two failed callbacks.
task(
    "The caller sounds confident and technical.",
    "You want a contractor given administrator rights on the directory.",
    "You claim to be Wen Xu, the Director of IT (wen.xu@tessaly.io). You do not know the number on file.",
    "Give your e-mail wen.xu@tessaly.io first, then the employee id E1014 if asked. Ask for domain administrator "
    "rights for a contractor starting today. When asked for a callback number, give 510-555-0123; if it fails, give "
    "510-555-0124. If both fail, say you will sort it out yourself and end the call.",
    [
        find("wen.xu@tessaly.io"),
        a(
            "report_incident",
            category="suspicious_activity",
            severity="SEV3",
            reporter_id="E1000",
            asset_ids=[],
            personal_data=False,
        ),
    ],
    [1, 5],
    ["fallback"],
)

# 8: the first number is Zoe's mobile, not the one on file; her desk line connects; a medium exception.
task(
    "Zoe is a data engineer juggling a migration.",
    "You want an exception for a finding on your ETL server.",
    "You are Zoe Kim, employee id E1025. Your mobile is 917-555-0144; your desk line is 415-555-0168.",
    "When asked for a callback number, give your mobile 917-555-0144 first; if that does not work, give your desk "
    "line 415-555-0168. Then ask for an exception until 2025-06-30 for CVE-2024-11053 on ana-etl-03: the fix needs a "
    "library upgrade planned for June. " + YES,
    [
        verify("E1025", "415-555-0168"),
        a("search_assets", hostname="ana-etl-03"),
        a("list_findings", asset_id="AST-3041", status="open"),
        a("request_exception", finding_id="FND-50041", requested_by="E1025", expires="2025-06-30", approval_ticket=""),
    ],
    [1, 2, 3, 8, 9],
    ["fallback"],
)

# ---------------------------------------------------------------- findings
# 9: "the finance DB": primary or DR? The primary, patched 2025-04-12 and scanned 2025-04-13.
task(
    "Dana runs the finance systems and is pleased to have patched something.",
    "You patched the critical CVE on the finance DB and want the finding closed.",
    known("E1001"),
    "Say you patched the finance DB for the critical CVE-2025-21298 on 2025-04-12 and want the finding closed. Do "
    "not name the host at first. If asked which host, say the primary, fin-db-01; the DR copy is not patched yet. "
    + YES,
    [
        verify("E1001"),
        a("search_assets", hostname="fin-db-01"),
        a("list_findings", asset_id="AST-3001", status="open"),
        a("mark_remediated", finding_id="FND-50001", rescan_date="2025-04-13"),
    ],
    [1, 2, 3, 10],
    ["clarify"],
    test=True,
)

# 10: no exception for a critical known-exploited finding on an internet-facing host; the fix is logged instead.
task(
    "Victor is a DevOps engineer under pressure from the shop team.",
    "You want a 30-day exception for the Tomcat CVE on shop-web-01.",
    known("E1024"),
    "Ask for a 30-day exception for CVE-2025-24813 on shop-web-01; the CISO approved ticket RITM-20461. If an "
    "exception is not possible, say that actually the vendor hotfix went in on 2025-04-11, so the finding could be "
    "closed as fixed instead, if that is allowed. " + YES,
    [
        verify("E1024"),
        a("search_assets", hostname="shop-web-01"),
        a("list_findings", asset_id="AST-3030", status="open"),
        a("mark_remediated", finding_id="FND-50030", rescan_date="2025-04-14"),
    ],
    [1, 3, 9, 10],
    ["fallback"],
)

# 11: the 9.8 on fin-db-01 is due 2025-04-02 + 15 days; five of Dana's findings are overdue.
task(
    "Dana is preparing for a risk review meeting.",
    "You want to know where you stand on your vulnerability deadlines.",
    known("E1001"),
    "Ask two things: the due date of the critical CVE-2025-21298 finding on fin-db-01, and how many findings on all "
    "the machines you own are overdue today, counting expired exceptions. Do not ask for any change.",
    [
        verify("E1001"),
        a("search_assets", owner_id="E1001"),
        a("list_findings", asset_id="AST-3001"),
        a("list_findings", asset_id="AST-3002"),
        a("list_findings", asset_id="AST-3003"),
    ],
    [1, 8],
    ["arithmetic"],
    ["2025-04-17", "5"],
    {"2025-04-17": "2025-04-02 + 15 days", "5": "1 + 1 + 1 + 1 + 1"},
    test=True,
)

# 12: which high finding? The Postgres one; an exception to 2025-05-31 with the CISO's ticket.
task(
    "Zoe is careful about paperwork.",
    "You want an exception for a high finding on ana-etl-03.",
    known("E1025"),
    "Ask for an exception for 'the high finding on ana-etl-03' until 2025-05-31. If asked which one, it is the "
    "PostgreSQL one, CVE-2025-1094. The CISO approved ticket RITM-20450 for it. " + YES,
    [
        verify("E1025"),
        a("search_assets", hostname="ana-etl-03"),
        a("list_findings", asset_id="AST-3041", status="open"),
        a("get_ticket", ticket_id="RITM-20450"),
        a(
            "request_exception",
            finding_id="FND-50042",
            requested_by="E1025",
            expires="2025-05-31",
            approval_ticket="RITM-20450",
        ),
    ],
    [1, 2, 3, 8, 9],
    ["clarify"],
)

# 13: a high finding may be excepted for 60 days at most: 2025-06-14, not 2025-07-31.
task(
    "Zoe would like as long an exception as possible.",
    "You want an exception for the Tomcat finding on ana-etl-03 until the end of July.",
    known("E1025"),
    "Ask for an exception until 2025-07-31 for CVE-2024-56337 on ana-etl-03, with ticket RITM-20451 the CISO "
    "approved. If that date is not allowed, ask what the latest allowed date is and accept it. " + YES,
    [
        verify("E1025"),
        a("search_assets", hostname="ana-etl-03"),
        a("list_findings", asset_id="AST-3041"),
        a("get_ticket", ticket_id="RITM-20451"),
        a(
            "request_exception",
            finding_id="FND-50045",
            requested_by="E1025",
            expires="2025-06-14",
            approval_ticket="RITM-20451",
        ),
    ],
    [1, 2, 3, 8, 9],
    ["fallback", "arithmetic"],
    ["2025-06-14"],
    {"2025-06-14": "2025-04-15 + 60 days"},
)

# 14: a known-exploited finding on an internet-facing host never gets an exception; due 2025-04-10 + 14 days.
task(
    "Victor thinks the OpenSSH finding is overblown.",
    "You want an exception for the OpenSSH finding on shop-web-02.",
    known("E1024"),
    "Ask for an exception until 2025-05-30 for CVE-2024-6387 on shop-web-02; you say the port is filtered anyway. If "
    "refused, ask by when it must be fixed.",
    [verify("E1024"), a("search_assets", hostname="shop-web-02"), a("list_findings", asset_id="AST-3032")],
    [1, 8, 9],
    ["refusal", "arithmetic"],
    ["2025-04-24"],
    {"2025-04-24": "2025-04-10 + 14 days"},
)

# 15: the medium finding from 2024-12-20 was due 2025-03-20: overdue, so no exception.
task(
    "Zoe is surprised an old finding is still open.",
    "You want an exception for an old nghttp2 finding on ana-etl-03.",
    known("E1025"),
    "Ask for an exception until 2025-06-30 for CVE-2024-28182 on ana-etl-03. If refused, ask when it was due.",
    [verify("E1025"), a("search_assets", hostname="ana-etl-03"), a("list_findings", asset_id="AST-3041")],
    [1, 8],
    ["refusal", "arithmetic"],
    ["2025-03-20"],
    {"2025-03-20": "2024-12-20 + 90 days"},
    test=True,
)

# 16: the backup server's last scan (2025-04-12) predates the fix (2025-04-14): not closed; next scan 2025-04-19.
task(
    "Jamal is a sysadmin who patched over the weekend.",
    "You patched srv-backup-01 and want the critical finding closed.",
    known("E1008"),
    "Say you patched CVE-2024-37371 on srv-backup-01 yesterday, 2025-04-14, and want the finding closed today. If "
    "the agent cannot close it, ask when it can be closed.",
    [verify("E1008"), a("search_assets", hostname="srv-backup-01"), a("list_findings", asset_id="AST-3060")],
    [1, 10],
    ["refusal"],
    ["2025-04-19"],
)

# 17: Nikhil does not own the DR host; only its owner may close its finding.
task(
    "Nikhil is helping a colleague out.",
    "You want the critical finding on fin-db-01-dr closed for a colleague.",
    known("E1017"),
    "Say a colleague asked you to get the CVE-2025-21298 finding on fin-db-01-dr closed because it was patched. If "
    "the agent refuses, ask who has to ask for it.",
    [verify("E1017"), a("search_assets", hostname="fin-db-01-dr"), a("get_employee", employee_id="E1001")],
    [1, 3],
    ["refusal"],
    ["Dana Okoye"],
)

# 18: the primary's fix closed, and a 30-day exception for the DR copy's critical with the CISO's ticket.
task(
    "Dana wants both finance DB hosts sorted before the audit.",
    "You want one finding closed and an exception for the other host.",
    known("E1001"),
    "Ask for two things: close CVE-2025-21298 on fin-db-01 (patched on 2025-04-12), and an exception until "
    "2025-05-15 for the same CVE on fin-db-01-dr, which cannot be patched until the DR test; the CISO approved "
    "ticket RITM-20460. " + YES,
    [
        verify("E1001"),
        a("search_assets", hostname="fin-db-01"),
        a("list_findings", asset_id="AST-3001", status="open"),
        a("list_findings", asset_id="AST-3002", status="open"),
        a("get_ticket", ticket_id="RITM-20460"),
        a("mark_remediated", finding_id="FND-50001", rescan_date="2025-04-13"),
        a(
            "request_exception",
            finding_id="FND-50010",
            requested_by="E1001",
            expires="2025-05-15",
            approval_ticket="RITM-20460",
        ),
    ],
    [1, 2, 3, 8, 9, 10],
    ["compound"],
)

# 19: which web server? shop-web-01: its curl finding is closed and the Tomcat one is due 2025-04-22.
task(
    "Victor is tidying up his findings.",
    "You fixed one finding on the shop web server and want to know the other's deadline.",
    known("E1024"),
    "Say you upgraded curl (CVE-2024-8096) on 'the shop web server' on 2025-04-09 and want it closed, and ask the "
    "due date of the other open finding on that host. If asked which server, it is shop-web-01. " + YES,
    [
        verify("E1024"),
        a("search_assets", hostname="shop-web"),
        a("list_findings", asset_id="AST-3030", status="open"),
        a("mark_remediated", finding_id="FND-50031", rescan_date="2025-04-14"),
    ],
    [1, 2, 3, 8, 10],
    ["clarify", "compound", "arithmetic"],
    ["2025-04-22"],
    {"2025-04-22": "2025-04-08 + 14 days"},
)

# 20: a high finding's risk acceptance approved by Dana's manager, not the CISO: refused.
task(
    "Dana assumes her manager's sign-off is enough.",
    "You want an exception for a high finding on your workstation.",
    known("E1001"),
    "Ask for an exception until 2025-06-01 for CVE-2025-21333 on your workstation ws-dokoye; your manager approved "
    "ticket RITM-20462. If refused, accept and end the call.",
    [
        verify("E1001"),
        a("search_assets", hostname="ws-dokoye"),
        a("list_findings", asset_id="AST-3003", status="open"),
        a("get_ticket", ticket_id="RITM-20462"),
    ],
    [1, 9],
    ["refusal"],
    action_basis=True,
)

# ---------------------------------------------------------------- incidents
# 21: a phishing link took Caleb's password and a download ran: SEV2, password reset, laptop isolated.
task(
    "Caleb is shaken: he thinks he fell for a phishing e-mail.",
    "You clicked a link in an e-mail and think something bad happened.",
    known("E1022"),
    "Say you clicked a link in an e-mail about a parcel, typed your password on the page it opened, and a file "
    "downloaded and ran when you opened it on your laptop. Ask what to do. Agree to whatever the agent proposes. "
    + YES,
    [
        verify("E1022"),
        a("search_assets", owner_id="E1022"),
        a(
            "report_incident",
            category="phishing",
            severity="SEV2",
            reporter_id="E1022",
            asset_ids=["AST-3020"],
            personal_data=False,
        ),
        a("force_password_reset", employee_id="E1022"),
        a("isolate_host", asset_id="AST-3020", incident_id=NEW_INCIDENT, approved_by=""),
    ],
    [1, 2, 3, 11, 13, 15],
    ["compound"],
    test=True,
)

# 22: which Sam? The engineer; he clicked but entered nothing: SEV3, nothing reset.
task(
    "Sam is a careful engineer who reports everything.",
    "You clicked a suspicious link and want to report it.",
    known("E1002", email=True),
    "Start with only your name, Sam Rivera; give your e-mail or id when asked which one. Say you clicked a link in a "
    "fake delivery e-mail on your laptop, closed the page at once, typed nothing and downloaded nothing. " + YES,
    [
        find("sam.rivera@tessaly.io"),
        verify("E1002"),
        a("search_assets", owner_id="E1002"),
        a(
            "report_incident",
            category="phishing",
            severity="SEV3",
            reporter_id="E1002",
            asset_ids=["AST-3010"],
            personal_data=False,
        ),
    ],
    [1, 11, 13],
    ["clarify"],
)

# 23: Nikhil typed his password into a fake sign-in page; nothing ran: SEV2 and a password reset.
task(
    "Nikhil is embarrassed about a phishing page.",
    "You typed your password into a fake sign-in page.",
    known("E1017"),
    "Say that on your laptop you typed your password into a sign-in page from an e-mail and then realised it was "
    "fake; nothing was downloaded. " + YES,
    [
        verify("E1017"),
        a("search_assets", owner_id="E1017"),
        a(
            "report_incident",
            category="phishing",
            severity="SEV2",
            reporter_id="E1017",
            asset_ids=["AST-3121"],
            personal_data=False,
        ),
        a("force_password_reset", employee_id="E1017"),
    ],
    [1, 3, 11, 13],
)

# 24: ransomware on a legal file server: SEV1, privacy notified, regulator deadline 2025-04-18; IR lead.
task(
    "Jamal is alarmed: files on a server he runs are encrypted.",
    "A ransom note appeared on the legal file server.",
    known("E1008"),
    "Say that fs-legal-01 shows a ransom note and its files are encrypted; you run that server. Ask for it to be cut "
    "off the network. Ask what the deadline is for telling the regulator. " + YES,
    [
        verify("E1008"),
        a("search_assets", hostname="fs-legal-01"),
        a(
            "report_incident",
            category="ransomware",
            severity="SEV1",
            reporter_id="E1008",
            asset_ids=["AST-3061"],
            personal_data=True,
        ),
        transfer("SEV1 ransomware on fs-legal-01 (AST-3061), reported by Jamal Mensah; needs the IR lead."),
    ],
    [1, 11, 12, 15, 16, 21],
    ["refusal", "arithmetic"],
    ["2025-04-18"],
    {"2025-04-18": "2025-04-15 + 72 / 24 days"},
)

# 25: confirmed exfiltration from the CRM: SEV1, the CRM server isolated with the IR lead's approval (which
# Omar Haddad? the IR lead), the sales laptop isolated, then the IR lead.
task(
    "Keiko is a calm, precise SOC analyst in the middle of a live incident.",
    "You confirmed data exfiltration from the CRM and need hosts cut off.",
    known("E1004"),
    "Report confirmed exfiltration of customer records from crm-app-01 through the laptop lt-srivera-02. Ask for both "
    "hosts to be isolated; say Omar Haddad approved isolating the CRM server. If asked which Omar Haddad, give "
    "omar.haddad@tessaly.io. Ask for the regulator deadline. " + YES,
    [
        verify("E1004"),
        a("search_assets", hostname="crm-app-01"),
        a("search_assets", hostname="lt-srivera-02"),
        find("omar.haddad@tessaly.io"),
        a(
            "report_incident",
            category="data_exfiltration",
            severity="SEV1",
            reporter_id="E1004",
            asset_ids=["AST-3012", "AST-3070"],
            personal_data=True,
        ),
        a("isolate_host", asset_id="AST-3070", incident_id=NEW_INCIDENT, approved_by="E1005"),
        a("isolate_host", asset_id="AST-3012", incident_id=NEW_INCIDENT, approved_by=""),
        transfer("SEV1 data exfiltration from crm-app-01 via lt-srivera-02; both isolated; needs the IR lead."),
    ],
    [1, 2, 11, 12, 15, 16, 21],
    ["compound", "refusal", "arithmetic", "clarify"],
    ["2025-04-18"],
    {"2025-04-18": "2025-04-15 + 72 / 24 days"},
)

# 26: both hosts of INC-8120 asked; the high-criticality DB server lacks an IR lead's approval: only the workstation.
task(
    "Keiko wants the malware contained quickly.",
    "You want both hosts of an open malware incident isolated.",
    known("E1004"),
    "Ask for both hosts on incident INC-8120 to be isolated. Nobody from incident response has approved anything "
    "yet. If only part can be done now, have that part done. " + YES,
    [
        verify("E1004"),
        a("get_incident", incident_id="INC-8120"),
        a("get_asset", asset_id="AST-3080"),
        a("get_asset", asset_id="AST-3081"),
        a("isolate_host", asset_id="AST-3081", incident_id="INC-8120", approved_by=""),
    ],
    [1, 2, 15],
    ["fallback"],
    test=True,
)

# 27: the reporter resolves his own SEV3.
task(
    "Adrian is a marketing director relieved it was a false alarm.",
    "You want to close the suspicious sign-in report you made.",
    known("E1019"),
    "Say the suspicious sign-in you reported in INC-8200 was the marketing agency using the shared login as agreed; "
    "ask for the incident to be resolved. " + YES,
    [
        verify("E1019"),
        a("get_incident", incident_id="INC-8200"),
        a("update_incident", incident_id="INC-8200", status="resolved", notify_privacy=False),
    ],
    [1, 2, 17],
)

# 28: Caleb may not resolve a SEV2.
task(
    "Caleb wants his old phishing incident off his plate.",
    "You want your phishing incident closed.",
    known("E1022"),
    "Ask for incident INC-8210 (your phishing report from last week) to be resolved; you feel it is over. If the "
    "agent refuses, accept and end the call.",
    [verify("E1022"), a("get_incident", incident_id="INC-8210")],
    [1, 17],
    ["refusal"],
    action_basis=True,
)

# 29: contain INC-8230 on the HR file server; personal data, privacy office not told yet: notify; deadline 2025-04-17.
task(
    "Keiko is closing out the overnight malware case.",
    "You want incident INC-8230 marked contained.",
    known("E1004"),
    "Ask for INC-8230 to be marked contained: the malware on the HR file server was cleaned. Ask for the regulator "
    "deadline if personal data comes up. " + YES,
    [
        verify("E1004"),
        a("get_incident", incident_id="INC-8230"),
        a("get_asset", asset_id="AST-3110"),
        a("update_incident", incident_id="INC-8230", status="contained", notify_privacy=True),
    ],
    [1, 2, 16, 17],
    ["arithmetic"],
    ["2025-04-17"],
    {"2025-04-17": "2025-04-14 + 72 / 24 days"},
)

# 30: a stolen unencrypted laptop with customer exports: SEV2, privacy notified, password reset.
task(
    "Isaac is upset: his laptop was stolen from his car.",
    "Your work laptop was stolen last night.",
    known("E1026"),
    "Say your work laptop was stolen from your car last night. You keep customer exports on it. Ask what happens "
    "next and what the deadline for the regulator is. " + YES,
    [
        verify("E1026"),
        a("search_assets", owner_id="E1026"),
        a(
            "report_incident",
            category="lost_device",
            severity="SEV2",
            reporter_id="E1026",
            asset_ids=["AST-3090"],
            personal_data=True,
        ),
        a("force_password_reset", employee_id="E1026"),
    ],
    [1, 11, 14, 16],
    ["arithmetic"],
    ["2025-04-18"],
    {"2025-04-18": "2025-04-15 + 72 / 24 days"},
)

# 31: which Sam? The salesman; his encrypted laptop left at the airport: SEV3 and a password reset.
task(
    "Sam is travelling and calls from an airport lounge.",
    "You left your laptop at airport security.",
    known("E1003", email=True),
    "Start with only your name, Sam Rivera; give your e-mail when asked which one. Say you left your work laptop at "
    "airport security this morning and it is gone. Nothing sensitive is on it as far as you know. " + YES,
    [
        find("s.rivera@tessaly.io"),
        verify("E1003"),
        a("search_assets", owner_id="E1003"),
        a(
            "report_incident",
            category="lost_device",
            severity="SEV3",
            reporter_id="E1003",
            asset_ids=["AST-3012"],
            personal_data=False,
        ),
        a("force_password_reset", employee_id="E1003"),
    ],
    [1, 11, 14],
    ["clarify"],
)

# 32: a confirmed compromise of an ordinary account: SEV2 and the account disabled at once.
task(
    "Keiko is working an MFA-fatigue alert.",
    "A treasury analyst's account is compromised and must be shut off.",
    known("E1004"),
    "Report that Bruno Alvarez's account (bruno.alvarez@tessaly.io) is compromised: he approved an MFA prompt he "
    "did not start and there are sign-ins from abroad. Ask for his account to be disabled now. " + YES,
    [
        verify("E1004"),
        find("bruno.alvarez@tessaly.io"),
        a("get_employee", employee_id="E1028"),
        a(
            "report_incident",
            category="account_compromise",
            severity="SEV2",
            reporter_id="E1004",
            asset_ids=[],
            personal_data=False,
        ),
        a("disable_account", employee_id="E1028", reason="compromise", effective_on="2025-04-15"),
    ],
    [1, 2, 3, 7, 11],
    ["compound"],
)

# 33: a compromised administrator account is SEV1: opened, disabled, then the IR lead.
task(
    "Emeka is a SOC analyst who spotted an admin account misbehaving.",
    "A systems administrator's account is compromised.",
    known("E1029"),
    "Report that Jamal Mensah's account (jamal.mensah@tessaly.io) is compromised: someone used his credentials to "
    "create mail forwarding rules he did not make. Ask for the account to be disabled right away. " + YES,
    [
        verify("E1029"),
        find("jamal.mensah@tessaly.io"),
        a("get_employee", employee_id="E1008"),
        a(
            "report_incident",
            category="account_compromise",
            severity="SEV1",
            reporter_id="E1029",
            asset_ids=[],
            personal_data=False,
        ),
        a("disable_account", employee_id="E1008", reason="compromise", effective_on="2025-04-15"),
        transfer("SEV1: privileged account of Jamal Mensah (E1008) compromised and disabled; needs the IR lead."),
    ],
    [1, 3, 7, 11, 12, 21],
    ["refusal", "compound"],
)

# 34: a manager may not have a report's account disabled; she reports the compromise instead.
task(
    "Nia is a support manager worried about her team member's mailbox.",
    "Someone is sending odd e-mails from Isaac Novak's mailbox.",
    known("E1023"),
    "Say Isaac Novak's mailbox (isaac.novak@tessaly.io) has a forwarding rule he did not make and customers received "
    "odd e-mails from him: his account has been taken over. Ask for his account to be disabled. If the agent cannot "
    "do that for you, ask for it to be reported properly instead. " + YES,
    [
        verify("E1023"),
        find("isaac.novak@tessaly.io"),
        a(
            "report_incident",
            category="account_compromise",
            severity="SEV2",
            reporter_id="E1023",
            asset_ids=[],
            personal_data=False,
        ),
    ],
    [3, 7, 11],
    ["fallback"],
)

# 35: malware on a payroll workstation: SEV2, privacy notified, isolated at the owner's request.
task(
    "Fatima is a payroll specialist whose antivirus keeps alerting.",
    "Your antivirus says it found malware it cannot remove.",
    known("E1027"),
    "Say your workstation's antivirus found malware it could not remove. Ask for the machine to be cut off the "
    "network so it does not spread, and ask the regulator deadline if personal data comes up. " + YES,
    [
        verify("E1027"),
        a("search_assets", owner_id="E1027"),
        a(
            "report_incident",
            category="malware",
            severity="SEV2",
            reporter_id="E1027",
            asset_ids=["AST-3100"],
            personal_data=True,
        ),
        a("isolate_host", asset_id="AST-3100", incident_id=NEW_INCIDENT, approved_by=""),
    ],
    [1, 2, 11, 15, 16],
    ["compound", "arithmetic"],
    ["2025-04-18"],
    {"2025-04-18": "2025-04-15 + 72 / 24 days"},
)

# 36: a SOC analyst isolates a medium-criticality build server.
task(
    "Emeka is following up on a malware alert.",
    "You want the build server on your incident isolated.",
    known("E1029"),
    "Ask for build-srv-02 to be isolated for incident INC-8250. " + YES,
    [
        verify("E1029"),
        a("get_incident", incident_id="INC-8250"),
        a("get_asset", asset_id="AST-3031"),
        a("isolate_host", asset_id="AST-3031", incident_id="INC-8250", approved_by=""),
    ],
    [1, 2, 15],
)

# 37: a high-criticality gateway: which Omar Haddad approved? The IR lead.
task(
    "Emeka is in a hurry to contain an alert on an internet-facing host.",
    "You want the gateway server on incident INC-8251 isolated.",
    known("E1029"),
    "Ask for the host on incident INC-8251 to be isolated. Say Omar Haddad approved it. If asked which Omar Haddad, "
    "give omar.haddad@tessaly.io. " + YES,
    [
        verify("E1029"),
        a("get_incident", incident_id="INC-8251"),
        a("get_asset", asset_id="AST-3011"),
        find("omar.haddad@tessaly.io"),
        a("isolate_host", asset_id="AST-3011", incident_id="INC-8251", approved_by="E1005"),
    ],
    [1, 2, 15],
    ["clarify"],
)

# 38: an owner may not have his own server isolated: servers need a SOC analyst or IR lead.
task(
    "Jamal suspects his backup server and wants to act fast.",
    "You want your backup server cut off the network.",
    known("E1008"),
    "Ask for srv-backup-01 to be isolated for incident INC-8260, which you opened last night. If the agent refuses, "
    "accept and end the call.",
    [verify("E1008"), a("get_incident", incident_id="INC-8260")],
    [1, 15],
    ["refusal"],
    action_basis=True,
)

# 39: a SEV1 is changed only by the IR team: transfer.
task(
    "Keiko thinks the ransomware case is under control.",
    "You want the ransomware incident marked contained.",
    known("E1004"),
    "Ask for incident INC-8270 to be marked contained. If the agent cannot do it, let it transfer you.",
    [
        verify("E1004"),
        a("get_incident", incident_id="INC-8270"),
        transfer("Keiko Tanaka asks to mark SEV1 incident INC-8270 contained; SEV1 changes belong to the IR team."),
    ],
    [17, 21],
    ["refusal"],
)

# ---------------------------------------------------------------- leavers
# 40: a leaver is disabled at 17:00 on her last day (2025-04-18), not now.
task(
    "Adrian is a marketing director tidying up before a departure.",
    "You want a leaving team member's account disabled.",
    known("E1019"),
    "Ask for Chloe Dubois's account (chloe.dubois@tessaly.io) to be disabled right now: she is leaving this week and "
    "you want it done before you forget. Accept what the manual allows. " + YES,
    [
        verify("E1019"),
        find("chloe.dubois@tessaly.io"),
        a("get_employee", employee_id="E1018"),
        a("disable_account", employee_id="E1018", reason="leaver", effective_on="2025-04-18"),
    ],
    [1, 2, 3, 6],
    test=True,
)

# 41: Tamara's last day (2025-04-11) passed with her account active: disabled at once.
task(
    "Hector noticed a former employee still appears online.",
    "A leaver's account is still active.",
    known("E1012"),
    "Say Tamara Petrov (tamara.petrov@tessaly.io) left last Friday but her account still shows as active; ask for it "
    "to be dealt with. " + YES,
    [
        verify("E1012"),
        find("tamara.petrov@tessaly.io"),
        a("get_employee", employee_id="E1021"),
        a("disable_account", employee_id="E1021", reason="leaver", effective_on="2025-04-15"),
    ],
    [1, 2, 3, 6],
)

# 42: Victor is not Zoe's manager and People recorded no last day: refused.
task(
    "Victor heard a rumour that a colleague is leaving.",
    "You want a colleague's account disabled.",
    known("E1024"),
    "Ask for Zoe Kim's account (zoe.kim@tessaly.io) to be disabled because you heard she is leaving. If refused, "
    "accept and end the call.",
    [verify("E1024"), find("zoe.kim@tessaly.io"), a("get_employee", employee_id="E1025")],
    [3, 6],
    ["refusal"],
    action_basis=True,
)

# 43: two leavers of Hector's: Tamara at once, Graham at 17:00 on 2025-04-30.
task(
    "Hector is handling two departures in his sales team.",
    "You want two leavers' accounts handled.",
    known("E1012"),
    "Ask for two accounts to be disabled: Tamara Petrov (tamara.petrov@tessaly.io), who left last week, and Graham "
    "Reyes (graham.reyes@tessaly.io), who leaves at the end of the month. " + YES,
    [
        verify("E1012"),
        find("tamara.petrov@tessaly.io"),
        a("get_employee", employee_id="E1021"),
        find("graham.reyes@tessaly.io"),
        a("get_employee", employee_id="E1030"),
        a("disable_account", employee_id="E1021", reason="leaver", effective_on="2025-04-15"),
        a("disable_account", employee_id="E1030", reason="leaver", effective_on="2025-04-30"),
    ],
    [1, 2, 3, 6],
    ["compound"],
)

# ---------------------------------------------------------------- access and audit
# 44: the brief's multi-write: gl_viewer for Nikhil, vendor_master for Leah refused (SOD-01), the review attached.
task(
    "Felipe is the controller, finishing the quarterly ERP access review.",
    "You have two access changes and a piece of audit evidence.",
    known("E1020"),
    "Ask for three things: read-only general ledger access in the ERP for Nikhil Gupta (nikhil.gupta@tessaly.io); "
    "supplier maintenance (vendor master) in the ERP for Leah Brennan (leah.brennan@tessaly.io); and attach your "
    "signed access review DOC-44871, dated 2025-03-28, to control CTL-104. Ask how many more dated items CTL-104 "
    "needs for the audit. " + YES,
    [
        verify("E1020"),
        find("nikhil.gupta@tessaly.io"),
        a("get_employee", employee_id="E1017"),
        a("get_system", system_id="SYS-ERP"),
        find("leah.brennan@tessaly.io"),
        a("get_employee", employee_id="E1016"),
        a("get_control", control_id="CTL-104"),
        a(
            "submit_access_request",
            employee_id="E1017",
            system_id="SYS-ERP",
            role="gl_viewer",
            requested_by="E1020",
            approver_ids=["E1020"],
        ),
        a("attach_evidence", control_id="CTL-104", evidence_ref="DOC-44871", dated="2025-03-28"),
    ],
    [1, 2, 3, 18, 19, 20],
    ["compound", "arithmetic"],
    ["SOD-01", "3"],
    {"3": "6 - 2 - 1"},
    test=True,
)

# 45: Leah's own MFA reset (approved by her manager on 2025-04-10), and payment approval refused (SOD-05).
task(
    "Leah is an accounts payable specialist with a new phone and new duties.",
    "You need your MFA reset and approval rights in the bank portal.",
    known("E1016"),
    "First ask for your MFA to be reset against ticket RITM-20416. Then ask for the payment approver role in the "
    "treasury banking portal. If that is refused, ask which rule blocks it. " + YES,
    [
        verify("E1016"),
        a("get_ticket", ticket_id="RITM-20416"),
        a("get_employee", employee_id="E1016"),
        a("reset_mfa", employee_id="E1016", approval_ticket="RITM-20416"),
        a("get_system", system_id="SYS-BANK"),
    ],
    [1, 2, 4, 19],
    ["compound"],
    ["SOD-05"],
)

# 46: cloud_admin would join Victor's repo_admin (SOD-07): refused; the deployer role, ordinary, instead.
task(
    "Victor wants to ship faster.",
    "You want administrator rights in the cloud console.",
    known("E1024"),
    "Ask for the cloud admin role in the cloud console. If it is refused, ask which rule blocks it, then ask for "
    "the deployer role instead, which is enough to ship releases. " + YES,
    [
        verify("E1024"),
        a("get_employee", employee_id="E1024"),
        a("get_system", system_id="SYS-CLOUD"),
        a(
            "submit_access_request",
            employee_id="E1024",
            system_id="SYS-CLOUD",
            role="cloud_deployer",
            requested_by="E1024",
            approver_ids=["E1011"],
        ),
    ],
    [1, 18, 19],
    ["refusal", "fallback"],
    ["SOD-07"],
)

# 47: "bank portal access": which role? Preparing payments only: payment_initiator, approved by his manager.
task(
    "Nikhil is taking over payment preparation from a colleague.",
    "You need access to the treasury banking portal.",
    known("E1017"),
    "Ask for 'access to the bank portal'. Do not name a role. If asked what you need to do there, say you will "
    "prepare payment batches for others to approve; you do not need to approve anything. " + YES,
    [
        verify("E1017"),
        a("get_employee", employee_id="E1017"),
        a("get_system", system_id="SYS-BANK"),
        a(
            "submit_access_request",
            employee_id="E1017",
            system_id="SYS-BANK",
            role="payment_initiator",
            requested_by="E1017",
            approver_ids=["E1020"],
        ),
    ],
    [1, 2, 18],
    ["clarify"],
)

# 48: Victor is not Zoe's manager: he may not request her access; her manager must.
task(
    "Victor is trying to help a teammate.",
    "You want repository admin rights for a colleague.",
    known("E1024"),
    "Ask for the repository admin role in source control for Zoe Kim (zoe.kim@tessaly.io), who is working on your "
    "release. If refused, ask who can request it for her.",
    [
        verify("E1024"),
        find("zoe.kim@tessaly.io"),
        a("get_employee", employee_id="E1025"),
        a("get_employee", employee_id="E1011"),
    ],
    [3, 18],
    ["refusal"],
    ["Priya Natarajan"],
)

# 49: payment_approver would join Bruno's pending payment_initiator (SOD-03); statement_viewer instead.
task(
    "Bruno is a treasury analyst covering for a colleague on leave.",
    "You want to approve payments in the treasury banking portal.",
    known("E1028"),
    "Ask for the payment approver role in the treasury banking portal. If refused, ask which rule blocks it, then "
    "ask for read-only access to bank statements instead. " + YES,
    [
        verify("E1028"),
        a("get_employee", employee_id="E1028"),
        a("get_system", system_id="SYS-BANK"),
        a(
            "submit_access_request",
            employee_id="E1028",
            system_id="SYS-BANK",
            role="statement_viewer",
            requested_by="E1028",
            approver_ids=["E1020"],
        ),
    ],
    [1, 18, 19],
    ["fallback", "refusal"],
    ["SOD-03"],
)

# 50: Zoe's manager asks repo_admin for her: privileged, and Priya is both manager and system owner.
task(
    "Priya is a director of engineering delegating release duties.",
    "You want repository admin rights for one of your engineers.",
    known("E1011"),
    "Ask for the repository admin role in source control for Zoe Kim (zoe.kim@tessaly.io), who reports to you. " + YES,
    [
        verify("E1011"),
        find("zoe.kim@tessaly.io"),
        a("get_employee", employee_id="E1025"),
        a("get_system", system_id="SYS-GIT"),
        a(
            "submit_access_request",
            employee_id="E1025",
            system_id="SYS-GIT",
            role="repo_admin",
            requested_by="E1011",
            approver_ids=["E1011"],
        ),
    ],
    [1, 2, 3, 18, 19],
)

# 51: siem_admin would join Jamal's domain_admin (SOD-06): refused; cloud_viewer submitted.
task(
    "Jamal is a sysadmin building a monitoring dashboard.",
    "You want two new roles.",
    known("E1008"),
    "Ask for two roles: administrator of the security monitoring system, and read-only access to the cloud console. "
    "If one is refused, ask which rule blocks it. " + YES,
    [
        verify("E1008"),
        a("get_employee", employee_id="E1008"),
        a("get_system", system_id="SYS-SIEM"),
        a("get_system", system_id="SYS-CLOUD"),
        a(
            "submit_access_request",
            employee_id="E1008",
            system_id="SYS-CLOUD",
            role="cloud_viewer",
            requested_by="E1008",
            approver_ids=["E1014"],
        ),
    ],
    [1, 18, 19],
    ["compound", "refusal"],
    ["SOD-06"],
)

# 52: cloud_admin for Zoe needs her manager and the system owner; and her own SEV3 resolved.
task(
    "Zoe is taking over the data platform's cloud account.",
    "You want cloud admin rights, and to close an incident you raised.",
    known("E1025"),
    "Ask for two things: the cloud admin role in the cloud console (you now run the data platform's cloud account), "
    "and resolve incident INC-8280, the odd sign-in you reported on Sunday, which turned out to be your own VPN. "
    + YES,
    [
        verify("E1025"),
        a("get_employee", employee_id="E1025"),
        a("get_system", system_id="SYS-CLOUD"),
        a(
            "submit_access_request",
            employee_id="E1025",
            system_id="SYS-CLOUD",
            role="cloud_admin",
            requested_by="E1025",
            approver_ids=["E1011", "E1014"],
        ),
        a("get_incident", incident_id="INC-8280"),
        a("update_incident", incident_id="INC-8280", status="resolved", notify_privacy=False),
    ],
    [1, 2, 17, 18, 19],
    ["compound"],
)

# 53: of two documents only the one dated in Q1 is attached; CTL-112 then still needs 4.
task(
    "Jamal is collecting backup evidence for the auditors.",
    "You want two restore-test reports attached to the backup control.",
    known("E1008"),
    "Ask to attach two restore-test reports to control CTL-112: DOC-45002 dated 2025-03-14 and DOC-45017 dated "
    "2025-04-02. Ask how many more dated items the control needs for the audit. " + YES,
    [
        verify("E1008"),
        a("get_control", control_id="CTL-112"),
        a("attach_evidence", control_id="CTL-112", evidence_ref="DOC-45002", dated="2025-03-14"),
    ],
    [1, 2, 3, 20],
    ["compound", "arithmetic"],
    ["4"],
    {"4": "6 - 1 - 1"},
)

# 54: CTL-107 needs 12 items; 4 dated in Q1 plus this one: 7 still needed.
task(
    "Wen is the director of IT, working through audit requests.",
    "You want the February privileged access review attached as evidence.",
    known("E1014"),
    "Ask to attach DOC-45110, your privileged access review dated 2025-02-27, to control CTL-107, and ask how many "
    "more dated items that control needs for the audit period. " + YES,
    [
        verify("E1014"),
        a("get_control", control_id="CTL-107"),
        a("attach_evidence", control_id="CTL-107", evidence_ref="DOC-45110", dated="2025-02-27"),
    ],
    [1, 2, 20],
    ["arithmetic"],
    ["7"],
    {"7": "12 - 4 - 1"},
    test=True,
)

# 55: Dana does not own CTL-107: only its owner may attach evidence.
task(
    "Dana is trying to help IT with the audit.",
    "You want to attach a document to the privileged access control.",
    known("E1001"),
    "Ask to attach DOC-45120, dated 2025-03-12, to control CTL-107. If refused, ask who can attach it.",
    [verify("E1001"), a("get_control", control_id="CTL-107"), a("get_employee", employee_id="E1014")],
    [3, 20],
    ["refusal"],
    ["Wen Xu"],
)

# 56: two phishing-simulation reports attached (2 items still needed) and a SEV2 resolved by a SOC analyst.
task(
    "Keiko is wrapping up the week.",
    "You have audit evidence to attach and an incident to resolve.",
    known("E1004"),
    "Ask to attach DOC-45200 (dated 2025-01-31) and DOC-45201 (dated 2025-02-28), the January and February phishing "
    "simulation reports, to control CTL-115, and ask how many more dated items it needs. Also ask for INC-8250 to be "
    "resolved: the build server was rebuilt. " + YES,
    [
        verify("E1004"),
        a("get_control", control_id="CTL-115"),
        a("attach_evidence", control_id="CTL-115", evidence_ref="DOC-45200", dated="2025-01-31"),
        a("attach_evidence", control_id="CTL-115", evidence_ref="DOC-45201", dated="2025-02-28"),
        a("get_incident", incident_id="INC-8250"),
        a("update_incident", incident_id="INC-8250", status="resolved", notify_privacy=False),
    ],
    [1, 2, 17, 20],
    ["compound", "arithmetic"],
    ["2"],
    {"2": "5 - 1 - 1 - 1"},
)

# 57: evidence dated 2025-04-03 is outside the audit period (ends 2025-03-31): refused.
task(
    "Tobias is the director of People, sending what he has.",
    "You want a leaver reconciliation attached as audit evidence.",
    known("E1015"),
    "Ask to attach DOC-45300, the leaver access reconciliation dated 2025-04-03, to control CTL-118. If refused, ask "
    "what the last acceptable date is.",
    [verify("E1015"), a("get_control", control_id="CTL-118")],
    [3, 20],
    ["refusal"],
    ["2025-03-31"],
)

# 58: a medium finding's exception ends at the latest 90 days from today (2025-07-14), not 2025-08-29.
task(
    "Jamal is planning a backup software upgrade for late summer.",
    "You want an exception for the OpenSSL finding on the backup server.",
    known("E1008"),
    "Ask for an exception until 2025-08-29 for CVE-2024-9143 on srv-backup-01: the vendor only supports the fixed "
    "version from late August. If that date is not allowed, ask for the latest date that is and accept it. " + YES,
    [
        verify("E1008"),
        a("search_assets", hostname="srv-backup-01"),
        a("list_findings", asset_id="AST-3060", status="open"),
        a("request_exception", finding_id="FND-50061", requested_by="E1008", expires="2025-07-14", approval_ticket=""),
    ],
    [1, 2, 3, 8, 9],
    ["fallback", "arithmetic"],
    ["2025-07-14"],
    {"2025-07-14": "2025-04-15 + 90 days"},
)

# 59: which Sam Rivera is leaving? Hector's salesman, but People recorded no last day: refused.
task(
    "Hector has heard one of his reps resigned.",
    "You want a leaving sales rep's account disabled.",
    known("E1012"),
    "Ask for Sam Rivera's account to be disabled because he told you he is leaving. Do not give more at first; if "
    "asked which Sam Rivera, say the one on your sales team, s.rivera@tessaly.io. If refused, accept and end the "
    "call.",
    [verify("E1012"), find("s.rivera@tessaly.io"), a("get_employee", employee_id="E1003")],
    [1, 3, 6],
    ["clarify", "refusal"],
    action_basis=True,
)


def main() -> None:
    ids = [entry["id"] for entry in TASKS]
    test = [i for i in ids if i in TEST or int(i) % 4 == 1]  # the worked tasks and every fourth one
    write_task_files(DATA, TASKS, {"base": ids, "train": [i for i in ids if i not in test], "test": test})


if __name__ == "__main__":
    main()
