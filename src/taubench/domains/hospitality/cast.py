"""The hand-written records the tasks are built around: guests (namesakes and a father and
son among them), the first eight hotels, stays, folio extras and feedback cases. Plain data,
turned into records by ``generate.py``."""

# guest id, name, tier, loyalty number, ZIP, points, preferences, cards (brand, last4, expires)
GUESTS = [
    ("G1001", "Daniel Okafor", "platinum", "LK40218877", "80202", 212500, ["quiet_room", "high_floor"],
     [("Visa", "4417", "2027-08")]),
    ("G1002", "Priya Raman", "silver", "LK51730264", "60611", 38200, ["feather_free"], [("Mastercard", "8830", "2026-11")]),
    ("G1003", "Marcus Bell", "member", "LK33019456", "78701", 12400, [], [("Amex", "1009", "2028-02")]),
    ("G1004", "Robert Hale", "gold", "LK70884215", "98109", 96000, ["king_bed"], [("Visa", "2231", "2027-03")]),
    ("G1005", "Robert Hale", "member", "LK70884302", "98109", 8500, [], [("Visa", "7765", "2026-06")]),  # the son
    ("G1006", "Elena Vasquez", "gold", "LK62215590", "02116", 64300, ["quiet_room"],
     [("Visa", "5521", "2025-12"), ("Mastercard", "3390", "2028-05")]),
    ("G1007", "Hannah Lee", "none", None, "94107", 0, [], [("Visa", "6120", "2027-10")]),
    ("G1008", "Hannah Lee", "silver", "LK28840117", "30309", 41000, ["high_floor"], [("Amex", "3005", "2027-01")]),
    ("G1009", "Thomas Whitfield", "platinum", "LK90017733", "60614", 310000, [], [("Amex", "7001", "2028-09")]),
    ("G1010", "Aisha Mensah", "member", "LK45560982", "98101", 15600, [], [("Visa", "4550", "2027-04")]),
    ("G1011", "Sofia Marchetti", "gold", "LK67702341", "10014", 72000, [], [("Mastercard", "2288", "2026-08")]),
    ("G1012", "Grace Whitaker", "silver", "LK38815026", "80206", 22100, [], [("Visa", "9014", "2026-12")]),
    ("G1013", "Liam O'Connor", "member", "LK55127390", "80210", 9800, [], [("Visa", "3321", "2027-06")]),
    ("G1014", "Noah Kim", "silver", "LK61438820", "78704", 27500, [], [("Mastercard", "6672", "2026-09")]),
    ("G1015", "Chloe Dubois", "member", "LK19922054", "30308", 6100, [], [("Visa", "1180", "2027-12")]),
    ("G1016", "Omar Farouk", "gold", "LK83361209", "80111", 58800, [], [("Amex", "4412", "2027-05")]),
    ("G1017", "Ben Carter", "silver", "LK24470158", "02115", 33400, ["extra_pillows"], [("Visa", "8123", "2026-10")]),
    ("G1018", "Maya Goldberg", "member", "LK72209946", "78745", 4300, [], [("Mastercard", "5560", "2028-01")]),
    ("G1019", "Isabel Cruz", "member", "LK30096617", "80205", 7700, [], [("Visa", "2040", "2026-05")]),
    ("G1020", "Walter Brooks", "gold", "LK49901283", "98116", 51200, ["low_floor"], [("Visa", "6631", "2027-07")]),
    ("G1021", "Karen Liu", "member", "LK11203948", "80202", 3100, [], [("Amex", "9900", "2027-02")]),
    ("G1022", "Daniel Okafor", "none", None, "30312", 0, [], [("Mastercard", "4471", "2026-03")]),  # a namesake
    ("G1023", "Marcus Bell", "member", "LK33019465", "78702", 2200, [], [("Visa", "6090", "2027-09")]),  # digits swapped
]

# hotel id, name, city, pets allowed, {room code: (weekday rate, weekend rate, inventory)}
HOTELS = [
    ("P01", "Larkspur Denver Union Station", "Denver", True,
     {"QN": (169, 199, 40), "KG": (189, 219, 6), "DK": (229, 259, 8), "JS": (329, 369, 3), "AK": (189, 219, 3)}),
    ("P02", "Larkspur Denver Tech Center", "Denver", False,
     {"QN": (139, 119, 30), "KG": (159, 139, 30), "DK": (189, 169, 10), "JS": (259, 239, 3), "AK": (159, 139, 3)}),
    ("P03", "Larkspur Chicago Riverwalk", "Chicago", False,
     {"QN": (199, 229, 35), "KG": (219, 249, 30), "DK": (269, 299, 10), "JS": (389, 429, 4), "AK": (219, 249, 4)}),
    ("P04", "Larkspur Austin Congress", "Austin", True,
     {"QN": (179, 209, 30), "KG": (189, 229, 25), "DK": (239, 279, 10), "JS": (349, 399, 3), "AK": (189, 229, 3)}),
    ("P05", "Larkspur Seattle Waterfront", "Seattle", True,
     {"QN": (159, 189, 30), "KG": (179, 209, 25), "DK": (219, 249, 1), "JS": (319, 359, 3), "AK": (179, 209, 3)}),
    ("P06", "Larkspur Boston Back Bay", "Boston", False,
     {"QN": (229, 259, 30), "KG": (245, 279, 25), "DK": (289, 319, 8), "JS": (419, 459, 3), "AK": (245, 279, 3)}),
    ("P07", "Larkspur San Francisco Union Square", "San Francisco", False,
     {"QN": (209, 239, 30), "KG": (229, 259, 25), "DK": (279, 309, 8), "JS": (399, 449, 3), "AK": (229, 259, 3)}),
    ("P08", "Larkspur Atlanta Midtown", "Atlanta", True,
     {"QN": (149, 169, 30), "KG": (165, 185, 25), "DK": (199, 219, 8), "JS": (289, 319, 3), "AK": (165, 185, 3)}),
]

# confirmation, guest, hotel, room, rooms, check-in, check-out, plan, status, booked rates (None: the tariff's)
STAYS = [
    ("LK-500101", "G1002", "P03", "KG", 1, "2025-12-10", "2025-12-13", "advance_purchase", "confirmed", None),
    ("LK-500102", "G1003", "P04", "KG", 1, "2025-12-03", "2025-12-05", "flexible", "confirmed", None),
    ("LK-500103", "G1010", "P05", "QN", 1, "2025-12-04", "2025-12-06", "member", "confirmed", None),
    ("LK-500104", "G1011", "P06", "QN", 1, "2025-12-08", "2025-12-10", "flexible", "confirmed", None),
    ("LK-500105", "G1011", "P07", "KG", 1, "2025-12-11", "2025-12-12", "flexible", "confirmed", None),
    ("LK-500106", "G1004", "P05", "KG", 1, "2025-12-19", "2025-12-21", "flexible", "confirmed", None),
    ("LK-500107", "G1005", "P05", "QN", 1, "2025-12-19", "2025-12-21", "flexible", "confirmed", None),
    ("LK-500108", "G1012", "P01", "QN", 1, "2025-12-12", "2025-12-14", "flexible", "cancelled", None),
    ("LK-500109", "G1012", "P01", "KG", 1, "2025-12-12", "2025-12-14", "flexible", "confirmed", None),
    ("LK-500110", "G1013", "P01", "KG", 1, "2025-12-09", "2025-12-11", "flexible", "confirmed", None),
    ("LK-500111", "G1001", "P01", "KG", 1, "2025-12-15", "2025-12-18", "flexible", "confirmed", None),
    ("LK-500112", "G1006", "P06", "QN", 1, "2025-12-04", "2025-12-06", "flexible", "confirmed", None),
    ("LK-500113", "G1007", "P07", "QN", 1, "2026-01-07", "2026-01-09", "flexible", "confirmed", None),
    ("LK-500114", "G1014", "P04", "QN", 1, "2025-11-30", "2025-12-03", "flexible", "checked_in", None),
    ("LK-500115", "G1002", "P03", "QN", 1, "2025-11-17", "2025-11-20", "flexible", "checked_out", None),
    ("LK-500116", "G1001", "P01", "DK", 1, "2025-11-10", "2025-11-12", "flexible", "checked_out", None),
    ("LK-500117", "G1003", "P04", "QN", 1, "2025-09-12", "2025-09-15", "member", "checked_out", None),
    ("LK-500118", "G1017", "P06", "KG", 1, "2025-11-27", "2025-11-29", "flexible", "checked_out", None),
    ("LK-500119", "G1001", "P05", "QN", 1, "2025-12-20", "2025-12-25", "flexible", "confirmed", None),
    ("LK-500120", "G1002", "P05", "KG", 1, "2025-12-26", "2025-12-28", "flexible", "confirmed", None),
    ("LK-500121", "G1009", "P03", "KG", 1, "2025-12-03", "2025-12-05", "flexible", "confirmed", None),
    ("LK-500122", "G1001", "P02", "QN", 1, "2025-12-03", "2025-12-05", "award", "confirmed", None),
    ("LK-500123", "G1018", "P04", "KG", 1, "2025-12-12", "2025-12-14", "member", "confirmed", None),
    ("LK-500124", "G1017", "P03", "QN", 1, "2025-12-16", "2025-12-18", "flexible", "confirmed", None),
    ("LK-500125", "G1010", "P05", "QN", 1, "2025-12-17", "2025-12-19", "flexible", "confirmed", [139.0, 139.0]),
    ("LK-500126", "G1019", "P01", "QN", 1, "2025-12-22", "2025-12-26", "flexible", "confirmed", None),
    ("LK-500127", "G1014", "P08", "KG", 1, "2025-12-05", "2025-12-07", "flexible", "confirmed", None),
    ("LK-500128", "G1014", "P06", "QN", 1, "2025-12-20", "2025-12-22", "advance_purchase", "confirmed", None),
    ("LK-500129", "G1017", "P03", "KG", 2, "2025-12-03", "2025-12-04", "flexible", "confirmed", None),
    ("LK-500130", "G1017", "P06", "QN", 1, "2025-12-05", "2025-12-06", "flexible", "confirmed", None),
    ("LK-500131", "G1016", "P02", "KG", 1, "2025-11-30", "2025-12-04", "member", "checked_in", None),
    ("LK-500132", "G1015", "P08", "QN", 1, "2025-12-01", "2025-12-03", "member", "checked_in", None),
    ("LK-500134", "G1011", "P06", "DK", 1, "2025-11-21", "2025-11-23", "flexible", "checked_out", None),
    ("LK-500135", "G1009", "P07", "DK", 1, "2025-11-24", "2025-11-26", "flexible", "checked_out", None),
    ("LK-500136", "G1010", "P08", "QN", 1, "2025-11-20", "2025-11-22", "flexible", "checked_out", None),
    ("LK-500137", "G1013", "P02", "KG", 1, "2025-11-18", "2025-11-20", "flexible", "checked_out", None),
    ("LK-500138", "G1014", "P04", "QN", 1, "2025-11-14", "2025-11-16", "flexible", "checked_out", None),
    ("LK-500139", "G1014", "P05", "KG", 1, "2025-10-30", "2025-11-01", "flexible", "checked_out", None),
    ("LK-500140", "G1012", "P01", "QN", 1, "2025-11-05", "2025-11-07", "flexible", "checked_out", None),
    ("LK-500141", "G1007", "P07", "QN", 1, "2025-11-21", "2025-11-23", "flexible", "checked_out", None),
    ("LK-500142", "G1003", "P04", "KG", 1, "2025-11-26", "2025-11-29", "flexible", "checked_out", None),
    ("LK-500143", "G1021", "P01", "KG", 6, "2025-12-11", "2025-12-12", "flexible", "confirmed", None),  # a group fills the kings
    ("LK-500144", "G1008", "P08", "KG", 1, "2025-12-12", "2025-12-14", "member", "confirmed", None),
    ("LK-500145", "G1004", "P05", "DK", 1, "2025-12-08", "2025-12-10", "flexible", "confirmed", None),  # the only deluxe king
    ("LK-500146", "G1020", "P05", "KG", 1, "2025-12-06", "2025-12-08", "flexible", "confirmed", None),
    ("LK-500147", "G1011", "P04", "QN", 1, "2025-12-22", "2025-12-24", "flexible", "confirmed", None),
    ("LK-500148", "G1011", "P04", "KG", 1, "2025-12-22", "2025-12-24", "flexible", "confirmed", None),
    ("LK-500149", "G1009", "P05", "KG", 1, "2025-12-08", "2025-12-10", "flexible", "confirmed", None),
    ("LK-500150", "G1020", "P05", "KG", 1, "2025-12-06", "2025-12-08", "flexible", "cancelled", None),  # rebooked as 500146
    ("LK-500151", "G1023", "P04", "QN", 1, "2025-12-05", "2025-12-07", "flexible", "confirmed", None),  # the other Marcus Bell
]

# extra folio lines: confirmation, kind, description, amount, day
EXTRAS = [
    ("LK-500114", "minibar", "Minibar", 18.0, "2025-12-01"),
    ("LK-500115", "minibar", "Minibar", 38.5, "2025-11-19"),
    ("LK-500115", "restaurant", "Riverwalk Grill", 64.2, "2025-11-18"),
    ("LK-500116", "spa", "Spa treatment", 210.0, "2025-11-11"),
    ("LK-500117", "parking", "Valet parking", 45.0, "2025-09-14"),
    ("LK-500131", "minibar", "Minibar", 24.0, "2025-12-01"),
    ("LK-500131", "parking", "Self parking", 22.0, "2025-12-01"),
    ("LK-500142", "parking", "Valet parking", 36.0, "2025-11-28"),
    ("LK-500142", "phone", "Long-distance calls", 12.75, "2025-11-27"),
    ("LK-500132", "restaurant", "Midtown Kitchen", 41.8, "2025-12-01"),
]

# case id, guest, confirmation, category, severity, night, description, transport, opened, compensation given
CASES = [
    ("FC-3001", "G1017", "LK-500118", "noise", "major", "2025-11-27",
     "Construction noise next door until 2 a.m.; no room move offered",
     0.0, "2025-11-29 09:40", []),
    ("FC-3002", "G1012", "LK-500140", "cleanliness", "minor", "2025-11-05", "Used towels left in the bathroom on arrival",
     0.0, "2025-11-08 14:05", []),
    ("FC-3003", "G1009", "LK-500135", "relocation", "major", "2025-11-25",
     "Hotel oversold; guest walked to another hotel for the night",
     52.0, "2025-11-26 08:30", []),
    ("FC-3004", "G1010", "LK-500136", "relocation", "major", "2025-11-21",
     "Water leak in the room; guest moved to a partner hotel",
     38.0, "2025-11-22 10:15", []),
    ("FC-3005", "G1011", "LK-500134", "room_defect", "major", "2025-11-21", "Heating broken all night; not fixed before checkout",
     0.0, "2025-11-23 12:00", [("credit", 159.5, "2025-11-25")]),
    ("FC-3006", "G1013", "LK-500137", "service", "major", "2025-11-19", "Front desk lost the guest's luggage for six hours",
     0.0, "2025-11-20 18:45", []),
    ("FC-3007", "G1014", "LK-500138", "noise", "minor", "2025-11-15", "Loud hallway conversations after midnight",
     0.0, "2025-11-16 11:20", []),
    ("FC-3008", "G1014", "LK-500139", "cleanliness", "major", "2025-10-30",
     "Stained bedding and a dirty carpet; no other room free",
     0.0, "2025-11-01 09:00", []),
    ("FC-3009", "G1007", "LK-500141", "service", "minor", "2025-11-22", "Room service order arrived cold",
     0.0, "2025-11-23 10:30", []),
]

# Loyalty points and feedback response times (issue 32), added after everything above is drawn,
# so that no earlier record changes: guests as GUESTS
POINTS_GUESTS = [
    ("G2001", "Victoria Ashford", "gold", "LK58830412", "80220", 41200, [], [("Visa", "7730", "2027-06")]),
    ("G2002", "Colin Mahoney", "silver", "LK47719305", "60614", 18900, ["high_floor"], [("Mastercard", "2214", "2026-10")]),
    ("G2003", "Ines Castillo", "platinum", "LK36620917", "94110", 152300, ["quiet_room"], [("Amex", "6108", "2028-03")]),
    ("G2004", "Yusuf Okonkwo", "member", "LK29957160", "30308", 6200, [], [("Visa", "9902", "2027-01")]),
    ("G2005", "Beatriz Alvarez", "gold", "LK81164472", "78702", 58000, ["feather_free"], [("Visa", "4186", "2026-12")]),
    ("G2006", "Hector Lindqvist", "silver", "LK64402218", "98103", 27400, [], [("Mastercard", "5075", "2027-04")]),
    ("G2007", "Naomi Brennan", "gold", "LK73385021", "94107", 45000, [], [("Visa", "3349", "2028-07")]),
]
# stays as STAYS, then whether their points were posted at check-out
POINTS_STAYS = [
    ("LK-500152", "G2001", "P01", "DK", 1, "2025-11-24", "2025-11-27", "flexible", "checked_out", None, False),
    ("LK-500153", "G2001", "P03", "QN", 1, "2025-10-06", "2025-10-08", "member", "checked_out", None, True),
    ("LK-500154", "G2002", "P06", "KG", 1, "2025-08-18", "2025-08-21", "member", "checked_out", None, False),
    ("LK-500155", "G2002", "P06", "QN", 1, "2025-11-14", "2025-11-16", "flexible", "checked_out", None, False),
    ("LK-500156", "G2003", "P03", "JS", 1, "2025-12-15", "2025-12-18", "flexible", "confirmed", None, True),
    ("LK-500161", "G2003", "P08", "DK", 1, "2025-10-20", "2025-10-22", "flexible", "checked_out", None, True),
    ("LK-500157", "G2004", "P08", "QN", 1, "2025-11-29", "2025-12-01", "flexible", "checked_out", None, True),
    ("LK-500158", "G2005", "P04", "KG", 1, "2025-11-28", "2025-12-01", "flexible", "checked_out", None, True),
    ("LK-500159", "G2006", "P05", "QN", 1, "2025-11-25", "2025-11-28", "flexible", "checked_out", None, True),
    ("LK-500160", "G2006", "P05", "KG", 1, "2025-11-30", "2025-12-02", "flexible", "checked_out", None, True),
    ("LK-500162", "G2007", "P07", "DK", 1, "2025-11-17", "2025-11-20", "flexible", "checked_out", None, False),
    ("LK-500163", "G2007", "P07", "QN", 1, "2025-12-18", "2025-12-20", "flexible", "confirmed", None, True),
]
# cases as CASES: one overdue by minutes, two inside the hotels' 48 hours, one overdue beside one inside
RESPONSE_CASES = [
    ("FC-3010", "G2004", "LK-500157", "noise", "minor", "2025-11-29", "Loud party in the next room until 3 a.m.",
     0.0, "2025-11-30 10:40", []),
    ("FC-3011", "G2005", "LK-500158", "room_defect", "major", "2025-11-30",
     "Air conditioning failed overnight; engineering could not fix it", 0.0, "2025-12-01 08:30", []),
    ("FC-3012", "G2006", "LK-500159", "cleanliness", "major", "2025-11-26", "Bathroom not cleaned for two days",
     0.0, "2025-11-27 19:05", []),
    ("FC-3013", "G2006", "LK-500160", "service", "minor", "2025-12-01", "The wake-up call never came",
     0.0, "2025-12-02 07:50", []),
]
