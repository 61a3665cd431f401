"""The user's side of telecom: the customer's phone (``device``) and the world around it
(``surroundings``), as τ²-bench models them (``user_db.toml``).

The enums are ``str`` enums, as τ²'s: a dump keeps the members, which hash and print as
their values, except where τ² shows a member's repr (``check_vpn_status``). The class names
``NetworkModePreference``, ``APNNames`` and ``APNSettings`` appear in tool schemas and in
validation errors the agent or user sees, so they are interface.
"""

from enum import Enum
from typing import Optional

from pydantic import BaseModel, ConfigDict, Field


class SimCardStatus(str, Enum):
    ACTIVE = "active"
    MISSING = "missing"
    LOCKED_PIN = "locked_pin"
    LOCKED_PUK = "locked_puk"


class SignalStrength(str, Enum):
    NONE = "none"
    POOR = "poor"
    FAIR = "fair"
    GOOD = "good"
    EXCELLENT = "excellent"


class NetworkTechnology(str, Enum):
    NONE = "none"
    TWO_G = "2G"
    THREE_G = "3G"
    FOUR_G = "4G"
    FIVE_G = "5G"


class NetworkStatus(str, Enum):
    CONNECTED = "connected"
    SEARCHING = "searching"
    NO_SERVICE = "no_service"
    EMERGENCY_ONLY = "emergency_only"


class NetworkModePreference(str, Enum):
    FOUR_G_5G_PREFERRED = "4g_5g_preferred"
    FOUR_G_ONLY = "4g_only"
    THREE_G_ONLY = "3g_only"
    TWO_G_ONLY = "2g_only"


class APNNames(str, Enum):
    INTERNET = "internet"
    BROKEN = "broken"


class PerformanceLevel(str, Enum):
    UNKNOWN = "unknown"
    POOR = "poor"
    FAIR = "fair"
    GOOD = "good"
    EXCELLENT = "excellent"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class APNSettings(_Strict):
    apn_name: APNNames = APNNames.INTERNET
    reset_at_reboot: bool = False
    mms_apn: Optional[str] = "mms"
    mmsc_url: Optional[str] = "http://mms.carrier.com/mms/wapenc"
    mms_proxy: Optional[str] = None
    mms_port: Optional[int] = None


class VpnDetails(_Strict):
    server_address: str
    protocol: str
    server_performance: PerformanceLevel = PerformanceLevel.UNKNOWN


class AppPermissions(_Strict):
    sms: bool = False
    storage: bool = False
    phone: bool = False
    network: bool = False


class AppStatus(_Strict):
    app_name: str
    permissions: AppPermissions = Field(default_factory=AppPermissions)


def _default_apps() -> dict[str, AppStatus]:
    return {
        "messaging": AppStatus(app_name="messaging", permissions=AppPermissions(sms=True, storage=True, phone=True)),
        "browser": AppStatus(app_name="browser", permissions=AppPermissions(storage=True, network=True)),
    }


class Phone(_Strict):
    """The phone's state (τ²'s ``MockPhoneAttributes``)."""

    sim_card_status: SimCardStatus = SimCardStatus.ACTIVE
    sim_card_missing: bool = False
    airplane_mode: bool = False
    network_signal_strength: SignalStrength = SignalStrength.GOOD
    network_technology_connected: NetworkTechnology = NetworkTechnology.FOUR_G
    network_connection_status: NetworkStatus = NetworkStatus.CONNECTED
    battery_level: int = 80
    data_enabled: bool = True
    roaming_enabled: bool = False
    network_mode_preference: NetworkModePreference = NetworkModePreference.FOUR_G_5G_PREFERRED
    active_apn_settings: APNSettings = Field(default_factory=APNSettings)
    wifi_enabled: bool = False
    wifi_connected: bool = False
    wifi_ssid: Optional[str] = None
    wifi_signal_strength: SignalStrength = SignalStrength.NONE
    wifi_calling_enabled: bool = False
    wifi_calling_mms_over_wifi: bool = False
    data_saver_mode: bool = False
    vpn_enabled_setting: bool = False
    vpn_connected: bool = False
    vpn_details: Optional[VpnDetails] = None
    app_statuses: dict[str, AppStatus] = Field(default_factory=_default_apps)


class PaymentRequest(_Strict):
    bill_id: str
    amount_due: float
    paid: bool = False


def _default_signal() -> dict[NetworkTechnology, SignalStrength]:
    return {
        NetworkTechnology.TWO_G: SignalStrength.POOR,
        NetworkTechnology.THREE_G: SignalStrength.FAIR,
        NetworkTechnology.FOUR_G: SignalStrength.GOOD,
        NetworkTechnology.FIVE_G: SignalStrength.EXCELLENT,
    }


class Surroundings(_Strict):
    """What the phone cannot change: where the user is and what the network offers; the
    line's status, roaming permission and data allowance mirrored from the agent's side."""

    name: Optional[str] = None
    phone_number: Optional[str] = None
    is_abroad: bool = False
    roaming_allowed: bool = False
    signal_strength: dict[NetworkTechnology, SignalStrength] = Field(default_factory=_default_signal)
    mobile_data_usage_exceeded: bool = False
    line_active: bool = True
    payment_request: Optional[PaymentRequest] = None


class TelecomUserDB(_Strict):
    device: Phone = Field(default_factory=Phone)
    surroundings: Surroundings = Field(default_factory=Surroundings)
