import { paymentText, type PaymentFigures } from "./payment-text";

const figures: PaymentFigures = {
  state: "unpaid",
  quotedCents: 47_500,
  paidCents: 0,
  refundedCents: 0,
  refundingCents: 0,
  balanceCents: 47_500,
  live: true,
};

describe("a payment in words", () => {
  it("says a live booking's standing with its figures to the cent", () => {
    expect(paymentText({ ...figures, state: "not-asked" })).toBe("Paid at the inspection.");
    expect(paymentText(figures)).toBe("Not paid yet: $475.00.");
    expect(paymentText({ ...figures, state: "part-paid", paidCents: 10_000, balanceCents: 37_500 })).toBe(
      "Paid $100.00 of $475.00; $375.00 still to pay.",
    );
    expect(paymentText({ ...figures, state: "paid", paidCents: 47_500, balanceCents: 0 })).toBe(
      "Paid in full: $475.00.",
    );
  });

  it("names a second payment given back, and whether it is on its way", () => {
    const twice = { ...figures, state: "paid" as const, paidCents: 95_000, refundedCents: 47_500, balanceCents: 0 };
    expect(paymentText({ ...twice, refundingCents: 47_500 })).toBe(
      "Paid in full: $475.00. $475.00 being refunded of $950.00 paid.",
    );
    expect(paymentText(twice)).toBe("Paid in full: $475.00. $475.00 refunded of $950.00 paid.");
  });

  it("owes nothing once the booking is not going ahead, naming what was refunded and kept", () => {
    const cancelled = { ...figures, state: "nothing-due" as const, live: false, balanceCents: 0 };
    expect(paymentText(cancelled)).toBe("Nothing was paid, and nothing is due.");
    expect(paymentText({ ...cancelled, paidCents: 45_000, refundedCents: 22_500 })).toBe(
      "$225.00 refunded; $225.00 kept under the cancellation policy. Nothing is due.",
    );
    expect(paymentText({ ...cancelled, paidCents: 45_000, refundedCents: 45_000, refundingCents: 45_000 })).toBe(
      "$450.00 being refunded: all that was paid. Nothing is due.",
    );
    expect(paymentText({ ...cancelled, paidCents: 45_000 })).toBe(
      "$450.00 kept under the cancellation policy. Nothing is due.",
    );
  });
});
