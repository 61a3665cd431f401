"""How τ²-bench's simulated phone behaves: what a network search finds, what the status bar
shows, whether mobile data works, how fast it is, whether MMS can be sent. Pure functions
of the user database (the search writes its finding into it), shared by the device tools,
the task setups and the assertions.
"""

from typing import Optional

from taubench.domains.telecom.device_models import (
    APNNames,
    NetworkModePreference,
    NetworkStatus,
    NetworkTechnology,
    PerformanceLevel,
    SignalStrength,
    SimCardStatus,
    TelecomUserDB,
)

SIGNAL_BARS = {
    SignalStrength.NONE: "📵 No Signal",
    SignalStrength.POOR: "📶¹ Poor",
    SignalStrength.FAIR: "📶² Fair",
    SignalStrength.GOOD: "📶³ Good",
    SignalStrength.EXCELLENT: "📶⁴ Excellent",
}

# Mbps range per technology; the speed test takes its middle. τ²'s docstring says 10-50 for
# 4G, its code 10-100: the code's is kept (quirk 9).
SPEED_RANGES = {
    NetworkTechnology.TWO_G: (0.1, 0.4),
    NetworkTechnology.THREE_G: (1.0, 5.0),
    NetworkTechnology.FOUR_G: (10.0, 100.0),
    NetworkTechnology.FIVE_G: (50.0, 500.0),
    NetworkTechnology.NONE: (0.0, 0.0),
}
SIGNAL_FACTORS = {
    SignalStrength.POOR: 0.2,
    SignalStrength.FAIR: 0.5,
    SignalStrength.GOOD: 0.8,
    SignalStrength.EXCELLENT: 1.0,
    SignalStrength.NONE: 0.0,
}
SPEED_ADVICE = {
    "Very Poor": "Connection is very slow. Basic web browsing might be difficult.",
    "Poor": "Connection is slow. Web browsing may be sluggish, streaming difficult.",
    "Fair": "Connection is okay for web browsing and some standard definition streaming.",
    "Good": "Connection is good for most activities, including HD streaming.",
    "Excellent": "Connection is very fast.",
}
DATA_SAVER_FACTOR = 0.2  # τ²'s docstring says 50 %; its code divides by five (quirk 9)
POOR_VPN_FACTOR = 0.1

_PREFERRED_TECHNOLOGY = {
    NetworkModePreference.FOUR_G_ONLY: NetworkTechnology.FOUR_G,
    NetworkModePreference.THREE_G_ONLY: NetworkTechnology.THREE_G,
    NetworkModePreference.TWO_G_ONLY: NetworkTechnology.TWO_G,
}


def sim_status(db: TelecomUserDB) -> SimCardStatus:
    """A SIM flagged missing reads as missing whatever its recorded status."""
    return SimCardStatus.MISSING if db.device.sim_card_missing else db.device.sim_card_status


def network_search(db: TelecomUserDB) -> None:
    """Reconnect as the phone would after any radio change. It reads the preference, the SIM,
    airplane mode, the APN and the line's status, never the data or roaming switches. A line
    suspended or resumed on the agent's side shows here only, at the next search (quirk 11)."""
    device, signal = db.device, db.surroundings.signal_strength
    if sim_status(db) == SimCardStatus.ACTIVE:
        status = NetworkStatus.CONNECTED
        preference = device.network_mode_preference
        if preference == NetworkModePreference.FOUR_G_5G_PREFERRED:
            technology = NetworkTechnology.FIVE_G
            if signal[NetworkTechnology.FIVE_G] == SignalStrength.NONE:
                technology = NetworkTechnology.FOUR_G
        else:  # compared with ==: a raw value stored by a bad call (None, 3, a list) falls back to 4G
            matches = (tech for mode, tech in _PREFERRED_TECHNOLOGY.items() if preference == mode)
            technology = next(matches, NetworkTechnology.FOUR_G)
        strength = signal[technology]
    else:
        status, technology, strength = NetworkStatus.NO_SERVICE, NetworkTechnology.NONE, SignalStrength.NONE
    if (
        device.airplane_mode
        or device.active_apn_settings.apn_name == APNNames.BROKEN
        or not db.surroundings.line_active
    ):
        status, technology, strength = NetworkStatus.NO_SERVICE, NetworkTechnology.NONE, SignalStrength.NONE
    device.network_connection_status = status
    device.network_technology_connected = technology
    device.network_signal_strength = strength


def status_bar(db: TelecomUserDB) -> str:
    device = db.device
    parts = []
    if device.airplane_mode:
        parts.append("✈️ Airplane Mode")
    else:
        parts.append(SIGNAL_BARS[device.network_signal_strength])
        if device.network_technology_connected != NetworkTechnology.NONE:
            parts.append(device.network_technology_connected.value)
        if device.data_enabled and device.network_technology_connected != NetworkTechnology.NONE:
            parts.append("📱 Data Enabled")
            if device.data_saver_mode:
                parts.append("🔽 Data Saver")
        else:
            parts.append("📵 Data Disabled")
    if device.wifi_enabled and device.wifi_connected:  # never both: no tool connects Wi-Fi (quirk 8)
        parts.append(f"📡 Connected to {device.wifi_ssid}" if device.wifi_ssid else "📡 Enabled")
    if device.vpn_connected:
        parts.append("🔒 VPN Connected")
    parts.append(f"🔋 {device.battery_level}%")
    return " | ".join(parts)


def with_status_bar(text: str, db: TelecomUserDB) -> str:
    return f"{text}\nStatus Bar: {status_bar(db)}"


def mobile_data_working(db: TelecomUserDB) -> bool:
    device, surroundings = db.device, db.surroundings
    if device.airplane_mode or device.network_signal_strength == SignalStrength.NONE:
        return False
    if device.network_connection_status == NetworkStatus.NO_SERVICE:
        return False
    if surroundings.is_abroad and (not device.roaming_enabled or not surroundings.roaming_allowed):
        return False
    return device.data_enabled and not surroundings.mobile_data_usage_exceeded


def speed_test(db: TelecomUserDB) -> tuple[Optional[float], Optional[str]]:
    """Mbps and its description, or (None, None) without working mobile data."""
    if not mobile_data_working(db):
        return None, None
    device = db.device
    factor = 1.0
    if (
        device.vpn_connected
        and device.vpn_details is not None
        and device.vpn_details.server_performance == PerformanceLevel.POOR
    ):
        factor *= POOR_VPN_FACTOR
    if device.data_saver_mode:
        factor *= DATA_SAVER_FACTOR
    low, high = SPEED_RANGES[device.network_technology_connected]
    speed = round((low + high) / 2 * SIGNAL_FACTORS[device.network_signal_strength] * factor, 2)
    return speed, _speed_description(speed)


def _speed_description(speed: float) -> str:
    for limit, description in ((1, "Very Poor"), (5, "Poor"), (25, "Fair"), (100, "Good")):
        if speed < limit:
            return description
    return "Excellent"


def can_send_mms(db: TelecomUserDB) -> bool:
    device = db.device
    if not mobile_data_working(db) or device.network_technology_connected == NetworkTechnology.TWO_G:
        return False
    if device.wifi_calling_enabled and device.wifi_calling_mms_over_wifi:
        return False
    if device.active_apn_settings.mmsc_url is None:
        return False
    messaging = device.app_statuses.get("messaging")
    return messaging is not None and messaging.permissions.storage and messaging.permissions.sms
