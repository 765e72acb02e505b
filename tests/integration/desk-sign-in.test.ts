/**
 * Who the owner's desk sends a sign-in link and lets in, on PGlite and PostgreSQL with a real SMTP server: a link
 * goes only to a desk mailbox as stored, whatever the typed text names; every address is answered after the
 * same statements, before any e-mail; the caps hold in the database; a person taken off the list is let in no
 * more. (desk-guards.test.ts and desk-sessions.test.ts test the rest.)
 */
import { recording } from "../support/recording-queryable";
import { freePort, startFunctionServer } from "../support/function-server";
import { bodyText, startSilentServer, waitFor } from "../support/mailbox";
import { desk, DESK_CAPS, DESK_SECRETS, deskEngines, deskGet, mailsTo, OFFICE } from "../support/desk-client";
import { deskServerForTests, signInTokenOf } from "../support/desk-server";
import { recordLinkAsk } from "../../src/features/desk/server/sign-in";
import { settingsEnv } from "../../src/lib/server/runtime/settings";

const NEUTRAL = "someone@example.com";
/** Each trick a tester used to have the office's link sent elsewhere. */
const RECIPIENT_TRICKS = [
  "office+<attacker@evil.example>@severnridgeinspections.com",
  "office+, attacker@evil.example, x@severnridgeinspections.com",
  "office+x: attacker@evil.example;@severnridgeinspections.com",
  "office@severnridgeinspections.com, attacker@evil.example",
  '"office@severnridgeinspections.com" <attacker@evil.example>',
  "attacker@evil.example <office@severnridgeinspections.com>",
  "office@severnridgeinspections.com\r\nBcc: attacker@evil.example",
  "office+attacker=evil.example@severnridgeinspections.com",
];

const cookieOf = (answer: { headers: Record<string, string | string[] | undefined> }) =>
  String(answer.headers["set-cookie"]).split(";")[0]!;

describe.each(deskEngines)("the desk's sign-in on %s", (_name, setup) => {
  const site = deskServerForTests(setup);
  const { inDatabase, countOf } = site;

  it("sends a link only to the desk's mailbox as stored, whatever recipients the typed text names", async () => {
    const linksBefore = await countOf("SELECT count(*) AS count FROM deliveries WHERE message = 'deskLink'");
    const neutral = await desk(site.server.url, "link", { email: NEUTRAL });
    expect(neutral.status).toBe(200);
    for (const email of RECIPIENT_TRICKS) {
      const answer = await desk(site.server.url, "link", { email });
      expect([email, answer.status, answer.body]).toEqual([email, 200, neutral.body]);
    }
    // The office's own link, asked for last, arrives: everything asked before it has been handled.
    const sent = mailsTo(site.mailbox, OFFICE, /desk\?signin=/).length;
    expect((await desk(site.server.url, "link", { email: "Office@SevernRidgeInspections.com" })).status).toBe(200);
    await waitFor("the office's link", () => mailsTo(site.mailbox, OFFICE, /desk\?signin=/).length > sent);
    expect(site.mailbox.recipientsAsked.filter((to) => /evil/i.test(to))).toEqual([]);
    expect(await countOf("SELECT count(*) AS count FROM deliveries WHERE mail->>'to' ILIKE '%evil%'")).toBe(0);
    expect(await countOf("SELECT count(*) AS count FROM deliveries WHERE message = 'deskLink'")).toBe(linksBefore + 1);
    const link = mailsTo(site.mailbox, OFFICE, /desk\?signin=/).at(-1)!;
    expect(link.to).toEqual([OFFICE]);
    expect(bodyText(link.raw)).toMatch(/^To: office@severnridgeinspections\.com\r?$/m);
  });

  it("runs the same statements for a desk address as for any other, and the answer waits for no e-mail", async () => {
    const now = new Date();
    const asked = await inDatabase(async (db) => {
      const run = async (person: string | null) => {
        const statements: string[] = [];
        const reference = await db.transaction((tx) =>
          recordLinkAsk(recording(tx, statements), { person, client: "192.0.2.7", now }),
        );
        const [mails] = await db.query<{ count: string }>(
          "SELECT count(*) AS count FROM deliveries WHERE reference = $1",
          [reference],
        );
        return { statements, mails: Number(mails!.count) };
      };
      return { desk: await run(OFFICE), other: await run(null) };
    });
    // The two differ in what they store (a link e-mail, or none), never in the work done.
    expect([asked.desk.mails, asked.other.mails]).toEqual([1, 0]);
    expect(asked.desk.statements.length).toBeGreaterThan(3);
    expect(asked.other.statements).toEqual(asked.desk.statements);

    // A mail server that never answers: a desk address is still answered, as any other is.
    const silentPort = await freePort();
    const silent = await startSilentServer(silentPort);
    const hung = await startFunctionServer({
      SMTP_URL: `smtp://127.0.0.1:${silentPort}`,
      ...DESK_SECRETS,
      // Were the answer to wait for the e-mail, it would wait this hour.
      ...settingsEnv({ ...DESK_CAPS, mailBeforeAnswerMs: 3_600_000 }),
      ...site.env,
    });
    try {
      const other = await desk(hung.url, "link", { email: NEUTRAL });
      const office = await desk(hung.url, "link", { email: OFFICE });
      expect([office.status, office.body]).toEqual([200, other.body]);
    } finally {
      await hung.stop();
      await silent.stop();
    }
  });

  it("sends one mailbox no more links in an hour than its cap, counted in the database across servers", async () => {
    const cappedEnv = {
      SMTP_URL: site.mailbox.url,
      ...DESK_SECRETS,
      ...settingsEnv({ deskLinksPerMailboxPerHour: 2, deskLinksPerClientPerHour: 1000 }),
      MAIL_TO: "capped@example.com",
      ...site.env,
    };
    // On PostgreSQL two servers share the count, as Netlify's instances do; PGlite has one site.server.
    const capped = [await startFunctionServer(cappedEnv)];
    if (site.env.DATABASE_URL) capped.push(await startFunctionServer(cappedEnv));
    try {
      const answers = [];
      for (let ask = 0; ask < 4; ask += 1) {
        answers.push(await desk(capped[ask % capped.length]!.url, "link", { email: "capped@example.com" }));
      }
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);
      await waitFor("two links", () => mailsTo(site.mailbox, "capped@example.com", /desk\?signin=/).length === 2);
      const count = (sql: string) => countOf(sql, [], capped[0]);
      expect(
        await count(
          "SELECT count(*) AS count FROM desk_links WHERE mailbox = 'capped@example.com' AND token_hash IS NOT NULL",
        ),
      ).toBe(2);
      expect(await count("SELECT count(*) AS count FROM deliveries WHERE mail->>'to' = 'capped@example.com'")).toBe(2);
    } finally {
      for (const each of capped) await each.stop();
    }
  });

  it("lets in a person the list names no more: their session ends at the next request, their unused link fails", async () => {
    await site.server.stop();
    const person = "manager@example.com";
    const listed = await startFunctionServer(
      { SMTP_URL: site.mailbox.url, ...DESK_SECRETS, MAIL_TO: person, ...site.env },
      site.server.dataDir,
    );
    let cookie = "";
    let unused = "";
    try {
      const before = mailsTo(site.mailbox, person, /desk\?signin=/).length;
      expect((await desk(listed.url, "link", { email: person })).status).toBe(200);
      await waitFor("the manager's link", () => mailsTo(site.mailbox, person, /desk\?signin=/).length === before + 1);
      const signedIn = await desk(listed.url, "sign-in", {
        token: signInTokenOf(mailsTo(site.mailbox, person, /signin/).at(-1)!.raw),
      });
      expect(signedIn.status).toBe(200);
      cookie = cookieOf(signedIn);
      expect((await deskGet(listed.url, "session", cookie)).status).toBe(200);
      expect((await desk(listed.url, "link", { email: person })).status).toBe(200);
      await waitFor("a second link", () => mailsTo(site.mailbox, person, /desk\?signin=/).length === before + 2);
      unused = signInTokenOf(mailsTo(site.mailbox, person, /desk\?signin=/).at(-1)!.raw);
    } finally {
      await listed.stop();
    }
    // The same database, served without MAIL_TO: the manager is no longer one of the desk's people.
    site.server = await startFunctionServer(
      { SMTP_URL: site.mailbox.url, ...DESK_SECRETS, ...site.env },
      site.server.dataDir,
    );
    expect((await deskGet(site.server.url, "days", cookie)).status).toBe(401);
    expect(await countOf("SELECT count(*) AS count FROM desk_sessions WHERE mailbox = $1", [person])).toBe(0);
    expect((await desk(site.server.url, "sign-in", { token: unused })).status).toBe(410);
  });
});
