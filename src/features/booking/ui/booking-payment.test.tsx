import { render, screen } from "@testing-library/react";
import React from "react";
import type { BookingPayment as Payment } from "../shared/managed-booking";
import { BookingPayment } from "./booking-payment";

const unpaid: Payment = {
  state: "unpaid",
  quotedCents: 17_500,
  paidCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  live: true,
  balanceCents: 17_500,
  dueCents: 17_500,
};

describe("a booking's payment on its page", () => {
  it("offers Stripe's page for what is due, by the booking's own link", () => {
    render(<BookingPayment payment={unpaid} token="k1.SR-1.2" confirming={false} />);
    expect(screen.getByRole("status")).toHaveTextContent("Not paid yet: $175.00.");
    expect(screen.getByRole("link", { name: "Pay $175.00 now" })).toHaveAttribute("href", "/api/pay?token=k1.SR-1.2");
  });

  it("says the payment is being confirmed after Stripe's page, and offers no second payment meanwhile", () => {
    render(<BookingPayment payment={unpaid} token="k1.SR-1.2" confirming />);
    expect(screen.getByRole("status")).toHaveTextContent("Your payment is being confirmed");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("says the client pays at the inspection without payments online, and paid in full once paid", () => {
    const { rerender } = render(
      <BookingPayment payment={{ ...unpaid, state: "not-asked", dueCents: 0 }} token="t" confirming={false} />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("You pay at the inspection.");
    expect(screen.queryByRole("link")).toBeNull();
    rerender(
      <BookingPayment
        payment={{ ...unpaid, state: "paid", paidCents: 17_500, balanceCents: 0, dueCents: 0 }}
        token="t"
        confirming={false}
      />,
    );
    expect(screen.getByRole("status")).toHaveTextContent("Paid in full: $175.00.");
  });
});
