/**
 * What the site keeps about one person, by their address: the queries behind their data page
 * (privacy/kept-data.ts) and their deletion (privacy/data-rights.ts).
 */
import { paymentsOfBookings } from "../../payment-ledger/server";
import { reportsOf } from "../../report/server";
import { mailboxOf } from "../../../lib/server/mail/mailbox-address";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { forgetBookingAgent, NEVER_HELD, type BookingStatus } from "../../booking/server";
import type { Queryable } from "../../../lib/server/db/database";
import { count, DATA_REQUESTS } from "./privacy-queries";

/** One e-mail kept for delivery, as the person it is about may read it. */
export interface KeptMail {
  message: string;
  to: string;
  subject: string;
  text: string;
  /** Whether it carried a calendar invitation. */
  invite: boolean;
  state: string;
  createdAt: string;
}

/**
 * The key of an address for a person's data rights: the address exactly as it was written, its
 * case aside. No "+tag" or dot is folded here (mailbox-address.ts folds them for the limits only):
 * where "+" is no sub-address, `x+tag@domain` is someone other than `x@domain`.
 */
export const addressKey = (address: string) => address.trim().toLowerCase();

/** One stored request about a mailbox, with its booking and its e-mails. */
export interface KeptRequest {
  reference: string;
  kind: string;
  receivedAt: string;
  record: Record<string, unknown>;
  booking: { status: BookingStatus; start: string } | null;
  mails: KeptMail[];
  /** What was paid for its booking and refunded, oldest first (none for other records). */
  payments?: KeptPayment[];
}

export interface KeptPayment {
  kind: "payment" | "refund";
  method: "online" | "cash" | "check" | "card-terminal";
  amountCents: number;
  recordedAt: string;
}

interface KeptRow extends Record<string, unknown> {
  reference: string;
  kind: string;
  received_at: Date;
  record: Record<string, unknown>;
  status: BookingStatus | null;
  start_at: Date | null;
}

/** An address of a stored record, as its key: the client's (or a message's sender's), or an agent's. */
function addressOf(record: Record<string, unknown>, field: "email" | "agentEmail" = "email"): string | null {
  const fields = (record.request ?? record.message ?? record) as Record<string, unknown>;
  const address = fields[field];
  return typeof address === "string" && address ? addressKey(address) : null;
}

async function mailsOf(
  db: Queryable,
  where: string,
  params: unknown[],
): Promise<Array<KeptMail & { reference: string }>> {
  const rows = await db.query<{
    reference: string;
    message: string;
    mail: MailMessage;
    state: string;
    created_at: Date;
  }>(
    `SELECT reference, message, mail, state, created_at FROM deliveries WHERE ${where} ORDER BY created_at, position`,
    params,
  );
  return rows.map((row) => ({
    reference: row.reference,
    message: row.message,
    to: row.mail.to,
    subject: row.mail.subject,
    text: row.mail.text,
    invite: Boolean(row.mail.calendar),
    state: row.state,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/**
 * Everything kept about an address (its key, `addressKey`): the requests and messages it sent
 * (with their bookings, their changes and every e-mail of each), the client's requests in which
 * it is the agent (`asAgent`: only the agent's own fields are shown of them), the other e-mails
 * that went to it, and its asks about its data.
 *
 * The address is matched in code: a small business keeps a few thousand requests, and an address
 * inside a record's JSON has no index.
 */
export async function keptAbout(
  db: Queryable,
  address: string,
): Promise<{
  requests: KeptRequest[];
  otherMails: KeptMail[];
  agreements: KeptAgreement[];
  asAgent: KeptRequest[];
  reports: KeptReport[];
}> {
  const rows = await db.query<KeptRow>(
    `SELECT r.reference, r.kind, r.received_at, r.record, b.status, b.start_at
     FROM requests AS r LEFT JOIN bookings AS b ON b.reference = r.reference
     WHERE r.kind IN ('schedule-requests', 'contact-messages') OR (r.kind = 'data-requests' AND r.record->>'mailbox' = $1)
     ORDER BY r.received_at, r.reference`,
    [address],
  );
  const own = rows.filter((row) => row.kind === DATA_REQUESTS || addressOf(row.record) === address);
  const asAgent = rows.filter((row) => !own.includes(row) && addressOf(row.record, "agentEmail") === address);
  const references = own.map((row) => row.reference);
  const changes = await db.query<KeptRow>(
    `SELECT reference, kind, received_at, record, NULL AS status, NULL AS start_at FROM requests
     WHERE kind = 'booking-changes' AND record->>'booking' = ANY($1::text[]) ORDER BY received_at`,
    [references],
  );
  const all = [...own, ...changes];
  const mails = await mailsOf(db, `reference = ANY($1::text[]) OR ${MAIL_TO} = $2`, [
    all.map((row) => row.reference),
    address,
  ]);
  const ours = new Set(all.map((row) => row.reference));
  const payments = await paymentsOfBookings(db, references);
  const kept = (row: KeptRow): KeptRequest => ({
    reference: row.reference,
    kind: row.kind,
    receivedAt: new Date(row.received_at).toISOString(),
    record: row.record,
    booking: row.status && row.start_at ? { status: row.status, start: new Date(row.start_at).toISOString() } : null,
    mails: mails.filter((mail) => mail.reference === row.reference).map(({ reference: _, ...mail }) => mail),
    payments: payments.filter((payment) => payment.booking === row.reference).map(({ booking: _, ...paid }) => paid),
  });
  const agreements = await agreementsOf(db, address);
  const reports = await reportsOf(db, [...references, ...agreements.map((agreement) => agreement.booking)]);
  return {
    requests: all.map(kept),
    otherMails: mails.filter((mail) => !ours.has(mail.reference)).map(({ reference: _, ...mail }) => mail),
    agreements,
    asAgent: asAgent.map((row) => ({ ...kept(row), mails: [], payments: [] })),
    reports: reports.map(({ booking, size, uploadedAt }) => ({ booking, size, uploadedAt })),
  };
}

/** The inspection report of one of the address's bookings: kept with its booking, then with its signed agreement. */
export interface KeptReport {
  booking: string;
  size: number;
  uploadedAt: string;
}

/** The address an e-mail was sent to, as its key, in SQL. */
const MAIL_TO = "lower(btrim(mail->>'to'))";

/** A signed agreement of a mailbox's booking: kept for the law's period whatever its client asks. */
export interface KeptAgreement {
  booking: string;
  version: string;
  signerName: string;
  signedAt: string;
  /** The visit it was signed for, from which its period counts (a month after it: the delivery at the latest). */
  visitAt: string;
  /** The report's delivery, where the desk recorded it: the period then counts from it. */
  deliveredAt?: string | null;
  /**
   * False for a visit that never took place: its booking cancelled or expired, or gone before it
   * was confirmed. The agreement is then kept by the shorter rule (due-days.ts, agreementGoesOn).
   */
  held?: boolean;
}

/**
 * The signed agreements of an address's bookings, whether the booking is still kept or not: by the
 * address the client booked with, kept with the signature (migration 0006). A signature stored
 * before that and whose request has gone since is found by the booking's mailbox key
 * (agreement_visits.mailbox, folded as mailbox-address.ts folds), the one thing kept of it.
 */
export async function agreementsOf(db: Queryable, address: string): Promise<KeptAgreement[]> {
  const rows = await db.query<{
    booking: string;
    version: string;
    signer_name: string;
    signed_at: Date;
    visit_at: Date;
    delivered_at: Date | null;
    held: boolean;
  }>(
    `SELECT a.booking, a.version, a.signer_name, a.signed_at, coalesce(b.start_at, v.visit_at) AS visit_at,
       coalesce(b.report_delivered_at, v.delivered_at) AS delivered_at,
       CASE WHEN b.reference IS NOT NULL THEN b.status <> ALL($3::text[]) ELSE coalesce(v.held, true) END AS held
     FROM agreements AS a LEFT JOIN bookings AS b ON b.reference = a.booking
       LEFT JOIN requests AS r ON r.reference = a.booking
       LEFT JOIN agreement_visits AS v ON v.booking = a.booking
     WHERE a.client_email = $1
        OR (a.client_email IS NULL AND (lower(btrim(r.record->'request'->>'email')) = $1 OR (r.reference IS NULL AND v.mailbox = $2)))
     ORDER BY a.signed_at`,
    [address, mailboxOf(address), NEVER_HELD],
  );
  return rows.map((row) => ({
    booking: row.booking,
    version: row.version,
    signerName: row.signer_name,
    signedAt: new Date(row.signed_at).toISOString(),
    visitAt: new Date(row.visit_at).toISOString(),
    deliveredAt: row.delivered_at ? new Date(row.delivered_at).toISOString() : null,
    held: row.held,
  }));
}

/** Deletes requests (their e-mails and bookings go with them), and the other e-mails to an address outside `keep`. */
export async function deleteKept(
  tx: Queryable,
  references: readonly string[],
  address: string,
  keep: readonly string[],
): Promise<{ requests: number; mails: number }> {
  // Bookings before their e-mails, as every transaction takes them (docs/architecture.md): the
  // cascade below reaches the e-mails first.
  await tx.query("SELECT 1 FROM bookings WHERE reference = ANY($1::text[]) ORDER BY reference FOR UPDATE", [
    references,
  ]);
  const requests = await count(
    tx,
    "WITH gone AS (DELETE FROM requests WHERE reference = ANY($1::text[]) RETURNING 1) SELECT count(*)::integer AS count FROM gone",
    [references],
  );
  const mails = await count(
    tx,
    `WITH gone AS (DELETE FROM deliveries WHERE ${MAIL_TO} = $1 AND NOT (reference = ANY($2::text[])) RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [address, keep],
  );
  return { requests, mails };
}

/** The agent's own fields of a client's request, blanked when the agent asks. */
const AGENT_FIELDS = ["agentName", "agentEmail", "agentPhone"] as const;
const BLANKED = "(deleted at the agent's request)";

/**
 * Blanks an agent's own name, e-mail and phone in the clients' requests `references`, their bookings, and in the
 * e-mails kept with them (the business's copy lists them): the client's request stays the
 * client's, with only the fact that an agent booked it. Returns how many requests were changed.
 */
export async function blankAgent(
  tx: Queryable,
  references: readonly string[],
  address: string,
  now: string,
): Promise<number> {
  let changed = 0;
  for (const reference of references) {
    // The booking's row first, as every transaction takes the two (docs/architecture.md).
    await forgetBookingAgent(tx, reference, address, now);
    const [row] = await tx.query<{ record: { request?: Record<string, unknown> } }>(
      "SELECT record FROM requests WHERE reference = $1 FOR UPDATE",
      [reference],
    );
    const request = row?.record.request;
    if (!request || addressOf(row.record, "agentEmail") !== address) continue;
    const values = AGENT_FIELDS.map((field) => request[field]).filter(
      (value): value is string => typeof value === "string" && value !== "",
    );
    const blanked = { ...row.record, request: { ...request, ...Object.fromEntries(AGENT_FIELDS.map((f) => [f, ""])) } };
    await tx.query("UPDATE requests SET record = $2 WHERE reference = $1", [reference, JSON.stringify(blanked)]);
    const mails = await tx.query<{ message: string; mail: MailMessage }>(
      "SELECT message, mail FROM deliveries WHERE reference = $1",
      [reference],
    );
    for (const { message, mail } of mails) {
      const text = values.reduce((each, value) => each.replaceAll(value, BLANKED), mail.text);
      if (text === mail.text) continue;
      await tx.query("UPDATE deliveries SET mail = $3 WHERE reference = $1 AND message = $2", [
        reference,
        message,
        JSON.stringify({ ...mail, text }),
      ]);
    }
    changed += 1;
  }
  return changed;
}
