/** @jest-environment node */
/**
 * The e-mails of a booking's changes carry whole links: the cancellation's way to book again is
 * the schedule page's full address on the site the e-mail's other links point to.
 */
import { visitorChangeMail } from "./change-emails";
import { SAMPLE_START, sampleBooking } from "../../../../tests/support/sample-booking";

const START = SAMPLE_START;
const cancelled = sampleBooking("SR-20261101-CANCEL", "cancelled", {
  sequence: 1,
  updatedAt: "2026-11-02T00:00:00.000Z",
});

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
  )(["ann@example.com"], "client");
  const lines = mail.text.split("\n");
  const asked = lines.indexOf("To book another time, choose one on our schedule page:");
  expect(asked).toBeGreaterThan(-1);
  expect(lines[asked + 1]).toBe("  https://inspections.example/schedule");
});
