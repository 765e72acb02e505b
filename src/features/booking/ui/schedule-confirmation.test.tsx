import { render, screen } from "@testing-library/react";
import React from "react";
import { ScheduleConfirmation } from "./schedule-confirmation";

jest.mock("gatsby");

const quote = { lines: [{ kind: "add-on" as const, label: "Radon test", amount: 175 }], total: 175 };
const values = {
  email: "dana@example.com",
  agentEmail: "",
  bookedByAgent: "",
  copyAgent: "",
  street: "1 Main Street",
  city: "Annapolis",
  zip: "21401",
};

function show(booking: { confirmBy?: string; confirmWithinMinutes?: number }) {
  render(
    <ScheduleConfirmation
      reference="SR-20261126-ABC123"
      quote={quote as never}
      values={values}
      confirmationQueued
      phone="(410) 555-0142"
      booking={{
        start: "2026-12-03T09:00:00-05:00",
        when: "Thursday, December 3, 2026, 9 am",
        invite: "BEGIN:VCALENDAR",
        onSiteMinutes: 20,
        status: "pending",
        ...booking,
      }}
    />,
  );
}

describe("the page after booking a held time", () => {
  // jsdom has no object URLs (the "Add to calendar" link); the browser makes one of the file.
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => "blob:http://localhost/invite");
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => jest.restoreAllMocks());

  it("says until when the time is kept, in Maryland's time, when the e-mail has not been delivered yet", () => {
    // 4:46 pm UTC is 11:46 am in Maryland; the window of 2 hours ends at 1:46 pm if the e-mail arrives now.
    jest.spyOn(Date, "now").mockReturnValue(Date.parse("2026-11-26T16:46:00Z"));
    show({ confirmWithinMinutes: 120 });
    expect(
      screen.getByText(
        /within 2 hours of its arrival \(by Thursday, November 26, 2026, 1:46 pm, Maryland time, if it arrives now\); otherwise the time is released for others\.$/,
      ),
    ).toBeVisible();
  });

  it("is headed as held, not booked, while it waits for the visitor's confirmation", () => {
    show({ confirmWithinMinutes: 120 });
    expect(screen.getByRole("heading", { name: "Time held for you" })).toHaveFocus();
    expect(screen.queryByText("Inspection booked")).toBeNull();
  });

  it("names the deadline itself once it is known", () => {
    show({ confirmBy: "2026-11-26T18:46:00Z" });
    expect(
      screen.getByText(/by Thursday, November 26, 2026, 1:46 pm \(Maryland time\); otherwise the time is released/),
    ).toBeVisible();
  });
});
