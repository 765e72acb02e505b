/**
 * The two form functions against the built site under the production server on loopback: what
 * a valid request stores, cleaned, once per Idempotency-Key, and that the price is always the
 * server's own. What is refused, and how: functions-refused.test.ts.
 */
import { pricing } from "../../src/lib/content/business-data";
import { waterPackageChoices } from "../../src/lib/pricing/catalog";
import { computeQuote } from "../../src/lib/pricing/quote";
import { postJson } from "../support/function-server";
import { formServerForTests } from "../support/form-server";
import { contactMessage } from "../support/sample-requests";

const forms = formServerForTests();
const { freshAddress, scheduleRequest } = forms;

describe("a valid request", () => {
  it("is answered 201 with a reference and stored once", async () => {
    const before = await forms.server.readOutbox("schedule-requests");
    const answer = await postJson(forms.schedule, scheduleRequest(), freshAddress());
    expect(answer.status).toBe(201);
    const body = JSON.parse(answer.body) as {
      reference: string;
      quote: { total: number };
      confirmationQueued: boolean;
    };
    expect(body.reference).toMatch(/^SR-\d{8}-[0-9A-HJKMNP-TV-Z]{6}$/);
    // Without SMTP_URL the confirmation is kept for the local mail view (npm run mail).
    expect(body.confirmationQueued).toBe(true);

    const after = await forms.server.readOutbox("schedule-requests");
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      type: "schedule",
      reference: body.reference,
      request: {
        street: expect.stringMatching(/^\d+ Severn Avenue$/),
        squareFeet: 2100,
        yearBuilt: 1962,
        addOns: ["radon"],
        email: expect.stringMatching(/^ann\.client\d+@example\.com$/),
      },
      quote: body.quote,
    });
    expect(after.at(-1)).not.toHaveProperty("request.website");
  });

  it("stores a contact message the same way", async () => {
    const answer = await postJson(forms.contact, contactMessage(), freshAddress());
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    expect(reference).toMatch(/^MSG-/);
    expect(await forms.server.readOutbox("contact-messages")).toContainEqual(
      expect.objectContaining({ reference, message: expect.objectContaining({ topic: "radon" }) }),
    );
  });

  it("is priced by the server from pricing.yaml, whatever price the client sends", async () => {
    const tampered = scheduleRequest({ quote: { total: 1, lines: [] }, total: 1, price: 1, estimate: 1 });
    const answer = await postJson(forms.schedule, tampered, freshAddress());
    expect(answer.status).toBe(201);
    const { quote, reference } = JSON.parse(answer.body) as { quote: { total: number }; reference: string };
    const expected = computeQuote(pricing, waterPackageChoices, {
      mainInspection: "residential",
      addOns: ["radon"],
      waterPackages: ["basic-potability"],
      squareFeet: 2100,
      yearBuilt: 1962,
      foundation: "crawlspace",
      county: "Anne Arundel",
    });
    expect(quote).toEqual(expected);
    expect(quote.total).toBeGreaterThan(1);
    const stored = (await forms.server.readOutbox("schedule-requests")).find((line) => line.reference === reference)!;
    expect(stored.quote).toEqual(expected);
    expect(JSON.stringify(stored)).not.toMatch(/"(total|price|estimate)":1\b/);
  });
});

it("stores names and notes without control, bidirectional or zero-width characters", async () => {
  const answer = await postJson(
    forms.schedule,
    scheduleRequest({ name: "Ann\u0000 \u202eClient\u200b", notes: "Gate\u2066 code\u0007 42" }),
    freshAddress(),
  );
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  const stored = (await forms.server.readOutbox("schedule-requests")).find((line) => line.reference === reference)!;
  expect(stored).toMatchObject({ request: { name: "Ann Client", notes: "Gate code 42" } });
});

it("stores a phone number without control or bidirectional characters, on one line", async () => {
  const answer = await postJson(
    forms.schedule,
    scheduleRequest({ phone: "(410)\u0000 555-0100\u202e", name: "Ann\r\nClient" }),
    freshAddress(),
  );
  expect(answer.status).toBe(201);
  const { reference } = JSON.parse(answer.body) as { reference: string };
  const stored = (await forms.server.readOutbox("schedule-requests")).find((line) => line.reference === reference)!;
  expect(stored).toMatchObject({ request: { phone: "(410) 555-0100", name: "Ann Client" } });
});

describe("a repeated Idempotency-Key", () => {
  it("is answered as the first when the request is the same, and 422 when it is not", async () => {
    const key = "repeat-key-0001";
    const address = freshAddress();
    const request = scheduleRequest();
    const first = await postJson(forms.schedule, request, address, { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    const stored = (await forms.server.readOutbox("schedule-requests")).length;
    const repeat = await postJson(forms.schedule, request, address, { "Idempotency-Key": key });
    expect(repeat.status).toBe(201);
    expect(repeat.body).toBe(first.body);
    const other = await postJson(forms.schedule, { ...request, city: "Severna Park" }, address, {
      "Idempotency-Key": key,
    });
    expect(other.status).toBe(422);
    expect(await forms.server.readOutbox("schedule-requests")).toHaveLength(stored);
  });
});
