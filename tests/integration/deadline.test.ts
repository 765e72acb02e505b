/**
 * One deadline for the whole request, mail included. A request is stored before it is mailed,
 * so a mail server that never answers holds nobody while the outbox can be written. When it
 * cannot (a host with no store), the request counts as received only once the mail server takes
 * it, and the production server answers 503 with the phone number at its deadline instead of
 * holding the visitor for as long as the mail server stays silent.
 *
 * The deadline is shortened to 1 s here (src/lib/server/http/settings.ts) and the mail server's
 * timeouts lengthened to a minute: what is tested is which answer comes, not when.
 */
import { readSiteContent } from "../../src/build/content-files";
import { settingsEnv } from "../../src/lib/server/http/settings";
import { freePort, postJson, startFunctionServer, type FunctionServer } from "../../scripts/lib/function-server";
import { startSilentServer } from "../support/mailbox";
import { contactMessage } from "../../scripts/lib/sample-requests";

const { phone } = readSiteContent();

let silentSmtp: Awaited<ReturnType<typeof startSilentServer>>;
let server: FunctionServer;
let serverWithOutbox: FunctionServer;

beforeAll(async () => {
  const port = await freePort();
  // Accepts the connection and never greets; nodemailer's own timeouts are longer than the deadline.
  silentSmtp = await startSilentServer(port);
  const smtp = { SMTP_URL: `smtp://127.0.0.1:${port}` };
  // A serverless host with no store configured: the mail server's acceptance is the only record.
  server = await startFunctionServer({
    ...smtp,
    ...settingsEnv({ deadlineMs: 1_000, smtpConnectMs: 60_000, smtpSocketMs: 60_000 }),
    NETLIFY: "true",
    OUTBOX_DIR: "",
  });
  // The full 20 s deadline: a function that waited for the silent mail server would get 503.
  serverWithOutbox = await startFunctionServer({ ...smtp, ...settingsEnv({ smtpConnectMs: 60_000 }) });
});
afterAll(async () => {
  await server?.stop();
  await serverWithOutbox?.stop();
  await silentSmtp?.stop();
});

it("answers 201 when the request can be stored, although the mail server never answers", async () => {
  const answer = await postJson(`${serverWithOutbox.url}/api/contact`, contactMessage(), "127.0.9.2");
  expect(answer.status).toBe(201);
  expect(await serverWithOutbox.readOutbox("contact-messages")).toHaveLength(1);
});

it("with nothing durable, answers 503 with the phone number at the deadline, however long the mail server stays silent", async () => {
  const answer = await postJson(`${server.url}/api/contact`, contactMessage(), "127.0.9.1");
  expect(answer.status).toBe(503);
  expect(answer.body).toMatch(/^We could not finish your request in time\./);
  expect(answer.body).toContain(phone);
});
