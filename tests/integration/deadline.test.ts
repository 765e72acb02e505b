/**
 * One deadline for the whole request: a request is stored before it is mailed, so a silent mail server holds
 * nobody, and a silent database gets the visitor a 503 with the phone number at the deadline. The deadline is
 * shortened to 1 s here (src/lib/server/runtime/settings.ts) and the mail server's timeouts lengthened to a
 * minute: what is tested is which answer comes, not when.
 */
import { readSiteContent } from "../../src/build-time/content-files";
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { freePort, postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { startSilentServer } from "../support/mailbox";
import { contactMessage } from "../support/sample-requests";

const { phone } = readSiteContent();

let silentSmtp: Awaited<ReturnType<typeof startSilentServer>>;
let silentDatabase: Awaited<ReturnType<typeof startSilentServer>>;
let server: FunctionServer;
let serverWithDatabase: FunctionServer;

beforeAll(async () => {
  const port = await freePort();
  // Accepts the connection and never greets; nodemailer's own timeouts are longer than the deadline.
  silentSmtp = await startSilentServer(port);
  const smtp = { SMTP_URL: `smtp://127.0.0.1:${port}` };
  // A PostgreSQL server that accepts connections and never answers.
  const databasePort = await freePort();
  silentDatabase = await startSilentServer(databasePort);
  server = await startFunctionServer({
    ...smtp,
    ...settingsEnv({ deadlineMs: 1_000, smtpConnectMs: 60_000, smtpSocketMs: 60_000 }),
    DATABASE_URL: `postgres://site@127.0.0.1:${databasePort}/site`,
  });
  // The full 20 s deadline: a function that waited for the silent mail server would get 503.
  serverWithDatabase = await startFunctionServer({ ...smtp, ...settingsEnv({ smtpConnectMs: 60_000 }) });
});
afterAll(async () => {
  await server?.stop();
  await serverWithDatabase?.stop();
  await silentSmtp?.stop();
  await silentDatabase?.stop();
});

it("answers 201 when the request can be stored, although the mail server never answers", async () => {
  const answer = await postJson(`${serverWithDatabase.url}/api/contact`, contactMessage(), "127.0.9.2");
  expect(answer.status).toBe(201);
  expect(await serverWithDatabase.readOutbox("contact-messages")).toHaveLength(1);
});

it("with a database that never answers, answers 503 with the phone number at the deadline", async () => {
  const answer = await postJson(`${server.url}/api/contact`, contactMessage(), "127.0.9.1");
  expect(answer.status).toBe(503);
  // Either the deadline answers first, or the driver gives up on the silent server first (its
  // connection attempt may already be under way from the previous try): both say nothing was sent.
  expect(answer.body).toMatch(/^We could not (finish your request in time|save your request just now)\./);
  expect(answer.body).toContain(phone);
});
