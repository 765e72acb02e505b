import { paymentText } from "./payment-text";

const figures = { quotedCents: 47_500, paidCents: 0, refundedCents: 0, balanceCents: 47_500 };

describe("a payment in words", () => {
  it("says each state with its figures to the cent", () => {
    expect(paymentText({ ...figures, state: "not-asked" })).toBe("Paid at the inspection.");
    expect(paymentText({ ...figures, state: "unpaid" })).toBe("Not paid yet: $475.00.");
    expect(paymentText({ ...figures, state: "part-paid", paidCents: 10_000, balanceCents: 37_500 })).toBe(
      "Paid $100.00 of $475.00; $375.00 still to pay.",
    );
    expect(paymentText({ ...figures, state: "paid", paidCents: 47_500, balanceCents: 0 })).toBe(
      "Paid in full: $475.00.",
    );
    expect(
      paymentText({ ...figures, state: "refunded", paidCents: 47_500, refundedCents: 23_750, balanceCents: 23_750 }),
    ).toBe("Refunded: $237.50 of the $475.00 paid.");
  });
});
