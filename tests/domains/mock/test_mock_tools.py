"""The mock library's tools: each one's answer, each of its error texts, and that a write
that fails changes nothing."""


def test_a_member_is_found_by_name_and_birth_date_and_namesakes_stay_apart(ok, no):
    assert ok("find_member", name="maya lopez", birth_date="1990-04-12") == "M1001"
    assert ok("find_member", name="Maya Lopez", birth_date="1985-09-30") == "M1002"
    assert (
        no("find_member", name="Maya Lopez", birth_date="1990-04-13")
        == "Error: No member with that name and date of birth"
    )


def test_member_loans_and_books_are_read(ok, no):
    assert ok("get_member", member_id="M1005")["fines"] == 6.25
    assert no("get_member", member_id="M9") == "Error: Member M9 not found"
    assert [loan["loan_id"] for loan in ok("list_loans", member_id="M1003")] == ["L3002", "L3003"]
    assert no("list_loans", member_id="M9") == "Error: Member M9 not found"
    assert [book["book_id"] for book in ok("search_books", title="harbor")] == ["B201", "B203"]
    assert ok("search_books", title="no such title") == []


def test_borrowing_lends_a_copy_for_fourteen_days_under_a_new_id(ok, no, tools):
    loan = ok("borrow_book", member_id="M1001", book_id="B203")
    assert loan == {
        "loan_id": "L3005",
        "member_id": "M1001",
        "book_id": "B203",
        "due_date": "2026-03-16",
        "renewals": 0,
        "status": "out",
    }
    assert tools.db.books["B203"].available == 2 and tools.db.next_loan_number == 3006
    assert no("borrow_book", member_id="M1004", book_id="B203") == "Error: Member account is suspended"
    assert no("borrow_book", member_id="M1001", book_id="B202") == "Error: No copy available"
    assert no("borrow_book", member_id="M9", book_id="B203") == "Error: Member M9 not found"
    assert no("borrow_book", member_id="M1001", book_id="B9") == "Error: Book B9 not found"


def test_renewing_adds_fourteen_days_to_the_due_date(ok, no, tools):
    assert ok("renew_loan", loan_id="L3001")["due_date"] == "2026-03-19"
    assert tools.db.loans["L3001"].renewals == 1
    assert no("renew_loan", loan_id="L9") == "Error: Loan L9 not found"


def test_a_late_return_adds_the_fee_and_a_returned_loan_is_closed(ok, no, tools):
    assert ok("return_book", loan_id="L3002")["status"] == "returned"
    assert tools.db.members["M1003"].fines == 1.5 and tools.db.books["B202"].available == 1
    assert ok("return_book", loan_id="L3003")["status"] == "returned"
    assert tools.db.members["M1003"].fines == 1.5  # on time: no fee
    assert no("return_book", loan_id="L3002") == "Error: Loan already returned"
    assert no("renew_loan", loan_id="L3002") == "Error: Loan already returned"


def test_fines_are_paid_down_to_what_is_owed(ok, no):
    assert ok("pay_fine", member_id="M1005", amount=2.0)["fines"] == 4.25
    message = "Error: Amount must be more than 0 and at most the 4.25 owed"
    assert no("pay_fine", member_id="M1005", amount=4.5) == message
    assert no("pay_fine", member_id="M1005", amount=0) == message


def test_the_shared_tools_are_named_after_the_toolkit(ok, tools):
    assert ok("calculate", expression="6.25 - 2") == "4.25"
    assert ok("transfer_to_human_agents", summary="suspended account") == "Transfer successful"
    assert (
        tools.invoke("calculate", {}).content
        == "Error: LibraryTools.calculate() missing 1 required positional argument: 'expression'"
    )


def test_the_members_app_shows_the_card_and_sets_reminders_once_signed_in(domain):
    app = domain.new_user_toolkit()
    assert app.invoke("show_library_card", {}).content == "Error: Not signed in to the library app"
    assert app.invoke("set_due_date_reminders", {"enabled": True}).content == "Error: Not signed in to the library app"
    app.sign_in("M1003", "Owen Park")
    assert app.invoke("show_library_card", {}).content == "Owen Park, member M1003"
    assert app.invoke("set_due_date_reminders", {"enabled": "yes"}).content == "Error: enabled must be true or false"
    assert not app.reminders_enabled()
    assert app.invoke("set_due_date_reminders", {"enabled": True}).content == "Due-date reminders on"
    assert app.reminders_enabled()
