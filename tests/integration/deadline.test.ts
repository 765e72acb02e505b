/**
 * One deadline for the whole request, mail included. A request is stored before it is mailed,
 * so a slow mail server holds nobody while the outbox can be written. When it cannot, the
 * request counts as received only once the mail server takes it (a host with no store), and a mail server that answers
 * every line after 9 seconds (each within nodemailer's own timeouts) would hold the visitor for
 * about two minutes: the production server answers 503 with the phone number at its deadline.
 */
import { createServer, type Server, type Socket } from "node:net";
import { readSiteContent } from "../../src/build/content-files";
import { serverLimits } from "../../scripts/lib/server-limits";
import { freePort, postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { scheduleRequest } from "../support/requests";

const { phone } = readSiteContent();

let slowSmtp: Server;
const connections = new Set<Socket>();
let server: FunctionServer;
let serverWithOutbox: FunctionServer;

beforeAll(async () => {
  const port = await freePort();
  slowSmtp = createServer((socket) => {
    connections.add(socket);
    const later = (line: string) => setTimeout(() => socket.writable && socket.write(`${line}\r\n`), 9_000).unref();
    socket.on("error", () => undefined);
    later("220 slow.example ESMTP");
    socket.on("data", (chunk: Buffer) => {
      const command = chunk.toString().slice(0, 4).toUpperCase();
      later(command === "DATA" ? "354 go on" : command === "QUIT" ? "221 bye" : "250 ok");
    });
  });
  await new Promise<void>((resolve) => slowSmtp.listen(port, "127.0.0.1", resolve));
  // A serverless host with no store configured: the mail server's acceptance is the only record.
  server = await startFunctionServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, NETLIFY: "true", OUTBOX_DIR: "" });
  serverWithOutbox = await startFunctionServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server?.stop();
  await serverWithOutbox?.stop();
  connections.forEach((socket) => socket.destroy());
  slowSmtp?.close();
});

it("answers 201 at once when the request can be stored, however slow the mail server", async () => {
  const started = Date.now();
  const answer = await postJson(`${serverWithOutbox.url}/api/schedule`, scheduleRequest(), "127.0.9.2");
  expect(answer.status).toBe(201);
  expect(Date.now() - started).toBeLessThan(5_000);
});

it(`with nothing durable, answers 503 with the phone number within ${serverLimits.deadlineMs / 1000} s, however slow the mail server`, async () => {
  const started = Date.now();
  const answer = await postJson(`${server.url}/api/schedule`, scheduleRequest(), "127.0.9.1");
  const elapsed = Date.now() - started;
  expect(answer.status).toBe(503);
  expect(answer.body).toContain(phone);
  expect(elapsed).toBeGreaterThanOrEqual(serverLimits.deadlineMs - 100);
  expect(elapsed).toBeLessThan(serverLimits.deadlineMs + 3_000);
});
