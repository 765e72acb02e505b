/**
 * The inspection report end to end, on PGlite with the data folder as store and on PostgreSQL with s3rver as the
 * bucket, with a real SMTP server: upload and attach once the visit has begun, the report page refusing until
 * signed (and paid), release and downloads recorded, links only for their own booking, presigned links expiring,
 * attached uploads final, stray ones swept, oversize refused, a bucket's refusal said in the owner's words, and
 * the report deleted, from the store too, on its day.
 */
import { request } from "node:http";
import { moveVisitStart } from "../support/stored-booking";
import { AGENT_REPORT, COPY_AGENT } from "../../src/lib/forms/choices";
import { retention } from "../../src/features/privacy/shared/declaration";
import { instantOf, MARYLAND } from "../../src/lib/maryland-time/local-time";
import { bookingToken } from "../../src/features/booking/server/booking-links";
import { agreementGoesOn, goesOn, periodsOf } from "../../src/features/privacy/server/due-days";
import { enforceRetention } from "../../src/features/privacy/server/retention";
import { reportStore } from "../../src/features/report/server/deploy-store";
import { s3ReportStore } from "../../src/features/report/server/s3-store";
import { uploadRefusal } from "../../src/features/desk/shared/upload-file";
import { periodicPass } from "../../src/passes/periodic-pass";
import type { ReportStore } from "../../src/features/report/server/report-store";
import { withDatabase } from "../../src/serve/database-access";
import type { DeskItem } from "../../src/features/desk/shared/desk-item";
import { desk, DESK_SECRETS, deskEngines, deskGet, mailsTo, signIn, visitors } from "../support/desk-client";
import { postJson, send, startFunctionServer, type FunctionServer } from "../support/function-server";
import { bodyText, startMailbox, waitFor, type Mailbox } from "../support/mailbox";
import { startReportBucket, type ReportBucket } from "../support/report-bucket";
import { openStartsOf } from "../support/start-dispenser";
import { SHORT_JOB } from "../support/sample-requests";

const SECRET = DESK_SECRETS.BOOKING_LINK_SECRET;
/** A small PDF: what the store is asked to confirm is its type and first bytes, not its pages. */
const PDF = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(64 * 1024, 0x20), Buffer.from("\n%%EOF\n")]);
const DAY_MS = 24 * 60 * 60 * 1000;
/** The size limit these servers run with (REPORTS_MAX_MB), small enough to pass quickly. */
const MAX_MB = 1;
const noonOn = (day: string) => new Date(instantOf(day, "12:00", MARYLAND)!);

const stores: Array<[string, string, boolean]> = [
  ["PGlite", "the data folder", false],
  ["PostgreSQL", "an S3-compatible bucket", true],
];

/**
 * PUTs `bytes` of a PDF in chunks, with no length announced, as a script can; stops sending once
 * the answer has come. Resolves with the answer.
 */
function chunkedPut(url: string, bytes: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = request(
      url,
      { method: "PUT", headers: { "content-type": "application/pdf", "transfer-encoding": "chunked" } },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    chunk.write("%PDF-1.7\n");
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !answered) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
      req.end();
    };
    pump();
  });
}

describe.each(stores)("reports on %s, kept in %s", (engineName, _storeName, inBucket) => {
  const setup = deskEngines.find(([name]) => name === engineName)![1];
  const { book, lastEmail } = visitors(`report-${engineName.toLowerCase()}`);
  let mailbox: Mailbox;
  let server: FunctionServer;
  let bucket: ReportBucket | null = null;
  let stopEngine: () => Promise<void>;
  let env: Record<string, string>;
  let starts: string[];
  let cookie: string;
  beforeAll(async () => {
    mailbox = await startMailbox();
    ({ env, stop: stopEngine } = await setup());
    if (inBucket) {
      bucket = await startReportBucket(["*"]);
      env = { ...env, ...bucket.env };
    }
    env = { ...env, REPORTS_MAX_MB: String(MAX_MB) };
    server = await startFunctionServer({ SMTP_URL: mailbox.url, ...DESK_SECRETS, ...env });
    starts = await openStartsOf(server.url, SHORT_JOB);
    cookie = await signIn(server.url, mailbox);
  });
  afterAll(async () => {
    await server?.stop();
    await bucket?.stop();
    await stopEngine?.();
    await mailbox?.stop();
  });
  const serverEnv = () => ({ ...process.env, DATA_DIR: server.dataDir, ...DESK_SECRETS, ...env });
  const inDatabase = <T>(work: Parameters<typeof withDatabase<T>>[0]) => withDatabase(work, serverEnv());
  /** The store as the server sees it: the same bucket, or the same data folder and link secret. */
  const store = (): ReportStore => reportStore(serverEnv())!;
  /** A link of the store's: the bucket's are whole addresses, the data folder's are the site's own. */
  const absolute = (link: string) => (link.startsWith("/") ? `${server.url}${link}` : link);

  let visits = 0;
  /** Books and confirms a visit, then moves it to have started five minutes ago (each on a day of its own, a day further back). */
  async function visitUnderWay(overrides: Record<string, unknown> = {}) {
    const booked = await book(server.url, starts.shift()!, { name: "Robin Reader", ...overrides });
    const { reference } = JSON.parse(booked.body) as { reference: string };
    expect((await desk(server.url, "confirm", { reference }, cookie)).status).toBe(200);
    const startedAt = new Date(Date.now() - 5 * 60_000 - visits++ * DAY_MS);
    await inDatabase((db) => moveVisitStart(db, reference, startedAt));
    return {
      reference,
      email: lastEmail(),
      day: startedAt.toLocaleDateString("en-CA", { timeZone: "America/New_York" }),
    };
  }

  /** Asks for an upload link as the desk's page does: the upload's key and the store's link for it. */
  async function uploadLink(reference: string) {
    const link = await desk(server.url, "report-upload-link", { reference }, cookie);
    expect(link.status).toBe(200);
    return JSON.parse(link.body) as { key: string; url: string; maxBytes: number };
  }

  const put = (url: string, file: Buffer, type = "application/pdf") =>
    fetch(absolute(url), { method: "PUT", body: new Uint8Array(file), headers: { "Content-Type": type } });

  /** Uploads `file` for the booking as the desk's page does: a link, the PUT straight to the store, then attach. */
  async function upload(reference: string, file: Buffer = PDF, type = "application/pdf") {
    const { key, url } = await uploadLink(reference);
    expect((await put(url, file, type)).status).toBe(200);
    return { key, url, attached: await desk(server.url, "report-attach", { reference, key }, cookie) };
  }

  /** The key the booking's report is kept under. */
  const keptKey = async (reference: string) =>
    (
      await inDatabase((db) =>
        db.query<{ object_key: string }>("SELECT object_key FROM reports WHERE booking = $1", [reference]),
      )
    )[0]!.object_key;

  async function itemOf(reference: string, day: string): Promise<DeskItem> {
    const { items } = JSON.parse((await deskGet(server.url, `days?from=${day}&days=1`, cookie)).body) as {
      items: DeskItem[];
    };
    return items.find((each) => each.reference === reference)!;
  }

  /** The report page's link, read from the e-mail to `to`. */
  async function reportLinkTo(to: string): Promise<string> {
    await waitFor(`the report's e-mail to ${to}`, () => mailsTo(mailbox, to, /\/report\?token=/).length > 0);
    return /(https?:\/\/\S+\/report\?token=[A-Za-z0-9._-]+)/.exec(
      bodyText(mailsTo(mailbox, to, /\/report\?token=/)[0]!.raw),
    )![1]!;
  }
  const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;
  const page = async (token: string) => {
    const answer = await send(`${server.url}/api/report?token=${encodeURIComponent(token)}`, { method: "GET" });
    return { status: answer.status, body: answer.status === 200 ? JSON.parse(answer.body) : answer.body };
  };
  const download = (token: string) =>
    send(`${server.url}/api/report?token=${encodeURIComponent(token)}&download=1`, { method: "GET" });

  let signedBooking: { reference: string; day: string };

  it("takes the report only once the visit has begun and the store shows the PDF; the page refuses until the agreement is signed, then serves, and each download is recorded", async () => {
    // Not before the visit.
    const { reference: early } = JSON.parse((await book(server.url, starts.shift()!)).body) as { reference: string };
    expect((await desk(server.url, "confirm", { reference: early }, cookie)).status).toBe(200);
    const tooEarly = await desk(server.url, "report-upload-link", { reference: early }, cookie);
    expect(tooEarly).toMatchObject({
      status: 409,
      body: "The visit has not started yet: its report cannot be attached.",
    });

    const { reference, email, day } = await visitUnderWay({
      agentName: "Bea Agent",
      agentEmail: `agent-${engineName.toLowerCase()}@example.com`,
      copyAgent: COPY_AGENT,
      agentReport: AGENT_REPORT,
    });
    // A file that is not a PDF is refused and not kept; an upload that never reached the store is
    // refused; a key no upload link was made for (a kept report's, say) is not this booking's upload.
    const notPdf = await upload(reference, Buffer.from("<html>not a report</html>"), "application/pdf");
    expect(notPdf.attached).toMatchObject({ status: 422, body: "The file is not a PDF: pick the report's PDF." });
    expect(await store().stat(notPdf.key)).toBeNull();
    const { key: neverSent } = await uploadLink(reference);
    expect(await desk(server.url, "report-attach", { reference, key: neverSent }, cookie)).toMatchObject({
      status: 422,
      body: "The file did not reach the store: pick the report and upload it again.",
    });
    const notAnUpload = await desk(
      server.url,
      "report-attach",
      { reference, key: `${reference}/${"A".repeat(22)}.pdf` },
      cookie,
    );
    expect(notAnUpload).toMatchObject({ status: 400, body: "This file is not this booking's upload." });
    expect((await itemOf(reference, day)).report).toBeNull();

    const { key: uploadKey, attached } = await upload(reference);
    expect(attached.status).toBe(200);
    const delivered = JSON.parse(attached.body) as { reportDeliveredAt: string; size: number };
    expect(delivered.size).toBe(PDF.length);
    // Kept under a key of its own, which no upload link names; the upload itself has left the store.
    const key = await keptKey(reference);
    expect(key).toMatch(new RegExp(`^${reference}/[A-Za-z0-9_-]{22}\\.pdf$`));
    expect(await store().stat(key)).toMatchObject({ size: PDF.length });
    expect(await store().stat(uploadKey)).toBeNull();
    // The client, and the agent the client said may have it, are e-mailed the page, each with a link of their own.
    const clientLink = await reportLinkTo(email);
    const agentLink = await reportLinkTo(`agent-${engineName.toLowerCase()}@example.com`);
    expect(tokenOf(clientLink)).not.toBe(tokenOf(agentLink));

    // Withheld: the client is told to sign, with the signing page's link; the agent is told it is not signed.
    const before = await page(tokenOf(clientLink));
    expect(before.body).toMatchObject({ reference, state: "withheld", who: "client", missing: [{ what: "sign" }] });
    const signing = (before.body as { missing: Array<{ link: string }> }).missing[0]!.link;
    expect(signing).toMatch(/^\/agreement\?token=/);
    expect((await page(tokenOf(agentLink))).body).toMatchObject({
      who: "agent",
      missing: [{ what: "sign", link: null }],
    });
    const refused = await download(tokenOf(clientLink));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatch(/the agreement must be signed/);

    // Signed from the page's own link: the report is served, by a short-lived link of the store.
    const signed = await postJson(`${server.url}/api/agreement`, {
      token: new URLSearchParams(signing.split("?")[1]).get("token"),
      name: "Robin Reader",
      consent: true,
    });
    expect(signed.status).toBe(200);
    expect((await page(tokenOf(clientLink))).body).toMatchObject({ state: "ready", missing: [], size: PDF.length });
    for (const link of [clientLink, agentLink]) {
      const sent = await download(tokenOf(link));
      expect(sent.status).toBe(303);
      const file = await fetch(absolute(String(sent.headers.location)));
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    }
    const owner = await deskGet(server.url, `report?reference=${reference}`, cookie);
    expect(owner.status).toBe(303);

    // A second upload replaces the file (the old one leaves the store); the first delivery date stands.
    const again = await upload(reference);
    expect(JSON.parse(again.attached.body)).toMatchObject({ reportDeliveredAt: delivered.reportDeliveredAt });
    expect(await store().stat(key)).toBeNull();

    const item = await itemOf(reference, day);
    expect(item.reportDelivered).not.toBeNull();
    expect(item.report).toMatchObject({ size: PDF.length, released: null });
    expect(item.report!.downloads.map((each) => each.who)).toEqual(["client", "agent", "owner"]);
    signedBooking = { reference, day };
  });

  it("records the owner's release, who and when, and then serves the report unsigned", async () => {
    const { reference, email, day } = await visitUnderWay();
    expect((await desk(server.url, "report-release", { reference }, cookie)).status).toBe(409);
    expect((await upload(reference)).attached.status).toBe(200);
    const token = tokenOf(await reportLinkTo(email));
    expect((await page(token)).body).toMatchObject({ state: "withheld" });
    const released = await desk(server.url, "report-release", { reference }, cookie);
    expect(released.status).toBe(200);
    expect(JSON.parse(released.body)).toMatchObject({ reference, releasedBy: "office@severnridgeinspections.com" });
    expect((await page(token)).body).toMatchObject({ state: "ready", missing: [] });
    expect((await download(token)).status).toBe(303);
    expect((await itemOf(reference, day)).report).toMatchObject({
      released: { by: "office@severnridgeinspections.com", at: expect.stringMatching(/\d{4}/) },
      downloads: [{ who: "client" }],
    });
  });

  it("opens a report only by its own booking's report link", async () => {
    const { reference } = signedBooking;
    const other = await visitUnderWay();
    const later = Date.now() + DAY_MS;
    // Another booking's link opens that booking, which has no report yet, never this one's.
    const otherPage = await page(bookingToken(SECRET, other.reference, later, "report"));
    expect(otherPage.body).toMatchObject({ reference: other.reference, state: "not-ready" });
    expect((await download(bookingToken(SECRET, other.reference, later, "report"))).status).toBe(404);
    // The booking's links for other purposes, a forged one and one with the reference swapped are refused.
    for (const purpose of ["manage", "sign"] as const) {
      expect((await page(bookingToken(SECRET, reference, later, purpose))).status).toBe(403);
    }
    expect((await page(bookingToken("another-secret-another-secret-00", reference, later, "report"))).status).toBe(403);
    const swapped = bookingToken(SECRET, other.reference, later, "report").replace(other.reference, reference);
    expect((await page(swapped)).status).toBe(403);
    expect((await page(bookingToken(SECRET, reference, Date.now() - 1000, "report"))).status).toBe(410);
    // Nor can the desk attach one booking's file to another.
    const { key } = JSON.parse((await desk(server.url, "report-upload-link", { reference }, cookie)).body) as {
      key: string;
    };
    const crossed = await desk(server.url, "report-attach", { reference: other.reference, key }, cookie);
    expect(crossed).toMatchObject({ status: 400, body: "This file is not this booking's upload." });
  });

  it("gives links to the store that stop working once expired", async () => {
    const { reference } = signedBooking;
    const key = await inDatabase(
      async (db) =>
        (await db.query<{ object_key: string }>("SELECT object_key FROM reports WHERE booking = $1", [reference]))[0]!
          .object_key,
    );
    const fresh = await fetch(absolute(await store().downloadLink(key, "report.pdf", Date.now())));
    expect(fresh.status).toBe(200);
    await fresh.arrayBuffer();
    const stale = await fetch(absolute(await store().downloadLink(key, "report.pdf", Date.now() - 10 * 60_000)));
    // The bucket answers 403 "Request has expired"; the data folder's link, 410.
    expect(stale.status).toBe(inBucket ? 403 : 410);
    // An upload link works 15 minutes (report-store.ts).
    const staleUpload = await fetch(absolute(await store().uploadLink(key, Date.now() - 16 * 60_000)), {
      method: "PUT",
      body: Buffer.from("%PDF-overwritten"),
      headers: { "Content-Type": "application/pdf" },
    });
    expect(staleUpload.status).toBe(inBucket ? 403 : 410);
    expect(await store().stat(key)).toMatchObject({ size: PDF.length });
  });

  it("takes no report from an upload link once its upload is attached: the client's download still serves the PDF, and the upload is not attached twice", async () => {
    const { reference } = signedBooking;
    const { key: uploadKey, url, attached } = await upload(reference);
    expect(attached.status).toBe(200);
    const kept = await keptKey(reference);
    // The same link, used again with an HTML page: the data folder's store refuses it; a bucket
    // takes whatever its link signs for, under the upload's key, which nothing serves.
    const html = Buffer.from("<!doctype html><title>Your report</title><p>Not the report.</p>");
    const again = await put(url, html);
    expect(again.status).toBe(inBucket ? 200 : 410);
    if (!inBucket)
      expect(await again.text()).toBe("This upload link has been used: ask the desk for a new one by uploading again.");
    expect(await desk(server.url, "report-attach", { reference, key: uploadKey }, cookie)).toMatchObject({
      status: 409,
      body: "This upload was attached already, or is over a day old: pick the report and upload it again.",
    });
    expect(await keptKey(reference)).toBe(kept);
    const sent = await download(bookingToken(SECRET, reference, Date.now() + DAY_MS, "report"));
    expect(sent.status).toBe(303);
    const file = await fetch(absolute(String(sent.headers.location)));
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it("sweeps from the store, by the periodic pass, every upload a day after its link was made, attached or not", async () => {
    const { reference } = signedBooking;
    const { key, url } = await uploadLink(reference);
    expect((await put(url, PDF)).status).toBe(200);
    const [{ issued_at: issued }] = (await inDatabase((db) =>
      db.query<{ issued_at: Date }>("SELECT issued_at FROM report_uploads WHERE object_key = $1", [key]),
    )) as [{ issued_at: Date }];
    const pass = (at: number) => inDatabase((db) => periodicPass(db, new Date(at), serverEnv()));
    await pass(new Date(issued).getTime() + DAY_MS - 1000);
    expect(await store().stat(key)).toMatchObject({ size: PDF.length });
    await pass(new Date(issued).getTime() + DAY_MS);
    expect(await store().stat(key)).toBeNull();
    // Every upload made before it went too, the one written after its attach included; the kept reports stay.
    expect(await inDatabase((db) => db.query("SELECT object_key FROM report_uploads"))).toEqual([]);
    if (bucket) expect((await bucket.keys()).filter((each) => each.startsWith("uploads/"))).toEqual([]);
    expect(await store().stat(await keptKey(reference))).toMatchObject({ size: PDF.length });
    // The pass, a day on, also ended the desk's session: the owner signs in again.
    cookie = await signIn(server.url, mailbox);
  });

  it("refuses a report larger than REPORTS_MAX_MB: at attach from a bucket, as it arrives in the data folder", async () => {
    const { reference, day } = await visitUnderWay();
    const large = Buffer.concat([PDF, Buffer.alloc(MAX_MB * 1024 * 1024, 0x20)]);
    const { key, url } = await uploadLink(reference);
    const sent = await put(url, large);
    const attached = await desk(server.url, "report-attach", { reference, key }, cookie);
    if (inBucket) {
      expect(sent.status).toBe(200);
      expect(attached).toMatchObject({
        status: 422,
        body: `The file is larger than ${MAX_MB} MB, the most a report may be (REPORTS_MAX_MB in the site's settings).`,
      });
    } else {
      expect(sent.status).toBe(413);
      expect(await sent.text()).toBe(`A report can be at most ${MAX_MB} MB.`);
      expect(attached).toMatchObject({
        status: 422,
        body: "The file did not reach the store: pick the report and upload it again.",
      });
    }
    expect(await store().stat(key)).toBeNull();
    expect((await itemOf(reference, day)).report).toBeNull();
  });

  (inBucket ? it.skip : it)(
    "answers the next request normally after refusing an upload too large, sent in chunks (3 of 3)",
    async () => {
      const { reference } = await visitUnderWay();
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        const { url, maxBytes } = await uploadLink(reference);
        // A megabyte past the limit the desk was told, with no length announced.
        const refused = await chunkedPut(absolute(url), maxBytes + 1024 * 1024);
        expect(refused).toEqual({ status: 413, body: `A report can be at most ${maxBytes / 1024 / 1024} MB.` });
        // The next visitor, and the owner, are answered as ever.
        expect((await send(`${server.url}/api/desk/session`, { method: "GET" })).status).toBe(401);
        expect((await deskGet(server.url, "session", cookie)).status).toBe(200);
      }
    },
  );

  (inBucket ? it : it.skip)("says in the owner's words that the bucket refused a key it does not know", async () => {
    const wrongKey = s3ReportStore({ ...bucket!.env, REPORTS_S3_ACCESS_KEY_ID: "NOT-THE-BUCKETS-KEY" });
    const link = await wrongKey.uploadLink(`uploads/${signedBooking.reference}/${"a".repeat(22)}.pdf`, Date.now());
    const answer = await fetch(link, {
      method: "PUT",
      body: new Uint8Array(PDF),
      headers: { "Content-Type": "application/pdf", Origin: server.url },
    });
    // The answer carries the CORS rule's headers, so the desk's browser reads it.
    expect(answer.status).toBe(403);
    expect(answer.headers.get("access-control-allow-origin")).not.toBeNull();
    expect(uploadRefusal({ status: 403, body: await answer.text() }, { toBucket: true, site: server.url })).toBe(
      "The bucket refused the site's key (InvalidAccessKeyId): REPORTS_S3_ACCESS_KEY_ID or REPORTS_S3_SECRET_ACCESS_KEY is not a key of this bucket's account. Copy both again from the storage provider into the site's settings (docs/deploy.md, Inspection reports, steps 2 and 4), deploy again, then upload again.",
    );
  });

  it("deletes the report, from the store too, on the day its signed agreement goes, and the unsigned one's with its booking", async () => {
    const { reference } = signedBooking;
    const rows = await inDatabase((db) =>
      db.query<{ booking: string; object_key: string; delivered: Date; signed: Date; start_at: Date }>(
        `SELECT r.booking, r.object_key, b.report_delivered_at AS delivered, a.signed_at AS signed, b.start_at
         FROM reports r JOIN bookings b ON b.reference = r.booking LEFT JOIN agreements a ON a.booking = r.booking`,
      ),
    );
    const signed = rows.find((row) => row.booking === reference)!;
    const unsigned = rows.find((row) => !row.signed)!;
    const periods = periodsOf(retention);
    const bookingGoes = goesOn(new Date(unsigned.start_at).getTime(), periods.bookings);
    const agreementGoes = agreementGoesOn(
      {
        signedAt: new Date(signed.signed).getTime(),
        visitAt: new Date(signed.start_at).getTime(),
        deliveredAt: new Date(signed.delivered).getTime(),
        held: true,
      },
      retention,
    );
    expect(bookingGoes < agreementGoes).toBe(true);
    const pass = (day: string) => inDatabase((db) => enforceRetention(db, noonOn(day), retention, store()));
    const kept = async () =>
      (await inDatabase((db) => db.query<{ booking: string }>("SELECT booking FROM reports"))).map(
        (row) => row.booking,
      );

    // The unsigned report goes with its booking; the signed one stays with its agreement.
    expect(await pass(bookingGoes)).toMatchObject({ reports: rows.length - 1 });
    expect(await kept()).toEqual([reference]);
    expect(await store().stat(unsigned.object_key)).toBeNull();
    const dayBefore = new Date(noonOn(agreementGoes).getTime() - DAY_MS).toLocaleDateString("en-CA", {
      timeZone: MARYLAND,
    });
    expect(await pass(dayBefore)).toMatchObject({ reports: 0 });
    expect(await store().stat(signed.object_key)).not.toBeNull();
    expect(await pass(agreementGoes)).toMatchObject({ signedAgreements: 1, reports: 1 });
    expect(await kept()).toEqual([]);
    expect(await store().stat(signed.object_key)).toBeNull();
    if (bucket) expect(await bucket.keys()).toEqual([]);
    // Nothing is left to delete from the store.
    expect(await inDatabase((db) => db.query("SELECT * FROM report_objects_gone"))).toEqual([]);
  });
});
