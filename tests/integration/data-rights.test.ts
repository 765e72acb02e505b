/**
 * A person's data by the exact address their link was sent to, on PGlite and on a real PostgreSQL
 * server, through the queries and the deletion the data page uses: `x+tag@domain` and `x@domain`
 * are two people (only the limits fold them), and an agent sees and deletes their own name, e-mail
 * and phone inside a client's request, while the request stays the client's.
 */
import { BOOKED_BY_AGENT } from "../../src/lib/forms/choices";
import type { Database } from "../../src/lib/server/db/database";
import { addressKey, agreementsOf as agreementsAbout, keptAbout } from "../../src/lib/server/privacy/kept-about";
import { insertAgreement } from "../../src/lib/server/agreement/agreement-queries";
import { insertBooking } from "../../src/lib/server/booking/booking-queries";
import { insertDeliveries, insertRequest } from "../../src/lib/server/mail/outbox";
import { mailboxOf } from "../../src/lib/server/mail/mailbox-address";
import { deleteData } from "../../src/lib/server/privacy/data-rights";
import { describeKept } from "../../src/lib/server/privacy/kept-data";
import { engines } from "../support/database-engines";

let made = 0;
/** A stored request of `kind` with `record`, and an e-mail to each of `to` (the first the business's) saying `text`. */
async function stored(db: Database, kind: string, record: Record<string, unknown>, to: string[], text: string) {
  made += 1;
  const reference = `T-20270310-R${String(made).padStart(3, "0")}`;
  const now = new Date().toISOString();
  await insertRequest(db, {
    kind,
    reference,
    receivedAt: now,
    record,
    answer: { status: 201, body: {} },
    idempotencyKey: null,
    fingerprint: null,
  });
  await insertDeliveries(
    db,
    reference,
    to.map((address, index) => ({
      message: ["business", "confirmation", "agentConfirmation"][index]!,
      mailbox: mailboxOf(address),
      from: "site@example.com",
      mail: { to: address, subject: `About ${reference}`, text },
      transport: "local" as const,
    })),
    now,
  );
  return reference;
}

const message = (email: string) => ({
  type: "contact",
  message: { name: `Writer ${email}`, email, topic: "radon", message: "Do you test for radon?" },
});

describe.each(engines)("on %s", (_name, open) => {
  let db: Database;
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, stop } = await open());
  });
  afterAll(() => stop());

  const kept = async (address: string) => describeKept(address, await keptAbout(db, address), Date.now());

  it("shows and deletes the data of the address the link was sent to, never of another that folds to its mailbox", async () => {
    const tagged = "x+tag@example.org";
    const plain = "x@example.org";
    // The limits count both as one mailbox; the data is each person's own.
    expect(mailboxOf(tagged)).toBe(mailboxOf(plain));
    const taggedMessage = await stored(db, "contact-messages", message(tagged), ["office@example.com", tagged], "t");
    const plainMessage = await stored(db, "contact-messages", message(plain), ["office@example.com", plain], "p");

    const link = addressKey("X+Tag@Example.ORG");
    expect((await kept(link)).items.map((item) => item.reference)).toEqual([taggedMessage]);
    expect((await kept(plain)).items.map((item) => item.reference)).toEqual([plainMessage]);

    const result = await db.transaction((tx) => deleteData(tx, link, new Date()));
    expect(result.deleted).toEqual({ requests: 1, mails: 0, agentDetails: 0 });
    expect((await kept(link)).items).toEqual([]);
    const left = await kept(plain);
    expect(left.items.map((item) => item.reference)).toEqual([plainMessage]);
    expect(left.items[0]!.mails.map((mail) => mail.to)).toEqual(["office@example.com", plain]);
  });

  it("finds a signed agreement by the exact address its client booked with, also once its request and booking are gone", async () => {
    const tagged = "y+tag@example.org";
    const plain = "y@example.org";
    const reference = await stored(
      db,
      "schedule-requests",
      { type: "schedule", request: { name: "Yan Tagged", email: tagged } },
      ["office@example.com", tagged],
      "y",
    );
    const start = Date.now() - 40 * 24 * 60 * 60 * 1000;
    await insertBooking(db, {
      reference,
      inspector: 9,
      start: new Date(start).toISOString(),
      onSiteMinutes: 60,
      from: start,
      to: start + 2 * 60 * 60 * 1000,
      status: "booked",
      confirmBy: null,
      confirmWithinMinutes: 120,
      mailbox: mailboxOf(tagged),
      phone: "(410) 555-0301",
      property: "1 tagged lane",
      job: { mainInspection: "none", addOns: ["radon"], waterPackages: [], squareFeet: 2000, county: "Anne Arundel" },
      ownerEvent: { summary: "s", description: "d", location: "l" },
      createdAt: new Date(start).toISOString(),
    });
    const signature = {
      booking: reference,
      terms: "residential",
      version: "test",
      body: "text",
      bodySha256: "hash",
      signerName: "Yan Tagged",
      signedAt: new Date(start - 60_000).toISOString(),
      clientAddress: null,
      userAgent: null,
      clientName: "Yan Tagged",
    };
    await insertAgreement(db, signature, "Y+Tag@Example.org");
    // The request goes after its period (its booking with it); the agreement is kept.
    await db.query("DELETE FROM requests WHERE reference = $1", [reference]);
    expect((await agreementsAbout(db, addressKey(tagged))).map((kept) => kept.booking)).toEqual([reference]);
    expect(await agreementsAbout(db, plain)).toEqual([]);
  });

  it("shows an agent only their own details in a client's request, and blanks them there when the agent deletes", async () => {
    const agent = "Bea.Agent@Agents.example";
    const client = {
      name: "Cleo Client",
      email: "cleo@example.org",
      phone: "(410) 555-0199",
      street: "9 Client Court",
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Bea Agent",
      agentEmail: agent,
      agentPhone: "(410) 555-0112",
    };
    const business = `Client: Cleo Client cleo@example.org\n  Booked by the agent: Bea Agent\n  Agent e-mail: ${agent}\n  Agent phone: (410) 555-0112`;
    const request = await stored(
      db,
      "schedule-requests",
      { type: "schedule", request: client },
      ["office@example.com", client.email, agent],
      business,
    );

    const seen = await kept(addressKey(agent));
    const mine = seen.items.find((item) => item.reference === request)!;
    expect(mine).toMatchObject({ asAgent: true, keptBecause: null });
    expect(mine.fields).toEqual([
      { label: "Agent's name", value: "Bea Agent" },
      { label: "Agent's e-mail address", value: agent },
      { label: "Agent's phone number", value: "(410) 555-0112" },
    ]);
    // Nothing of the client's reaches the agent: not in the item, not among the agent's e-mails.
    expect(JSON.stringify(seen.items)).not.toMatch(/Cleo|9 Client Court|555-0199/);
    expect(seen.otherMails.map((mail) => mail.to)).toEqual([agent]);

    const result = await db.transaction((tx) => deleteData(tx, addressKey(agent), new Date()));
    expect(result.deleted).toEqual({ requests: 0, mails: 1, agentDetails: 1 });
    expect((await kept(addressKey(agent))).items).toEqual([]);

    // The client's request stays whole but for the agent: it says an agent booked it, not who.
    const clientView = (await kept(client.email)).items.find((item) => item.reference === request)!;
    expect(clientView.record).toMatchObject({
      request: { name: "Cleo Client", bookedByAgent: BOOKED_BY_AGENT, agentName: "", agentEmail: "", agentPhone: "" },
    });
    const texts = clientView.mails.map((mail) => mail.text);
    expect(texts).toHaveLength(2);
    for (const text of texts) {
      expect(text).toContain("Cleo Client");
      expect(text).not.toMatch(/Bea Agent|Bea\.Agent|555-0112/);
      expect(text).toContain("(deleted at the agent's request)");
    }
  });
});
