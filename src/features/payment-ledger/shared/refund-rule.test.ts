import { formatCents } from "../../../lib/text/format";
import { refundCents, refundSentence } from "./refund-rule";

const rule = { fullRefundHours: 72, lateRefundPercent: 50, reachesYouIn: "5 to 10 business days" };
const start = Date.parse("2026-12-10T14:00:00Z");
const hoursBefore = (hours: number) => start - hours * 3_600_000;

describe("the refund rule", () => {
  it("gives back everything paid at or beyond the full-refund window, and the late percentage inside it", () => {
    expect(refundCents(47_500, start, hoursBefore(72), rule)).toBe(47_500);
    expect(refundCents(47_500, start, hoursBefore(100), rule)).toBe(47_500);
    expect(refundCents(47_500, start, hoursBefore(71.9), rule)).toBe(23_750);
    expect(refundCents(47_501, start, hoursBefore(30), rule)).toBe(23_750);
    expect(refundCents(47_500, start, hoursBefore(30), { ...rule, lateRefundPercent: 0 })).toBe(0);
  });

  it("is stated from the same numbers", () => {
    expect(refundSentence(rule)).toContain("at least 72 hours before the start, all you paid is refunded");
    expect(refundSentence(rule)).toContain("later, 50% of it is refunded");
    expect(refundSentence(rule)).toContain("5 to 10 business days");
    expect(refundSentence({ ...rule, lateRefundPercent: 0 })).toContain("later, it is not refunded");
  });

  it("writes cents as dollars and cents", () => {
    expect(formatCents(47_500)).toBe("$475.00");
    expect(formatCents(123_450)).toBe("$1,234.50");
  });
});
