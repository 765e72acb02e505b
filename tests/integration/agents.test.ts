/**
 * The agents' page on PGlite and a real PostgreSQL server, under the production server and a real SMTP
 * server: the sign-in tells nobody who is an agent (status, body, statements, timing); an agent sees only
 * the bookings that name them with the client's consent; the report only when shared and released, each
 * download recorded; a withdrawal holds at the agent's next request; a resend goes to the client alone.
 */
import { recording } from "../support/recording-queryable";
import { purposeToken } from "../../src/features/booking/server/booking-links";
import { recordAgentLinkAsk } from "../../src/features/agents/server/agent-sign-in";
import type { AgentPage } from "../../src/features/agents/shared/agent-view";
import { AGENT_REPORT, BOOKED_BY_AGENT, COPY_AGENT } from "../../src/lib/forms/choices";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { moveVisitStart } from "../support/stored-booking";
import { agentGet, agentLinksTo, agentPost, agentSignIn } from "../support/agent-client";
import { desk, DESK_CAPS, DESK_SECRETS, deskEngines, mailsTo, signIn, visitors } from "../support/desk-client";
import { deskServerForTests } from "../support/desk-server";
import { freePort, send, startFunctionServer } from "../support/function-server";
import { bodyText, startSilentServer, waitFor } from "../support/mailbox";
import { openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";

const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(4096, 0x20), Buffer.from("\n%%EOF\n")]);
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(deskEngines)("an agent's page on %s", (_name, setup) => {
  const site = deskServerForTests(setup);
  const { inDatabase, countOf } = site;
  let starts: string[];
  let office: string;
  let visits = 0;
  const { book, lastEmail } = visitors("agentpage");
  beforeAll(async () => {
    starts = await openStartsOf(site.server.url, SHORT_JOB);
    office = await signIn(site.server.url, site.mailbox);
  });

  /** A confirmed booking with `fields` (the agent's), its reference and the client's address. */
  async function booking(fields: Record<string, unknown>) {
    const answer = await book(site.server.url, starts.shift()!, { name: "Casey Client", ...fields });
    expect(answer.status).toBe(201);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    expect((await desk(site.server.url, "confirm", { reference }, office)).status).toBe(200);
    return { reference, client: lastEmail() };
  }

  /** The visit begun minutes ago (each a day further back), and its report uploaded from the desk. */
  async function uploadReport(reference: string) {
    await inDatabase((db) => moveVisitStart(db, reference, new Date(Date.now() - 5 * 60_000 - visits++ * DAY_MS)));
    const link = await desk(site.server.url, "report-upload-link", { reference }, office);
    const { key, url } = JSON.parse(link.body) as { key: string; url: string };
    const put = await fetch(url.startsWith("/") ? `${site.server.url}${url}` : url, {
      method: "PUT",
      body: new Uint8Array(PDF),
      headers: { "Content-Type": "application/pdf" },
    });
    expect(put.status).toBe(200);
    expect((await desk(site.server.url, "report-attach", { reference, key }, office)).status).toBe(200);
  }

  const page = async (cookie: string) => {
    const answer = await agentGet(site.server.url, "page", cookie);
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body) as AgentPage;
  };

  it("answers every address alike, after the same statements, and sends a link only to an agent a booking lets see it", async () => {
    const agent = "ann.agent@realty.example";
    await booking({ agentName: "Ann Agent", agentEmail: agent, copyAgent: COPY_AGENT });
    // Named on a booking, but the client did not ask us to copy them: no link.
    const named = "named.only@realty.example";
    await booking({ agentName: "Ned Named", agentEmail: named });
    const answers = [];
    for (const email of [
      "someone@example.com",
      named,
      "not an address",
      `${agent}, evil@evil.example`,
      " Ann.Agent@Realty.example ",
    ]) {
      answers.push(await agentPost(site.server.url, "link", { email }));
    }
    expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);
    expect(answers[0]!.status).toBe(200);
    await waitFor("the agent's link", () => agentLinksTo(site.mailbox, agent).length === 1);
    expect(agentLinksTo(site.mailbox, named)).toEqual([]);
    expect(site.mailbox.recipientsAsked.filter((to) => /evil|someone|named\.only/i.test(to))).toEqual([]);
    expect(await countOf("SELECT count(*) AS count FROM deliveries WHERE message = 'agentLink'")).toBe(1);

    const now = new Date();
    const asked = await inDatabase(async (db) => {
      const run = async (typed: string) => {
        const statements: string[] = [];
        const reference = await db.transaction((tx) =>
          recordAgentLinkAsk(recording(tx, statements), { typed, client: "192.0.2.9", now }),
        );
        const [mails] = await db.query<{ count: string }>(
          "SELECT count(*) AS count FROM deliveries WHERE reference = $1",
          [reference],
        );
        return { statements, mails: Number(mails!.count) };
      };
      return { agent: await run(agent), other: await run("someone@example.com"), text: await run("no address") };
    });
    expect([asked.agent.mails, asked.other.mails, asked.text.mails]).toEqual([1, 0, 0]);
    expect(asked.agent.statements.length).toBeGreaterThan(4);
    expect(asked.other.statements).toEqual(asked.agent.statements);
    expect(asked.text.statements).toEqual(asked.agent.statements);

    // A mail server that never answers, on the same database: the agent is answered as any other address is.
    const silentPort = await freePort();
    const silent = await startSilentServer(silentPort);
    const dataDir = site.server.dataDir;
    await site.server.stop();
    const hung = await startFunctionServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${silentPort}`,
        ...DESK_SECRETS,
        // Were the answer to wait for the e-mail, it would wait this hour.
        ...settingsEnv({ ...DESK_CAPS, mailBeforeAnswerMs: 3_600_000 }),
        ...site.env,
      },
      dataDir,
    );
    try {
      const other = await agentPost(hung.url, "link", { email: "someone@example.com" });
      const known = await agentPost(hung.url, "link", { email: agent });
      expect([known.status, known.body]).toEqual([200, other.body]);
    } finally {
      await hung.stop();
      await silent.stop();
      site.server = await startFunctionServer({ SMTP_URL: site.mailbox.url, ...DESK_SECRETS, ...site.env }, dataDir);
    }
  });

  it("shows an agent only the bookings that name them and let them see it, with no amount and no client's link", async () => {
    const agent = "bo.broker@realty.example";
    const copied = await booking({ agentName: "Bo Broker", agentEmail: agent, copyAgent: COPY_AGENT });
    const bookedBy = await booking({
      bookedByAgent: BOOKED_BY_AGENT,
      agentName: "Bo Broker",
      agentEmail: "Bo.Broker@realty.example",
      agentPhone: "(410) 555-7000",
    });
    // The agent who booked is told where to follow it, as a copied agent is (agent-copies.test.ts).
    await waitFor(
      "the booking agent's confirmation",
      () =>
        mailsTo(site.mailbox, "Bo.Broker@realty.example", /signing in with this e-mail address: \S+\/agent\s/)
          .length === 1,
    );
    const notCopied = await booking({ agentName: "Bo Broker", agentEmail: agent });
    const otherAgent = await booking({ agentName: "Cy Other", agentEmail: "cy@realty.example", copyAgent: COPY_AGENT });
    const cookie = await agentSignIn(site.server.url, site.mailbox, agent);
    const shown = await page(cookie);
    expect(shown.mailbox).toBe(agent);
    expect(shown.bookings.map((each) => each.reference).sort()).toEqual([copied.reference, bookedBy.reference].sort());
    expect(shown.bookings.map((each) => each.reference)).not.toContain(notCopied.reference);
    expect(shown.bookings.map((each) => each.reference)).not.toContain(otherAgent.reference);
    const first = shown.bookings.find((each) => each.reference === copied.reference)!;
    expect(first).toMatchObject({
      client: "Casey Client",
      state: "confirmed",
      role: "copied",
      agreementSigned: false,
      report: "not-ready",
      reportShared: false,
      canDownload: false,
      canResendSigning: true,
      upcoming: true,
    });
    expect(JSON.stringify(shown)).not.toMatch(/token=|\$\d|Cents/);
    expect(shown.bookings.find((each) => each.reference === bookedBy.reference)!.role).toBe("booked");
    // The link to book fills in the agent's details, as their bookings store them.
    const book = new URLSearchParams(shown.bookPath.replace(/^\/schedule\?/, ""));
    expect(Object.fromEntries(book)).toEqual({
      bookedByAgent: "yes",
      agentName: "Bo Broker",
      agentEmail: agent,
      agentPhone: "(410) 555-7000",
    });
    // Another agent's booking is not reached by its reference either.
    expect(
      (await agentPost(site.server.url, "resend-signing", { reference: otherAgent.reference }, cookie)).status,
    ).toBe(404);
    expect((await agentGet(site.server.url, `report?reference=${otherAgent.reference}`, cookie)).status).toBe(404);
    // Without a session, or from another site, nothing.
    expect((await agentGet(site.server.url, "page")).status).toBe(401);
    expect(
      (
        await agentPost(
          site.server.url,
          "resend-signing",
          { reference: copied.reference },
          cookie,
          "https://evil.example",
        )
      ).status,
    ).toBe(403);
  });

  it("gives the report only when the client shares it and it is released to the client, and records each download", async () => {
    const agent = "dee.dealer@realty.example";
    const shared = await booking({
      agentName: "Dee Dealer",
      agentEmail: agent,
      copyAgent: COPY_AGENT,
      agentReport: AGENT_REPORT,
    });
    const unshared = await booking({ agentName: "Dee Dealer", agentEmail: agent, copyAgent: COPY_AGENT });
    const cookie = await agentSignIn(site.server.url, site.mailbox, agent);
    const report = (reference: string) => agentGet(site.server.url, `report?reference=${reference}`, cookie);
    expect((await report(shared.reference)).status).toBe(403);
    await uploadReport(shared.reference);
    await uploadReport(unshared.reference);
    // Uploaded, but withheld from the client until signed and paid (or released by the owner).
    const withheld = await report(shared.reference);
    expect([withheld.status, withheld.body]).toEqual([403, expect.stringMatching(/not released to the client/)]);
    expect((await page(cookie)).bookings.find((each) => each.reference === shared.reference)).toMatchObject({
      report: "withheld",
      reportShared: true,
      canDownload: false,
    });
    for (const { reference } of [shared, unshared]) {
      expect((await desk(site.server.url, "report-release", { reference }, office)).status).toBe(200);
    }
    const refused = await report(unshared.reference);
    expect([refused.status, refused.body]).toEqual([403, expect.stringMatching(/has not shared the report/)]);
    const downloadsOf = (reference: string) =>
      countOf("SELECT count(*) AS count FROM report_downloads WHERE booking = $1 AND who = 'agent'", [reference]);
    expect(await downloadsOf(shared.reference)).toBe(0);
    const given = await report(shared.reference);
    expect(given.status).toBe(303);
    const file = await send(new URL(String(given.headers.location), site.server.url).toString(), { method: "GET" });
    expect(file.status).toBe(200);
    expect(file.body.startsWith("%PDF-1.7")).toBe(true);
    expect(await downloadsOf(shared.reference)).toBe(1);
    expect(await downloadsOf(unshared.reference)).toBe(0);
    expect((await page(cookie)).bookings.find((each) => each.reference === shared.reference)).toMatchObject({
      report: "ready",
      canDownload: true,
    });
  });

  it("ends the agent's sight of a booking at their next request once the client withdraws it on the data page", async () => {
    const agent = "eve.estate@realty.example";
    const first = await booking({
      agentName: "Eve Estate",
      agentEmail: agent,
      copyAgent: COPY_AGENT,
      agentReport: AGENT_REPORT,
    });
    const firstClient = first.client;
    const second = await booking({ agentName: "Eve Estate", agentEmail: agent, copyAgent: COPY_AGENT });
    const cookie = await agentSignIn(site.server.url, site.mailbox, agent);
    expect((await page(cookie)).bookings.map((each) => each.reference).sort()).toEqual(
      [first.reference, second.reference].sort(),
    );
    const dataToken = (mailbox: string) =>
      purposeToken(DESK_SECRETS.BOOKING_LINK_SECRET, "data-request", mailbox, Date.now() + DAY_MS);
    const data = JSON.parse(
      (await send(`${site.server.url}/api/privacy-data?token=${dataToken(firstClient)}`, { method: "GET" })).body,
    ) as { agentSight: Array<{ reference: string; report: boolean }> };
    expect(data.agentSight).toEqual([expect.objectContaining({ reference: first.reference, report: true })]);
    // Another client cannot end it.
    const notTheirs = await send(`${site.server.url}/api/privacy-data`, {
      body: JSON.stringify({ token: dataToken(second.client), action: "end-agent-sight", reference: first.reference }),
      contentType: "application/json",
    });
    expect(notTheirs.status).toBe(404);
    const ended = await send(`${site.server.url}/api/privacy-data`, {
      body: JSON.stringify({ token: dataToken(firstClient), action: "end-agent-sight", reference: first.reference }),
      contentType: "application/json",
    });
    expect(ended.status).toBe(200);
    // The very next request of the same session.
    expect((await page(cookie)).bookings.map((each) => each.reference)).toEqual([second.reference]);
    expect((await agentGet(site.server.url, `report?reference=${first.reference}`, cookie)).status).toBe(404);
    expect(
      await countOf(
        "SELECT count(*) AS count FROM bookings WHERE reference = $1 AND agent_report_consent_at IS NULL AND agent_role IS NULL",
        [first.reference],
      ),
    ).toBe(1);
    // With the last booking withdrawn, the agent is signed out, and no link of theirs lets them in.
    await send(`${site.server.url}/api/privacy-data`, {
      body: JSON.stringify({ token: dataToken(second.client), action: "end-agent-sight", reference: second.reference }),
      contentType: "application/json",
    });
    expect((await agentGet(site.server.url, "page", cookie)).status).toBe(401);
    expect(await countOf("SELECT count(*) AS count FROM agent_sessions WHERE mailbox = $1", [agent])).toBe(0);
    const before = agentLinksTo(site.mailbox, agent).length;
    expect((await agentPost(site.server.url, "link", { email: agent })).status).toBe(200);
    expect(
      await countOf("SELECT count(*) AS count FROM agent_links WHERE mailbox = $1 AND used_at IS NULL", [agent]),
    ).toBe(0);
    expect(agentLinksTo(site.mailbox, agent).length).toBe(before);
  });

  it("sends the client, never the agent, their signing link again", async () => {
    const agent = "flo.finder@realty.example";
    const { reference, client } = await booking({ agentName: "Flo Finder", agentEmail: agent, copyAgent: COPY_AGENT });
    const cookie = await agentSignIn(site.server.url, site.mailbox, agent);
    const signingTo = (to: string) => mailsTo(site.mailbox, to, /\/agreement\?token=/);
    const [clientBefore, agentBefore] = [signingTo(client).length, signingTo(agent).length];
    const sent = await agentPost(site.server.url, "resend-signing", { reference }, cookie);
    expect([sent.status, JSON.parse(sent.body)]).toEqual([200, { reference, sent: "to the client" }]);
    await waitFor("the client's signing link", () => signingTo(client).length === clientBefore + 1);
    const mail = signingTo(client).at(-1)!;
    expect(mail.to).toEqual([client]);
    expect(bodyText(mail.raw)).not.toMatch(new RegExp(agent.replace(/\./g, "\\."), "i"));
    expect(signingTo(agent).length).toBe(agentBefore);
    expect(
      await countOf(
        "SELECT count(*) AS count FROM deliveries WHERE mail->>'to' = $1 AND mail->>'text' LIKE '%/agreement?token=%'",
        [agent],
      ),
    ).toBe(0);
  });
});
