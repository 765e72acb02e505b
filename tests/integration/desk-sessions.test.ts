/**
 * The owner's desk's sessions and what sign-in leaves behind, on PGlite and on a real PostgreSQL
 * server, under the production server with a real SMTP server on loopback: the sessions are the
 * owner's to list and end, one by the link in its sign-in notice; a link's token leaves its
 * e-mail once used or over; and the desk's records go on their day.
 */
import { parseSetCookie } from "cookie";
import { bodyText, waitFor } from "../support/mailbox";
import { desk, deskEngines, deskGet, mailsTo, OFFICE, signIn } from "../support/desk-client";
import { deskServerForTests, signInTokenOf } from "../support/desk-server";
import { endLapsedDeskSecrets } from "../../src/features/desk/server/desk-store";
import { enforceRetention } from "../../src/features/privacy/server/retention";
import { retention } from "../../src/features/privacy/shared/declaration";
import { DESK_RECORDS_DAYS } from "../../src/features/privacy/shared/desk-records";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(deskEngines)("the desk's sessions and sign-in records on %s", (_name, setup) => {
  const site = deskServerForTests(setup);
  const { inDatabase, countOf } = site;

  it("lists the sessions and ends every other one; a notice's link ends exactly the session it tells of", async () => {
    const first = await signIn(site.server.url, site.mailbox);
    const second = await signIn(site.server.url, site.mailbox);
    const third = await signIn(site.server.url, site.mailbox);
    const listed = JSON.parse((await deskGet(site.server.url, "sessions", first)).body) as {
      sessions: Array<{ number: number; mailbox: string; client: string; since: string; current: boolean }>;
    };
    expect(listed.sessions.length).toBeGreaterThanOrEqual(3);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);
    expect(listed.sessions[0]).toMatchObject({ mailbox: OFFICE, client: "127.0.0.1", current: false });
    expect(listed.sessions[0]!.since).toMatch(/\(Maryland time\)$/);

    // "End every other session": the other two end, the caller's goes on.
    expect((await desk(site.server.url, "end-other-sessions", {}, first)).status).toBe(200);
    expect((await deskGet(site.server.url, "session", second)).status).toBe(401);
    expect((await deskGet(site.server.url, "session", third)).status).toBe(401);
    expect((await deskGet(site.server.url, "session", first)).status).toBe(200);
    const left = JSON.parse((await deskGet(site.server.url, "sessions", first)).body) as { sessions: unknown[] };
    expect(left.sessions).toHaveLength(1);

    // The notice of the latest sign-in ends that session, from a browser with no session at all.
    const fourth = await signIn(site.server.url, site.mailbox);
    const notices = () => mailsTo(site.mailbox, OFFICE, /Signed in to the desk/);
    const noticesBefore = notices().length;
    const fifth = await signIn(site.server.url, site.mailbox);
    await waitFor("the fifth sign-in's notice", () => notices().length > noticesBefore);
    const end = /desk\?end=([A-Za-z0-9_-]+)/.exec(bodyText(notices().at(-1)!.raw))![1]!;
    expect((await desk(site.server.url, "end-by-notice", { end }, undefined, "https://evil.example")).status).toBe(403);
    const ended = await desk(site.server.url, "end-by-notice", { end });
    expect(ended.status).toBe(200);
    expect(JSON.parse(ended.body)).toMatchObject({ ended: { mailbox: OFFICE, client: "127.0.0.1" } });
    expect((await deskGet(site.server.url, "session", fifth)).status).toBe(401);
    expect((await deskGet(site.server.url, "session", fourth)).status).toBe(200);
    expect((await deskGet(site.server.url, "session", first)).status).toBe(200);
    expect((await desk(site.server.url, "end-by-notice", { end })).status).toBe(410);
    // The notice's secret is gone from the stored e-mail once its session is.
    expect(
      await countOf(`SELECT count(*) AS count FROM deliveries WHERE mail->>'text' LIKE $1`, [`%end=${end}%`]),
    ).toBe(0);

    // One session by its number; one's own signs out.
    const numbered = JSON.parse((await deskGet(site.server.url, "sessions", first)).body) as {
      sessions: Array<{ number: number; current: boolean }>;
    };
    const fourthNumber = numbered.sessions.find((session) => !session.current)!.number;
    expect((await desk(site.server.url, "end-session", { number: fourthNumber }, first)).status).toBe(200);
    expect((await deskGet(site.server.url, "session", fourth)).status).toBe(401);
    const own = numbered.sessions.find((session) => session.current)!.number;
    const signedOut = await desk(site.server.url, "end-session", { number: own }, first);
    expect(JSON.parse(signedOut.body)).toMatchObject({ signedOut: true });
    expect(parseSetCookie(String(signedOut.headers["set-cookie"]))).toMatchObject({
      name: "desk",
      value: "",
      path: "/api/desk",
      maxAge: 0,
    });
    expect((await deskGet(site.server.url, "session", first)).status).toBe(401);
  });

  it("removes each link's token from its e-mail once used or over, and deletes the desk's records on their day", async () => {
    const cookie = await signIn(site.server.url, site.mailbox);
    // A used link's token is gone from the e-mail kept of it; an unused one's once it is over.
    expect(await countOf("SELECT count(*) AS count FROM desk_links WHERE used_at IS NOT NULL")).toBeGreaterThan(0);
    expect(
      await countOf(
        `SELECT count(*) AS count FROM deliveries AS d JOIN desk_links AS l ON l.reference = d.reference
         WHERE l.used_at IS NOT NULL AND d.mail->>'text' NOT LIKE '%signin=expired%'`,
      ),
    ).toBe(0);
    const sent = mailsTo(site.mailbox, OFFICE, /desk\?signin=/).length;
    expect((await desk(site.server.url, "link", { email: OFFICE })).status).toBe(200);
    await waitFor("an unused link", () => mailsTo(site.mailbox, OFFICE, /desk\?signin=/).length > sent);
    const unused = signInTokenOf(mailsTo(site.mailbox, OFFICE, /desk\?signin=/).at(-1)!.raw);
    const kept = () => countOf("SELECT count(*) AS count FROM deliveries WHERE mail->>'text' LIKE $1", [`%${unused}%`]);
    expect(await kept()).toBe(1);
    await inDatabase((db) => endLapsedDeskSecrets(db, new Date(Date.now() + 16 * 60_000)));
    expect(await kept()).toBe(0);

    // Time off is a desk record that stays: it is a booking row, kept as bookings are.
    const day = new Date(Date.now() + 20 * DAY_MS).toISOString().slice(0, 10);
    expect(
      (
        await desk(
          site.server.url,
          "time-off",
          { inspector: 2, from: `${day}T06:00`, to: `${day}T07:00`, note: "" },
          cookie,
        )
      ).status,
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
    expect((await deskGet(site.server.url, "session", cookie)).status).toBe(401);
  });
});
