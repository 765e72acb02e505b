/** @jest-environment node */
/**
 * The e-mails of a booking's changes carry whole links: the cancellation's way to book again is
 * the schedule page's full address on the site the e-mail's other links point to.
 */
import type { Booking } from "./booking-queries";
import { visitorChangeMail } from "./change-emails";

const START = "2026-12-03T09:00:00-05:00";
const cancelled: Booking = {
  reference: "SR-20261101-CANCEL",
  inspector: 1,
  start: START,
  onSiteMinutes: 150,
  from: Date.parse(START),
  to: Date.parse(START) + 150 * 60_000,
  status: "cancelled",
  confirmBy: null,
  confirmWithinMinutes: 60,
  mailbox: "ann@example.com",
  phone: "4105550100",
  property: "1 severn avenue|21401",
  job: { mainInspection: "residential", addOns: [], waterPackages: [], squareFeet: 2100, county: "Anne Arundel" },
  ownerEvent: { summary: "Home inspection: Ann Client", description: "Reference x.", location: "1 Severn Avenue" },
  moves: 0,
  sequence: 1,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-02T00:00:00.000Z",
};

const siteUrl = process.env.SITE_URL;
beforeEach(() => {
  process.env.SITE_URL = "https://inspections.example";
});
afterEach(() => {
  if (siteUrl === undefined) delete process.env.SITE_URL;
  else process.env.SITE_URL = siteUrl;
});

it("gives the cancelled visitor the full link to the schedule page", () => {
  const mail = visitorChangeMail(
    "cancelled",
    cancelled,
    Date.parse("2026-11-02T00:00:00Z"),
    START,
  )(["ann@example.com"]);
  const lines = mail.text.split("\n");
  const asked = lines.indexOf("To book another time, choose one on our schedule page:");
  expect(asked).toBeGreaterThan(-1);
  expect(lines[asked + 1]).toBe("  https://inspections.example/schedule");
});
