/**
 * The per-address limit of the desk, under the production server with its default limit: it holds
 * back whoever has no session (asking for links, guessing), never the owner's own busy morning.
 */
import { startFunctionServer, type FunctionServer } from "../support/function-server";
import { startMailbox, type Mailbox } from "../support/mailbox";
import { desk, DESK_SECRETS, signIn, visitors } from "../support/desk-client";
import { startDispenser } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";
import { DEFAULT_SETTINGS } from "../../src/lib/server/runtime/settings";

const { book } = visitors("limits");

let mailbox: Mailbox;
let server: FunctionServer;
beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startFunctionServer({
    ...DESK_SECRETS,
    SMTP_URL: mailbox.url,
    RATE_LIMIT_MAX: String(DEFAULT_SETTINGS.rateLimitMax),
  });
});
afterAll(async () => {
  await server?.stop();
  await mailbox?.stop();
});

it("lets the signed-in owner make more changes than the per-address limit, and stops a caller without a session", async () => {
  const nextStart = await startDispenser(server.url, SHORT_JOB, 2);
  const booked = await book(server.url, nextStart());
  expect(booked.status).toBe(201);
  const { reference } = JSON.parse(booked.body) as { reference: string };
  const cookie = await signIn(server.url, mailbox);
  const changes = DEFAULT_SETTINGS.rateLimitMax * 2;
  for (let i = 0; i < changes; i += 1) {
    const answer = await desk(server.url, "confirm", { reference }, cookie);
    expect([i, answer.status]).toEqual([i, 200]);
  }
  // Without a session every try counts, as asking for the link and signing in did (two), until the
  // address is held back.
  const statuses: number[] = [];
  for (let i = 0; i < DEFAULT_SETTINGS.rateLimitMax; i += 1) {
    statuses.push((await desk(server.url, "confirm", { reference })).status);
  }
  const left = DEFAULT_SETTINGS.rateLimitMax - 2;
  expect(statuses).toEqual([...Array<number>(left).fill(401), 429, 429]);
  // The owner's own session is still not held back.
  expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
});
