/**
 * /_mail, the e-mails kept instead of sent (no SMTP_URL), on the production server: shown only to
 * a request that names this machine (127.0.0.1, localhost or [::1] on the server's port) as its
 * Host, so a page of another site that DNS rebinding pointed here reads nothing; and an address
 * that is no kept e-mail is answered 400 or 404, never 5xx. `npm run mail` prints an e-mail's links
 * at the address the server is at, without being told its port.
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { postJson, send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { bookingRequest, contactMessage, SHORT_JOB } from "../support/sample-requests";
import { startDispenser } from "../support/start-dispenser";
import { siteRoot } from "../../scripts/lib/site-copy";
import { withDatabase } from "../../src/serve/database-access";
import { keptMail } from "../../src/serve/local-mail";

let server: FunctionServer;
let subject: string;
beforeAll(async () => {
  server = await startFunctionServer();
  const answer = await postJson(`${server.url}/api/contact`, contactMessage({ email: "kept.mail@example.com" }));
  expect(answer.status).toBe(201);
  // The contact message's e-mails are kept as it is stored; the first is the business's.
  const kept = await withDatabase((db) => keptMail(db), { ...process.env, DATA_DIR: server.dataDir });
  subject = kept[0]!.subject;
});
afterAll(() => server?.stop());

const get = (path: string, host = `127.0.0.1:${server.port}`) =>
  send(`${server.url}${path}`, { method: "GET", headers: { Host: host } });

it("shows the kept e-mail to this machine under each of its loopback names", async () => {
  for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`, `[::1]:${server.port}`]) {
    const list = await get("/_mail", host);
    expect({ host, status: list.status }).toEqual({ host, status: 200 });
    expect(list.body).toContain("Kept e-mail");
  }
  const first = await get("/_mail/1", `localhost:${server.port}`);
  expect(first.status).toBe(200);
  expect(first.body).toContain('<a href="/_mail">');
});

it.each([
  ["another site's name", "attacker.example"],
  ["another site's name on this port", "attacker.example:PORT"],
  ["this machine on another port", "127.0.0.1:1"],
  ["a loopback name with a suffix", "localhost.attacker.example:PORT"],
])("refuses a request naming %s with 403 and a sentence saying where to look", async (_, host) => {
  for (const path of ["/_mail", "/_mail/1"]) {
    const answer = await get(path, host.replace("PORT", String(server.port)));
    expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    expect(answer.body).toBe(
      `Kept e-mail is shown only at http://127.0.0.1:${server.port}/_mail (or localhost): this address was reached under another name.`,
    );
    expect(answer.body).not.toContain(subject);
  }
});

it.each([
  ["an escape that decodes to no text", "/_mail/1/%ff", 400],
  ["a number no e-mail has", "/_mail/100000", 404],
  ["a number that is none", "/_mail/abc", 404],
  ["a number with a leading zero", "/_mail/01", 404],
  ["a file the e-mail does not have", "/_mail/1/nothing.pdf", 404],
  ["more segments", "/_mail/1/invite.ics/more", 404],
])("answers %s (%s) with %i", async (_, path, status) => {
  const answer = await get(path);
  expect(answer.status).toBe(status);
  expect(answer.body).toMatch(/malformed|no such kept e-mail/);
});

it("keeps each e-mail's number when an earlier one is deleted, so a number read before opens the same e-mail after", async () => {
  const env = { ...process.env, DATA_DIR: server.dataDir };
  const second = await postJson(`${server.url}/api/contact`, contactMessage({ email: "later.mail@example.com" }));
  expect(second.status).toBe(201);
  const before = await withDatabase((db) => keptMail(db), env);
  const later = before.find((state) => state.to === "later.mail@example.com")!;
  // The first message goes (as a person's deletion or the retention pass removes it).
  await withDatabase((db) => db.query("DELETE FROM requests WHERE reference = $1", [before[0]!.reference]), env);
  const after = await withDatabase((db) => keptMail(db), env);
  expect(after.find((state) => state.to === "later.mail@example.com")!.number).toBe(later.number);
  const page = await get(`/_mail/${later.number}`);
  expect(page.status).toBe(200);
  expect(page.body).toContain(later.subject);
});

it("npm run mail prints an e-mail's links at the server's own address, with no PORT given", async () => {
  const nextStart = await startDispenser(server.url, SHORT_JOB, 60);
  const booked = await postJson(
    `${server.url}/api/schedule`,
    bookingRequest(nextStart(), { ...SHORT_JOB, email: "kept.booker@example.com" }),
    undefined,
    { "Idempotency-Key": randomUUID() },
  );
  expect(booked.status).toBe(201);
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: server.dataDir };
  delete env.PORT;
  const confirmation = (await withDatabase((db) => keptMail(db), env)).find(
    (state) => state.to === "kept.booker@example.com",
  )!;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", path.join(siteRoot, "scripts", "commands", "mail.ts"), String(confirmation.number)],
    { cwd: siteRoot, env },
  );
  // The server was given a port of its own (not 9000), on its command line alone.
  expect(stdout).toMatch(/\/booking\?token=/);
  expect(stdout).toContain(`[On this machine (npm start): http://127.0.0.1:${server.port}/booking?token=`);
});
