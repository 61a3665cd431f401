"""How the scripted server's customer and agent find out which telecom task they play. The
2,285 tasks share 15 user scenarios (the fault is on the phone and the line, not in the
story), so the scripted customer first looks at its phone and the scripted agent at the
account, as people would; what they see names the task (``taubench.testing.probes``)."""

from taubench.domains.probes import Call, TaskProbes

# Every read-only look at the phone: together they show each fault a task can set on it
PHONE_LOOKS: tuple[Call, ...] = (
    ("check_network_status", {}),
    ("check_status_bar", {}),
    ("run_speed_test", {}),
    ("can_send_mms", {}),
    ("check_apn_settings", {}),
    ("check_vpn_status", {}),
    ("check_app_permissions", {"app_name": "messaging"}),
    ("check_wifi_calling_status", {}),
    ("check_data_restriction_status", {}),
    ("check_network_mode_preference", {}),
    ("check_payment_request", {}),
    ("check_sim_status", {}),
)
NO_SIM = "No SIM card detected in the phone."
# The customer's line and bills: the faults on the agent's side (roaming off, data used up,
# an overdue bill, a suspension, the contract's end)
ACCOUNT_LOOKS: tuple[Call, ...] = (
    ("get_details_by_id", {"id": "L1002"}),
    ("get_bills_for_customer", {"customer_id": "C1001"}),
)


def second_phone_looks(seen: list[str]) -> tuple[Call, ...]:
    """A SIM out of its slot hides whether it is also locked: put it back (where it is out,
    the fix starts there anyway) and look again."""
    return (("reseat_sim_card", {}), ("check_sim_status", {})) if NO_SIM in seen else ()


TELECOM_PROBES = TaskProbes(user=PHONE_LOOKS, user_follow_up=second_phone_looks, agent=ACCOUNT_LOOKS)
