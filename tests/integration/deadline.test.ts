/**
 * One deadline for the whole request, mail included: a mail server that answers every line
 * after 9 seconds (each within nodemailer's own timeouts) would hold the visitor for about
 * two minutes; the production server answers 503 with the phone number at its deadline.
 */
import { readFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import { parse } from "yaml";
import { serverLimits } from "../../scripts/lib/server-limits";
import { freePort, postJson, startFunctionServer, type FunctionServer } from "../support/function-server";
import { scheduleRequest } from "../support/requests";

const { phone } = parse(readFileSync(path.join(__dirname, "..", "..", "content", "site.yaml"), "utf8")) as {
  phone: string;
};

let slowSmtp: Server;
const connections = new Set<Socket>();
let server: FunctionServer;

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
  server = await startFunctionServer({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await server?.stop();
  connections.forEach((socket) => socket.destroy());
  slowSmtp?.close();
});

it(`answers 503 with the phone number within ${serverLimits.deadlineMs / 1000} s, however slow the mail server`, async () => {
  const started = Date.now();
  const answer = await postJson(`${server.url}/api/schedule`, scheduleRequest(), "127.0.9.1");
  const elapsed = Date.now() - started;
  expect(answer.status).toBe(503);
  expect(answer.body).toContain(phone);
  expect(elapsed).toBeGreaterThanOrEqual(serverLimits.deadlineMs - 100);
  expect(elapsed).toBeLessThan(serverLimits.deadlineMs + 3_000);
});
