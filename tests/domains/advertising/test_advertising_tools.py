"""The ad platform's tools: each one's answer, each of its error texts, and that a write that
fails changes nothing; then worked tasks, each solved another valid way (scores 1) and by a
lazy shortcut (scores 0)."""

from taubench.domains.advertising.models import Arm
from taubench.domains.advertising.tools import z_score
from taubench.domains.fair_checks import reward_of


def test_a_caller_is_verified_by_account_and_user_id_and_namesakes_stay_apart(ok, no):
    view = ok("get_ad_account", account_id="ACT-1001", user_id="U-5001")
    assert (view["caller"]["name"], view["caller"]["role"], view["active_daily_budget_total"]) == (
        "Dana Whitfield",
        "admin",
        200.0,
    )
    other = ok("get_ad_account", account_id="ACT-1002", user_id="U-5021")
    assert (other["caller"]["name"], other["caller"]["role"]) == ("Dana Whitfield", "advertiser")
    assert no("get_ad_account", account_id="ACT-1002", user_id="U-5001") == (
        "Error: User U-5001 is not a user of ad account ACT-1002"
    )
    assert no("get_ad_account", account_id="ACT-9999", user_id="U-5001") == "Error: Ad account ACT-9999 not found"


def test_campaigns_are_listed_by_account_and_status(ok, no):
    names = [(c["campaign_id"], c["name"]) for c in ok("list_campaigns", account_id="ACT-1003")]
    assert ("CMP-20010", "Spring Sale") in names and ("CMP-20011", "Spring Sale") in names
    assert [c["campaign_id"] for c in ok("list_campaigns", account_id="ACT-1003", status="ended")] == ["CMP-20014"]
    assert (
        no("list_campaigns", account_id="ACT-1003", status="draft") == "Error: Status must be active, paused or ended"
    )


def test_ad_sets_creatives_and_experiments_are_read(ok):
    assert ok("get_ad_set", ad_set_id="AS-30031")["targeting"]["locations"] == ["60614", "60618"]
    creative = ok("get_creative", creative_id="CR-50043")
    assert (creative["review_status"], creative["rejections"]) == ("rejected", 2)
    assert [test["experiment_id"] for test in ok("list_experiments", campaign_id="CMP-20060")] == ["EXP-701", "EXP-702"]
    report = ok("get_experiment", experiment_id="EXP-701")
    assert (report["leader"], report["runner_up"], report["past_planned_end"], report["days_planned"]) == (
        "B",
        "A",
        True,
        14,
    )
    assert report["z_score"] >= 1.96 and report["arms"][1]["conversion_rate_percent"] == 3.3
    assert ok("get_experiment", experiment_id="EXP-702")["z_score"] < 1.96
    assert not ok("get_experiment", experiment_id="EXP-703")["past_planned_end"]


def test_the_z_score_is_the_pooled_two_proportion_test():
    first = Arm(arm="A", ad_set_id="AS-1", split=50, visitors=1000, conversions=60)
    second = Arm(arm="B", ad_set_id="AS-2", split=50, visitors=1000, conversions=40)
    assert z_score(first, second) == 2.05
    empty = Arm(arm="C", ad_set_id="AS-3", split=50, visitors=0, conversions=0)
    assert z_score(first, empty) == 0.0


def test_stats_are_summed_over_a_range_and_refused_outside_it(ok, no):
    day = ok("get_stats", level="ad_set", entity_id="AS-30014", date_from="2025-10-20", date_to="2025-10-20")
    week = ok("get_stats", level="ad_set", entity_id="AS-30014", date_from="2025-10-14", date_to="2025-10-20")
    assert day["days_with_delivery"] == 1 and week["days_with_delivery"] == 7 and week["spend"] > day["spend"]
    campaign = ok("get_stats", level="campaign", entity_id="CMP-20012", date_from="2025-10-14", date_to="2025-10-20")
    other = ok("get_stats", level="ad_set", entity_id="AS-30015", date_from="2025-10-14", date_to="2025-10-20")
    assert campaign["clicks"] == week["clicks"] + other["clicks"]
    arguments = {"entity_id": "AS-30014", "date_from": "2025-10-14"}
    assert no("get_stats", level="creative", date_to="2025-10-20", **arguments) == (
        "Error: Stats are kept for campaign or ad_set levels"
    )
    assert no("get_stats", level="ad_set", date_to="2025-10-13", **arguments) == (
        "Error: Date from must not be after date to"
    )
    assert no("get_stats", level="ad_set", date_to="2025-10-30", **arguments) == "Error: Date to cannot be after today"
    assert no("pause_delivery", level="account", entity_id="ACT-1001") == (
        "Error: Level must be campaign, ad_set or creative"
    )


def test_budgets_count_edits_and_enter_learning_on_big_changes(ok, no):
    small = ok("update_budget", campaign_id="CMP-20051", daily_budget=150)
    assert (small["daily_budget"], small["budget_edits_today"], small["delivery_phase"]) == (150.0, 2, "stable")
    big = ok("update_budget", campaign_id="CMP-20012", daily_budget=1130)
    assert (big["delivery_phase"], big["budget_edits_today"]) == ("learning", 1)
    assert no("update_budget", campaign_id="CMP-20014", daily_budget=120) == (
        "Error: Campaign has ended: its budget cannot be changed"
    )
    assert no("update_budget", campaign_id="CMP-20010", daily_budget=0.5) == "Error: Daily budget must be at least 1.00"
    assert no("update_budget", campaign_id="CMP-20010", daily_budget=150) == "Error: That is already the daily budget"


def test_targeting_changes_only_what_is_given(ok, no):
    changed = ok("update_targeting", ad_set_id="AS-30031", locations=["60614", "60618", "60622"])
    assert (
        changed["targeting"]["locations"] == ["60614", "60618", "60622"] and changed["targeting"]["radius_miles"] == 5
    )
    capped = ok("update_targeting", ad_set_id="AS-30050", frequency_cap=3, age_min=21)
    assert (capped["frequency_cap"], capped["targeting"]["age_min"]) == (3, 21)
    assert ok("update_targeting", ad_set_id="AS-30050", frequency_cap=0)["frequency_cap"] is None
    cases = {
        "Locations must be a list of at least one city or ZIP code": {"locations": []},
        "Radius must be a whole number of miles from 1 to 50": {"radius_miles": 80},
        "Ages must be whole numbers from 13 to 65": {"age_min": 10},
        "The youngest age cannot be above the oldest": {"age_min": 60, "age_max": 30},
        "Genders must be all, female or male": {"genders": "women"},
        "Interests must be a list of keywords": {"interests": "yoga"},
        "Lookalike must be true or false": {"lookalike": "yes"},
        "Frequency cap must be a whole number from 0 to 20": {"frequency_cap": 30},
        "Nothing to change: the ad set already has that targeting": {"radius_miles": 5},
    }
    for message, arguments in cases.items():
        assert no("update_targeting", ad_set_id="AS-30031", **arguments) == f"Error: {message}"


def test_bids_take_a_cap_only_with_a_capped_strategy(ok, no):
    assert ok("update_bid", ad_set_id="AS-30012", strategy="lowest_cost")["bid_cap"] is None
    capped = ok("update_bid", ad_set_id="AS-30015", strategy="cost_cap", bid_cap=20)
    assert (capped["bid_strategy"], capped["bid_cap"]) == ("cost_cap", 20.0)
    assert no("update_bid", ad_set_id="AS-30014", strategy="manual") == (
        "Error: Strategy must be lowest_cost, cost_cap or bid_cap"
    )
    assert no("update_bid", ad_set_id="AS-30014", strategy="lowest_cost", bid_cap=2) == (
        "Error: lowest_cost takes no bid cap"
    )
    assert no("update_bid", ad_set_id="AS-30014", strategy="bid_cap") == "Error: cost_cap and bid_cap need a bid cap"
    assert no("update_bid", ad_set_id="AS-30014", strategy="bid_cap", bid_cap=0) == "Error: Bid cap must be more than 0"
    assert no("update_bid", ad_set_id="AS-30015", strategy="cost_cap", bid_cap=20) == (
        "Error: The ad set already bids that way"
    )


def test_delivery_is_paused_and_resumed_where_the_platform_allows(ok, no):
    assert ok("pause_delivery", level="campaign", entity_id="CMP-20011")["status"] == "paused"
    assert ok("pause_delivery", level="ad_set", entity_id="AS-30014")["status"] == "paused"
    assert no("pause_delivery", level="ad_set", entity_id="AS-30014") == "Error: AS-30014 is already paused"
    assert no("pause_delivery", level="campaign", entity_id="CMP-20014") == (
        "Error: Campaign has ended: there is nothing to pause"
    )
    assert ok("resume_delivery", level="creative", entity_id="CR-50042")["status"] == "active"
    assert no("resume_delivery", level="creative", entity_id="CR-50044") == (
        "Error: Creative is rejected: only approved creatives run"
    )
    assert no("resume_delivery", level="campaign", entity_id="CMP-20014") == (
        "Error: Campaign ended on 2025-10-12: set a new end date first"
    )
    assert no("resume_delivery", level="campaign", entity_id="CMP-20012") == "Error: CMP-20012 is already active"


def test_an_ended_campaign_gets_a_new_end_date_then_resumes(ok, no):
    assert no("set_end_date", campaign_id="CMP-20014", end_date="2025-10-01") == (
        "Error: End date must be today or later and not before the start date"
    )
    assert no("set_end_date", campaign_id="CMP-20002", end_date="2025-12-31") == "Error: That is already the end date"
    assert ok("set_end_date", campaign_id="CMP-20014", end_date="2025-11-30")["status"] == "paused"
    assert ok("resume_delivery", level="campaign", entity_id="CMP-20014")["status"] == "active"


def test_creatives_go_to_review_from_draft_or_rejected(ok, no):
    assert ok("submit_creative", creative_id="CR-50044")["review_status"] == "pending_review"
    assert ok("submit_creative", creative_id="CR-50040")["rejection_reason"] is None
    assert no("submit_creative", creative_id="CR-50042") == (
        "Error: Creative is approved: only drafts and rejected creatives are submitted"
    )


def test_experiments_are_created_with_arms_in_id_order(ok, no):
    arms = [
        {"ad_set_id": "AS-30074", "split": 33},
        {"ad_set_id": "AS-30072", "split": 34},
        {"ad_set_id": "AS-30073", "split": 33},
    ]
    made = ok("create_experiment", campaign_id="CMP-20064", variable="creative", arms=arms, days=14)
    assert made["experiment_id"] == "EXP-706" and made["planned_end"] == "2025-11-03"
    assert [(arm["arm"], arm["ad_set_id"], arm["split"]) for arm in made["arms"]] == [
        ("A", "AS-30072", 34),
        ("B", "AS-30073", 33),
        ("C", "AS-30074", 33),
    ]
    two = [{"ad_set_id": "AS-30070", "split": 50}, {"ad_set_id": "AS-30071", "split": 50}]
    cases = {
        "Variable must be creative, audience or bid_strategy": {"variable": "price", "arms": two},
        'Each arm must be {"ad_set_id": ..., "split": whole percent}': {"arms": [{"ad_set_id": "AS-30070"}]},
        "An experiment needs at least 2 arms": {"arms": [{"ad_set_id": "AS-30070", "split": 100}]},
        "Each ad set can be one arm only": {"arms": [{"ad_set_id": "AS-30070", "split": 50}] * 2},
        "Ad set AS-30060 is not in campaign CMP-20063": {"arms": [two[0], {"ad_set_id": "AS-30060", "split": 50}]},
        "Splits must be at least 1 percent each and add up to 100": {
            "arms": [two[0], {"ad_set_id": "AS-30071", "split": 40}]
        },
        "Days must be a whole number of at least 1": {"arms": two, "days": 0},
        "An ad set is already an arm of a running experiment": {"arms": two},
    }
    for message, arguments in cases.items():
        call = {"campaign_id": "CMP-20063", "variable": "audience", "days": 14, **arguments}
        assert no("create_experiment", **call) == f"Error: {message}"
    ok("pause_delivery", level="campaign", entity_id="CMP-20063")
    ok("conclude_experiment", experiment_id="EXP-705", winner=None)
    assert no("create_experiment", campaign_id="CMP-20063", variable="audience", arms=two, days=14) == (
        "Error: Experiments run on active campaigns only"
    )


def test_experiments_are_extended_and_concluded(ok, no):
    assert ok("extend_experiment", experiment_id="EXP-702", days=7)["planned_end"] == "2025-10-24"
    assert (
        no("extend_experiment", experiment_id="EXP-702", days=0) == "Error: Days must be a whole number of at least 1"
    )
    assert no("conclude_experiment", experiment_id="EXP-701", winner="AS-30062") == (
        "Error: AS-30062 is not an arm of this experiment"
    )
    concluded = ok("conclude_experiment", experiment_id="EXP-701", winner="AS-30061")
    assert (concluded["status"], concluded["winner"]) == ("concluded", "AS-30061")
    assert ok("get_ad_set", ad_set_id="AS-30060")["status"] == "paused"
    assert no("extend_experiment", experiment_id="EXP-701", days=7) == "Error: Experiment is concluded, not running"
    assert ok("conclude_experiment", experiment_id="EXP-705", winner=None)["status"] == "inconclusive"


def test_shared_tools_are_offered(tools):
    kinds = tools.tool_kinds()
    assert {"calculate", "transfer_to_human_agents"} <= set(kinds)
    assert sum(kind == "read" for kind in kinds.values()) == 7 and sum(kind == "write" for kind in kinds.values()) == 10


# Worked tasks: another valid way scores 1, a lazy shortcut scores 0.


def _calls(*steps):
    return [("assistant", name, arguments) for name, arguments in steps]


def test_task_7_the_most_that_fits_under_the_limit_and_nothing_more(domain):
    task = domain.tasks["7"]
    verified = [("get_ad_account", {"account_id": "ACT-1003", "user_id": "U-5010"})]
    right = _calls(*verified, ("update_budget", {"campaign_id": "CMP-20012", "daily_budget": 1130.0}))
    assert reward_of(domain, task, right, "Set to 1130 a day; it goes back into learning.") == 1.0
    lazy = _calls(*verified, ("update_budget", {"campaign_id": "CMP-20012", "daily_budget": 1200}))
    assert reward_of(domain, task, lazy, "Set to 1200; it goes back into learning.") == 0.0


def test_task_1_a_housing_campaign_under_a_generic_name_is_not_narrowed(domain):
    task = domain.tasks["1"]
    reads = [
        ("get_ad_account", {"account_id": "ACT-1001", "user_id": "U-5002"}),
        ("list_campaigns", {"account_id": "ACT-1001", "status": "active"}),
        ("get_ad_set", {"ad_set_id": "AS-30003"}),
    ]
    right = _calls(
        *reads, ("update_targeting", {"ad_set_id": "AS-30003", "radius_miles": 15, "locations": ["Austin, TX"]})
    )
    assert reward_of(domain, task, right, "Housing ads cannot use ZIP codes; radius now 15 miles.") == 1.0
    lazy = _calls(
        *reads,
        ("update_targeting", {"ad_set_id": "AS-30003", "locations": ["78704", "78745"], "age_min": 25, "age_max": 54}),
    )
    assert reward_of(domain, task, lazy, "Done.") == 0.0


def test_task_23_an_extension_stops_at_thirty_days(domain):
    task = domain.tasks["23"]
    verified = [
        ("get_ad_account", {"account_id": "ACT-1008", "user_id": "U-5070"}),
        ("get_experiment", {"experiment_id": "EXP-704"}),
    ]
    right = _calls(*verified, ("extend_experiment", {"experiment_id": "EXP-704", "days": 4}))
    assert reward_of(domain, task, right, "Inconclusive; extended 4 days to 2025-10-23.") == 1.0
    week = _calls(*verified, ("extend_experiment", {"experiment_id": "EXP-704", "days": 7}))
    assert reward_of(domain, task, week, "Extended to 2025-10-26.") == 0.0
    early = _calls(*verified, ("conclude_experiment", {"experiment_id": "EXP-704", "winner": "AS-30069"}))
    assert reward_of(domain, task, early, "B wins.") == 0.0


def test_task_44_an_alcohol_creative_needs_a_21_plus_ad_set_first(domain):
    task = domain.tasks["44"]
    verified = [("get_ad_account", {"account_id": "ACT-1006", "user_id": "U-5050"})]
    right = _calls(
        *verified,
        ("update_targeting", {"ad_set_id": "AS-30040", "age_min": 21, "age_max": 65}),
        ("resume_delivery", {"level": "creative", "entity_id": "CR-50045"}),
    )
    assert reward_of(domain, task, right, "Done.") == 1.0
    lazy = _calls(*verified, ("resume_delivery", {"level": "creative", "entity_id": "CR-50045"}))
    assert reward_of(domain, task, lazy, "Done.") == 0.0


def test_task_5_only_the_ad_set_over_twice_the_target_is_paused(domain):
    task = domain.tasks["5"]
    figure = task.communicate_info[0]
    verified = [("get_ad_account", {"account_id": "ACT-1003", "user_id": "U-5010"})]
    cut = ("update_budget", {"campaign_id": "CMP-20012", "daily_budget": 200.0})
    right = _calls(*verified, cut, ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30014"}))
    assert reward_of(domain, task, right, f"Cart abandoners cost {figure} a conversion; paused.") == 1.0
    both = _calls(
        *verified,
        cut,
        ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30014"}),
        ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30015"}),
    )
    assert reward_of(domain, task, both, f"CPA {figure}; both paused.") == 0.0
    silent = _calls(*verified, cut, ("pause_delivery", {"level": "ad_set", "entity_id": "AS-30014"}))
    assert reward_of(domain, task, silent, "Paused the expensive one.") == 0.0


def test_task_33_a_revived_campaign_ends_at_most_90_days_out(domain):
    task = domain.tasks["33"]
    verified = [("get_ad_account", {"account_id": "ACT-1003", "user_id": "U-5010"})]
    revive = [
        ("set_end_date", {"campaign_id": "CMP-20014", "end_date": "2026-01-19"}),
        ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20014"}),
    ]
    assert reward_of(domain, task, _calls(*verified, *revive), "Running again until 2026-01-19.") == 1.0
    too_far = _calls(
        *verified,
        ("set_end_date", {"campaign_id": "CMP-20014", "end_date": "2026-02-28"}),
        ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20014"}),
    )
    assert reward_of(domain, task, too_far, "Running until 2026-02-28; the latest would be 2026-01-19.") == 0.0
    no_date = _calls(*verified, ("resume_delivery", {"level": "campaign", "entity_id": "CMP-20014"}))
    assert reward_of(domain, task, no_date, "Resumed; it ends 2026-01-19.") == 0.0


def test_task_43_the_cpa_is_said_and_only_driver_recruiting_paused(domain):
    task = domain.tasks["43"]
    assert task.communicate_info == ["13.95"]
    verified = [("get_ad_account", {"account_id": "ACT-1004", "user_id": "U-5030"})]
    by_ad_set = (
        "get_stats",
        {"level": "ad_set", "entity_id": "AS-30020", "date_from": "2025-10-14", "date_to": "2025-10-20"},
    )
    pause = ("pause_delivery", {"level": "campaign", "entity_id": "CMP-20021"})
    assert reward_of(domain, task, _calls(*verified, by_ad_set, pause), "CPA was 13.95; paused.") == 1.0
    unsaid = _calls(*verified, pause)
    assert reward_of(domain, task, unsaid, "Paused; the CPA was about 14 dollars.") == 0.0
    wrong = _calls(*verified, by_ad_set, ("pause_delivery", {"level": "campaign", "entity_id": "CMP-20020"}))
    assert reward_of(domain, task, wrong, "CPA was 13.95; paused.") == 0.0


def test_task_31_the_cpc_then_billing_takes_the_refund(domain):
    task = domain.tasks["31"]
    verified = [("get_ad_account", {"account_id": "ACT-1010", "user_id": "U-5090"})]
    listed = ("list_campaigns", {"account_id": "ACT-1010", "status": "active"})
    by_ad_set = (
        "get_stats",
        {"level": "ad_set", "entity_id": "AS-30090", "date_from": "2025-10-14", "date_to": "2025-10-20"},
    )
    transfer = ("transfer_to_human_agents", {"summary": "Bot clicks on E-bike Test Rides; refund asked"})
    assert reward_of(domain, task, _calls(*verified, listed, by_ad_set, transfer), "CPC 0.42; transferring.") == 1.0
    kept = _calls(*verified, listed, by_ad_set)
    assert reward_of(domain, task, kept, "CPC 0.42; I have noted the refund request.") == 0.0
