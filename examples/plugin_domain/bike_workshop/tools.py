"""The booking desk's tools: find a customer, list the services and a customer's jobs, book
a job, cancel one. They check what the workshop's system would (records exist, a real date
not in the past, two jobs a day at most); the desk's rules (how far ahead, how many
bookings, when a cancellation is too late) are the policy's, so the agent's to follow."""

from bike_workshop.models import Job, Service, WorkshopDB
from taubench import tool
from taubench.domains.kit import RecordDesk, a_date
from taubench.domains.shared_tools import calculate, shared_tool, transfer_to_human_agents

JOBS_PER_DAY = 2  # the workshop's bench capacity


class WorkshopTools(RecordDesk):
    db: WorkshopDB

    @tool("read")
    def find_customer(self, name: str, phone: str) -> str:
        """Find a customer's id from their full name and phone number.

        Args:
            name: The customer's full name, e.g. "Jonas Weber".
            phone: Their phone number as on file, e.g. "555-0101".
        """
        for customer in self.db.customers.values():
            if customer.name.lower() == name.lower() and customer.phone == phone:
                return customer.customer_id
        raise ValueError("No customer with that name and phone number")

    @tool("read")
    def list_services(self) -> list[Service]:
        """The services the workshop offers, with their prices in USD."""
        return list(self.db.services.values())

    @tool("read")
    def list_jobs(self, customer_id: str) -> list[Job]:
        """A customer's jobs, booked, cancelled and done, in the order they were booked.

        Args:
            customer_id: The customer's id, e.g. "C101".
        """
        self._get("customers", customer_id)
        return self._of("jobs", "customer_id", customer_id)

    @tool("write")
    def book_job(self, customer_id: str, service_id: str, drop_off: str) -> Job:
        """Book a service for a customer's bike, to be dropped off and worked on that day.

        Args:
            customer_id: The customer's id.
            service_id: The service's id, e.g. "tune_up".
            drop_off: The drop-off day, YYYY-MM-DD.
        """
        self._get("customers", customer_id)
        service = self._get("services", service_id)
        day = a_date(drop_off, "Drop-off").isoformat()
        if day < self.db.today:
            raise ValueError("Drop-off date is in the past")
        if sum(job.drop_off == day and job.status == "booked" for job in self.db.jobs.values()) >= JOBS_PER_DAY:
            raise ValueError(f"The workshop is fully booked on {day}")
        job = Job(
            job_id=self._new_id("J", "next_job_number"),
            customer_id=customer_id,
            service_id=service_id,
            drop_off=day,
            price=service.price,
            status="booked",
        )
        self.db.jobs[job.job_id] = job
        return job

    @tool("write")
    def cancel_job(self, job_id: str) -> Job:
        """Cancel a booked job.

        Args:
            job_id: The job's id, e.g. "J501".
        """
        job = self._get("jobs", job_id)
        if job.status != "booked":
            raise ValueError(f"Job {job_id} is not booked, it is {job.status}")
        job.status = "cancelled"
        return job

    calculate = shared_tool(calculate)
    transfer_to_human_agents = shared_tool(transfer_to_human_agents)
