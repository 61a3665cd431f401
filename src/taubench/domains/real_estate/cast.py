"""The hand-written records the tasks are built around: namesakes (two Dana Whitfields with
different phones, a father and son Alex Moreno sharing one phone), 14 Maple St next to
14 Maple Ct, a pre-approval that lapsed last week and one that lapses today, a buyer agreement
that ran out two weeks ago and one that runs out on Sunday, a seller's counter that lapsed
yesterday, an accepted offer, a client with four tours booked on one day, and renters just
under and just over three times the rent."""

NOW = "2025-03-14 10:00"

LISTINGS = [  # id, address, city, zip, type, property type, price, beds, baths, sqft, built, status, hoa, occupancy, backups
    ("L1001", "14 Maple St", "Evanston", "60201", "sale", "single_family", 415000, 3, 2.0, 1650, 1962, "active", 0, "owner_occupied", False),
    ("L1002", "14 Maple Ct", "Evanston", "60202", "sale", "townhouse", 389000, 3, 2.5, 1720, 2004, "active", 275, "vacant", False),
    ("L1003", "220 Linden Ave", "Wilmette", "60091", "sale", "single_family", 689000, 4, 3.0, 2600, 1955, "pending", 0, "owner_occupied", True),
    ("L1004", "87 Ridge Rd", "Skokie", "60076", "sale", "single_family", 525000, 4, 2.0, 2100, 1971, "pending", 0, "owner_occupied", False),
    ("L1005", "1550 Oak Ave Unit 3B", "Evanston", "60201", "sale", "condo", 299000, 2, 2.0, 1100, 1988, "active", 410, "tenant_occupied", False),
    ("L1006", "902 Sheridan Rd", "Evanston", "60202", "sale", "single_family", 750000, 5, 3.5, 3200, 1925, "active", 0, "owner_occupied", True),
    ("L1007", "31 Elm Pl", "Oak Park", "60302", "sale", "single_family", 465000, 3, 2.0, 1800, 2012, "pending", 0, "vacant", False),
    ("L1008", "640 Forest Ave", "Oak Park", "60302", "sale", "single_family", 532000, 4, 2.5, 2300, 1968, "active", 0, "tenant_occupied", False),
    ("L1009", "18 Birch Ln", "Park Ridge", "60068", "sale", "single_family", 610000, 4, 3.0, 2450, 1999, "active", 0, "vacant", False),
    ("L1010", "455 Chestnut St", "Skokie", "60076", "sale", "single_family", 349900, 3, 1.5, 1400, 1985, "active", 0, "owner_occupied", False),
    ("L1011", "2720 Central St Unit 1A", "Evanston", "60201", "sale", "condo", 245000, 1, 1.0, 780, 1972, "active", 350, "vacant", False),
    ("L1012", "77 Prospect Ave", "Park Ridge", "60068", "sale", "single_family", 455000, 3, 2.0, 1900, 1961, "sold", 0, "owner_occupied", False),
    ("L1021", "1200 Davis St Apt 4", "Evanston", "60201", "rental", "apartment", 2150, 2, 1.0, 950, 1962, "active", 0, "tenant_occupied", False),
    ("L1022", "77 Lake St Apt 2R", "Oak Park", "60301", "rental", "apartment", 1850, 1, 1.0, 700, 1995, "active", 0, "vacant", False),
    ("L1023", "301 Main St Unit 5", "Skokie", "60077", "rental", "condo", 2600, 3, 2.0, 1350, 2008, "active", 0, "vacant", False),
    ("L1024", "45 Greenleaf Ave", "Wilmette", "60091", "rental", "single_family", 3400, 3, 2.0, 1800, 1950, "leased", 0, "tenant_occupied", False),
    ("L1025", "909 Church St Apt 1", "Evanston", "60201", "rental", "apartment", 1975, 2, 1.0, 900, 1978, "active", 0, "vacant", False),
    ("L1026", "16 Maple St Apt 2", "Evanston", "60201", "rental", "apartment", 1700, 1, 1.0, 650, 1958, "active", 0, "tenant_occupied", False),
]  # fmt: skip

A_OK = ("2025-01-10", "2025-07-10", 2.5)  # an agreement in force for the whole season
CLIENTS = [  # id, name, phone, email, monthly income, agreement, financing, payment methods
    ("C2001", "Dana Whitfield", "312-555-0147", "dana.whitfield@mailbox.com", 11200, A_OK,
     [("pre_approval", "First Lakeshore Bank", 340000, "2025-05-30")], [("PM1", "card", "5521", "2027-04-30")]),
    ("C2002", "Dana Whitfield", "847-555-0199", "dwhitfield88@inbox.net", 6400, None, [], [("PM1", "card", "7730", "2026-11-30")]),
    ("C2003", "Marcus Bell", "773-555-0112", "mbell.arch@mailbox.com", 13500, ("2024-12-01", "2025-03-01", 2.5),
     [("pre_approval", "Prairie Home Loans", 450000, "2025-06-15")], [("PM1", "bank_account", "2281", None)]),
    ("C2004", "Priya Raman", "224-555-0190", "priya.raman@northmail.com", 14800, ("2025-02-01", "2025-06-01", 2.5),
     [("pre_approval", "Northshore Credit Union", 520000, "2025-03-07")], [("PM1", "card", "3310", "2026-05-31")]),
    ("C2005", "Alex Moreno", "847-555-0160", "alex.moreno.sr@mailbox.com", 16500, ("2025-02-15", "2025-08-15", 2.5),
     [("pre_approval", "Lakeview Mortgage", 600000, "2025-04-30")], [("PM1", "card", "9012", "2027-09-30")]),
    ("C2006", "Alex Moreno", "847-555-0160", "amoreno.jr@campusmail.edu", 4100, None, [], [("PM1", "card", "4466", "2027-02-28")]),
    ("C2007", "Grace Kim", "630-555-0123", "grace.kim@inbox.net", 21000, ("2025-01-20", "2025-08-01", 2.5),
     [("proof_of_funds", "Harbor Trust Bank", 800000, "2025-06-30")], [("PM1", "bank_account", "7781", None)]),
    ("C2008", "Tomás Ortega", "312-555-0188", "tomas.ortega@mailbox.com", 7200, None, [],
     [("PM1", "card", "4417", "2026-08-31"), ("PM2", "bank_account", "0932", None)]),
    ("C2009", "Hannah Cole", "773-555-0134", "hannah.cole@northmail.com", 5600, None, [],
     [("PM1", "card", "1184", "2025-02-28"), ("PM2", "card", "6620", "2027-01-31")]),
    ("C2010", "Ben Adler", "847-555-0111", "ben.adler@mailbox.com", 15800, A_OK,
     [("pre_approval", "Lakeview Mortgage", 500000, "2025-05-15")], [("PM1", "card", "2290", "2026-12-31")]),
    ("C2011", "Olivia Grant", "312-555-0175", "ogrant@inbox.net", 9900, A_OK,
     [("pre_approval", "First Lakeshore Bank", 320000, "2025-06-30")], [("PM1", "card", "6003", "2027-06-30")]),
    ("C2012", "Samuel Okafor", "224-555-0158", "sam.okafor@mailbox.com", 12600, A_OK,
     [("pre_approval", "Prairie Home Loans", 400000, "2025-05-31")], [("PM1", "bank_account", "5150", None)]),
    ("C2013", "Lucia Ferri", "708-555-0142", "lucia.ferri@northmail.com", 13900, A_OK,
     [("pre_approval", "Great Lakes Bank", 560000, "2025-05-20")], [("PM1", "card", "7345", "2026-09-30")]),
    ("C2014", "Noah Fischer", "630-555-0177", "noah.fischer@inbox.net", 10400, ("2024-12-16", "2025-03-16", 2.5),
     [("pre_approval", "Great Lakes Bank", 380000, "2025-04-30")], [("PM1", "card", "1207", "2026-03-31")]),
    ("C2015", "Erin Walsh", "312-555-0102", "erin.walsh@mailbox.com", 9700, None,
     [("pre_approval", "Great Lakes Bank", 360000, "2025-07-31")], [("PM1", "card", "8856", "2027-11-30")]),
    ("C2016", "Kenji Sato", "773-555-0109", "kenji.sato@inbox.net", 18000, A_OK,
     [("proof_of_funds", "Harbor Trust Bank", 400000, "2025-04-30")], [("PM1", "bank_account", "4420", None)]),
    ("C2017", "Chris Park", "847-555-0131", "chris.park@mailbox.com", 11800, A_OK,
     [("pre_approval", "First Lakeshore Bank", 320000, "2025-06-10")], [("PM1", "card", "3391", "2026-07-31")]),
    ("C2018", "Chris Park", "708-555-0131", "cpark.design@northmail.com", 8800, None, [], [("PM1", "card", "5008", "2027-01-31")]),
    ("C2019", "Ryan Hughes", "630-555-0185", "ryan.hughes@mailbox.com", 14200, A_OK,
     [("pre_approval", "Prairie Home Loans", 480000, "2025-05-31")], [("PM1", "card", "6612", "2026-10-31")]),
    ("C2020", "Daniel Brooks", "773-555-0166", "dbrooks@inbox.net", 6300, None, [], [("PM1", "card", "2025", "2026-10-31")]),
    ("C2021", "Jasmine Reed", "312-555-0193", "jasmine.reed@mailbox.com", 8000, None, [], [("PM1", "card", "8843", "2027-03-31")]),
    ("C2022", "Jasmine Reed", "312-555-0139", "jreed.music@northmail.com", 5200, None, [], [("PM1", "card", "1932", "2026-04-30")]),
    ("C2023", "Mei Lin", "224-555-0127", "mei.lin@inbox.net", 12900, A_OK,
     [("proof_of_funds", "Harbor Trust Bank", 300000, "2025-03-31"), ("pre_approval", "Lakeview Mortgage", 250000, "2025-06-30")],
     [("PM1", "card", "7006", "2027-05-31")]),
    ("C2024", "Omar Haddad", "847-555-0172", "omar.haddad@mailbox.com", 9000, None, [],
     [("PM1", "card", "3158", "2026-06-30"), ("PM2", "bank_account", "8804", None)]),
    ("C2025", "Sofia Marino", "708-555-0115", "sofia.marino@inbox.net", 13100, A_OK,
     [("pre_approval", "Northshore Credit Union", 420000, "2025-03-14")], [("PM1", "card", "4471", "2026-08-31")]),
]  # fmt: skip

CAST_TOURS = [  # client, listing, date, time: scheduled tours booked before today
    ("C2013", "L1009", "2025-03-15", "10:00"),
    ("C2013", "L1010", "2025-03-15", "11:00"),
    ("C2013", "L1006", "2025-03-15", "13:00"),
    ("C2013", "L1002", "2025-03-15", "14:00"),
    ("C2007", "L1009", "2025-03-17", "14:00"),
    ("C2001", "L1010", "2025-03-18", "13:30"),
    ("C2014", "L1002", "2025-03-15", "11:30"),
    ("C2004", "L1001", "2025-03-17", "10:00"),
    ("C2004", "L1002", "2025-03-17", "11:30"),
    ("C2100", "L1002", "2025-03-18", "14:00"),
    ("C2101", "L1006", "2025-03-16", "14:00"),
    ("C2102", "L1009", "2025-03-16", "11:00"),
    ("C2020", "L1022", "2025-03-15", "12:00"),
]

CAST_OFFERS = [  # client, listing, price, earnest, financing, loan, contingencies, closing, submitted, expires, status, counter, counter expiry
    ("C2010", "L1009", 590000, 11800, "mortgage", 472000, ["inspection", "financing", "appraisal"], "2025-04-30",
     "2025-03-12 15:00", "2025-03-15 15:00", "countered", 602000, "2025-03-15 12:00"),
    ("C2011", "L1010", 345000, 6900, "mortgage", 276000, ["inspection", "financing"], "2025-04-25",
     "2025-03-11 11:00", "2025-03-13 11:00", "countered", 355000, "2025-03-13 17:00"),
    ("C2012", "L1007", 460000, 9200, "mortgage", 368000, ["inspection", "financing"], "2025-04-18",
     "2025-03-08 10:00", "2025-03-10 10:00", "accepted", None, None),
    ("C2012", "L1011", 240000, 4800, "mortgage", 192000, ["financing"], "2025-04-28",
     "2025-03-13 09:00", "2025-03-15 09:00", "submitted", None, None),
    ("C2017", "L1002", 375000, 7500, "mortgage", 300000, ["inspection", "financing"], "2025-04-22",
     "2025-03-13 16:00", "2025-03-15 16:00", "submitted", None, None),
    ("C2019", "L1008", 520000, 10400, "mortgage", 468000, ["inspection", "financing"], "2025-05-02",
     "2025-03-12 12:00", "2025-03-15 12:00", "countered", 540000, "2025-03-15 18:00"),
    ("C2005", "L1009", 575000, 5750, "mortgage", 460000, ["inspection", "financing"], "2025-04-30",
     "2025-03-06 10:00", "2025-03-08 10:00", "rejected", None, None),
    ("C2013", "L1005", 290000, 5800, "mortgage", 232000, ["inspection", "financing"], "2025-04-24",
     "2025-03-13 14:00", "2025-03-16 14:00", "submitted", None, None),
    ("C2023", "L1011", 235000, 4700, "cash", 0, ["inspection"], "2025-04-04",
     "2025-03-12 17:00", "2025-03-15 17:00", "countered", 242000, "2025-03-14 16:00"),
    ("C2013", "L1002", 380000, 7600, "mortgage", 304000, ["inspection", "financing"], "2025-04-24",
     "2025-03-13 14:30", "2025-03-16 14:30", "submitted", None, None),
]  # fmt: skip

SENT = {  # (listing, document type) -> the clients it was already sent to
    ("L1001", "seller_disclosure"): ["C2001", "C2004"],
    ("L1002", "seller_disclosure"): ["C2017", "C2013", "C2025"],
    ("L1002", "hoa_documents"): ["C2017", "C2013"],
    ("L1003", "seller_disclosure"): ["C2007"],
    ("L1005", "seller_disclosure"): ["C2013"],
    ("L1005", "hoa_documents"): ["C2013"],
    ("L1006", "seller_disclosure"): ["C2005", "C2007"],
    ("L1006", "lead_paint_disclosure"): ["C2005"],
    ("L1008", "seller_disclosure"): ["C2019"],
    ("L1008", "lead_paint_disclosure"): ["C2019"],
    ("L1009", "seller_disclosure"): ["C2010", "C2004", "C2005", "C2013"],
    ("L1010", "seller_disclosure"): ["C2011", "C2023", "C2025"],
    ("L1011", "seller_disclosure"): ["C2012", "C2023"],
    ("L1011", "lead_paint_disclosure"): ["C2012", "C2023"],
    ("L1011", "hoa_documents"): ["C2012", "C2023"],
}

CAST_APPLICATIONS = [  # client, listing, move-in, adults, payment method, status
    ("C2020", "L1022", "2025-04-01", 1, "PM1", "submitted"),
]
