import type { DeskItem } from "../shared/desk-item";
import { doneWith } from "./desk-board";
import { reportUploadedText } from "./report-panel";

jest.mock("gatsby");

const item = (agreement: DeskItem["agreement"]) => ({ reference: "SR-20261201-ABC123", agreement }) as DeskItem;

describe("what the desk says once a report is uploaded", () => {
  const payment = (state: "not-asked" | "part-paid" | "paid", balanceCents: number) => ({
    state,
    quotedCents: 45_000,
    paidCents: 45_000 - balanceCents,
    refundedCents: 0,
    refundingCents: 0,
    balanceCents,
    live: true,
    online: true,
  });
  const signed = { by: "Robin Reader", at: "2026-11-20", version: "2026-11", keptUntil: "2031-12-01" };

  it("names everything the client must still do: the signature and the money", () => {
    const said = reportUploadedText({ agreement: null, report: null, payment: payment("part-paid", 22_500) });
    expect(said).toMatch(/the client must sign the agreement and pay the \$225\.00 still due; or release it anyway\.$/);
    expect(said).not.toMatch(/kept 5 years|years count/);
    expect(reportUploadedText({ agreement: signed, report: null, payment: payment("part-paid", 22_500) })).toMatch(
      /the client must pay the \$225\.00 still due; or release it anyway\. The signed agreement is kept 5 years/,
    );
    expect(reportUploadedText({ agreement: null, report: null, payment: payment("not-asked", 45_000) })).toMatch(
      /the client must sign the agreement; or release it anyway\.$/,
    );
  });

  it("counts the signed agreement's 5 years from the first delivery, not from a replacement", () => {
    const paid = payment("paid", 0);
    expect(reportUploadedText({ agreement: signed, report: null, payment: paid })).toMatch(
      /client has the e-mail with its page\. The signed agreement is kept 5 years from today\.$/,
    );
    const kept = { size: 1, uploaded: "November 20, 2026", withheld: [], released: null, downloads: [] };
    expect(reportUploadedText({ agreement: signed, report: kept, payment: paid })).toMatch(
      /from the report's first delivery\.$/,
    );
    expect(doneWith("confirm", item(null))).toBeUndefined();
  });
});

describe("what the desk says once a booking is confirmed, moved or cancelled", () => {
  const withAgent = (emailed: "booked" | "copied" | null) =>
    ({
      reference: "SR-20261201-ABC123",
      agreement: null,
      agent: { name: "Al Agent", email: "al@example.com", phone: "", emailed },
    }) as DeskItem;

  it("names the agent as told only where the agent gets the e-mails", () => {
    for (const emailed of ["booked", "copied"] as const) {
      expect(doneWith("confirm", withAgent(emailed))).toBe(
        "Confirmed: the client and agent have their e-mail and invite.",
      );
      expect(doneWith("move", withAgent(emailed))).toMatch(/^Moved: the client and agent have/);
      expect(doneWith("cancel", withAgent(emailed))).toMatch(/^Cancelled: the client and agent have/);
    }
    // The client's own words for an agent not copied, and for no agent: the action's line.
    expect(doneWith("confirm", withAgent(null))).toBeUndefined();
    expect(doneWith("cancel", item(null))).toBeUndefined();
  });
});
