/** A booking as booking-queries.ts reads it, for the unit tests of what is made from one (feeds, e-mails). */
import type { Booking } from "../../src/features/booking/server/booking-queries";

/** A residential inspection of 150 minutes on site at 9 am on 3 December 2026, Maryland time. */
export const SAMPLE_START = "2026-12-03T09:00:00-05:00";
export const SAMPLE_END = Date.parse(SAMPLE_START) + 150 * 60_000;

export const sampleBooking = (
  reference: string,
  status: Booking["status"],
  changes: Partial<Booking> = {},
): Booking => ({
  reference,
  inspector: 1,
  start: SAMPLE_START,
  onSiteMinutes: 150,
  from: Date.parse(SAMPLE_START),
  to: SAMPLE_END,
  status,
  confirmBy: null,
  confirmWithinMinutes: 60,
  mailbox: "ann@example.com",
  phone: "4105550100",
  property: "1 severn avenue|21401",
  job: { mainInspection: "residential", addOns: [], waterPackages: [], squareFeet: 2100, county: "Anne Arundel" },
  ownerEvent: { summary: "Home inspection: Ann Client", description: "Reference x.", location: "1 Severn Avenue" },
  moves: 0,
  sequence: 0,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  quotedCents: 47_500,
  client: { name: "Ann Client", email: "ann@example.com", phone: "(410) 555-0100" },
  agent: null,
  agentReportConsentAt: null,
  reportDeliveredAt: null,
  ...changes,
});
