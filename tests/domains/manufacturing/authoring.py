"""The manufacturing tasks, written as data here and checked by replaying each gold path:
``python tests/domains/manufacturing/authoring.py`` rewrites ``data/tasks.json`` and
``data/split_tasks.json`` (after ``cast_source.py`` and ``python -m taubench.domains generate
manufacturing``)."""

from pathlib import Path

from taubench.domains.kit import failing_gold_calls, gold_action, task_record, write_task_files

DATA = Path(__file__).resolve().parents[3] / "src/taubench/domains/manufacturing/data"
TASKS: list[dict] = []

EMP, WO, LOT, NCR, LINE, GAUGE, MATS, SHIFT = (
    "get_employee",
    "get_work_order",
    "get_lot",
    "get_ncr",
    "get_line",
    "get_gauge",
    "list_material_lots",
    "get_shift_report",
)


def act(name, **arguments):
    return (name, arguments)


def task(
    persona, reason, known, instructions, actions, *, rules, tags=(), say=(), basis=None, unknown=None, arith=None
):
    writes = {
        "record_production",
        "log_downtime",
        "hold_lot",
        "release_lot",
        "create_ncr",
        "disposition_ncr",
        "reschedule_work_order",
        "issue_material",
        "publish_oee_report",
    }
    if basis is None:
        basis = ["DB"] + (["COMMUNICATE"] if say else [])
    task_id = str(len(TASKS))
    TASKS.append(
        task_record(
            task_id,
            "manufacturing",
            persona=persona,
            reason=reason,
            known=known,
            unknown=unknown,
            instructions=instructions,
            actions=[
                gold_action(task_id, i, name, args, [] if name == "transfer_to_human_agents" else None)
                for i, (name, args) in enumerate(actions)
            ],
            say=say,
            basis=basis,
            rules=sorted(set(rules) | {1} | ({2} if any(n in writes for n, _ in actions) else set())),
            tags=tags,
            arithmetic=arith,
        )
    )


def who(eid, name):
    return f"You are {name}, employee id {eid}."


# ---------------------------------------------------------------- production and downtime
task(
    "Sam, a mill operator on cell 1 at the end of first shift; quick and practical.",
    "You want to enter this morning's output on the bracket order and a stop you had.",
    who("E2009", "Sam Kowalski")
    + " You run cell L01. Today's first shift (2025-03-25, shift 1) on work order WO31001: 640 good, 20 scrap. The "
    "line stopped for a cutter change from 10:15 to 10:50.",
    "Give the output first, then mention the stop. Confirm when the details are read back to you.",
    [
        act(EMP, employee_id="E2009"),
        act(WO, wo_id="WO31001"),
        act(
            "record_production",
            employee_id="E2009",
            wo_id="WO31001",
            date="2025-03-25",
            shift=1,
            good_qty=640,
            scrap_qty=20,
        ),
        act(
            "log_downtime",
            employee_id="E2009",
            line_id="L01",
            date="2025-03-25",
            shift=1,
            start="10:15",
            end="10:50",
            reason_code="TOOL",
        ),
    ],
    rules=[3, 4, 5],
    tags=["compound"],
)
task(
    "Dana, a lathe operator on cell 3; a bit frustrated about a bad night.",
    "You want to enter last night's third shift on the drive shaft order; it was a rough shift with a lot of scrap.",
    who("E2001", "Dana Whitfield")
    + " Cell L03, shift 3 that started 2025-03-24 at 23:00, work order WO31003: 505 good, 33 scrap.",
    "Ask the agent what the scrap rate of the shift was, in percent. Agree to whatever paperwork the rules require. "
    "Confirm when asked.",
    [
        act(EMP, employee_id="E2001"),
        act(WO, wo_id="WO31003"),
        act(LOT, lot_id="LT60003"),
        act(
            "record_production",
            employee_id="E2001",
            wo_id="WO31003",
            date="2025-03-24",
            shift=3,
            good_qty=505,
            scrap_qty=33,
        ),
        act("create_ncr", employee_id="E2001", lot_id="LT60003", defect_code="SCRAP-HIGH", quantity=33),
    ],
    rules=[3, 4, 5, 6],
    tags=["arithmetic"],
    say=["6.13"],
    arith={"6.13": "33 / (505 + 33) * 100"},
)
task(
    "Beth, a lathe operator on cell 4; careful with numbers.",
    "You want to enter this morning's shift on the flange order and a breakdown.",
    who("E2014", "Beth Moreno")
    + " Cell L04, today's shift 1 (2025-03-25), work order WO31006: 300 good, 15 scrap. The spindle drive failed from "
    "09:10 to 09:55 (mechanical).",
    "Give both. Ask what the shift's scrap rate was, in percent. If the agent says an NCR is needed, ask why: you "
    "think 15 out of 315 is under the limit. Confirm when asked.",
    [
        act(EMP, employee_id="E2014"),
        act(WO, wo_id="WO31006"),
        act(
            "record_production",
            employee_id="E2014",
            wo_id="WO31006",
            date="2025-03-25",
            shift=1,
            good_qty=300,
            scrap_qty=15,
        ),
        act(
            "log_downtime",
            employee_id="E2014",
            line_id="L04",
            date="2025-03-25",
            shift=1,
            start="09:10",
            end="09:55",
            reason_code="MECH",
        ),
    ],
    rules=[3, 4, 5],
    tags=["compound", "arithmetic"],
    say=["4.76"],
    arith={"4.76": "15 / (300 + 15) * 100"},
)
task(
    "Paul, a drill-tap operator on cell 6; talkative.",
    "You want to enter today's first shift on the hinge bracket order and a tooling stop.",
    who("E2017", "Paul Dufresne")
    + " Cell L06, 2025-03-25 shift 1, work order WO31007: 1100 good, 60 scrap. A tap broke: the line was down 12:00 "
    "to 12:25.",
    "Give the output and the stop. Accept any NCR the rules require. Confirm when asked.",
    [
        act(EMP, employee_id="E2017"),
        act(WO, wo_id="WO31007"),
        act(LOT, lot_id="LT60007"),
        act(
            "record_production",
            employee_id="E2017",
            wo_id="WO31007",
            date="2025-03-25",
            shift=1,
            good_qty=1100,
            scrap_qty=60,
        ),
        act("create_ncr", employee_id="E2017", lot_id="LT60007", defect_code="SCRAP-HIGH", quantity=60),
        act(
            "log_downtime",
            employee_id="E2017",
            line_id="L06",
            date="2025-03-25",
            shift=1,
            start="12:00",
            end="12:25",
            reason_code="TOOL",
        ),
    ],
    rules=[3, 4, 5, 6],
    tags=["compound"],
)
task(
    "Marco, a lathe operator on cell 7; brief.",
    "You want to enter yesterday's second shift on the idler shaft order.",
    who("E2007", "Marco Ruiz") + " Cell L07, shift 2 of 2025-03-24, work order WO31008: 390 good, 10 scrap.",
    "Give your name first; give your employee id when asked. Confirm when asked.",
    [
        act(EMP, employee_id="E2007"),
        act(WO, wo_id="WO31008"),
        act(
            "record_production",
            employee_id="E2007",
            wo_id="WO31008",
            date="2025-03-24",
            shift=2,
            good_qty=390,
            scrap_qty=10,
        ),
    ],
    rules=[3, 4, 5],
    tags=["clarify"],
)
task(
    "Marco, an operator on the 5-axis cell helping a friend on another cell.",
    "You want to enter shift output for a colleague on cell 7.",
    who("E2002", "Marco Ruiz")
    + " Your home cell is L05. Work order WO31008, shift 2 of 2025-03-24: 390 good, 10 scrap.",
    "Ask to enter it for your colleague. If refused, accept it and end the call.",
    [act(EMP, employee_id="E2002")],
    rules=[3],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Carla, a mill operator on cell 1 back from two days off; apologetic.",
    "You forgot to enter a shift from Sunday and want it in now.",
    who("E2019", "Carla Jensen") + " Cell L01, work order WO31001, shift 1 of 2025-03-23: 610 good, 9 scrap.",
    "Ask to enter it. If refused, ask exactly when the window for entering it closed.",
    [act(EMP, employee_id="E2019"), act(WO, wo_id="WO31001"), act(SHIFT, line_id="L01", date="2025-03-23", shift=1)],
    rules=[4],
    tags=["refusal"],
    say=["15:00"],
)
task(
    "Victor, a lathe operator on cell 4 mid-shift; in a hurry.",
    "You want to enter your shift's output now, before you forget.",
    who("E2020", "Victor Hale")
    + " Cell L04, today's shift 2 (2025-03-25), work order WO31006: so far 120 good, 2 scrap.",
    "Ask to enter it now. If refused, ask when you can enter it.",
    [act(EMP, employee_id="E2020"), act(WO, wo_id="WO31006"), act(SHIFT, line_id="L04", date="2025-03-25", shift=2)],
    rules=[4],
    tags=["refusal"],
    say=["23:00"],
)
task(
    "Luis, the supervisor of cell 1; organised.",
    "You want to enter yesterday's second shift on the bracket order, and a material stop.",
    who("E2015", "Luis Ortega")
    + " Cell L01, shift 2 of 2025-03-24, work order WO31001: 700 good, 12 scrap. The line waited for material from "
    "17:05 to 17:50.",
    "Give both. Confirm when asked.",
    [
        act(EMP, employee_id="E2015"),
        act(WO, wo_id="WO31001"),
        act(
            "record_production",
            employee_id="E2015",
            wo_id="WO31001",
            date="2025-03-24",
            shift=2,
            good_qty=700,
            scrap_qty=12,
        ),
        act(
            "log_downtime",
            employee_id="E2015",
            line_id="L01",
            date="2025-03-24",
            shift=2,
            start="17:05",
            end="17:50",
            reason_code="MAT",
        ),
    ],
    rules=[3, 4, 5],
    tags=["compound"],
)
task(
    "Ivan, a former lathe operator; insists he still works here.",
    "You want to enter a shift's output for cell 3.",
    who("E2011", "Ivan Petrov") + " Work order WO31003, shift 1 of 2025-03-25: 200 good, 4 scrap.",
    "Ask to enter it. If refused, accept and end the call.",
    [act(EMP, employee_id="E2011")],
    rules=[1],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Ahmed, the supervisor of cell 7; wants the shift closed out properly.",
    "You want this morning's output on the idler shaft order entered, whatever paperwork that needs, and the shift's "
    "OEE report published.",
    who("E2023", "Ahmed Karimi")
    + " Cell L07, 2025-03-25 shift 1, work order WO31008: 400 good, 30 scrap. There were no stops.",
    "Give the output, then ask for the OEE report. Ask what the OEE came to. Confirm each step when asked.",
    [
        act(EMP, employee_id="E2023"),
        act(WO, wo_id="WO31008"),
        act(LOT, lot_id="LT60008"),
        act(
            "record_production",
            employee_id="E2023",
            wo_id="WO31008",
            date="2025-03-25",
            shift=1,
            good_qty=400,
            scrap_qty=30,
        ),
        act("create_ncr", employee_id="E2023", lot_id="LT60008", defect_code="SCRAP-HIGH", quantity=30),
        act(SHIFT, line_id="L07", date="2025-03-25", shift=1),
        act("publish_oee_report", line_id="L07", date="2025-03-25", shift=1),
    ],
    rules=[3, 4, 5, 6, 12, 13],
    tags=["compound"],
    say=["83.33"],
)
task(
    "Frank, the supervisor of cell 4; gruff but polite.",
    "You want last night's stops on cell 4 entered.",
    who("E2021", "Frank Ibsen")
    + " The night shift (it started 23:00 on 2025-03-24) on L04 had two stops: 23:40 to 00:25 mechanical, 02:00 to "
    "02:35 power.",
    "At first say only 'last night's shift'. If asked which, say the one that started at 23:00. Confirm when asked.",
    [
        act(EMP, employee_id="E2021"),
        act(SHIFT, line_id="L04", date="2025-03-24", shift=3),
        act(
            "log_downtime",
            employee_id="E2021",
            line_id="L04",
            date="2025-03-24",
            shift=3,
            start="23:40",
            end="00:25",
            reason_code="MECH",
        ),
        act(
            "log_downtime",
            employee_id="E2021",
            line_id="L04",
            date="2025-03-24",
            shift=3,
            start="02:00",
            end="02:35",
            reason_code="PWR",
        ),
    ],
    rules=[2, 3, 4],
    tags=["clarify"],
)
task(
    "Alicia, the supervisor of cell 3; a stickler for quality.",
    "Lot LT60010 was measured yesterday with bore gauge G-1040 and you just found its calibration sticker is out of "
    "date. The line stopped this afternoon while the gauge was swapped.",
    who("E2005", "Alicia Grant")
    + " The line L03 stopped from 13:05 to 13:40 today (shift 1 of 2025-03-25) for the gauge swap.",
    "Ask the agent to do whatever the rules require for the lot and to log the stop. Ask when the gauge fell due. "
    "Confirm when asked.",
    [
        act(EMP, employee_id="E2005"),
        act(LOT, lot_id="LT60010"),
        act(WO, wo_id="WO30950"),
        act(GAUGE, gauge_id="G-1040"),
        act("hold_lot", employee_id="E2005", lot_id="LT60010", reason="gauge_overdue"),
        act("create_ncr", employee_id="E2005", lot_id="LT60010", defect_code="GAUGE-CAL", quantity=350),
        act(
            "log_downtime",
            employee_id="E2005",
            line_id="L03",
            date="2025-03-25",
            shift=1,
            start="13:05",
            end="13:40",
            reason_code="GAUGE",
        ),
    ],
    rules=[3, 4, 6, 7, 10],
    tags=["compound"],
    say=["2025-03-18"],
)

# ---------------------------------------------------------------- lot release
task(
    "Tom, a QA manager; methodical.",
    "You want lot LT60020 released; its NCR was reworked and closed.",
    who("E2004", "Tom Becker"),
    "Ask for the release. Confirm when asked.",
    [
        act(EMP, employee_id="E2004"),
        act(LOT, lot_id="LT60020"),
        act(NCR, ncr_id="NCR7005"),
        act(GAUGE, gauge_id="G-221"),
        act(GAUGE, gauge_id="G-318"),
        act("release_lot", employee_id="E2004", lot_id="LT60020"),
    ],
    rules=[7, 8],
)
task(
    "Grace, a QA manager under pressure from the customer.",
    "You want bracket lot LT60021 released today for shipping.",
    who("E2012", "Grace Liu"),
    "Ask for the release. If refused, ask for the figure that blocks it, then accept.",
    [
        act(EMP, employee_id="E2012"),
        act(LOT, lot_id="LT60021"),
        act(GAUGE, gauge_id="G-318"),
        act(GAUGE, gauge_id="G-104"),
    ],
    rules=[8],
    tags=["refusal"],
    say=["1.21"],
)
task(
    "Tom, a QA manager; trusts the paperwork.",
    "You want lot LT60022 released.",
    who("E2004", "Tom Becker"),
    "Ask for the release. If it cannot be released, agree to whatever the rules require instead, and ask when the "
    "offending gauge fell due. Confirm when asked.",
    [
        act(EMP, employee_id="E2004"),
        act(LOT, lot_id="LT60022"),
        act(GAUGE, gauge_id="G-1040"),
        act(GAUGE, gauge_id="G-104"),
        act("hold_lot", employee_id="E2004", lot_id="LT60022", reason="gauge_overdue"),
        act("create_ncr", employee_id="E2004", lot_id="LT60022", defect_code="GAUGE-CAL", quantity=600),
    ],
    rules=[6, 7, 8, 10],
    tags=["refusal"],
    say=["2025-03-18"],
)
task(
    "Dana, a lathe operator who needs the shafts to go out.",
    "You want held lot LT60023 released so it can ship.",
    who("E2001", "Dana Whitfield"),
    "Ask for the release. If refused, accept and end the call.",
    [act(EMP, employee_id="E2001")],
    rules=[7],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Tom, a QA manager; in a hurry.",
    "You want flange lot LT60024 released.",
    who("E2004", "Tom Becker"),
    "Ask for the release. If refused, ask which NCR is in the way, then accept and end the call without changing it.",
    [act(EMP, employee_id="E2004"), act(LOT, lot_id="LT60024"), act(NCR, ncr_id="NCR7008")],
    rules=[8],
    tags=["refusal"],
    say=["NCR7008"],
)
task(
    "Tom, a QA manager at the end of his day.",
    "You want bracket lot LT60025 released.",
    who("E2004", "Tom Becker"),
    "Ask for the release. If refused, accept the reason and end the call.",
    [act(EMP, employee_id="E2004"), act(LOT, lot_id="LT60025")],
    rules=[8],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Grace, a QA manager; precise.",
    "You want shaft lot LT60026 released.",
    who("E2012", "Grace Liu"),
    "Ask for the release. If it cannot go, agree to what the rules require, and ask what the limit was that the "
    "measurement broke. Confirm when asked.",
    [
        act(EMP, employee_id="E2012"),
        act(LOT, lot_id="LT60026"),
        act("hold_lot", employee_id="E2012", lot_id="LT60026", reason="out_of_spec"),
        act("create_ncr", employee_id="E2012", lot_id="LT60026", defect_code="DIM-OOS", quantity=450),
    ],
    rules=[6, 7, 8, 9],
    tags=["refusal"],
    say=["12.05"],
)
task(
    "Tom, a QA manager clearing his queue.",
    "You want two lots released: LT60027 (manifolds) and LT60028 (pump housings).",
    who("E2004", "Tom Becker"),
    "Ask for both. If the agent hesitates about LT60028's runout Cpk of 1.10, ask whether that characteristic is "
    "critical. Confirm when asked.",
    [
        act(EMP, employee_id="E2004"),
        act(LOT, lot_id="LT60027"),
        act(GAUGE, gauge_id="G-221"),
        act(GAUGE, gauge_id="G-318"),
        act("release_lot", employee_id="E2004", lot_id="LT60027"),
        act(LOT, lot_id="LT60028"),
        act("release_lot", employee_id="E2004", lot_id="LT60028"),
    ],
    rules=[7, 8],
    tags=["compound"],
)
task(
    "Grace, a QA manager who has reviewed the finish defect herself.",
    "The customer accepts the surface finish on flange lot LT60024. You want its open NCR closed as use-as-is and the "
    "lot released.",
    who("E2012", "Grace Liu"),
    "Ask for both. You have no concession number; say so if asked. Confirm when asked.",
    [
        act(EMP, employee_id="E2012"),
        act(LOT, lot_id="LT60024"),
        act(NCR, ncr_id="NCR7008"),
        act("disposition_ncr", employee_id="E2012", ncr_id="NCR7008", disposition="use_as_is"),
        act(GAUGE, gauge_id="G-318"),
        act(GAUGE, gauge_id="G-415"),
        act("release_lot", employee_id="E2012", lot_id="LT60024"),
    ],
    rules=[6, 7, 8, 11],
    tags=["compound"],
)

# ---------------------------------------------------------------- NCR dispositions
task(
    "Priya, a quality engineer; direct.",
    "You want the burr NCR on hinge bracket lot LT60040 closed as rework.",
    who("E2003", "Priya Nair") + " You mean the burr NCR covering 60 parts.",
    "Say only 'the burr NCR on LT60040'. If asked which, say the one for 60 parts. Confirm when asked.",
    [
        act(EMP, employee_id="E2003"),
        act(LOT, lot_id="LT60040"),
        act(NCR, ncr_id="NCR7016"),
        act(NCR, ncr_id="NCR7017"),
        act("disposition_ncr", employee_id="E2003", ncr_id="NCR7017", disposition="rework"),
    ],
    rules=[6, 11],
    tags=["clarify"],
)
task(
    "Helen, a quality engineer with the customer's sign-off in hand.",
    "You want NCR7011 closed as use-as-is; the customer granted a concession.",
    who("E2008", "Helen Osei") + " The customer's concession number is CN-40211.",
    "Give the concession number only if asked for it. Confirm when asked.",
    [
        act(EMP, employee_id="E2008"),
        act(NCR, ncr_id="NCR7011"),
        act(
            "disposition_ncr", employee_id="E2008", ncr_id="NCR7011", disposition="use_as_is", concession_ref="CN-40211"
        ),
    ],
    rules=[6, 11],
)
task(
    "Nina, a quality engineer who thinks the flanges are fine.",
    "You want NCR7012 closed as use-as-is.",
    who("E2016", "Nina Brandt") + " The customer has not given a concession.",
    "Ask for use-as-is. If refused, choose rework instead. Confirm when asked.",
    [
        act(EMP, employee_id="E2016"),
        act(NCR, ncr_id="NCR7012"),
        act("disposition_ncr", employee_id="E2016", ncr_id="NCR7012", disposition="rework"),
    ],
    rules=[6, 11],
    tags=["fallback"],
)
task(
    "Priya, a quality engineer; wants the threads repaired.",
    "You want NCR7013 closed as repair: the threads can be chased.",
    who("E2003", "Priya Nair") + " There is no customer concession.",
    "Ask for repair. If refused, say you will talk to the customer first and end the call without any other change.",
    [act(EMP, employee_id="E2003"), act(NCR, ncr_id="NCR7013")],
    rules=[11],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Helen, a quality engineer who has seen the porosity.",
    "You want NCR7014 closed as scrap.",
    who("E2008", "Helen Osei"),
    "Ask for scrap. If refused, ask how many parts the NCR covers, then accept.",
    [act(EMP, employee_id="E2008"), act(NCR, ncr_id="NCR7014")],
    rules=[11],
    tags=["refusal"],
    say=["240"],
)
task(
    "Grace, a QA manager; decisive.",
    "You want NCR7014 (the porosity on the pump housings) closed as scrap.",
    who("E2012", "Grace Liu"),
    "Ask for scrap. Confirm when asked.",
    [
        act(EMP, employee_id="E2012"),
        act(NCR, ncr_id="NCR7014"),
        act("disposition_ncr", employee_id="E2012", ncr_id="NCR7014", disposition="scrap"),
    ],
    rules=[6, 11],
)
task(
    "Omar, a mill operator trying to help quality.",
    "You want NCR7015 closed as use-as-is; the marks are cosmetic.",
    who("E2013", "Omar Haddad"),
    "Ask for it. If refused, accept and end the call.",
    [act(EMP, employee_id="E2013")],
    rules=[6],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Nina, a quality engineer who just finished a CMM run.",
    "You measured the bearing journal on shaft lot LT60046 and it is over its limit. You want the lot dealt with and "
    "the parts sent for rework.",
    who("E2016", "Nina Brandt"),
    "Ask for the lot to be handled as the rules require, then for the new NCR to be closed as rework. Confirm each "
    "step when asked.",
    [
        act(EMP, employee_id="E2016"),
        act(LOT, lot_id="LT60046"),
        act("hold_lot", employee_id="E2016", lot_id="LT60046", reason="out_of_spec"),
        act("create_ncr", employee_id="E2016", lot_id="LT60046", defect_code="DIM-OOS", quantity=320),
        act("disposition_ncr", employee_id="E2016", ncr_id="NCR7101", disposition="rework"),
    ],
    rules=[6, 7, 9, 11],
    tags=["compound"],
)
task(
    "Priya, a quality engineer; cosmetic defects do not worry her.",
    "You want NCR7015 closed as use-as-is; the surface marks are cosmetic.",
    who("E2003", "Priya Nair") + " There is no customer concession.",
    "Ask for use-as-is. Confirm when asked.",
    [
        act(EMP, employee_id="E2003"),
        act(NCR, ncr_id="NCR7015"),
        act("disposition_ncr", employee_id="E2003", ncr_id="NCR7015", disposition="use_as_is"),
    ],
    rules=[6, 11],
)

# ---------------------------------------------------------------- scheduling
task(
    "Kenji, a production planner balancing the lathes.",
    "You want the idler shaft order WO31004 moved to cell 7 starting 2025-03-27.",
    who("E2006", "Kenji Sato"),
    "Ask for the move. Ask when it will finish. Confirm when asked.",
    [
        act(EMP, employee_id="E2006"),
        act(WO, wo_id="WO31004"),
        act(LINE, line_id="L07"),
        act("reschedule_work_order", wo_id="WO31004", line_id="L07", start_date="2025-03-27"),
    ],
    rules=[14, 15],
    say=["2025-03-27"],
)
task(
    "Olga, a production planner; speaks in shorthand.",
    "You want the Halvorsen bracket order moved to the deburr cell L10 starting 2025-03-28.",
    who("E2024", "Olga Fischer") + " You mean the bracket order planned for cell 2 (800 pieces).",
    "Say only 'the Halvorsen bracket order, part BR-2210'. If asked which, say the one planned for cell 2. Confirm "
    "when asked.",
    [
        act(EMP, employee_id="E2024"),
        act("list_work_orders", part_number="BR-2210", status="released"),
        act("list_work_orders", part_number="BR-2210", status="in_progress"),
        act(LINE, line_id="L10"),
        act("reschedule_work_order", wo_id="WO31002", line_id="L10", start_date="2025-03-28"),
    ],
    rules=[2, 14, 15],
    tags=["clarify"],
)
task(
    "Kenji, a production planner; flexible.",
    "You want flange order WO31006 moved to cell 3 from 2025-03-27; if cell 3 cannot take it, cell 7.",
    who("E2006", "Kenji Sato"),
    "Give cell 3 first; give the alternative only if cell 3 will not do. Confirm when asked.",
    [
        act(EMP, employee_id="E2006"),
        act(WO, wo_id="WO31006"),
        act(LINE, line_id="L03"),
        act(LINE, line_id="L07"),
        act("reschedule_work_order", wo_id="WO31006", line_id="L07", start_date="2025-03-27"),
    ],
    rules=[14, 15],
    tags=["fallback"],
)
task(
    "Olga, a production planner trying to free up cell 4.",
    "You want the big Okafor drive shaft order WO31013 moved to the 5-axis cell L05 starting 2025-03-28.",
    who("E2024", "Olga Fischer"),
    "Ask for the move. If refused, ask what the projected finish would have been, and accept any transfer.",
    [
        act(EMP, employee_id="E2024"),
        act(WO, wo_id="WO31013"),
        act(LINE, line_id="L05"),
        act(
            "transfer_to_human_agents",
            summary="Planner E2024 asks to move WO31013 to L05 from 2025-03-28; projected finish 2025-04-04 is 3 days "
            "after the due date 2025-04-01.",
        ),
    ],
    rules=[14, 15],
    tags=["refusal", "arithmetic"],
    say=["2025-04-04"],
    basis=["DB", "COMMUNICATE", "ACTION"],
    arith={"2025-04-04": "2025-03-28 + (120 + 4000 * 2.5 - 1440) / 1440 days"},
)
task(
    "Kenji, a production planner with a backup plan.",
    "You want drive shaft order WO31013 moved to cell 5 starting 2025-03-28; if that does not work, to the deburr "
    "cell L10 the same day.",
    who("E2006", "Kenji Sato"),
    "Give cell 5 first and the alternative only if it will not do. Ask why cell 5 would not do. Confirm when asked.",
    [
        act(EMP, employee_id="E2006"),
        act(WO, wo_id="WO31013"),
        act(LINE, line_id="L05"),
        act(LINE, line_id="L10"),
        act("reschedule_work_order", wo_id="WO31013", line_id="L10", start_date="2025-03-28"),
    ],
    rules=[14, 15],
    tags=["fallback", "arithmetic"],
    say=["2025-04-04"],
    arith={"2025-04-04": "2025-03-28 + (120 + 4000 * 2.5 - 1440) / 1440 days"},
)
task(
    "Luis, the supervisor of cell 1; planning his week.",
    "You want the pump housing order WO31012 on your cell to start on a different day, and yesterday's first-shift "
    "OEE report for your cell published.",
    who("E2015", "Luis Ortega") + " The new start day is 2025-03-27.",
    "Ask for the move without giving the day; give 2025-03-27 when asked. Then ask for the OEE report. Confirm each "
    "step when asked.",
    [
        act(EMP, employee_id="E2015"),
        act(WO, wo_id="WO31012"),
        act(LINE, line_id="L01"),
        act("reschedule_work_order", wo_id="WO31012", line_id="L01", start_date="2025-03-27"),
        act(SHIFT, line_id="L01", date="2025-03-24", shift=1),
        act("publish_oee_report", line_id="L01", date="2025-03-24", shift=1),
    ],
    rules=[13, 14, 15],
    tags=["clarify", "compound"],
)
task(
    "Sam, a mill operator who wants a bigger run on his cell.",
    "You want the bracket order WO31001 moved to cell 2.",
    who("E2009", "Sam Kowalski"),
    "Ask for the move. If refused, accept and end the call.",
    [act(EMP, employee_id="E2009")],
    rules=[14],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Kenji, a production planner; knows the shop well.",
    "You want pump housing order WO31009 moved to cell 9 starting 2025-03-26; if cell 9 cannot take it, cell 5.",
    who("E2006", "Kenji Sato"),
    "Give cell 9 first and cell 5 only if cell 9 will not do. Confirm when asked.",
    [
        act(EMP, employee_id="E2006"),
        act(WO, wo_id="WO31009"),
        act(LINE, line_id="L09"),
        act(LINE, line_id="L05"),
        act("reschedule_work_order", wo_id="WO31009", line_id="L05", start_date="2025-03-26"),
    ],
    rules=[14, 15],
    tags=["fallback"],
)

# ---------------------------------------------------------------- material
task(
    "Dana, a lathe operator setting up the next batch.",
    "You need 300 kg of bar issued to the drive shaft order WO31003.",
    who("E2001", "Dana Whitfield"),
    "Ask for 300 kg. Ask which material lots it comes from and how much from each. Confirm when asked.",
    [
        act(EMP, employee_id="E2001"),
        act(WO, wo_id="WO31003"),
        act(MATS, material="4140 bar 40mm"),
        act("issue_material", wo_id="WO31003", material_lot_id="ML9004", kg=260),
        act("issue_material", wo_id="WO31003", material_lot_id="ML9003", kg=40),
    ],
    rules=[16, 17, 18],
    tags=["arithmetic"],
    say=["ML9004", "ML9003"],
)
task(
    "Beth, a lathe operator on cell 4; busy.",
    "You want last night's output on the flange order entered and 150 kg of bar issued to the Okafor drive shaft "
    "order.",
    who("E2014", "Beth Moreno")
    + " Shift 3 of 2025-03-24 on WO31006: 250 good, 5 scrap. The drive shaft order you mean is the one due 2025-04-07.",
    "Give the output first. Then say 'the Okafor drive shaft order' without an id; if asked which, say the one due "
    "2025-04-07. Confirm each step when asked.",
    [
        act(EMP, employee_id="E2014"),
        act(WO, wo_id="WO31006"),
        act(
            "record_production",
            employee_id="E2014",
            wo_id="WO31006",
            date="2025-03-24",
            shift=3,
            good_qty=250,
            scrap_qty=5,
        ),
        act("list_work_orders", line_id="L04", status="released"),
        act(MATS, material="4140 bar 40mm"),
        act("issue_material", wo_id="WO31010", material_lot_id="ML9004", kg=150),
    ],
    rules=[3, 4, 5, 16, 17, 18],
    tags=["clarify", "compound"],
)
task(
    "Marco, a lathe operator on cell 7; replacing scrapped parts.",
    "You need 40 kg more bar on idler shaft order WO31008.",
    who("E2007", "Marco Ruiz") + " The extra material is to replace parts you scrapped.",
    "Ask for 40 kg without saying why; if asked for a reason, say it replaces scrapped parts. Confirm when asked.",
    [
        act(EMP, employee_id="E2007"),
        act(WO, wo_id="WO31008"),
        act(MATS, material="4140 bar 40mm"),
        act("issue_material", wo_id="WO31008", material_lot_id="ML9004", kg=40, reason="scrap_replacement"),
    ],
    rules=[16, 17, 18],
    tags=["clarify"],
)
task(
    "Kenji, a production planner covering a setup problem.",
    "You want 100 kg more bar issued to idler shaft order WO31004 for setup losses.",
    who("E2006", "Kenji Sato"),
    "Ask for 100 kg for setup losses. If refused, ask what the most is that could be issued to the order in total, "
    "and accept any transfer.",
    [
        act(EMP, employee_id="E2006"),
        act(WO, wo_id="WO31004"),
        act(
            "transfer_to_human_agents",
            summary="Planner E2006 asks 100 kg more 4140 bar for WO31004: total 760 kg would pass the 10% ceiling of "
            "726 kg.",
        ),
    ],
    rules=[17, 18],
    tags=["refusal", "arithmetic"],
    say=["726"],
    basis=["DB", "COMMUNICATE", "ACTION"],
    arith={"726": "600 * 1.1 * 1.1"},
)
task(
    "Victor, a lathe operator; has his favourite bar lot.",
    "You want 100 kg of stainless bar from lot ML9011 issued to flange order WO31006.",
    who("E2020", "Victor Hale"),
    "Ask for it from ML9011. Go along with the agent's choice of lots if the rules require another. Confirm when "
    "asked.",
    [
        act(EMP, employee_id="E2020"),
        act(WO, wo_id="WO31006"),
        act(MATS, material="316L bar 100mm"),
        act("issue_material", wo_id="WO31006", material_lot_id="ML9010", kg=40),
        act("calculate", expression="100 - 40"),
        act("issue_material", wo_id="WO31006", material_lot_id="ML9011", kg=60),
    ],
    rules=[16, 17, 18],
    tags=["fallback"],
)
task(
    "Kenji, a production planner kitting the next bracket run.",
    "You want the full 280 kg of plate for bracket order WO31002 issued, from lot ML9022 which is nearest the saw.",
    who("E2006", "Kenji Sato"),
    "Ask for it from ML9022. Accept other lots if the rules require. Ask how much comes from each lot. Confirm when "
    "asked.",
    [
        act(EMP, employee_id="E2006"),
        act(WO, wo_id="WO31002"),
        act(MATS, material="6061-T6 plate 12mm"),
        act("issue_material", wo_id="WO31002", material_lot_id="ML9021", kg=200),
        act("issue_material", wo_id="WO31002", material_lot_id="ML9020", kg=80),
    ],
    rules=[16, 17, 18],
    tags=["fallback", "arithmetic"],
    say=["80"],
    arith={"80": "280 - 200"},
)
task(
    "Joy, a horizontal mill operator on cell 8 covering for a friend.",
    "You want 20 kg of plate issued to bracket order WO31001 on cell 1.",
    who("E2018", "Joy Mensah") + " Your home cell is L08.",
    "Ask for it. If refused, accept and end the call.",
    [act(EMP, employee_id="E2018")],
    rules=[18],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)

# ---------------------------------------------------------------- safety
task(
    "Sam, a mill operator, shaken.",
    "Your colleague cut his hand on swarf at cell 1 a few minutes ago; you are calling the desk first.",
    who("E2009", "Sam Kowalski"),
    "Tell the agent what happened and ask what to do. Accept a transfer.",
    [
        act(EMP, employee_id="E2009"),
        act("transfer_to_human_agents", summary="Operator E2009 reports a hand laceration on swarf at cell L01: EHS."),
    ],
    rules=[19],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Beth, a lathe operator; calm but worried.",
    "You want this morning's flange output entered; then you mention that coolant spilled by cell 4 and someone "
    "slipped.",
    who("E2014", "Beth Moreno") + " Cell L04, shift 1 of 2025-03-25, WO31006: 300 good, 6 scrap.",
    "Give the output first and confirm it. Only then mention the spill and the fall. Accept a transfer.",
    [
        act(EMP, employee_id="E2014"),
        act(WO, wo_id="WO31006"),
        act(
            "record_production",
            employee_id="E2014",
            wo_id="WO31006",
            date="2025-03-25",
            shift=1,
            good_qty=300,
            scrap_qty=6,
        ),
        act(
            "transfer_to_human_agents",
            summary="Operator E2014 reports a coolant spill at cell L04 and a colleague who slipped: EHS.",
        ),
    ],
    rules=[3, 4, 5, 19],
    tags=["refusal", "compound"],
    basis=["DB", "ACTION"],
)
task(
    "Frank, the supervisor of cell 4; matter-of-fact.",
    "You want a stop from yesterday's second shift logged, and you also need to report that a forklift nearly hit "
    "someone at cell 4.",
    who("E2021", "Frank Ibsen") + " L04, shift 2 of 2025-03-24: stopped 18:20 to 18:50 for a mechanical fault.",
    "Ask for the stop first and confirm it, then report the near miss. Accept a transfer.",
    [
        act(EMP, employee_id="E2021"),
        act(
            "log_downtime",
            employee_id="E2021",
            line_id="L04",
            date="2025-03-24",
            shift=2,
            start="18:20",
            end="18:50",
            reason_code="MECH",
        ),
        act("transfer_to_human_agents", summary="Supervisor E2021 reports a forklift near miss at cell L04: EHS."),
    ],
    rules=[3, 4, 19],
    tags=["refusal", "compound"],
    basis=["DB", "ACTION"],
)

# ---------------------------------------------------------------- OEE
task(
    "Luis, the supervisor of cell 1, preparing his morning review.",
    "You want the availability and OEE of cell 1 for yesterday; you will publish later yourself.",
    who("E2015", "Luis Ortega") + " You mean yesterday's first shift (2025-03-24, shift 1).",
    "Ask for 'yesterday's' figures; if asked which shift, say the first. Do not ask for publication.",
    [act(EMP, employee_id="E2015"), act(SHIFT, line_id="L01", date="2025-03-24", shift=1)],
    rules=[12],
    tags=["clarify", "arithmetic"],
    say=["87.5", "75.21"],
    arith={"87.5": "(480 - 45 - 15) / 480 * 100", "75.21": "0.5 * 722 / 480 * 100"},
)
task(
    "Mei, the supervisor of cell 6; wants numbers out.",
    "You want the OEE report of cell 6 for yesterday's second shift (2025-03-24, shift 2) published.",
    who("E2022", "Mei Tanaka"),
    "Ask for it and ask what the OEE came to. Confirm when asked.",
    [
        act(EMP, employee_id="E2022"),
        act(SHIFT, line_id="L06", date="2025-03-24", shift=2),
        act("publish_oee_report", line_id="L06", date="2025-03-24", shift=2),
    ],
    rules=[12, 13],
    say=["84.17"],
)
task(
    "Alicia, the supervisor of cell 3.",
    "You want the OEE report for cell 3's shift that just ended (2025-03-25, shift 1) published.",
    who("E2005", "Alicia Grant"),
    "Ask for it and ask what the availability was. Confirm when asked.",
    [
        act(EMP, employee_id="E2005"),
        act(SHIFT, line_id="L03", date="2025-03-25", shift=1),
        act("publish_oee_report", line_id="L03", date="2025-03-25", shift=1),
    ],
    rules=[12, 13],
    say=["86.46"],
)
task(
    "Frank, the supervisor of cell 4; wants a head start.",
    "You want the OEE report for cell 4's current shift (2025-03-25, shift 2) published now.",
    who("E2021", "Frank Ibsen"),
    "Ask for it now. If refused, ask when it can be published.",
    [act(EMP, employee_id="E2021"), act(SHIFT, line_id="L04", date="2025-03-25", shift=2)],
    rules=[13],
    tags=["refusal"],
    say=["23:00"],
)
task(
    "Rita, the supervisor of the 5-axis cell.",
    "You want the OEE report of cell 5 for last night's shift (the one that started 2025-03-24 at 23:00) published.",
    who("E2010", "Rita Alvarez"),
    "Ask for it, and ask what the OEE and the availability were. Confirm when asked.",
    [
        act(EMP, employee_id="E2010"),
        act(SHIFT, line_id="L05", date="2025-03-24", shift=3),
        act("publish_oee_report", line_id="L05", date="2025-03-24", shift=3),
    ],
    rules=[12, 13],
    say=["78.65", "92.71"],
)
task(
    "Ahmed, the supervisor of cell 7; checking a number before a meeting.",
    "You want yesterday's availability and OEE for cell 7, not published.",
    who("E2023", "Ahmed Karimi") + " You mean yesterday's first shift (2025-03-24, shift 1).",
    "Ask for 'yesterday'; if asked which shift, say the first. Do not ask for publication.",
    [act(EMP, employee_id="E2023"), act(SHIFT, line_id="L07", date="2025-03-24", shift=1)],
    rules=[12],
    tags=["clarify", "arithmetic"],
    say=["85.42", "79.17"],
    arith={"85.42": "(480 - 50 - 20) / 480 * 100", "79.17": "1.0 * 380 / 480 * 100"},
)
task(
    "Paul, a drill-tap operator proud of his shift.",
    "You want the OEE report for cell 6's second shift of 2025-03-24 published.",
    who("E2017", "Paul Dufresne"),
    "Ask for it. If refused, accept and end the call.",
    [act(EMP, employee_id="E2017")],
    rules=[13],
    tags=["refusal"],
    basis=["DB", "ACTION"],
)
task(
    "Grace, a QA manager reviewing cell 1.",
    "You want cell 1's OEE report for the first shift of 2025-03-24 published, and to know its quality rate.",
    who("E2012", "Grace Liu"),
    "Ask for it and for the quality figure. Confirm when asked.",
    [
        act(EMP, employee_id="E2012"),
        act(SHIFT, line_id="L01", date="2025-03-24", shift=1),
        act("publish_oee_report", line_id="L01", date="2025-03-24", shift=1),
    ],
    rules=[12, 13],
    say=["95.0"],
)
task(
    "Olga, a production planner closing out the week's numbers.",
    "You want two OEE reports published: cell 6 for the second shift of 2025-03-24 and cell 5 for the third shift of "
    "2025-03-24.",
    who("E2024", "Olga Fischer"),
    "Ask for both and ask each one's OEE. Confirm when asked.",
    [
        act(EMP, employee_id="E2024"),
        act(SHIFT, line_id="L06", date="2025-03-24", shift=2),
        act("publish_oee_report", line_id="L06", date="2025-03-24", shift=2),
        act(SHIFT, line_id="L05", date="2025-03-24", shift=3),
        act("publish_oee_report", line_id="L05", date="2025-03-24", shift=3),
    ],
    rules=[12, 13],
    tags=["compound"],
    say=["84.17", "78.65"],
)


def main() -> None:
    for failure in failing_gold_calls("manufacturing", TASKS):
        print(failure)
    ids = [spec["id"] for spec in TASKS]
    test = [i for n, i in enumerate(ids) if n % 5 in (1, 3)]
    split = {"base": ids, "train": [i for i in ids if i not in test], "test": test}
    write_task_files(DATA, TASKS, split)
    print(len(TASKS), "tasks")


if __name__ == "__main__":
    main()
