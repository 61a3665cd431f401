"""Five test tasks worked by hand from the policy and the customer's words: the gold agrees with
the figures worked out here, an equivalent solution scores 1 and a lazy shortcut scores 0."""

from taubench.domains.fair_checks import reward_of


def _gold(domain, task_id):
    return [(action.requestor, action.name, action.arguments) for action in domain.tasks[task_id].gold_actions]


def _call(name, **arguments):
    return ("assistant", name, arguments)


def test_a_waiver_for_the_gross_amount_is_refused_with_the_net(domain):
    """Task 5: PA3526 billed 12950.00 on a 10% retainage project; the net, and so the waiver
    needed, is 12950 - 1295 = 11655.00. The sub's waiver for 12950.00 is not recorded."""
    task = domain.tasks["5"]
    assert task.evaluation_criteria.communicate_info == ["11655.00"]
    gold = _gold(domain, "5")
    assert reward_of(domain, task, gold, "The waiver must be for 11,655.00, the billed amount less retainage.") == 1.0
    assert reward_of(domain, task, gold, "Sorry, the waiver amount is wrong.") == 0.0  # the figure unsaid
    lazy = gold + [
        _call("record_lien_waiver", pay_application_id="PA3526", waiver_type="conditional", amount=12950.0),
        _call("release_payment", pay_application_id="PA3526"),
    ]
    assert reward_of(domain, task, lazy, "Paid 11655.00.") == 0.0


def test_rivera_electric_of_rock_county_has_an_expired_licence(domain):
    """Task 26: T10822 (P1069, Rock county) ends 2025-06-10. Rock's Rivera Electric (S202) lost
    its licence on 2025-04-30 and Dane's (S201) is out of county; Four Lakes Electric (S315)
    has every paper through 2025-06-10."""
    task = domain.tasks["26"]
    gold = _gold(domain, "26")
    assert gold[-1][2] == {"task_id": "T10822", "sub_id": "S315"}
    assert reward_of(domain, task, gold, "Rivera's licence expired 2025-04-30.") == 1.0
    other_route = gold[:2] + [_call("get_subcontractor", sub_id="S202"), _call("get_subcontractor", sub_id="S315")]
    other_route.append(gold[-1])
    assert reward_of(domain, task, other_route, "Its licence ran out on 2025-04-30.") == 1.0
    for lazy_sub in ("S202", "S201"):
        lazy = gold[:3] + [_call("assign_subcontractor", task_id="T10822", sub_id=lazy_sub)]
        assert reward_of(domain, task, lazy, "2025-04-30") == 0.0


def test_a_small_change_order_is_priced_with_markup_and_approved(domain):
    """Task 59: 3800.00 + 15% = 4370.00, under 10% of P1008's contract and 2 added days, so
    no PM approval; the client approves it on the call."""
    task = domain.tasks["59"]
    gold = _gold(domain, "59")
    assert task.evaluation_criteria.communicate_info == ["4370.00"]
    assert reward_of(domain, task, gold, "The price is $4,370.00.") == 1.0
    with_pm = [gold[0], ("assistant", "submit_change_order", {**gold[1][2], "pm_approved_by": "E101"}), gold[2]]
    assert reward_of(domain, task, with_pm, "The price is 4370.00.") == 0.0  # an approving PM where none is needed
    assert reward_of(domain, task, gold[:2], "The price is 4370.00.") == 0.0  # approval not recorded


def test_a_two_week_slip_of_framing_moves_the_finish_and_notifies_the_client(domain):
    """Task 71: framing of P1017 moves to 2025-05-28; every later task moves by the same
    working days, over Memorial Day, and the finish lands on 2025-08-07, more than 5 working
    days later, so a schedule_delay notice goes to the client and the PM."""
    task = domain.tasks["71"]
    gold = _gold(domain, "71")
    assert task.evaluation_criteria.communicate_info == ["2025-08-07"]
    assert reward_of(domain, task, gold, "The job now finishes 2025-08-07.") == 1.0
    reordered = gold[:3] + [
        _call("send_notice", project_id="P1017", recipients=["project_manager", "client"], notice_type="schedule_delay")
    ]
    assert reward_of(domain, task, reordered, "Finish: 2025-08-07.") == 1.0
    assert reward_of(domain, task, gold[:3], "Finish: 2025-08-07.") == 0.0  # no delay notice


def test_extend_the_permit_means_the_electrical_one_within_its_window(domain):
    """Task 50: P1038 has several active permits; the client means the electrical one, EP5038,
    which expires on 2025-05-26 (20 days away, inside the 30-day window) and runs to 2025-11-22
    once extended."""
    task = domain.tasks["50"]
    gold = _gold(domain, "50")
    assert domain.tasks["50"].evaluation_criteria.communicate_info == ["2025-11-22"]
    assert reward_of(domain, task, gold, "It now runs until 2025-11-22.") == 1.0
    looked_at_all = [gold[0], _call("get_permit", permit_id="BP5038"), *gold[1:]]
    assert reward_of(domain, task, looked_at_all, "It now runs until 2025-11-22.") == 1.0
    guessed = [gold[0], _call("request_permit_extension", permit_id="BP5038", reason="weather")]
    assert reward_of(domain, task, guessed, "2025-11-22") == 0.0
