"""The customer's phone in τ²-bench's telecom domain: the 30 tools the simulated user acts
with, faithful to τ² (names, order, texts, side effects, quirks marked). Most writes end their
text with the status bar; "search" is the phone's network search (``device.network_search``).
The docstrings are the descriptions the user simulator sees, in our own words. The task
setups and the assertions on the phone are in ``device_setup``.
"""

from typing import Any, Union

from taubench.core.toolkit import tool
from taubench.domains.telecom.device import (
    SPEED_ADVICE,
    can_send_mms,
    network_search,
    sim_status,
    speed_test,
    status_bar,
    with_status_bar,
)
from taubench.domains.telecom.device_models import (
    APNSettings,
    AppPermissions,
    NetworkModePreference,
    NetworkStatus,
    PerformanceLevel,
    SimCardStatus,
    TelecomUserDB,
    VpnDetails,
)
from taubench.domains.telecom.device_setup import PhoneSetup
from taubench.domains.telecom.models import TelecomDB
from taubench.domains.telecom.sync import SyncedToolkit, sync_surroundings

SIM_MESSAGES = {
    SimCardStatus.ACTIVE: "Your SIM card is active and working.",
    SimCardStatus.MISSING: "No SIM card detected in the phone.",
    SimCardStatus.LOCKED_PIN: "The SIM card is locked with a PIN code.",
    SimCardStatus.LOCKED_PUK: "The SIM card is locked with a PUK code.",
}
MODES = ", ".join(mode.value for mode in NetworkModePreference)
PERMISSIONS = list(AppPermissions.model_fields)


def _on_off(flag: bool) -> str:
    return "ON" if flag else "OFF"


def _yes_no(flag: bool) -> str:
    return "Yes" if flag else "No"


class TelecomUserTools(PhoneSetup, SyncedToolkit):
    db: TelecomUserDB

    def __init__(self, db: TelecomUserDB):
        super().__init__(db)
        # τ² keeps one VpnDetails object for the whole process: connect_vpn stores it by
        # reference and break_vpn makes it poor, so a VPN connected later anywhere is poor too
        # (quirk 1). Here it lives as long as the phone: the same within an episode (reconnecting
        # after break_vpn still gives a poor VPN), fresh for the next one, which is what τ²'s
        # results are in a fresh process and what the fixtures record, whatever the run order.
        self.default_vpn = VpnDetails(
            server_address="192.168.1.1", protocol="OpenVPN", server_performance=PerformanceLevel.EXCELLENT
        )

    def sync(self) -> None:
        if self.peer is not None:
            records = self.peer.db
            assert isinstance(records, TelecomDB)  # the peer of the customer's side is the agent's
            sync_surroundings(records, self.db)

    @property
    def _device(self):
        return self.db.device

    @tool("read")
    def check_status_bar(self) -> str:
        """Look at the phone's status bar: signal, network type, mobile data, Wi-Fi, VPN and battery."""
        return f"Status Bar: {status_bar(self.db)}"

    @tool("read")
    def check_network_status(self) -> str:
        """Open the phone's network status page: airplane mode, SIM, cellular connection, signal,
        network type, mobile data, data roaming and Wi-Fi."""
        device = self._device
        lines = [
            f"Airplane Mode: {_on_off(device.airplane_mode)}",
            f"SIM Card Status: {sim_status(self.db).value}",
            f"Cellular Connection: {device.network_connection_status.value}",
            f"Cellular Signal: {device.network_signal_strength.value}",
            f"Cellular Network Type: {device.network_technology_connected.value}",
            f"Mobile Data Enabled: {_yes_no(device.data_enabled)}",
            f"Data Roaming Enabled: {_yes_no(device.roaming_enabled)}",
            f"Wi-Fi Radio: {_on_off(device.wifi_enabled)}",
            f"Wi-Fi Connected: {_yes_no(device.wifi_connected)}",
        ]
        if device.wifi_connected:
            lines.append(f"Connected Wi-Fi Network: {device.wifi_ssid}")
        return "\n".join(lines)

    @tool("read")
    def check_network_mode_preference(self) -> str:
        """See which network types the phone prefers (5G, 4G, 3G, 2G)."""
        return f"Network Mode Preference: {self._device.network_mode_preference.value}"

    @tool("write")
    def set_network_mode_preference(self, mode: Union[NetworkModePreference, str]) -> str:
        """Choose which network types the phone may use.

        Args:
            mode: One of 4g_5g_preferred, 4g_only, 3g_only, 2g_only.
        """
        stored = self._set_mode(mode)
        if stored is None:  # also when None itself was stored: τ² tests the result, not success
            return with_status_bar(
                f"Failed to set network mode: '{mode}' is not a valid option. Please use one of: {MODES}", self.db
            )
        return with_status_bar(f"Preferred Network Mode set to: {stored.value}", self.db)  # a raw int has no .value

    def _set_mode(self, mode: Any) -> Any:
        """A valid name becomes the preference; an invalid one changes nothing (None). A value
        that is not a string is stored as it is, unchecked (quirk 4), then searched with."""
        if isinstance(mode, str):
            try:
                mode = NetworkModePreference(mode)
            except ValueError:
                return None
        self._device.network_mode_preference = mode
        network_search(self.db)
        return mode

    @tool("read")
    def run_speed_test(self) -> str:
        """Measure the phone's mobile internet speed."""
        speed, description = speed_test(self.db)
        if speed is None:
            return "Speed test failed: No Connection."
        assert description is not None  # a speed comes with its description
        return f"Speed Test Result: {speed:.2f} Mbps ({description}). {SPEED_ADVICE[description]}"

    @tool("write")
    def toggle_airplane_mode(self) -> str:
        """Turn airplane mode on if it is off, off if it is on."""
        self._toggle_airplane_mode()
        return with_status_bar(f"Airplane Mode is now {_on_off(self._device.airplane_mode)}.", self.db)

    def _toggle_airplane_mode(self) -> None:
        """On: Wi-Fi disconnects (the radio switch stays) and so does the VPN. Off: the phone
        searches again, Wi-Fi disconnected."""
        device = self._device
        device.airplane_mode = not device.airplane_mode
        if device.airplane_mode:
            device.wifi_connected = False
            device.vpn_connected = False
            device.vpn_details = None
        else:
            device.network_connection_status = NetworkStatus.SEARCHING
            if device.wifi_enabled:
                device.wifi_connected = False
        network_search(self.db)

    @tool("read")
    def check_sim_status(self) -> str:
        """Check whether the SIM card is in place, working or locked."""
        return SIM_MESSAGES[sim_status(self.db)]

    @tool("write")
    def reseat_sim_card(self) -> str:
        """Take the SIM card out and put it back in. This does not unlock a locked SIM."""
        self._device.sim_card_missing = False
        network_search(self.db)
        return with_status_bar("SIM card re-seated successfully.", self.db)

    @tool("write")
    def toggle_data(self) -> str:
        """Turn mobile data on if it is off, off if it is on."""
        self._device.data_enabled = not self._device.data_enabled
        network_search(self.db)
        return with_status_bar(f"Mobile Data is now {_on_off(self._device.data_enabled)}.", self.db)

    @tool("write")
    def toggle_roaming(self) -> str:
        """Turn the phone's data roaming switch on if it is off, off if it is on."""
        self._device.roaming_enabled = not self._device.roaming_enabled
        network_search(self.db)
        return with_status_bar(f"Data Roaming is now {_on_off(self._device.roaming_enabled)}.", self.db)

    @tool("read")
    def check_data_restriction_status(self) -> str:
        """Check whether data saver mode is limiting data use."""
        if self._device.data_saver_mode:
            return "Data Saver mode is ON (limits data usage)."
        return "Data Saver mode is OFF."

    @tool("write")
    def toggle_data_saver_mode(self) -> str:
        """Turn data saver mode on if it is off, off if it is on."""
        self._device.data_saver_mode = not self._device.data_saver_mode
        return with_status_bar(f"Data Saver Mode is now {_on_off(self._device.data_saver_mode)}.", self.db)

    @tool("read")
    def check_apn_settings(self) -> str:
        """Look at the phone's access point (APN) settings."""
        apn = self._device.active_apn_settings
        return (
            f"Current APN Name: {apn.apn_name.value}\n"
            f"MMSC URL (for picture messages): {apn.mmsc_url or 'Not Set'}\n"
            "(These are technical settings, usually best left unchanged.)"
        )

    @tool("write")
    def set_apn_settings(self, apn_settings: Union[APNSettings, dict]) -> str:
        """Replace the phone's APN settings; fields left out take their defaults.

        Args:
            apn_settings: The settings: apn_name, reset_at_reboot, mms_apn, mmsc_url, mms_proxy, mms_port.
        """
        if isinstance(apn_settings, dict):
            apn_settings = APNSettings(**apn_settings)
        # anything else is stored as it is (quirk 4): the search below then fails, and so
        # does every later one
        self._device.active_apn_settings = apn_settings
        network_search(self.db)
        return with_status_bar(f"APN settings set to: {apn_settings.apn_name.value}", self.db)

    @tool("write")
    def reset_apn_settings(self) -> str:
        """Have the APN settings return to their defaults at the next reboot."""
        self._device.active_apn_settings.reset_at_reboot = True
        network_search(self.db)  # a broken APN stays broken until the reboot
        return with_status_bar("APN settings will reset at reboot.", self.db)

    @tool("read")
    def check_wifi_status(self) -> str:
        """Check whether Wi-Fi is on and connected."""
        device = self._device
        if not device.wifi_enabled:
            return "Wi-Fi is turned OFF."
        if device.wifi_connected:  # never: no tool connects Wi-Fi (quirk 8)
            return (
                f"Wi-Fi is ON and connected to '{device.wifi_ssid}'. "
                f"Signal strength: {device.wifi_signal_strength.value}."
            )
        return "Wi-Fi is ON but not connected to any network."

    @tool("write")
    def toggle_wifi(self) -> str:
        """Turn Wi-Fi on if it is off, off if it is on (not possible in airplane mode)."""
        device = self._device
        if device.airplane_mode:
            return with_status_bar("Cannot change Wi-Fi settings while Airplane Mode is ON.", self.db)
        device.wifi_enabled = not device.wifi_enabled
        if not device.wifi_enabled:
            device.wifi_connected = False
        return with_status_bar(f"Wi-Fi is now {_on_off(device.wifi_enabled)}.", self.db)

    @tool("read")
    def check_wifi_calling_status(self) -> str:
        """Check whether Wi-Fi calling is on."""
        return f"Wi-Fi Calling is currently turned {_on_off(self._device.wifi_calling_enabled)}."

    @tool("write")
    def toggle_wifi_calling(self) -> str:
        """Turn Wi-Fi calling on if it is off, off if it is on."""
        self._device.wifi_calling_enabled = not self._device.wifi_calling_enabled
        return with_status_bar(f"Wi-Fi Calling is now {_on_off(self._device.wifi_calling_enabled)}.", self.db)

    @tool("read")
    def check_vpn_status(self) -> str:
        """Check whether a VPN is on and connected, and its details."""
        device = self._device
        if device.vpn_connected and device.vpn_details is not None:
            # τ² prints the Python dict, enum repr included (quirk 13)
            return f"VPN is ON and connected. Details: {device.vpn_details.model_dump()}"
        if device.vpn_connected:
            return "VPN is ON and connected (no specific details available)."
        if device.vpn_enabled_setting:
            return "VPN is turned ON in settings, but currently not connected."
        return "VPN is turned OFF."

    @tool("write")
    def connect_vpn(self) -> str:
        """Connect to the VPN."""
        device = self._device
        if device.vpn_connected:
            return "VPN already connected."
        device.vpn_connected = True
        device.vpn_details = self.default_vpn  # by reference (quirk 1)
        return with_status_bar("VPN connected successfully.", self.db)

    @tool("write")
    def disconnect_vpn(self) -> str:
        """Disconnect the VPN."""
        device = self._device
        if not device.vpn_connected:
            return with_status_bar("No active VPN connection to disconnect.", self.db)
        device.vpn_connected = False
        device.vpn_details = None
        return with_status_bar("VPN disconnected successfully.", self.db)

    @tool("read")
    def check_installed_apps(self) -> str:
        """List the apps installed on the phone."""
        return f"The following apps are installed on the phone: {', '.join(self._device.app_statuses)}"

    @tool("read")
    def check_app_status(self, app_name: str) -> str:
        """See an app's status and the permissions it has.

        Args:
            app_name: The app's name, for example messaging.
        """
        if app_name not in self._device.app_statuses:
            return f"App '{app_name}' not found on this phone."
        granted = self._granted(app_name)
        if not granted:
            return f"Status for App: {app_name}\n - Permissions: None granted."
        return f"Status for App: {app_name}\n - Permissions Granted:" + "".join(f"\n   - {name}" for name in granted)

    @tool("read")
    def check_app_permissions(self, app_name: str) -> str:
        """See which permissions an app has.

        Args:
            app_name: The app's name, for example messaging.
        """
        if app_name not in self._device.app_statuses:
            return f"App '{app_name}' not found on this phone."
        granted = self._granted(app_name)
        if not granted:
            return f"App '{app_name}' currently has no permissions granted."
        return f"App '{app_name}' has permission for: {', '.join(granted)}."

    def _granted(self, app_name: str) -> list[str]:
        permissions = self._device.app_statuses[app_name].permissions
        return [name for name in PERMISSIONS if getattr(permissions, name)]

    @tool("write")
    def grant_app_permission(self, app_name: str, permission: str) -> str:
        """Give an app a permission.

        Args:
            app_name: The app's name, for example messaging.
            permission: The permission: sms, storage, phone or network.
        """
        app = self._device.app_statuses.get(app_name)
        name = permission.lower()  # τ²'s answers name the permission lowercased
        # τ²'s "Error." outcomes are ordinary answers, not tool errors (quirk 14)
        if app is None:
            return with_status_bar(f"Error. App '{app_name}' not found. Cannot grant permission.", self.db)
        if name not in PERMISSIONS:
            untracked = (
                f"Error. Permission '{name}' not tracked for app '{app_name}', available permissions: {PERMISSIONS}"
            )
            return with_status_bar(untracked, self.db)
        setattr(app.permissions, name, True)
        return with_status_bar(f"Success. Permission '{name}' granted to app '{app_name}'.", self.db)

    @tool("read")
    def can_send_mms(self) -> str:
        """Check whether the messaging app can send picture (MMS) messages."""
        if can_send_mms(self.db):
            return "Your messaging app can send MMS messages."
        return "Your messaging app cannot send MMS messages."

    @tool("write")
    def reboot_device(self) -> str:
        """Restart the phone. APN settings marked to reset at reboot return to their defaults."""
        lines = []
        if self._device.active_apn_settings.reset_at_reboot:
            lines.append("Resetting APN settings...")
            self._device.active_apn_settings = APNSettings()
        lines.append("Restarting network services...")
        self._device.network_connection_status = NetworkStatus.SEARCHING
        network_search(self.db)
        return with_status_bar("\n".join(lines), self.db)

    @tool("read")
    def check_payment_request(self) -> str:
        """Check whether the phone company has asked for a payment."""
        request = self.db.surroundings.payment_request
        if request is None:
            return "No payment request has been made."
        return f"You have a payment request for bill {request.bill_id} of {request.amount_due} USD."

    @tool("write")
    def make_payment(self) -> str:
        """Pay the bill the phone company has asked to be paid."""
        request = self.db.surroundings.payment_request
        if request is None:
            return "You do not have a payment request."
        request.paid = True  # the sync that follows marks the bill paid and clears the request
        return f"Payment of {request.amount_due} USD has been made for bill {request.bill_id}."
