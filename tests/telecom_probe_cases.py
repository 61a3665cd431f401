"""Telecom off the gold path: one sequence of calls from both sides (wrong types, nulls,
unknown names and apps, missing and extra arguments, the dispatcher's own parameter names,
every phone switch both ways, the APN broken and reset, a payment requested and made, a line
suspended and resumed, refuels of odd amounts), each sequence run on the initial state of a
few tasks (and on the fresh one). ``bench/record_telecom_probe.py`` records the τ² reference's
answers (``tests/fixtures/telecom_probe_tau2.json``); ``tests/test_telecom_probe.py`` compares."""

U, A = "user", "assistant"
LINE = {"customer_id": "C1001", "line_id": "L1002"}

CALLS = [
    (U, "check_status_bar", {}), (U, "check_network_status", {}), (U, "check_network_mode_preference", {}),
    (U, "set_network_mode_preference", {"mode": "3g_only"}), (U, "set_network_mode_preference", {"mode": "5g"}),
    (U, "set_network_mode_preference", {"mode": None}), (U, "set_network_mode_preference", {"mode": 3}),
    (U, "set_network_mode_preference", {"mode": ["x"]}), (U, "run_speed_test", {}),
    (U, "toggle_airplane_mode", {}), (U, "toggle_wifi", {}), (U, "toggle_airplane_mode", {}), (U, "toggle_wifi", {}),
    (U, "check_wifi_status", {}), (U, "toggle_wifi", {}), (U, "check_sim_status", {}), (U, "reseat_sim_card", {}),
    (U, "toggle_data", {}), (U, "toggle_data", {}), (U, "toggle_roaming", {}), (U, "check_data_restriction_status", {}),
    (U, "toggle_data_saver_mode", {}), (U, "run_speed_test", {}), (U, "check_apn_settings", {}),
    (U, "set_apn_settings", {"apn_settings": {"apn_name": "broken"}}), (U, "check_apn_settings", {}),
    (U, "reset_apn_settings", {}), (U, "reboot_device", {}), (U, "set_apn_settings", {"apn_settings": {"apn_name": "x"}}),
    (U, "set_apn_settings", {"apn_settings": {"foo": 1}}), (U, "set_apn_settings", {"apn_settings": {"mmsc_url": None}}),
    (U, "check_apn_settings", {}), (U, "can_send_mms", {}), (U, "check_wifi_calling_status", {}),
    (U, "toggle_wifi_calling", {}), (U, "check_vpn_status", {}), (U, "connect_vpn", {}), (U, "connect_vpn", {}),
    (U, "check_vpn_status", {}), (U, "disconnect_vpn", {}), (U, "disconnect_vpn", {}), (U, "check_installed_apps", {}),
    (U, "check_app_status", {"app_name": "messaging"}), (U, "check_app_status", {"app_name": "x"}),
    (U, "check_app_status", {"app_name": None}), (U, "check_app_permissions", {"app_name": "browser"}),
    (U, "grant_app_permission", {"app_name": "browser", "permission": "SMS"}),
    (U, "grant_app_permission", {"app_name": "browser", "permission": "camera"}),
    (U, "grant_app_permission", {"app_name": "browser", "permission": "CAMERA"}),
    (U, "grant_app_permission", {"app_name": "X", "permission": "Phone"}),
    (U, "grant_app_permission", {"app_name": "x", "permission": "sms"}),
    (U, "grant_app_permission", {"app_name": "x", "permission": 3}),
    (U, "grant_app_permission", {"app_name": "browser", "permission": 3}),
    (U, "can_send_mms", {}), (U, "check_payment_request", {}), (U, "make_payment", {}), (U, "toggle_data", {"x": 1}),
    (U, "nope", {}), (U, "get_customer_by_id", {"customer_id": "C1001"}),
    (A, "get_customer_by_phone", {"phone_number": "555-123-2001"}),
    (A, "get_customer_by_phone", {"phone_number": "555-123-1002"}),
    (A, "get_customer_by_phone", {"phone_number": "0"}), (A, "get_customer_by_id", {"customer_id": "C1004"}),
    (A, "get_customer_by_name", {"full_name": "SARAH johnson", "dob": "1990-03-22"}),
    (A, "get_customer_by_name", {"full_name": 3, "dob": "x"}), (A, "get_details_by_id", {"id": "D1001"}),
    (A, "get_details_by_id", {"id": "B1002"}), (A, "get_details_by_id", {"id": "P9"}), (A, "get_details_by_id", {"id": "x"}),
    (A, "get_details_by_id", {"id": 5}), (A, "get_details_by_id", {"id": ""}),
    (A, "suspend_line", {"customer_id": "C1001", "line_id": "L1004", "reason": "x"}),
    (A, "suspend_line", {"customer_id": "C9", "line_id": "L1", "reason": "x"}),
    (A, "suspend_line", {"customer_id": "C1001", "line_id": "L1001", "reason": "x"}),
    (A, "suspend_line", {"customer_id": "C1001", "line_id": "L1001", "reason": "x"}),
    (A, "resume_line", {"customer_id": "C1001", "line_id": "L1001"}),
    (A, "resume_line", {"customer_id": "C1001", "line_id": "L1001"}), (A, "get_bills_for_customer", {"customer_id": "C1001"}),
    (A, "get_bills_for_customer", {"customer_id": "C1001", "limit": -1}),
    (A, "get_bills_for_customer", {"customer_id": "C1001", "limit": "2"}),
    (A, "send_payment_request", {"customer_id": "C1001", "bill_id": "B1004"}),
    (A, "send_payment_request", {"customer_id": "C1001", "bill_id": "B1002"}),
    (A, "send_payment_request", {"customer_id": "C1001", "bill_id": "B1001"}),
    (U, "check_payment_request", {}), (U, "make_payment", {}), (U, "check_payment_request", {}),
    (A, "get_data_usage", LINE), (A, "enable_roaming", LINE), (A, "disable_roaming", LINE), (A, "disable_roaming", LINE),
    (A, "transfer_to_human_agents", {"summary": 3}), (A, "transfer_to_human_agents", {}),
    (A, "refuel_data", {**LINE, "gb_amount": 0}), (A, "refuel_data", {**LINE, "gb_amount": "2"}),
    (A, "refuel_data", {**LINE, "gb_amount": 0.1}), (A, "refuel_data", {**LINE, "gb_amount": True}),
    (A, "refuel_data", {"customer_id": "C1001", "line_id": "L1003", "gb_amount": 1}), (A, "get_details_by_id", {"id": "B1003"}),
    (A, "suspend_line", {**LINE, "reason": "x"}), (U, "reboot_device", {}), (U, "check_network_status", {}),
    (A, "resume_line", LINE), (U, "toggle_airplane_mode", {}), (U, "check_status_bar", {}),
    (A, "get_details_by_id", {"id": "L1002"}), (A, "check_status_bar", {}), (A, "get_data_usage", {**LINE, "requestor": "x"}),
    (A, "get_data_usage", {"self": 1, **LINE}), (U, "toggle_data", {"tool_name": 1}),
]  # fmt: skip

# The initial states probed, besides the fresh one (None): each fault at least once
TASKS = [
    None,
    "[mobile_data_issue]bad_vpn|data_saver_mode_on|user_abroad_roaming_disabled_on[PERSONA:None]",
    "[service_issue]airplane_mode_on|unseat_sim_card[PERSONA:None]",
    "[mms_issue]bad_wifi_calling|break_apn_mms_setting|break_app_both_permissions|data_mode_off|data_usage_exceeded"
    "|user_abroad_roaming_disabled_off[PERSONA:None]",
    "[service_issue]airplane_mode_on|lock_sim_card_pin|overdue_bill_suspension|unseat_sim_card[PERSONA:Easy]",
    "[service_issue]break_apn_settings|contract_end_suspension|lock_sim_card_pin|unseat_sim_card[PERSONA:Hard]",
    "[mobile_data_issue]airplane_mode_on|bad_network_preference|bad_vpn|data_mode_off|data_saver_mode_on|data_usage_exceeded"
    "|user_abroad_roaming_enabled_off[PERSONA:Easy]",
]
