"""The bank's database: a fixed cast of customers the tasks are written around (namesakes,
twins, joint owners, an authorized user, a caller without the app), their accounts, cards,
payees, ledger, disputes and stop payments, plus seeded filler so that every look-up has
near misses to avoid."""

import random
from datetime import date, timedelta
from itertools import count
from typing import Any

from taubench.domains.banking.bank_calendar import add_business_days, add_months
from taubench.domains.kit import Population

SEED = 20250708
GROWTH_SEED = SEED + 1  # the second stream (_Builder.grow), drawn after the first
# The second stream's ids: apart from the first stream's and from those tools mint (next_*_number).
NEW_CUSTOMERS = range(1411, 1671)
FIRST_NEW_TRANSACTION, FIRST_NEW_CARD, FIRST_NEW_DISPUTE, FIRST_NEW_STOP, FIRST_NEW_ALERT = 600001, 33000, 8001, 9001, 20001
CAST_WOMEN = {"Aisha", "Emily", "Fatima", "Grace", "Hannah", "Linda", "Lucy", "Maria", "Nadia", "Olivia", "Priya", "Sofia",
              "Susan"}  # the cast's first names that are women's, for the population's namesakes
TODAY = "2025-07-08"
HOLIDAYS = ["2025-01-01", "2025-01-20", "2025-02-17", "2025-05-26", "2025-06-19", "2025-07-04",
            "2025-09-01", "2025-10-13", "2025-11-11", "2025-11-27", "2025-12-25"]  # fmt: skip
HISTORY_START = "2025-03-01"

# id, name, birth date, ZIP, tax id last 4, segment, app enrolled, courtesy waivers granted
CAST_CUSTOMERS = [
    ("C1001", "Maria Gonzalez", "1984-03-12", "60614", "4821", "standard", True, []),
    ("C1002", "Maria Gonzalez", "1991-11-02", "60614", "7390", "premier", True, []),  # namesake, same ZIP
    ("C1003", "Maria Gonzalez", "1984-03-12", "78704", "1157", "standard", True, []),  # namesake, same birth date
    ("C1004", "David Kim", "1975-06-30", "98103", "6602", "premier", True, []),
    ("C1005", "Susan Kim", "1977-01-15", "98103", "2048", "standard", True, []),
    ("C1006", "Tyler Brooks", "2001-09-09", "30307", "8813", "standard", True, []),  # authorized user on his mother's account
    ("C1007", "Linda Brooks", "1968-04-22", "30307", "3375", "standard", True, []),
    ("C1008", "James Okafor", "1959-12-05", "10027", "9046", "premier", True, []),
    ("C1009", "Priya Raman", "1988-07-19", "94110", "5512", "standard", True, []),
    ("C1010", "Ethan Walsh", "1993-05-03", "02134", "7731", "standard", False, []),  # no app on his phone
    ("C1011", "Evan Walsh", "1993-05-03", "02134", "7740", "standard", True, []),  # his twin
    ("C1012", "Grace Liu", "1980-10-10", "60614", "2290", "standard", True, ["2024-09-15"]),
    ("C1013", "Grace Liu", "1980-10-01", "60615", "6604", "standard", True, []),  # near namesake
    ("C1014", "Omar Haddad", "1979-08-08", "48201", "3187", "premier", True, ["2025-01-20"]),
    ("C1015", "Robert Fischer", "1950-01-25", "33139", "4470", "premier", True, []),
    ("C1016", "Aisha Bello", "1996-08-14", "77002", "9921", "standard", True, []),
    ("C1017", "Hannah Schmidt", "1972-03-03", "55408", "1809", "premier", True, []),
    ("C1018", "Marcus Reed", "1985-12-12", "85004", "6253", "standard", True, []),
    ("C1019", "Nadia Petrova", "1990-02-14", "11215", "8036", "standard", True, []),
    ("C1020", "Carlos Mendez", "1982-06-18", "92101", "5127", "standard", True, ["2024-07-01"]),
    ("C1021", "Carlos Mendez", "1982-06-18", "92103", "5190", "standard", True, []),  # namesake, next ZIP
    ("C1022", "Emily Chen", "1999-04-04", "97205", "3342", "standard", True, []),
    ("C1023", "William Turner", "1964-11-30", "80205", "7718", "premier", True, []),
    ("C1024", "Fatima Zahra", "1987-09-21", "20001", "2265", "standard", True, []),
    ("C1025", "Kevin O'Brien", "1970-07-07", "02127", "9480", "standard", False, []),  # no app on his phone
    ("C1026", "Sofia Rossi", "1994-12-24", "60607", "6071", "premier", True, []),
    ("C1027", "Benjamin Clark", "1958-05-05", "29401", "1436", "standard", True, []),
    ("C1028", "Olivia Martin", "2000-01-31", "75201", "8852", "standard", True, []),
    ("C1029", "Daniel Novak", "1983-10-17", "44102", "3909", "premier", True, []),
    ("C1030", "Lucy Adams", "1976-08-29", "37203", "5584", "standard", True, []),
]

# id, type, nickname, last 4, owners, status, balance, available, credit limit, last statement
CAST_ACCOUNTS = [
    ("A20001", "checking", "Everyday Checking", "4410", ["C1001"], "open", 2315.4, 1950.4, None, "2025-06-30"),
    ("A20002", "checking", "Bills Checking", "7732", ["C1001"], "open", 1189.07, 1189.07, None, "2025-06-30"),
    ("A20003", "savings", "Savings", "1185", ["C1001"], "open", 8420.0, 8420.0, None, "2025-06-30"),
    ("A20004", "credit_card", "Visa Signature", "9051", ["C1001"], "open", -1240.37, 3759.63, 5000.0, "2025-06-18"),
    ("A20005", "checking", "Premier Checking", "3306", ["C1002"], "open", 15230.18, 15230.18, None, "2025-06-30"),
    ("A20006", "checking", "Everyday Checking", "5521", ["C1003"], "open", 904.12, 904.12, None, "2025-06-30"),
    ("A20010", "checking", "Joint Checking", "2231", ["C1004", "C1005"], "open", 6742.55, 6742.55, None, "2025-06-30"),
    ("A20011", "savings", "Premier Savings", "8890", ["C1004"], "open", 40210.0, 40210.0, None, "2025-06-30"),
    ("A20013", "checking", "Checking", "6014", ["C1005"], "open", 3120.66, 3120.66, None, "2025-06-30"),
    ("A20020", "checking", "Checking", "4477", ["C1007"], "open", 5310.2, 5310.2, None, "2025-06-30"),
    ("A20021", "checking", "Student Checking", "9902", ["C1006"], "open", 412.35, 412.35, None, "2025-06-30"),
    ("A20025", "checking", "Premier Checking", "1620", ["C1008"], "open", 22870.44, 22870.44, None, "2025-06-30"),
    ("A20030", "checking", "Everyday Checking", "3058", ["C1009"], "open", 1874.09, 1874.09, None, "2025-07-04"),
    ("A20031", "credit_card", "Cash Back Mastercard", "7214", ["C1009"], "open", -655.2, 2344.8, 3000.0, "2025-06-09"),
    ("A20035", "checking", "Everyday Checking", "8126", ["C1010"], "open", 1467.3, 1467.3, None, "2025-06-30"),
    ("A20036", "checking", "Everyday Checking", "8173", ["C1011"], "open", 2033.81, 2033.81, None, "2025-06-30"),
    ("A20040", "checking", "Everyday Checking", "6690", ["C1012"], "open", 54.12, 54.12, None, "2025-06-30"),
    ("A20041", "checking", "Everyday Checking", "2417", ["C1013"], "open", 788.9, 788.9, None, "2025-06-30"),
    ("A20045", "checking", "Premier Checking", "5035", ["C1014"], "open", 128.77, 128.77, None, "2025-06-30"),
    ("A20050", "checking", "Premier Checking", "7741", ["C1015"], "open", 18950.0, 18950.0, None, "2025-06-30"),
    ("A20051", "savings", "Premier Savings", "7759", ["C1015"], "open", 152300.0, 152300.0, None, "2025-06-30"),
    ("A20055", "checking", "Everyday Checking", "1198", ["C1016"], "frozen", 2640.5, 0.0, None, "2025-06-30"),
    ("A20056", "savings", "Savings", "1204", ["C1016"], "open", 5120.75, 5120.75, None, "2025-06-30"),
    ("A20060", "checking", "Premier Checking", "4402", ["C1017"], "open", 7321.19, 7321.19, None, "2025-06-30"),
    ("A20061", "savings", "Premier Savings", "4419", ["C1017"], "open", 25000.0, 25000.0, None, "2025-06-30"),
    ("A20065", "checking", "Everyday Checking", "3390", ["C1018"], "open", 1512.4, 312.4, None, "2025-06-30"),
    ("A20070", "checking", "Everyday Checking", "6218", ["C1019"], "open", 8420.55, 7145.55, None, "2025-06-30"),
    ("A20071", "savings", "Savings", "6226", ["C1019"], "open", 1200.0, 1200.0, None, "2025-06-30"),
    ("A20075", "checking", "Everyday Checking", "9087", ["C1020"], "open", 1412.8, 1412.8, None, "2025-06-30"),
    ("A20076", "checking", "Everyday Checking", "9110", ["C1021"], "open", 3025.0, 3025.0, None, "2025-06-30"),
    ("A20080", "checking", "Everyday Checking", "5567", ["C1022"], "open", 1733.25, 1733.25, None, "2025-06-08"),
    ("A20085", "checking", "Main Checking", "2190", ["C1023"], "open", 9655.3, 9655.3, None, "2025-06-30"),
    ("A20086", "checking", "Rental Property Checking", "2204", ["C1023"], "open", 4120.0, 4120.0, None, "2025-06-30"),
    ("A20087", "savings", "Premier Savings", "2212", ["C1023"], "open", 61000.0, 61000.0, None, "2025-06-30"),
    ("A20088", "credit_card", "Premier Visa Infinite", "6631", ["C1023"], "open", -2210.45, 22789.55, 25000.0, "2025-06-22"),
    ("A20090", "checking", "Everyday Checking", "7005", ["C1024"], "open", 2960.0, 2960.0, None, "2025-06-30"),
    ("A20091", "savings", "Savings", "7013", ["C1024"], "open", 4105.5, 4105.5, None, "2025-06-30"),
    ("A20095", "checking", "Everyday Checking", "3825", ["C1025"], "open", 1322.0, 1322.0, None, "2025-06-30"),
    ("A20100", "checking", "Premier Checking", "5599", ["C1026"], "open", 11408.6, 11408.6, None, "2025-06-30"),
    ("A20101", "credit_card", "Premier Visa Infinite", "5617", ["C1026"], "open", -3051.9, 16948.1, 20000.0, "2025-06-25"),
    ("A20105", "checking", "Everyday Checking", "2748", ["C1027"], "open", 6200.0, 6200.0, None, "2025-06-30"),
    ("A20106", "savings", "Savings", "2756", ["C1027"], "open", 31450.0, 31450.0, None, "2025-06-30"),
    ("A20110", "checking", "Everyday Checking", "8061", ["C1028"], "open", 1150.25, 1150.25, None, "2025-06-30"),
    ("A20111", "credit_card", "Cash Back Mastercard", "8079", ["C1028"], "open", -1412.86, 1087.14, 2500.0, "2025-06-15"),
    ("A20115", "checking", "Premier Checking", "4932", ["C1029"], "open", 19870.0, 19870.0, None, "2025-06-30"),
    ("A20120", "checking", "Everyday Checking", "6650", ["C1030"], "open", 2211.7, 2211.7, None, "2025-06-30"),
    ("A20121", "savings", "Savings", "6668", ["C1030"], "closed", 0.0, 0.0, None, "2025-05-31"),
]

# id, account, cardholder, kind, last 4, status, expires
CAST_CARDS = [
    ("K30001", "A20001", "C1001", "debit", "4417", "active", "2027-09"),
    ("K30002", "A20004", "C1001", "credit", "9051", "active", "2028-02"),
    ("K30003", "A20005", "C1002", "debit", "3319", "active", "2026-11"),
    ("K30004", "A20006", "C1003", "debit", "5502", "active", "2027-04"),
    ("K30010", "A20010", "C1004", "debit", "2245", "active", "2027-12"),
    ("K30011", "A20010", "C1005", "debit", "2258", "active", "2027-12"),
    ("K30012", "A20013", "C1005", "debit", "6027", "active", "2026-08"),
    ("K30020", "A20020", "C1006", "debit", "4490", "active", "2028-05"),  # Tyler's card on his mother's account
    ("K30021", "A20020", "C1007", "debit", "4483", "active", "2028-05"),
    ("K30022", "A20021", "C1006", "debit", "9915", "active", "2027-01"),
    ("K30025", "A20025", "C1008", "debit", "1634", "active", "2026-10"),
    ("K30030", "A20030", "C1009", "debit", "3071", "active", "2027-06"),
    ("K30031", "A20031", "C1009", "credit", "7214", "active", "2028-03"),
    ("K30035", "A20035", "C1010", "debit", "8139", "active", "2027-07"),
    ("K30036", "A20036", "C1011", "debit", "8186", "active", "2027-07"),
    ("K30040", "A20040", "C1012", "debit", "6603", "active", "2026-12"),
    ("K30045", "A20045", "C1014", "debit", "5048", "active", "2027-03"),
    ("K30055", "A20055", "C1016", "debit", "1211", "locked", "2027-08"),
    ("K30060", "A20060", "C1017", "debit", "4425", "active", "2028-01"),
    ("K30065", "A20065", "C1018", "debit", "3403", "active", "2026-09"),
    ("K30080", "A20080", "C1022", "debit", "5570", "active", "2027-11"),
    ("K30085", "A20085", "C1023", "debit", "2183", "active", "2027-05"),
    ("K30088", "A20088", "C1023", "credit", "6631", "active", "2028-06"),
    ("K30090", "A20090", "C1024", "debit", "7028", "active", "2027-02"),
    ("K30095", "A20095", "C1025", "debit", "3838", "active", "2026-07"),
    ("K30100", "A20100", "C1026", "debit", "5584", "active", "2027-10"),
    ("K30101", "A20101", "C1026", "credit", "5617", "active", "2028-04"),
    ("K30110", "A20110", "C1028", "debit", "8074", "active", "2027-08"),
    ("K30111", "A20111", "C1028", "credit", "8079", "active", "2028-01"),
]

# id, customer, name, bank, account last 4, added on
CAST_PAYEES = [
    ("P40001", "C1001", "Javier Gonzalez", "Harbor Federal Credit Union", "3381", "2024-11-02"),
    ("P40002", "C1001", "Lakeview Property Management", "Great Lakes Bank", "0917", "2025-01-10"),
    ("P40003", "C1002", "Ana Gonzalez", "Northern Trust Savings", "5526", "2023-06-14"),
    ("P40004", "C1003", "Diego Ramos", "Lone Star Credit Union", "7710", "2024-02-28"),
    ("P40010", "C1004", "Kim Landscaping LLC", "Cascade Community Bank", "4102", "2025-07-07"),  # added yesterday
    ("P40011", "C1004", "Evergreen Tuition Services", "Pacific Commerce Bank", "8820", "2024-08-20"),
    ("P40012", "C1005", "Rachel Kim", "Cascade Community Bank", "1396", "2023-03-09"),
    ("P40013", "C1005", "Helen Park", "Puget Sound Savings", "2201", "2024-12-01"),
    ("P40020", "C1006", "Jordan Ellis", "Peach State Bank", "6655", "2025-02-11"),
    ("P40030", "C1010", "Sam Whitaker", "Boston Harbor Bank", "4419", "2024-09-09"),
    ("P40050", "C1015", "US Treasury Payment Center", "Atlantic Coast Bank", "9001", "2025-07-08"),  # added today
    ("P40055", "C1019", "Brooklyn Heights Realty", "Empire Savings Bank", "3370", "2024-10-01"),
    ("P40060", "C1020", "Mesa Auto Repair", "Pacific Crest Bank", "5208", "2025-07-05"),  # three days ago
    ("P40065", "C1024", "Jordan Miles", "Capitol Federal Savings", "8846", "2025-07-08"),  # added today
    ("P40066", "C1024", "Amina Zahra", "Capitol Federal Savings", "1173", "2022-05-19"),
    ("P40070", "C1027", "Greenway Gift Cards", "Lowcountry Bank", "6024", "2025-07-07"),
    ("P40075", "C1029", "Novak Family Trust", "Lake Erie Savings", "4465", "2021-01-12"),
    ("P40076", "C1029", "Cleveland Yacht Club", "Lake Erie Savings", "7133", "2023-09-30"),
]

# key, account, date, description, amount, channel, status, extra links
CAST_TRANSACTIONS = [
    ("deposit_maria", "A20001", "2025-07-07", "Mobile check deposit", 640.0, "deposit", "posted", {"check_number": 5521}),
    ("sent_susan", "A20013", "2025-07-08", "Transfer to Helen Park", -1000.0, "external_transfer", "posted",
     {"payee_id": "P40013"}),
    ("sent_daniel", "A20115", "2025-07-08", "Transfer to Novak Family Trust", -9000.0, "external_transfer", "posted",
     {"payee_id": "P40075"}),
    ("quickmart_1", "A20030", "2025-07-05", "QUICKMART ONLINE 8841", -64.2, "card", "posted", {"card_id": "K30030"}),
    ("quickmart_2", "A20030", "2025-07-06", "QUICKMART ONLINE 8841", -79.9, "card", "posted", {"card_id": "K30030"}),
    ("quickmart_3", "A20030", "2025-07-07", "QUICKMART ONLINE 8841", -46.49, "card", "posted", {"card_id": "K30030"}),
    ("skyline_march", "A20030", "2025-03-28", "SKYLINE FITNESS CLUB", -59.99, "card", "posted", {"card_id": "K30030"}),
    ("skyline_june", "A20030", "2025-06-27", "SKYLINE FITNESS CLUB", -59.99, "card", "posted", {"card_id": "K30030"}),
    ("metro_parking", "A20031", "2025-05-02", "METRO PARKING GARAGE 12", -45.0, "card", "posted", {"card_id": "K30031"}),
    ("cafe_item", "A20040", "2025-07-02", "CORNER CAFE", -4.75, "card", "posted", {"card_id": "K30040"}),
    ("cafe_fee", "A20040", "2025-07-03", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "cafe_item"}),
    ("electric_item", "A20040", "2025-06-30", "COMED ELECTRIC AUTOPAY", -182.4, "ach", "posted", {}),
    ("electric_fee", "A20040", "2025-07-01", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "electric_item"}),
    ("grace2_item", "A20041", "2025-04-19", "NORTHSIDE GROCERY", -96.3, "card", "posted", {}),
    ("grace2_fee", "A20041", "2025-04-20", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "grace2_item"}),
    ("dup_1", "A20041", "2025-07-01", "STREAMLINE HOME GOODS", -89.99, "card", "posted", {}),
    ("dup_2", "A20041", "2025-07-01", "STREAMLINE HOME GOODS", -89.99, "card", "posted", {}),
    ("omar_item_1", "A20045", "2025-06-26", "DTE ENERGY", -141.08, "ach", "posted", {}),
    ("omar_fee_1", "A20045", "2025-06-27", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "omar_item_1"}),
    ("omar_item_2", "A20045", "2025-06-30", "MIDTOWN PHARMACY", -23.15, "card", "posted", {"card_id": "K30045"}),
    ("omar_fee_2", "A20045", "2025-07-01", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "omar_item_2"}),
    ("hannah_item", "A20060", "2025-06-13", "TRAVELNEST BOOKING", -412.0, "card", "posted", {"card_id": "K30060"}),
    ("marcus_deposit", "A20065", "2025-07-08", "Branch check deposit", 1200.0, "deposit", "posted", {"check_number": 3112}),
    ("nadia_deposit", "A20070", "2025-07-03", "ATM check deposit", 8000.0, "deposit", "posted", {"check_number": 20418}),
    ("carlos_item", "A20075", "2025-06-29", "SDGE AUTOPAY", -248.6, "ach", "posted", {}),
    ("carlos_fee", "A20075", "2025-06-30", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "carlos_item"}),
    ("emily_check_1052", "A20080", "2025-07-02", "Check 1052", -300.0, "check", "posted", {"check_number": 1052}),
    ("emily_old", "A20080", "2025-05-01", "BRIGHTLINE STREAMING", -17.99, "card", "posted", {"card_id": "K30080"}),
    ("william_check_2209", "A20086", "2025-06-20", "Check 2209", -1450.0, "check", "posted", {"check_number": 2209}),
    ("sofia_item_old", "A20101", "2025-06-10", "AERO LUXE LUGGAGE", -389.0, "card", "posted", {"card_id": "K30101"}),
    ("sofia_dup_1", "A20100", "2025-07-03", "LUMEN HOME DECOR", -212.5, "card", "posted", {"card_id": "K30100"}),
    ("sofia_dup_2", "A20100", "2025-07-03", "LUMEN HOME DECOR", -212.5, "card", "posted", {"card_id": "K30100"}),
    ("sofia_pending", "A20100", "2025-07-08", "NORTH SHORE WINES", -96.0, "card", "pending", {"card_id": "K30100"}),
    ("sofia_stolen_1", "A20101", "2025-07-06", "ELECTRO DEPOT ONLINE", -899.99, "card", "posted", {"card_id": "K30101"}),
    ("sofia_stolen_2", "A20101", "2025-07-07", "RIDESHARE EXPRESS", -38.4, "card", "posted", {"card_id": "K30101"}),
    ("maria_cc_1", "A20004", "2025-07-05", "GLOBALSHOP MARKETPLACE", -312.45, "card", "posted", {"card_id": "K30002"}),
    ("maria_cc_2", "A20004", "2025-07-06", "GLOBALSHOP MARKETPLACE", -127.0, "card", "posted", {"card_id": "K30002"}),
    ("james_item", "A20025", "2025-06-16", "HUDSON ELECTRONICS", -1275.0, "card", "posted", {"card_id": "K30025"}),
    ("marcus_check_415", "A20065", "2025-06-12", "Check 414", -210.0, "check", "posted", {"check_number": 414}),
    ("susan_joint_item", "A20010", "2025-07-02", "SEATTLE CITY LIGHT", -6.2, "ach", "posted", {}),
    ("susan_joint_fee", "A20010", "2025-07-03", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "susan_joint_item"}),
    ("susan_own_item", "A20013", "2025-06-24", "PUGET HEALTH CLINIC", -240.0, "card", "posted", {"card_id": "K30012"}),
    ("susan_own_fee", "A20013", "2025-06-25", "Overdraft fee", -35.0, "fee", "posted", {"fee_for": "susan_own_item"}),
    ("stop_fee_james", "A20025", "2025-03-04", "Stop payment fee, check 877", -30.0, "fee", "waived", {}),
    ("lucy_bill_1", "A20120", "2025-07-01", "BRIGHTWAVE COMMUNICATIONS", -64.99, "ach", "posted", {}),  # internet
    ("lucy_bill_2", "A20120", "2025-07-03", "BRIGHTWAVE COMMUNICATIONS", -69.99, "ach", "posted", {}),  # phone
]

# key, account, transaction keys, reason, opened on, status
CAST_DISPUTES = [
    ("D7001", "A20060", ["hannah_item"], "unauthorized", "2025-06-20", "open"),
    ("D7002", "A20101", ["sofia_item_old"], "not_received", "2025-06-24", "open"),
    ("D7003", "A20025", ["james_item"], "not_received", "2025-06-23", "open"),
]

# id, account, check number, amount, placed on, fee transaction key
CAST_STOPS = [("S8001", "A20025", 877, 2400.0, "2025-03-04", "stop_fee_james")]

# id, account, type, threshold
CAST_ALERTS = [
    ("AL9001", "A20010", "low_balance", 200.0),
    ("AL9002", "A20110", "large_transaction", 500.0),
    ("AL9003", "A20111", "large_transaction", 300.0),
    ("AL9004", "A20004", "large_transaction", 1000.0),
]

FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "Wei", "Elizabeth", "Ahmed",
         "Barbara", "Carlos", "Susan", "Thomas", "Jessica", "Raj", "Sarah", "Kwame", "Karen", "Yuki", "Nancy", "Mateo",
         "Lisa", "Ivan", "Betty", "Andre", "Sandra", "Hiroshi", "Ashley", "Omar", "Dorothy", "Luis", "Kimberly", "Tariq"]
LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Nguyen",
        "Patel", "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Jackson", "Martin", "Lee", "Kowalski", "Harris",
        "Clark", "Lewis", "Robinson", "Walker", "Young", "Allen", "Okoro", "Hernandez", "Khan", "Schneider"]  # fmt: skip
ZIPS = ["60614", "60615", "98103", "30307", "10027", "94110", "02134", "77002", "55408", "85004", "11215", "92101",
        "97205", "80205", "20001", "02127", "60607", "29401", "75201", "44102", "37203", "48201", "33139", "78704"]  # fmt: skip
MERCHANTS = ["WHOLE HARVEST MARKET", "SHELL OIL 5512", "CITYLINE TRANSIT", "BLUE BOTTLE COFFEE", "AMAZON MKTPLACE",
             "TARGET 0421", "WALGREENS 7720", "NETFLIX.COM", "SPOTIFY USA", "HOME DEPOT 3301", "UBER TRIP",
             "CHIPOTLE 1180", "BEST BUY 0098", "TRADER JOES 552", "COSTCO WHSE 0741", "DELTA AIR LINES"]  # fmt: skip
BILLERS = ["VERIZON WIRELESS", "STATE FARM INSURANCE", "CITY WATER UTILITY", "XFINITY", "GEICO AUTO", "PLANET FITNESS"]
EMPLOYERS = ["ACME LOGISTICS PAYROLL", "NORTHWIND HEALTH PAYROLL", "CONTOSO LTD PAYROLL", "FABRIKAM INC PAYROLL"]
BANKS = ["Harbor Federal Credit Union", "Great Lakes Bank", "Pacific Commerce Bank", "First Prairie Bank", "Summit Savings"]


def _statement_dates(last: str) -> list[str]:
    return [add_months(last, -months) for months in range(5, -1, -1)]


def _statement_of(day: str, last: str) -> str | None:
    """The first statement on or after the day, if one has been cut."""
    return next((cut for cut in _statement_dates(last) if cut >= day), None)


class _Builder:
    def __init__(self) -> None:
        self.rng = random.Random(SEED)
        self.db: dict[str, Any] = {
            "today": TODAY, "holidays": HOLIDAYS, "next_transaction_number": 0, "next_card_number": 0,
            "next_dispute_number": 7101, "next_stop_number": 8101, "next_alert_number": 9501,
            "customers": {}, "accounts": {}, "transactions": {}, "cards": {}, "payees": {}, "disputes": {},
            "stop_payments": {}, "alerts": {}, "app_enrolments": {},
        }  # fmt: skip
        self.transaction_number = 500001
        self.keys: dict[str, str] = {}

    def customer(self, customer_id: str, name: str, born: str, zip_code: str, tax4: str, segment: str, app: bool,
                 waivers: list[str]) -> None:  # fmt: skip
        phone = f"({self.rng.randint(201, 989)}) 555-{self.rng.randint(100, 999):03d}{self.rng.randint(0, 9)}"
        self.db["customers"][customer_id] = {
            "customer_id": customer_id, "name": name, "birth_date": born, "zip_code": zip_code, "tax_id_last4": tax4,
            "phone": phone, "segment": segment, "app_enrolled": app, "verified_by_code": False,
            "courtesy_waivers": waivers, "account_ids": [], "card_ids": [],
        }  # fmt: skip
        if app:
            enrolled = (date(2021, 1, 4) + timedelta(days=self.rng.randint(0, 1500))).isoformat()
            self.db["app_enrolments"][customer_id] = {"customer_id": customer_id, "secret": f"{self.rng.getrandbits(64):016x}",
                                                      "enrolled_on": enrolled}  # fmt: skip

    def account(self, account_id: str, kind: str, nickname: str, last4: str, owners: list[str], status: str, balance: float,
                available: float, limit: float | None, statement: str) -> None:  # fmt: skip
        self.db["accounts"][account_id] = {
            "account_id": account_id, "type": kind, "nickname": nickname, "last4": last4, "owner_ids": owners,
            "status": status, "balance": balance, "available_balance": available, "credit_limit": limit, "holds": [],
            "last_statement_date": statement,
        }  # fmt: skip
        for owner in owners:
            self.db["customers"][owner]["account_ids"].append(account_id)

    def card(self, card_id: str, account_id: str, holder: str, kind: str, last4: str, status: str, expires: str) -> None:
        self.db["cards"][card_id] = {
            "card_id": card_id, "account_id": account_id, "cardholder_id": holder, "kind": kind, "last4": last4,
            "status": status, "expires": expires, "arrives_by": None, "closed_reason": None, "noticed_on": None,
            "liability_cap": None, "replacement_card_id": None,
        }  # fmt: skip
        self.db["customers"][holder]["card_ids"].append(card_id)

    def payee(self, payee_id: str, customer_id: str, name: str, bank: str, last4: str, added: str) -> None:
        self.db["payees"][payee_id] = {"payee_id": payee_id, "customer_id": customer_id, "name": name, "bank_name": bank,
                                       "account_last4": last4, "added_on": added}  # fmt: skip

    def transaction(self, account_id: str, day: str, description: str, amount: float, channel: str, status: str = "posted",
                    **links: Any) -> str:  # fmt: skip
        transaction_id = f"T{self.transaction_number}"
        self.transaction_number += 1
        statement = _statement_of(day, self.db["accounts"][account_id]["last_statement_date"]) if status == "posted" else None
        self.db["transactions"][transaction_id] = {
            "transaction_id": transaction_id, "account_id": account_id, "date": day, "description": description,
            "amount": round(amount, 2), "channel": channel, "status": status, "statement_date": statement,
            "card_id": links.get("card_id"), "check_number": links.get("check_number"), "payee_id": links.get("payee_id"),
            "fee_for": links.get("fee_for"), "dispute_id": None,
        }  # fmt: skip
        return transaction_id

    def history(self, account_id: str, count: int) -> None:
        """Ordinary activity before today: pay, bills, card spending, the odd check."""
        account = self.db["accounts"][account_id]
        cards = [card["card_id"] for card in self.db["cards"].values() if card["account_id"] == account_id]
        start = date.fromisoformat(HISTORY_START)
        for _ in range(count):
            day = (start + timedelta(days=self.rng.randint(0, 125))).isoformat()
            roll = self.rng.random()
            if account["type"] == "savings":
                self.transaction(account_id, day, "Interest payment", self.rng.randint(50, 900) / 100, "adjustment")
            elif account["type"] == "credit_card":
                card = cards[0] if cards else None
                merchant, amount = self.rng.choice(MERCHANTS), -self.rng.randint(500, 25000) / 100
                self.transaction(account_id, day, merchant, amount, "card", card_id=card)
            elif roll < 0.15:
                self.transaction(account_id, day, self.rng.choice(EMPLOYERS), self.rng.randint(120000, 420000) / 100, "ach")
            elif roll < 0.35:
                self.transaction(account_id, day, self.rng.choice(BILLERS), -self.rng.randint(2500, 30000) / 100, "ach")
            elif roll < 0.42:
                number = self.rng.randint(100, 4999)
                amount = -self.rng.randint(2000, 90000) / 100
                self.transaction(account_id, day, f"Check {number}", amount, "check", check_number=number)
            elif roll < 0.5:
                self.transaction(account_id, day, "ATM withdrawal", -float(self.rng.choice([40, 60, 100, 200, 300])), "atm")
            else:
                card = self.rng.choice(cards) if cards else None
                channel = "card" if card else "ach"
                merchant, amount = self.rng.choice(MERCHANTS), -self.rng.randint(300, 18000) / 100
                self.transaction(account_id, day, merchant, amount, channel, card_id=card)

    def cast(self) -> None:
        for row in CAST_CUSTOMERS:
            self.customer(*row)
        for row in CAST_ACCOUNTS:
            self.account(*row)
        for row in CAST_CARDS:
            self.card(*row)
        for row in CAST_PAYEES:
            self.payee(*row)
        for account_id in self.db["accounts"]:
            self.history(account_id, 6)
        for key, account_id, day, description, amount, channel, status, links in CAST_TRANSACTIONS:
            links = {name: self.keys.get(value, value) for name, value in links.items()}
            self.keys[key] = self.transaction(account_id, day, description, amount, channel, status, **links)
        self.hold("A20001", "deposit_maria")
        self.hold("A20065", "marcus_deposit")
        self.hold("A20070", "nadia_deposit")
        for dispute_id, account_id, keys, reason, opened, status in CAST_DISPUTES:
            self.dispute(dispute_id, account_id, [self.keys[key] for key in keys], reason, opened, status)
        for stop_id, account_id, number, amount, placed, fee in CAST_STOPS:
            self.stop(stop_id, account_id, number, amount, placed, self.keys[fee])
        for row in CAST_ALERTS:
            self.alert(*row)

    def hold(self, account_id: str, key: str) -> None:
        """A check deposit's schedule: 275.00 on the next business day, the rest up to 6,725.00
        on the second, anything above on the seventh; only what is still held is listed."""
        deposit = self.db["transactions"][self.keys[key]]
        amount, day = deposit["amount"], deposit["date"]
        first, second = min(275.0, amount), min(amount, 6725.0) - min(275.0, amount)
        schedule = [(1, first), (2, second), (7, round(amount - first - second, 2))]
        releases = [{"on": on, "amount": round(part, 2)} for offset, part in schedule
                    if part > 0 and (on := add_business_days(day, offset, HOLIDAYS)) > TODAY]  # fmt: skip
        self.db["accounts"][account_id]["holds"].append(
            {"transaction_id": deposit["transaction_id"], "deposited_on": day, "amount": amount, "releases": releases}
        )

    def dispute(self, dispute_id: str, account_id: str, transaction_ids: list[str], reason: str, opened: str,
                status: str) -> None:  # fmt: skip
        for transaction_id in transaction_ids:
            self.db["transactions"][transaction_id]["dispute_id"] = dispute_id
        amount = round(-sum(self.db["transactions"][t]["amount"] for t in transaction_ids), 2)
        self.db["disputes"][dispute_id] = {
            "dispute_id": dispute_id, "account_id": account_id, "transaction_ids": transaction_ids, "amount": amount,
            "reason": reason, "opened_on": opened, "provisional_credit_due_on": add_business_days(opened, 10, HOLIDAYS),
            "status": status, "provisional_credit": 0.0, "provisional_credit_on": None,
        }  # fmt: skip

    def stop(self, stop_id: str, account_id: str, number: int, amount: float, placed: str, fee: str) -> None:
        self.db["stop_payments"][stop_id] = {"stop_id": stop_id, "account_id": account_id, "check_number": number,
                                             "amount": amount, "placed_on": placed, "expires_on": add_months(placed, 6),
                                             "fee_transaction_id": fee}  # fmt: skip

    def filler(self) -> None:
        rng = self.rng
        people: list[tuple[str, str, str]] = []
        for number in range(1101, 1411):
            if people and rng.random() < 0.12:  # a namesake of someone already there: another birth date or ZIP
                name, born, zip_code = rng.choice(people)
                if rng.random() < 0.5:
                    born = f"{born[:8]}{(int(born[8:]) % 28) + 1:02d}"
                else:
                    zip_code = rng.choice(ZIPS)
            else:
                name = f"{rng.choice(FIRST)} {rng.choice(LAST)}"
                born = f"{rng.randint(1945, 2004)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}"
                zip_code = rng.choice(ZIPS)
            if any(person == (name, born, zip_code) for person in people):
                continue
            people.append((name, born, zip_code))
            customer_id = f"C{number}"
            segment = "premier" if rng.random() < 0.18 else "standard"
            waivers = [f"2025-0{rng.randint(1, 6)}-{rng.randint(1, 28):02d}"] if rng.random() < 0.1 else []
            self.customer(customer_id, name, born, zip_code, f"{rng.randint(0, 9999):04d}", segment, rng.random() < 0.85, waivers)
            base = 21000 + (number - 1101) * 3
            checking = f"A{base}"
            balance = rng.randint(2000, 1800000) / 100
            self.account(checking, "checking", "Premier Checking" if segment == "premier" else "Everyday Checking",
                         f"{rng.randint(0, 9999):04d}", [customer_id], "open", balance, balance, None, "2025-06-30")  # fmt: skip
            self.card(f"K{31000 + (number - 1101) * 2}", checking, customer_id, "debit", f"{rng.randint(0, 9999):04d}",
                      rng.choice(["active"] * 12 + ["locked"]), f"202{rng.randint(6, 9)}-{rng.randint(1, 12):02d}")  # fmt: skip
            self.history(checking, rng.randint(5, 9))
            if rng.random() < 0.45:
                savings = f"A{base + 1}"
                amount = rng.randint(10000, 6000000) / 100
                self.account(savings, "savings", "Savings", f"{rng.randint(0, 9999):04d}", [customer_id], "open", amount, amount,
                             None, "2025-06-30")  # fmt: skip
                self.history(savings, 2)
            if rng.random() < 0.35:
                card_account = f"A{base + 2}"
                limit = float(rng.choice([1500, 2500, 5000, 8000, 12000]))
                owed = -rng.randint(0, int(limit * 60)) / 100
                last = f"2025-06-{rng.randint(5, 27):02d}"
                self.account(card_account, "credit_card", "Cash Back Mastercard", f"{rng.randint(0, 9999):04d}", [customer_id],
                             "open", owed, round(limit + owed, 2), limit, last)  # fmt: skip
                card_last4 = self.db["accounts"][card_account]["last4"]
                self.card(f"K{31001 + (number - 1101) * 2}", card_account, customer_id, "credit", card_last4,
                          "active", f"2028-{rng.randint(1, 12):02d}")  # fmt: skip
                self.history(card_account, rng.randint(3, 6))
            for index in range(rng.choice([0, 1, 1, 2, 2, 3])):
                added = (date(2021, 1, 1) + timedelta(days=rng.randint(0, 1640))).isoformat()
                self.payee(f"P{41000 + (number - 1101) * 4 + index}", customer_id, f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                           rng.choice(BANKS), f"{rng.randint(0, 9999):04d}", added)  # fmt: skip
            if rng.random() < 0.8:
                alert_type = rng.choice(["low_balance", "large_transaction"])
                self.alert(f"AL{9100 + number - 1101}", checking, alert_type, float(rng.choice([50, 100, 250, 500, 1000])))
            self._filler_cases(customer_id, checking)

    def _filler_cases(self, customer_id: str, checking: str) -> None:
        """Some filler customers carry a dispute or a stop payment, as real books do."""
        if self.rng.random() < 0.12:
            self._disputed_charge(checking, f"D{len(self.db['disputes']) + 7004}")
        if self.rng.random() < 0.08:
            self._stopped_check(checking, f"S{len(self.db['stop_payments']) + 8001}")

    def _disputed_charge(self, checking: str, dispute_id: str) -> None:
        rng = self.rng
        day = f"2025-0{rng.randint(4, 6)}-{rng.randint(1, 28):02d}"
        charge = self.transaction(checking, day, rng.choice(MERCHANTS), -rng.randint(1500, 60000) / 100, "card")
        opened = add_business_days(day, rng.randint(3, 20), HOLIDAYS)
        self.dispute(dispute_id, checking, [charge], rng.choice(["unauthorized", "duplicate", "not_received"]),
                     min(opened, TODAY), "resolved" if opened < "2025-06-01" else "open")  # fmt: skip

    def _stopped_check(self, checking: str, stop_id: str) -> None:
        rng = self.rng
        placed = f"2025-0{rng.randint(1, 6)}-{rng.randint(1, 28):02d}"
        number = rng.randint(100, 4999)
        fee = self.transaction(checking, placed, f"Stop payment fee, check {number}", -30.0, "fee")
        self.stop(stop_id, checking, number, rng.randint(5000, 300000) / 100, placed, fee)

    def grow(self) -> None:
        """The second stream (toward the brief's sizes): more customers, each with accounts,
        cards, payees, alerts, now and then disputes and stop payments, and a fuller ledger.
        It draws after the first stream from its own seed and numbers its records apart from
        the first stream's and from the ids tools mint, so no earlier record moves; no new
        customer has an earlier customer's name, birth date and ZIP all three."""
        population = Population(GROWTH_SEED, TODAY)
        for _, name, *_ in CAST_CUSTOMERS:
            first, last = name.split(" ", 1)
            population.know(first, last, "F" if first in CAST_WOMEN else "M")
        rng = self.rng = population.rng
        self.transaction_number = FIRST_NEW_TRANSACTION
        taken = {(c["name"], c["birth_date"], c["zip_code"]) for c in self.db["customers"].values()}
        disputes, stops, alerts = count(FIRST_NEW_DISPUTE), count(FIRST_NEW_STOP), count(FIRST_NEW_ALERT)
        for number in NEW_CUSTOMERS:
            # a name and birth date (the bank writes phones its own way: customer() draws them)
            person, zip_code = population.person("000", ages=(21, 80)), rng.choice(ZIPS)
            if (person.name, person.birth_date, zip_code) in taken:
                continue
            taken.add((person.name, person.birth_date, zip_code))
            customer_id, segment = f"C{number}", "premier" if rng.random() < 0.18 else "standard"
            waivers = [f"2025-0{rng.randint(1, 6)}-{rng.randint(1, 28):02d}"] if rng.random() < 0.1 else []
            self.customer(customer_id, person.name, person.birth_date, zip_code, f"{rng.randint(0, 9999):04d}", segment,
                          rng.random() < 0.85, waivers)  # fmt: skip
            base, card = 21000 + (number - 1101) * 3, FIRST_NEW_CARD + (number - NEW_CUSTOMERS.start) * 2
            checking, balance = f"A{base}", rng.randint(2000, 1800000) / 100
            self.account(checking, "checking", "Premier Checking" if segment == "premier" else "Everyday Checking",
                         f"{rng.randint(0, 9999):04d}", [customer_id], "open", balance, balance, None, "2025-06-30")  # fmt: skip
            self.card(f"K{card}", checking, customer_id, "debit", f"{rng.randint(0, 9999):04d}",
                      rng.choice(["active"] * 12 + ["locked"]), f"202{rng.randint(6, 9)}-{rng.randint(1, 12):02d}")  # fmt: skip
            self.history(checking, rng.randint(28, 45))
            for alert_type in rng.sample(["low_balance", "large_transaction"], rng.randint(1, 2)):
                self.alert(f"AL{next(alerts)}", checking, alert_type, float(rng.choice([50, 100, 250, 500, 1000])))
            if rng.random() < 0.45:
                amount = rng.randint(10000, 6000000) / 100
                self.account(f"A{base + 1}", "savings", "Savings", f"{rng.randint(0, 9999):04d}", [customer_id], "open",
                             amount, amount, None, "2025-06-30")  # fmt: skip
                self.history(f"A{base + 1}", rng.randint(4, 8))
            if rng.random() < 0.35:
                limit = float(rng.choice([1500, 2500, 5000, 8000, 12000]))
                owed, last4 = -rng.randint(0, int(limit * 60)) / 100, f"{rng.randint(0, 9999):04d}"
                self.account(f"A{base + 2}", "credit_card", "Cash Back Mastercard", last4, [customer_id], "open", owed,
                             round(limit + owed, 2), limit, f"2025-06-{rng.randint(5, 27):02d}")  # fmt: skip
                self.card(f"K{card + 1}", f"A{base + 2}", customer_id, "credit", last4, "active", f"2028-{rng.randint(1, 12):02d}")
                self.history(f"A{base + 2}", rng.randint(15, 30))
                if rng.random() < 0.6:
                    self.alert(f"AL{next(alerts)}", f"A{base + 2}", "large_transaction", float(rng.choice([250, 500, 1000])))
            for index in range(rng.choice([1, 2, 2, 3, 3, 4])):
                added = (date(2021, 1, 1) + timedelta(days=rng.randint(0, 1650))).isoformat()
                self.payee(f"P{41000 + (number - 1101) * 4 + index}", customer_id, f"{rng.choice(FIRST)} {rng.choice(LAST)}",
                           rng.choice(BANKS), f"{rng.randint(0, 9999):04d}", added)  # fmt: skip
            for _ in range(rng.choice([0, 0, 1, 1, 2])):
                self._disputed_charge(checking, f"D{next(disputes)}")
            if rng.random() < 0.5:
                self._stopped_check(checking, f"S{next(stops)}")

    def alert(self, alert_id: str, account_id: str, alert_type: str, threshold: float) -> None:
        self.db["alerts"][alert_id] = {"alert_id": alert_id, "account_id": account_id, "alert_type": alert_type,
                                       "threshold": threshold}  # fmt: skip


def database() -> dict[str, Any]:
    builder = _Builder()
    builder.cast()
    builder.filler()
    next_transaction_number = builder.transaction_number
    builder.grow()
    db = builder.db
    db["next_transaction_number"] = next_transaction_number
    db["next_card_number"] = 32000
    db["transactions"] = dict(sorted(db["transactions"].items(), key=lambda item: int(item[0][1:])))
    return db
