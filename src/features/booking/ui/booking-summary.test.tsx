import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import React from "react";
import type { ManagedBooking } from "../shared/managed-booking";
import { BookingSummary } from "./booking-summary";

jest.mock("gatsby");

const booked: ManagedBooking = {
  reference: "SR-20261201-7KQ4M2",
  status: "booked",
  start: "2026-12-01T10:00:00-05:00",
  when: "Tuesday, December 1, 2026, 10 am",
  changeable: true,
  cutoffHours: 24,
  job: { mainInspection: "none", addOns: ["radon"], waterPackages: [], squareFeet: 2100, county: "Howard" },
  services: ["Radon test"],
  location: "12 Main Street, Ellicott City, MD 21043",
  estimate: 175,
  agreement: null,
  client: false,
  signPath: null,
  agentReport: null,
  payment: {
    state: "not-asked",
    quotedCents: 0,
    paidCents: 0,
    refundedCents: 0,
    refundingCents: 0,
    live: true,
    balanceCents: 0,
    dueCents: 0,
  },
  cancelRefund: { refundedCents: 0, keptCents: 0 },
};

function show(booking: ManagedBooking) {
  const onAction = jest.fn();
  render(<BookingSummary booking={booking} busy={false} moving={false} onToggleMove={() => {}} onAction={onAction} />);
  return onAction;
}

describe("a booking's own page", () => {
  it("says what was booked, where, and for how much", () => {
    show(booked);
    expect(screen.getByText("Radon test")).toBeVisible();
    expect(screen.getByText("12 Main Street, Ellicott City, MD 21043")).toBeVisible();
    expect(screen.getByText("$175")).toBeVisible();
    expect(screen.getByText(/^Not signed yet/)).toBeVisible();
  });

  it("offers the client, from their own link, the agreement to read and sign", () => {
    show({ ...booked, client: true, signPath: "/agreement?token=abc" });
    expect(screen.getByText(/^Not signed yet: please read and sign it before the visit/)).toBeVisible();
    expect(screen.getByRole("link", { name: "Read and sign the agreement" })).toHaveAttribute(
      "href",
      "/agreement?token=abc",
    );
  });

  it("tells another link's reader that only the client signs, and asks nothing of a cancelled booking", () => {
    show(booked);
    expect(screen.getByText(/only the client can sign it/)).toBeVisible();
    expect(screen.queryByRole("link", { name: /sign the agreement/ })).toBeNull();
    cleanup();
    show({ ...booked, status: "cancelled", changeable: false, client: true });
    expect(screen.getByText("Not signed.")).toBeVisible();
    expect(screen.queryByText(/sign it/)).toBeNull();
    expect(screen.queryByRole("link", { name: /sign the agreement/ })).toBeNull();
  });

  it("says who signed the agreement, for whom, and when", () => {
    show({
      ...booked,
      agreement: {
        by: "for Casey Otherbuyer by Somebody Else",
        signedAtText: "Thursday, November 26, 2026, 9:46 am (Maryland time)",
      },
    });
    expect(
      screen.getByText(
        "Signed for Casey Otherbuyer by Somebody Else, Thursday, November 26, 2026, 9:46 am (Maryland time)",
      ),
    ).toBeVisible();
  });

  it("asks before cancelling, names the time given up, and does nothing on No", async () => {
    const onAction = show(booked);
    await userEvent.click(screen.getByRole("button", { name: "Cancel the booking" }));
    const question = screen.getByRole("dialog", { name: "Cancel this inspection?" });
    expect(question).toHaveTextContent("Tuesday, December 1, 2026, 10 am (Maryland time) will be given up");
    await userEvent.click(screen.getByRole("button", { name: "No, keep it" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(onAction).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Cancel the booking" }));
    await userEvent.click(screen.getByRole("button", { name: "Yes, cancel it" }));
    expect(onAction).toHaveBeenCalledWith({ action: "cancel" });
  });

  it("states the refund before the client confirms a cancel", async () => {
    show({ ...booked, cancelRefund: { refundedCents: 22_500, keptCents: 22_500 } });
    await userEvent.click(screen.getByRole("button", { name: "Cancel the booking" }));
    expect(screen.getByRole("dialog", { name: "Cancel this inspection?" })).toHaveTextContent(
      "$225.00 is refunded to your card; $225.00 is kept under our cancellation policy.",
    );
  });

  it("offers the invite only when the server sends one", async () => {
    // jsdom has no object URLs; the browser makes one of the file.
    URL.createObjectURL = jest.fn(() => "blob:http://localhost/invite");
    URL.revokeObjectURL = jest.fn();
    show({ ...booked, invite: "BEGIN:VCALENDAR\r\nEND:VCALENDAR" });
    expect(await screen.findByRole("link", { name: "Add to calendar" })).toHaveAttribute(
      "download",
      "inspection-SR-20261201-7KQ4M2.ics",
    );
  });

  it("has no invite link without an invite", () => {
    show(booked);
    expect(screen.queryByRole("link", { name: "Add to calendar" })).toBeNull();
  });

  it("asks to keep a pending time by its deadline, in Maryland's clock", async () => {
    const onAction = show({ ...booked, status: "pending", changeable: false, confirmBy: "2026-11-27T02:30:00Z" });
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(
      "Not confirmed yet: Tuesday, December 1, 2026, 10 am (Maryland time)",
    );
    expect(screen.getByText(/The time is held for you until/)).toHaveTextContent(
      "until Thursday, November 26, 2026, 9:30 pm (Maryland time). Keep it by then; otherwise the time is released for others.",
    );
    await userEvent.click(screen.getByRole("button", { name: "Keep this time" }));
    expect(onAction).toHaveBeenCalledWith({ action: "confirm" });
  });

  it("says an expired booking was released, and how to book again", () => {
    show({ ...booked, status: "expired", changeable: false });
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent(
      "Not confirmed in time: Tuesday, December 1, 2026, 10 am was released",
    );
    expect(screen.getByRole("link", { name: "Book an inspection" })).toHaveAttribute("href", "/schedule");
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("sends a late visitor to the phone rather than offering changes", () => {
    show({ ...booked, changeable: false });
    expect(screen.getByText(/less than 24 hours to the start: please call us/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Cancel the booking" })).toBeNull();
  });
});
