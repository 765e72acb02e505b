/**
 * With SMTP_URL set, a request reaches the business's inbox and the visitor gets a
 * confirmation, through a real SMTP server on loopback; when that server is down, the visitor
 * is told with a 503 and the request is not reported as sent.
 */
import { readSiteContent } from "../../src/build/content-files";
import { postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { bodyText, startMailbox, type Mailbox } from "../support/mailbox";
import { contactMessage, scheduleRequest } from "../support/requests";

const site = readSiteContent();

let mailbox: Mailbox;
let server: FunctionServer;

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startFunctionServer({ SMTP_URL: mailbox.url });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

it("sends the business every field and the quote, and the visitor a confirmation", async () => {
  const answer = await postJson(`${server.url}/api/schedule`, scheduleRequest(), "127.0.4.1");
  expect(answer.status).toBe(201);
  const { reference, quote, confirmationSent } = JSON.parse(answer.body) as {
    reference: string;
    quote: { total: number };
    confirmationSent: boolean;
  };
  expect(confirmationSent).toBe(true);
  expect(mailbox.messages).toHaveLength(2);

  const [toBusiness, toVisitor] = mailbox.messages;
  expect(toBusiness!.to).toEqual([site.email]);
  const business = bodyText(toBusiness!.raw);
  expect(business).toContain(`Subject: Schedule request ${reference}`);
  expect(business).toMatch(/Reply-To: ann\.client@example\.com/);
  for (const text of [
    "Residential home inspection",
    "Radon test (48-hour continuous monitor)",
    "Water test: Basic Potability",
    "12 Severn Avenue, Annapolis, MD 21403 (Anne Arundel)",
    "Finished square feet: 2100",
    "Year built: 1962",
    "Foundation: Crawlspace",
    "Name: Ann Client",
    "Phone: (410) 555-0100",
    "Agent: Bea Agent",
    "The side gate is unlocked.",
    `Estimated total: $${quote.total.toLocaleString("en-US")}`,
  ]) {
    expect(business).toContain(text);
  }

  expect(toVisitor!.to).toEqual(["ann.client@example.com"]);
  const confirmation = bodyText(toVisitor!.raw);
  expect(confirmation).toContain(`Your reference is ${reference}.`);
  expect(confirmation).toContain("What happens next");
  expect(confirmation).toContain(site.phone);

  // The outbox, also configured, holds the request too.
  expect(await server.readOutbox("schedule-requests")).toContainEqual(expect.objectContaining({ reference }));
});

it("delivers a contact message the same way", async () => {
  mailbox.messages.length = 0;
  const answer = await postJson(`${server.url}/api/contact`, contactMessage(), "127.0.4.2");
  expect(answer.status).toBe(201);
  expect(mailbox.messages.map((message) => message.to)).toEqual([[site.email], ["carl@example.com"]]);
  expect(bodyText(mailbox.messages[0]!.raw)).toContain("Do you test for radon in Howard County rentals?");
});

it("answers 503 and stores nothing when the SMTP server is down", async () => {
  await mailbox.stop();
  const before = (await server.readOutbox("schedule-requests")).length;
  const answer = await postJson(`${server.url}/api/schedule`, scheduleRequest(), "127.0.4.3");
  expect(answer.status).toBe(503);
  expect(answer.headers["content-type"]).toMatch(/^text\/plain/);
  expect(answer.body).toBe(
    `We could not deliver your request just now: our e-mail server did not accept it. Nothing was sent. Please try again in a few minutes or call us at ${site.phone}.`,
  );
  expect(answer.body).not.toMatch(/reference/i);
  expect(await server.readOutbox("schedule-requests")).toHaveLength(before);
});
