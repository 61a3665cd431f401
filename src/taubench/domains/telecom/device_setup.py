"""What τ²-bench's telecom tasks do to the phone before the conversation (the faults to fix)
and what they check on it at the end. Not tools: the user simulator never sees them. Mixed
into ``TelecomUserTools``, whose tools some of them use."""

from typing import Callable, Optional

from taubench.domains.telecom.device import can_send_mms, mobile_data_working, network_search, speed_test
from taubench.domains.telecom.device_models import (
    APNNames,
    NetworkStatus,
    PerformanceLevel,
    SimCardStatus,
    TelecomUserDB,
)


class PhoneSetup:
    db: TelecomUserDB
    # the phone's own switches, which TelecomUserTools defines with its tools
    _toggle_airplane_mode: Callable[[], None]
    connect_vpn: Callable[[], str]

    def set_user_info(self, name: str, phone_number: str) -> None:
        self.db.surroundings.name = name
        self.db.surroundings.phone_number = phone_number

    def set_user_location(self, abroad: bool) -> None:
        self.db.surroundings.is_abroad = abroad

    def turn_airplane_mode_on(self) -> str:
        self._toggle_airplane_mode()
        if not self.db.device.airplane_mode:
            self._toggle_airplane_mode()
        return "Airplane Mode is now ON."

    def turn_data_off(self) -> str:
        self.db.device.data_enabled = False
        network_search(self.db)
        return "Data connection broken."

    def turn_roaming_on(self) -> str:
        self.db.device.roaming_enabled = True
        network_search(self.db)
        return "Data Roaming is now ON."

    def turn_roaming_off(self) -> str:
        self.db.device.roaming_enabled = False
        network_search(self.db)
        return "Data Roaming is now OFF."

    def turn_data_saver_mode_on(self) -> str:
        self.db.device.data_saver_mode = True  # no search, unlike the other switches
        return "Data Saver Mode is now ON."

    def set_wifi_calling(self, enabled: bool, mms_over_wifi: bool) -> str:
        self.db.device.wifi_calling_enabled = enabled
        self.db.device.wifi_calling_mms_over_wifi = mms_over_wifi
        return (
            f"Wi-Fi Calling is now {'ON' if enabled else 'OFF'}.\n"
            f"MMS over Wi-Fi is now {'ON' if mms_over_wifi else 'OFF'}."
        )

    def break_apn_settings(self) -> str:
        self.db.device.active_apn_settings.apn_name = APNNames.BROKEN
        network_search(self.db)
        return "APN settings broken. Please call reset_apn_settings() to fix."

    def break_apn_mms_setting(self) -> str:
        self.db.device.active_apn_settings.mmsc_url = None
        return "APN MMS setting broken. Please call reset_apn_settings() to fix."

    def break_vpn(self) -> str:
        """Connects the VPN, then makes its (shared) details poor (quirk 1)."""
        self.connect_vpn()
        # None when the phone was connected without details: fails here as τ²'s does
        self.db.device.vpn_details.server_performance = PerformanceLevel.POOR  # type: ignore[union-attr]
        return "VPN connection broken."

    def lock_sim_card(self, mode: str) -> str:
        """No tool can unlock it: such a task is for a transfer to a human."""
        self.db.device.sim_card_status = {"pin": SimCardStatus.LOCKED_PIN, "puk": SimCardStatus.LOCKED_PUK}[mode]
        network_search(self.db)
        return f"SIM card locked successfully in {mode} mode."

    def unseat_sim_card(self) -> str:
        self.db.device.sim_card_missing = True
        network_search(self.db)
        return "SIM card un-seated successfully."

    def remove_app_permission(self, app_name: str, permission: str) -> tuple[bool, str]:
        setattr(self.db.device.app_statuses[app_name].permissions, permission, False)
        return True, f"Permission '{permission}' removed from app '{app_name}'."

    def simulate_network_search(self) -> None:
        network_search(self.db)

    # Assertions on the end state.

    def assert_airplane_mode_status(self, expected_status: bool) -> bool:
        return self.db.device.airplane_mode == expected_status

    def assert_service_status(self, expected_status: str) -> bool:
        return self.db.device.network_connection_status == NetworkStatus(expected_status)

    def assert_mobile_data_status(self, expected_status: bool) -> bool:
        return mobile_data_working(self.db) == expected_status

    def assert_mobile_roaming_status(self, expected_status: bool) -> bool:
        return self.db.device.roaming_enabled == expected_status

    def assert_mobile_data_saver_mode_status(self, expected_status: bool) -> bool:
        return self.db.device.data_saver_mode == expected_status

    def assert_internet_speed(self, expected_speed: float, expected_desc: Optional[str] = None) -> bool:
        speed, description = speed_test(self.db)
        if (speed or 0) < expected_speed:
            return False
        return expected_desc is None or (description is not None and description.lower() == expected_desc.lower())

    def assert_internet_not_excellent(self) -> bool:
        _, description = speed_test(self.db)
        return description is None or description.lower() != "excellent"

    def assert_can_send_mms(self, expected_status: bool) -> bool:
        return can_send_mms(self.db) == expected_status

    def assert_mobile_data_usage_exceeded(self, expected_status: bool) -> bool:
        return self.db.surroundings.mobile_data_usage_exceeded == expected_status
