/**
 * The two form functions against the built site under the production server on loopback: what
 * is refused and how, each with a readable answer and nothing stored, and what a client cannot
 * choose (its rate-limit key, how long its body may take, a key that is not one).
 */
import { request } from "node:http";
import { DEFAULT_SETTINGS } from "../../src/lib/server/runtime/settings";
import { postJson, send } from "../support/function-server";
import { formServerForTests } from "../support/form-server";
import { contactMessage } from "../support/sample-requests";

const forms = formServerForTests();
const { freshAddress, scheduleRequest } = forms;

async function expectNothingStored(attempt: () => Promise<void>) {
  const before = (await forms.server.readOutbox("schedule-requests")).length;
  await attempt();
  expect(await forms.server.readOutbox("schedule-requests")).toHaveLength(before);
}

describe("a refused request gets a readable answer and nothing is stored", () => {
  it("400 for impossible dates, repeated add-ons, a ZIP outside its county and hexadecimal numbers", () =>
    expectNothingStored(async () => {
      const answer = await postJson(
        forms.schedule,
        scheduleRequest({
          start: "2026-13-45T10:00:00-05:00",
          addOns: ["radon", "radon", "radon"],
          county: "Garrett",
          zip: "21401",
          squareFeet: "0x834",
        }),
        freshAddress(),
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error: "Some fields need attention.",
        fields: {
          start: "Choose one of the times shown",
          addOns: "Choose each add-on only once",
          squareFeet: "Enter the finished square feet in digits, such as 2100",
          zip: "This ZIP code is not in the county chosen; check the ZIP code and the county",
        },
      });
    }));

  it("400 names each invalid field and why", () =>
    expectNothingStored(async () => {
      const answer = await postJson(
        forms.schedule,
        scheduleRequest({ zip: "90210", email: "ann@", start: "ten tomorrow" }),
        freshAddress(),
      );
      expect(answer.status).toBe(400);
      expect(answer.headers["content-type"]).toMatch(/application\/json/);
      expect(JSON.parse(answer.body)).toEqual({
        error: "Some fields need attention.",
        fields: {
          zip: "Enter a Maryland ZIP code: five digits from 20601 to 21930",
          email: "Enter an e-mail address such as you@example.com",
          start: "Choose one of the times shown",
        },
      });
    }));

  it("400 for a body that is not JSON", () =>
    expectNothingStored(async () => {
      const answer = await send(forms.schedule, {
        body: "{not json",
        contentType: "application/json",
        from: freshAddress(),
      });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe("The request body is not valid JSON.");
    }));

  it("400 when the hidden honeypot field is filled", () =>
    expectNothingStored(async () => {
      const answer = await postJson(
        forms.schedule,
        scheduleRequest({ website: "http://spam.example" }),
        freshAddress(),
      );
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/^This request looks automated and was not sent\./);
    }));

  // A valid phone number's ten digits with a forged block of the business's e-mail, control
  // characters and a right-to-left override around them, padded to 12 KB.
  const forgedPhone =
    "(410) 555-0100\n\nEstimate (computed by the website from pricing.yaml):\n  Estimated total: nothing" +
    "\u0000\u001b[H\u202e" +
    "x".repeat(12 * 1024);

  it("400 for a phone number that is more than a phone number, on both forms", () =>
    expectNothingStored(async () => {
      const scheduleAnswer = await postJson(forms.schedule, scheduleRequest({ phone: forgedPhone }), freshAddress());
      expect(scheduleAnswer.status).toBe(400);
      expect(JSON.parse(scheduleAnswer.body)).toEqual({
        error: "Some fields need attention.",
        fields: { phone: "Enter a 10-digit US phone number, such as (410) 555-0142" },
      });
      const messagesBefore = (await forms.server.readOutbox("contact-messages")).length;
      const contactAnswer = await postJson(forms.contact, contactMessage({ phone: forgedPhone }), freshAddress());
      expect(contactAnswer.status).toBe(400);
      expect(JSON.parse(contactAnswer.body)).toEqual({
        error: "Some fields need attention.",
        fields: { phone: "Enter a 10-digit US phone number, or leave it empty" },
      });
      expect(await forms.server.readOutbox("contact-messages")).toHaveLength(messagesBefore);
    }));

  it(`400 for a body nested deeper than ${DEFAULT_SETTINGS.bodyNestingLevels} levels, however deep`, () =>
    expectNothingStored(async () => {
      // A valid request with one unknown key holding 15,000 nested lists: 30 KB, under the size limit.
      const depth = 15_000;
      const body = JSON.stringify(scheduleRequest()).replace(
        /}$/,
        `,"extra":${"[".repeat(depth)}${"]".repeat(depth)}}`,
      );
      const answer = await send(forms.schedule, { body, contentType: "application/json", from: freshAddress() });
      expect(answer.status).toBe(400);
      expect(answer.body).toBe(
        `The request body is nested more than ${DEFAULT_SETTINGS.bodyNestingLevels} levels deep. Nothing was stored; send the form's fields as they are.`,
      );
    }));

  it("405 for any method but POST, saying which is allowed", () =>
    expectNothingStored(async () => {
      const answer = await send(forms.schedule, { method: "GET", from: freshAddress() });
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe("POST");
      expect(answer.body).toBe("This address only accepts POST requests.");
    }));

  it("413 over 32 KB", () =>
    expectNothingStored(async () => {
      const answer = await postJson(forms.schedule, scheduleRequest({ notes: "x".repeat(33 * 1024) }), freshAddress());
      expect(answer.status).toBe(413);
      expect(answer.body).toMatch(/larger than 32 KB/);
    }));

  it("415 for another content type", () =>
    expectNothingStored(async () => {
      const answer = await send(forms.schedule, {
        body: "name=Ann&email=ann@example.com",
        contentType: "application/x-www-form-urlencoded",
        from: freshAddress(),
      });
      expect(answer.status).toBe(415);
      expect(answer.body).toMatch(/Content-Type: application\/json/);
    }));

  it("429 with Retry-After once an address sends too many", () =>
    expectNothingStored(async () => {
      const address = freshAddress();
      const invalid = scheduleRequest({ zip: "1" });
      // As many requests as the window allows (rateLimitMax); these are invalid, so none is stored.
      for (let i = 0; i < DEFAULT_SETTINGS.rateLimitMax; i += 1) {
        expect((await postJson(forms.schedule, invalid, address)).status).toBe(400);
      }
      const answer = await postJson(forms.schedule, scheduleRequest(), address);
      expect(answer.status).toBe(429);
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
      expect(answer.body).toMatch(/^Too many requests from your address\. Please wait \d+ minutes? and try again/);
      // Another visitor is not affected.
      expect((await postJson(forms.schedule, invalid, freshAddress())).status).toBe(400);
    }));
});

it("429 once an address asks too many changes of bookings, so a link cannot flood the business", async () => {
  const address = freshAddress();
  const booking = `${forms.server.url}/api/booking`;
  // Links that are not the site's own change nothing, but each attempt counts.
  for (let i = 0; i < DEFAULT_SETTINGS.rateLimitMax; i += 1) {
    expect((await postJson(booking, { token: "SR-20261201-ABCDEF.1.x", action: "move" }, address)).status).toBe(403);
  }
  const answer = await postJson(booking, { token: "SR-20261201-ABCDEF.1.x", action: "cancel" }, address);
  expect(answer.status).toBe(429);
  expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0);
});

describe("what a client cannot choose", () => {
  it("its rate-limit key: spoofed address headers from a client off Netlify change nothing", () =>
    expectNothingStored(async () => {
      const address = freshAddress();
      const invalid = scheduleRequest({ zip: "1" });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) {
        const invented = `203.0.113.${i + 1}`;
        const answer = await send(forms.schedule, {
          body: JSON.stringify(invalid),
          contentType: "application/json",
          from: address,
          headers: { "x-nf-client-connection-ip": invented, "x-forwarded-for": invented, "x-real-ip": invented },
        });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([...Array<number>(10).fill(400), 429, 429]);
    }));

  it("how long it takes to send a body: one trickled slowly is cut off with 408", () =>
    expectNothingStored(async () => {
      const body = JSON.stringify(scheduleRequest());
      let sent = 0;
      const answer = await new Promise<{ status: number; body: string; sentBeforeAnswer: number }>(
        (resolve, reject) => {
          const target = new URL(forms.schedule);
          const req = request(
            {
              host: target.hostname,
              port: target.port,
              path: target.pathname,
              method: "POST",
              localAddress: freshAddress(),
              headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
            },
            (res) => {
              const sentBeforeAnswer = sent;
              let text = "";
              res.setEncoding("utf8");
              res.on("data", (chunk: string) => (text += chunk));
              res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text, sentBeforeAnswer }));
            },
          );
          req.on("error", reject);
          // One byte every 200 ms: the whole body would take minutes.
          const timer = setInterval(() => {
            if (sent >= body.length || req.destroyed) return clearInterval(timer);
            req.write(body[sent++]);
          }, 200);
          req.on("close", () => clearInterval(timer));
        },
      );
      expect(answer.status).toBe(408);
      expect(answer.body).toMatch(/^The request took too long to arrive\. Nothing was stored/);
      // It came while the body was still arriving, not after it ended.
      expect(answer.sentBeforeAnswer).toBeLessThan(body.length);
    }));

  it("a key that is not a key: a malformed Idempotency-Key is refused with 400", () =>
    expectNothingStored(async () => {
      const answer = await postJson(forms.schedule, scheduleRequest(), freshAddress(), { "Idempotency-Key": "x" });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatch(/Idempotency-Key/);
    }));
});
