/**
 * What the client is told, and what the pages opened from their links show, as the booking
 * changes: a cancellation from the e-mailed link is kept for the client with the calendar's
 * CANCEL of the same event (read with ical.js), and the signing link then shows the booking as
 * cancelled with nothing to sign; a signer of another name is asked first, and the signature says
 * for whom it was signed.
 */
import { expect, test, type APIRequestContext, type TestInfo } from "@playwright/test";
import { withDatabase } from "../../src/serve/database-access";
import { bookingRequest, jobQuery, SHORT_JOB } from "../support/sample-requests";
import { lastMailTo, storedMail } from "../../src/lib/server/mail/deliveries";
import { axeViolations, describeViolations } from "../support/axe";
import { DAY_SLOTS, nextMonth } from "../support/booking";
import { e2eEnv, linkInConfirmation } from "../support/e2e-env";
import { eventsOf, methodOf } from "../support/invite";
import { openPage } from "../support/page";

/** Books Casey Otherbuyer's inspection at the `slot`-th open start from the end of the next two months. */
async function bookForCasey(request: APIRequestContext, testInfo: TestInfo, slot: number, n: number) {
  const month = async (at: string) =>
    ((await (await request.get(`/api/availability/${at}?${jobQuery(SHORT_JOB)}`)).json()) as { starts: string[] })
      .starts;
  const phone = testInfo.project.name === "phone";
  const start = [...(await month(new Date().toISOString().slice(0, 7))), ...(await month(nextMonth()))].at(
    -1 - slot - (phone ? 1 : 0),
  )!;
  const email = `casey${n + (phone ? 0 : 1)}@example.com`;
  const booked = await request.post("/api/schedule", {
    data: bookingRequest(start, {
      ...SHORT_JOB,
      name: "Casey Otherbuyer",
      email,
      phone: `(410) 555-${n + (phone ? 0 : 1)}`,
      street: `${n + (phone ? 0 : 1)} Notice Way`,
    }),
  });
  expect(booked.status()).toBe(201);
  return { reference: ((await booked.json()) as { reference: string }).reference, email };
}

test("a client who cancels from the e-mailed link is sent the cancellation with its calendar cancel, and the signing page then says it is cancelled", async ({
  page,
  request,
}, testInfo) => {
  const { reference, email } = await bookForCasey(request, testInfo, DAY_SLOTS.notices, 7300);
  const held = (await withDatabase((db) => storedMail(db, reference, "confirmation"), e2eEnv()))!;
  const [first] = eventsOf(held.calendar!);
  expect(first!.component.getFirstPropertyValue("status")).toBe("TENTATIVE");

  await openPage(page, await linkInConfirmation(reference));
  await page.getByRole("button", { name: "Cancel the booking" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Booking cancelled" })).toBeFocused();

  // The client's e-mail of it, as kept for the local mail view, with the calendar's cancel.
  const cancellation = (await withDatabase((db) => lastMailTo(db, email, "client"), e2eEnv()))!;
  expect(cancellation.subject).toMatch(new RegExp(`^Your inspection is cancelled: .+ \\(${reference}\\)$`));
  expect(methodOf(cancellation.calendar!)).toBe("CANCEL");
  const [cancel] = eventsOf(cancellation.calendar!);
  expect(cancel!.uid).toBe(reference);
  expect(cancel!.component.getFirstPropertyValue("status")).toBe("CANCELLED");
  expect(cancel!.sequence).toBeGreaterThan(first!.sequence);
  expect(cancel!.location).toBe(first!.location);

  // The signing link, opened now, says the booking was cancelled and offers nothing to sign.
  await openPage(page, await linkInConfirmation(reference, "agreement"));
  await expect(page.getByRole("status").filter({ hasText: "This booking was cancelled" })).toContainText(
    "is no longer booked",
  );
  await expect(page.getByRole("article", { name: "Inspection agreement" })).toContainText("Casey Otherbuyer");
  await expect(page.getByRole("button", { name: "Sign the agreement" })).toHaveCount(0);
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
});

test("someone signing under another name is asked whether they sign for the client, and the signature says so", async ({
  page,
  request,
}, testInfo) => {
  const { reference } = await bookForCasey(request, testInfo, DAY_SLOTS.signingFor, 7400);
  await openPage(page, await linkInConfirmation(reference, "agreement"));
  await expect(page.getByText("This agreement is Casey Otherbuyer's, the client's.")).toBeVisible();
  await page.getByRole("checkbox", { name: /sign this agreement electronically/ }).check();
  await page.getByLabel("Full name").fill("Somebody Else");
  await page.getByRole("button", { name: "Sign the agreement" }).click();

  const question = page.getByRole("group", { name: "Signing for Casey Otherbuyer?" });
  await expect(question.getByRole("heading", { name: "Signing for Casey Otherbuyer?" })).toBeFocused();
  const violations = await axeViolations(page);
  expect(violations, describeViolations(violations)).toEqual([]);
  // "No" signs nothing and hands the name back to be changed.
  await question.getByRole("button", { name: "No, change the name" }).click();
  await expect(page.getByLabel("Full name")).toBeFocused();
  await expect(question).toHaveCount(0);
  await page.getByRole("button", { name: "Sign the agreement" }).click();
  await question.getByRole("button", { name: "Yes, sign for Casey Otherbuyer" }).click();

  const signed = page.getByRole("status").filter({ hasText: "Agreement signed" });
  await expect(signed).toContainText("for Casey Otherbuyer by Somebody Else");
  await expect(signed.getByRole("link", { name: "Download the signed copy (PDF)" })).toHaveAttribute(
    "href",
    /^\/api\/agreement\?token=.+&pdf=1$/,
  );
  const [row] = await withDatabase(
    (db) => db.query<{ signer_name: string }>("SELECT signer_name FROM agreements WHERE booking = $1", [reference]),
    e2eEnv(),
  );
  expect(row!.signer_name).toBe("Somebody Else");
});
