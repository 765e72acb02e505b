/**
 * Every function of the built site under the production server, on PGlite and on a real
 * PostgreSQL server, sent a JSON body that is no object of fields (null, [], "x", 1) or whose
 * fields hold a NUL, and a query that holds a NUL: each answers with a 4xx and a sentence, never a
 * 500. The body is refused by the one body reader (read-body.ts), the query by the one query
 * reader (read-query.ts), before any function reads either.
 */
import { randomUUID } from "node:crypto";
import { desk, DESK_SECRETS, deskEngines, signIn } from "../support/desk-client";
import { send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { startMailbox, type Mailbox } from "../support/mailbox";

/** Every field name a function reads from a body, each holding a NUL. */
const NUL_FIELDS = Object.fromEntries(
  [
    "token",
    "action",
    "start",
    "name",
    "email",
    "message",
    "reference",
    "key",
    "end",
    "number",
    "inspector",
    "from",
    "to",
    "note",
    "method",
    "amount",
    "consent",
    "street",
    "phone",
  ].map((field) => [field, "\u0000"]),
);

/** The bodies, as sent: JSON text. */
const BODIES: Array<[string, string]> = [
  ["null", "null"],
  ["[]", "[]"],
  ['"x"', '"x"'],
  ["1", "1"],
  ['"\\u0000"', JSON.stringify("\u0000")],
  ["fields holding NUL", JSON.stringify(NUL_FIELDS)],
];

/** The desk's changes, each of which reads a JSON body after the session (desk-handler.ts). */
const DESK_CHANGES = [
  "confirm",
  "cancel",
  "report-upload-link",
  "report-attach",
  "report-release",
  "move",
  "hand",
  "resend",
  "resend-signing",
  "payment-taken",
  "resend-pay",
  "time-off",
  "time-off-remove",
  "end-session",
  "end-other-sessions",
  "book",
  "sign-in",
  "end-by-notice",
];

/**
 * The site's functions as POST addresses. Left out: the desk's sign-out, which reads no body and
 * always signs out, and its `link`, which gives the same answer to any object, so that it tells no
 * one which addresses are the desk's (sign-in.ts); both refuse a body that is no object.
 */
const POSTS = [
  "/api/schedule",
  "/api/contact",
  "/api/booking",
  "/api/agreement",
  "/api/privacy",
  "/api/privacy-data",
  "/api/reminders",
  "/api/stripe-webhook",
  "/api/pay",
  "/api/report",
  "/api/report-file",
  "/api/availability/2026-12",
  "/api/calendar/feed.ics",
  "/api/editor/auth",
  ...DESK_CHANGES.map((action) => `/api/desk/${action}`),
];

/** Every address that reads its query, with a NUL in what it reads. */
const NUL_QUERIES = [
  "/api/desk/report?reference=%00",
  "/api/desk/days?from=%00&days=%00",
  "/api/booking?token=%00",
  "/api/agreement?token=%00",
  "/api/privacy-data?token=%00",
  "/api/report?token=%00",
  "/api/report?token=%00&download=%00",
  "/api/report-file?token=%00",
  "/api/pay?token=%00",
  "/api/availability/2026-12?mainInspection=%00&addOns=%00&squareFeet=%00&county=%00",
  "/api/calendar/%00.ics",
  "/api/editor/callback?state=%00&code=%00",
];

describe.each(deskEngines)("every function on %s", (_engine, setup) => {
  let mailbox: Mailbox;
  let server: FunctionServer;
  let stopEngine: () => Promise<void>;
  let cookie: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    const engine = await setup();
    stopEngine = engine.stop;
    // The editor's sign-in set up, so that its addresses read what they are sent.
    const editor = {
      URL: "https://severnridge.example",
      GITHUB_OAUTH_CLIENT_ID: "editor-id",
      GITHUB_OAUTH_CLIENT_SECRET: "editor-secret",
      EDITOR_REPO: "owner/site",
    };
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS, ...editor, ...engine.env });
    cookie = await signIn(server.url, mailbox);
  });
  afterAll(async () => {
    await server?.stop();
    await stopEngine?.();
    await mailbox?.stop();
  });

  /** What is not a 4xx, said as "<what was sent> → <status> <body>". */
  const notRefused = (sent: string, answer: { status: number; body: string }) =>
    answer.status >= 400 && answer.status < 500 && answer.body.length > 0
      ? []
      : [`${sent} → ${answer.status} ${answer.body.slice(0, 120)}`];

  it("refuses with a 4xx, on every address, a JSON body that is no object or holds a NUL", async () => {
    const wrong: string[] = [];
    for (const address of POSTS) {
      for (const [name, body] of BODIES) {
        const answer = await send(`${server.url}${address}`, {
          body,
          contentType: "application/json",
          headers: { origin: server.url, cookie, "idempotency-key": randomUUID() },
        });
        wrong.push(...notRefused(`POST ${address} ${name}`, answer));
      }
    }
    expect(wrong).toEqual([]);
  });

  it("answers a null body, to a visitor's link and to the desk alike, with the body reader's sentence", async () => {
    const refusal = { status: 400, body: "Send the request's fields as a JSON object: nothing was stored." };
    for (const address of ["/api/booking", "/api/agreement"]) {
      expect(await send(`${server.url}${address}`, { body: "null", contentType: "application/json" })).toMatchObject(
        refusal,
      );
    }
    expect(await desk(server.url, "confirm", null, cookie)).toMatchObject(refusal);
  });

  it("refuses with a 4xx, on every address that reads its query, a NUL in it", async () => {
    const wrong: string[] = [];
    for (const address of NUL_QUERIES) {
      const answer = await send(`${server.url}${address}`, { method: "GET", headers: { cookie } });
      wrong.push(...notRefused(`GET ${address}`, answer));
    }
    expect(wrong).toEqual([]);
    // The desk's own download, by name: the sentence of the query reader.
    expect(
      await send(`${server.url}/api/desk/report?reference=%00`, { method: "GET", headers: { cookie } }),
    ).toMatchObject({
      status: 400,
      body: "The address holds a character that is not text (a control character, or a broken one): use the link or the page as it was given.",
    });
  });
});
