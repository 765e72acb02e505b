/**
 * The queries of privacy: the daily retention pass (the table `retention_runs`), the asks for a
 * link to one's data (`data_requests`), and what the site keeps about one mailbox.
 */
import { mailboxOf } from "../mail/mailbox-address";
import type { MailMessage } from "../mail/mailer";
import type { BookingStatus } from "./bookings";
import type { Queryable } from "./database";

export const DATA_REQUESTS = "data-requests";

/** How many records of each kind one pass deleted: all a run of the pass keeps. */
export interface RetentionCounts {
  contactMessages: number;
  requestsNotBooked: number;
  bookings: number;
  bookingChanges: number;
  dataRequests: number;
  signedAgreements: number;
  /** Asks for a link older than two days (the limits only read the last day). */
  linkAsks: number;
}

/**
 * Claims `day` for the pass, in the transaction that will run it: false when a pass of that day
 * has run, or is running on another server (this waits for it, then finds its row).
 */
export async function claimRetentionDay(tx: Queryable, day: string, now: string): Promise<boolean> {
  const rows = await tx.query(
    "INSERT INTO retention_runs (day, ran_at, deleted) VALUES ($1, $2, '{}') ON CONFLICT (day) DO NOTHING RETURNING day",
    [day, now],
  );
  return rows.length === 1;
}

export async function recordRetentionRun(tx: Queryable, day: string, counts: RetentionCounts): Promise<void> {
  await tx.query("UPDATE retention_runs SET deleted = $2 WHERE day = $1", [day, JSON.stringify(counts)]);
}

/** The passes run, latest first: the day and the counts. */
export async function retentionRuns(db: Queryable): Promise<Array<{ day: string; deleted: RetentionCounts }>> {
  const rows = await db.query<{ day: string; deleted: RetentionCounts }>(
    "SELECT to_char(day, 'YYYY-MM-DD') AS day, deleted FROM retention_runs ORDER BY day DESC",
  );
  return rows;
}

const count = async (tx: Queryable, sql: string, params: unknown[]) =>
  (await tx.query<{ count: number }>(sql, params))[0]?.count ?? 0;

/**
 * Deletes every record whose period is over, with its e-mails, invites and booking (they go with
 * their request: ON DELETE CASCADE). `dueBefore` gives, for each kind, the instant before which
 * what it counts from makes it due: worked out in code (privacy/due-days.ts), as the data page's
 * date is, so the two never disagree; here it is only compared.
 */
export async function deleteDue(
  tx: Queryable,
  now: string,
  dueBefore: Record<Exclude<keyof RetentionCounts, "bookingChanges" | "linkAsks">, string>,
): Promise<RetentionCounts> {
  /** Runs a DELETE and counts its rows; in it, `ended` is the instant given. */
  const deleted = (sql: string, ended?: string) =>
    count(
      tx,
      `WITH gone AS (${sql.replaceAll("ended", "$1::timestamptz")} RETURNING 1)
       SELECT count(*)::integer AS count FROM gone`,
      ended === undefined ? [] : [ended],
    );

  const contactMessages = await deleted(
    "DELETE FROM requests WHERE kind = 'contact-messages' AND received_at < ended",
    dueBefore.contactMessages,
  );
  // A booking counts from the day of the visit; its e-mails, invites and row go with its request.
  const bookings = await deleted(
    `DELETE FROM requests AS r USING bookings AS b
     WHERE b.reference = r.reference AND b.status = 'booked' AND b.start_at < ended`,
    dueBefore.bookings,
  );
  // Never a visit: a call-back request, or a booking never confirmed, expired or cancelled.
  const requestsNotBooked = await deleted(
    `DELETE FROM requests AS r WHERE r.kind = 'schedule-requests' AND r.received_at < ended
     AND NOT EXISTS (SELECT 1 FROM bookings AS b WHERE b.reference = r.reference AND b.status = 'booked')`,
    dueBefore.requestsNotBooked,
  );
  // A booking's changes are requests of their own that name it: they go when it has gone.
  const bookingChanges = await deleted(
    `DELETE FROM requests AS c WHERE c.kind = 'booking-changes'
     AND NOT EXISTS (SELECT 1 FROM requests AS r WHERE r.reference = c.record->>'booking')`,
  );
  const dataRequests = await deleted(
    `DELETE FROM requests WHERE kind = 'data-requests' AND received_at < ended`,
    dueBefore.dataRequests,
  );
  // A signed agreement outlives its booking, whose visit the database then keeps (agreement_visits);
  // its period counts from the visit (a month added to it in due-days.ts).
  const signedAgreements = await deleted(
    `DELETE FROM agreements AS a USING agreement_visits AS v
     WHERE v.booking = a.booking AND v.visit_at < ended`,
    dueBefore.signedAgreements,
  );
  await tx.query(
    "DELETE FROM agreement_visits AS v WHERE NOT EXISTS (SELECT 1 FROM agreements AS a WHERE a.booking = v.booking)",
  );
  const linkAsks = await count(
    tx,
    `WITH gone AS (DELETE FROM data_requests WHERE requested_at <= $1::timestamptz - interval '2 days' RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [now],
  );
  return { contactMessages, requestsNotBooked, bookings, bookingChanges, dataRequests, signedAgreements, linkAsks };
}

/** How many links went to a mailbox, and how many asks came from a client address, since `since`. */
export async function linkAsksSince(
  tx: Queryable,
  { mailbox, client, since }: { mailbox: string; client: string; since: string },
): Promise<{ sentToMailbox: number; fromClient: number }> {
  const [row] = await tx.query<{ sent_to_mailbox: number; from_client: number }>(
    `SELECT count(*) FILTER (WHERE mailbox = $1 AND reference IS NOT NULL)::integer AS sent_to_mailbox,
            count(*) FILTER (WHERE client = $2)::integer AS from_client
     FROM data_requests WHERE requested_at > $3 AND (mailbox = $1 OR client = $2)`,
    [mailbox, client, since],
  );
  return { sentToMailbox: row?.sent_to_mailbox ?? 0, fromClient: row?.from_client ?? 0 };
}

export async function insertLinkAsk(
  tx: Queryable,
  ask: { mailbox: string; client: string; at: string; reference: string | null },
): Promise<void> {
  await tx.query("INSERT INTO data_requests (mailbox, client, requested_at, reference) VALUES ($1, $2, $3, $4)", [
    ask.mailbox,
    ask.client,
    ask.at,
    ask.reference,
  ]);
}

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

/** One stored request about a mailbox, with its booking and its e-mails. */
export interface KeptRequest {
  reference: string;
  kind: string;
  receivedAt: string;
  record: Record<string, unknown>;
  booking: { status: BookingStatus; start: string } | null;
  mails: KeptMail[];
}

interface KeptRow extends Record<string, unknown> {
  reference: string;
  kind: string;
  received_at: Date;
  record: Record<string, unknown>;
  status: BookingStatus | null;
  start_at: Date | null;
}

/** The visitor's own e-mail address in a stored record: the client's in a request, the sender's in a message. */
function addressOf(record: Record<string, unknown>): string | null {
  const fields = (record.request ?? record.message ?? record) as { email?: unknown };
  return typeof fields.email === "string" ? fields.email : null;
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
 * Everything kept about a mailbox: the requests and messages it sent (with their bookings, their
 * changes and every e-mail of each), the other e-mails that went to it, and its asks about its data.
 *
 * The address is matched as the mailbox it reaches (mailbox-address.ts), in code: a small
 * business keeps a few thousand requests, and the spellings one mailbox answers to cannot be
 * matched by an index.
 */
export async function keptAbout(
  db: Queryable,
  mailbox: string,
): Promise<{ requests: KeptRequest[]; otherMails: KeptMail[]; agreements: KeptAgreement[] }> {
  const rows = await db.query<KeptRow>(
    `SELECT r.reference, r.kind, r.received_at, r.record, b.status, b.start_at
     FROM requests AS r LEFT JOIN bookings AS b ON b.reference = r.reference
     WHERE r.kind IN ('schedule-requests', 'contact-messages') OR (r.kind = 'data-requests' AND r.record->>'mailbox' = $1)
     ORDER BY r.received_at, r.reference`,
    [mailbox],
  );
  const own = rows.filter((row) => {
    if (row.kind === DATA_REQUESTS) return true;
    const address = addressOf(row.record);
    return address !== null && mailboxOf(address) === mailbox;
  });
  const references = own.map((row) => row.reference);
  const changes = await db.query<KeptRow>(
    `SELECT reference, kind, received_at, record, NULL AS status, NULL AS start_at FROM requests
     WHERE kind = 'booking-changes' AND record->>'booking' = ANY($1::text[]) ORDER BY received_at`,
    [references],
  );
  const all = [...own, ...changes];
  const mails = await mailsOf(db, "reference = ANY($1::text[]) OR mailbox = $2", [
    all.map((row) => row.reference),
    mailbox,
  ]);
  const ours = new Set(all.map((row) => row.reference));
  return {
    requests: all.map((row) => ({
      reference: row.reference,
      kind: row.kind,
      receivedAt: new Date(row.received_at).toISOString(),
      record: row.record,
      booking: row.status && row.start_at ? { status: row.status, start: new Date(row.start_at).toISOString() } : null,
      mails: mails.filter((mail) => mail.reference === row.reference).map(({ reference: _, ...mail }) => mail),
    })),
    otherMails: mails.filter((mail) => !ours.has(mail.reference)).map(({ reference: _, ...mail }) => mail),
    agreements: await agreementsOf(db, mailbox),
  };
}

/** A signed agreement of a mailbox's booking: kept for the law's period whatever its client asks. */
export interface KeptAgreement {
  booking: string;
  version: string;
  signerName: string;
  signedAt: string;
  /** The visit it was signed for, from which its period counts (a month after it: the delivery at the latest). */
  visitAt: string;
}

/** The signed agreements of a mailbox's bookings, whether the booking is still kept or not. */
export async function agreementsOf(db: Queryable, mailbox: string): Promise<KeptAgreement[]> {
  const rows = await db.query<{
    booking: string;
    version: string;
    signer_name: string;
    signed_at: Date;
    visit_at: Date;
  }>(
    `SELECT a.booking, a.version, a.signer_name, a.signed_at, coalesce(b.start_at, v.visit_at) AS visit_at
     FROM agreements AS a LEFT JOIN bookings AS b ON b.reference = a.booking
       LEFT JOIN agreement_visits AS v ON v.booking = a.booking
     WHERE b.mailbox = $1 OR v.mailbox = $1 ORDER BY a.signed_at`,
    [mailbox],
  );
  return rows.map((row) => ({
    booking: row.booking,
    version: row.version,
    signerName: row.signer_name,
    signedAt: new Date(row.signed_at).toISOString(),
    visitAt: new Date(row.visit_at).toISOString(),
  }));
}

/** Deletes requests (their e-mails and bookings go with them), and the other e-mails to a mailbox outside `keep`. */
export async function deleteKept(
  tx: Queryable,
  references: readonly string[],
  mailbox: string,
  keep: readonly string[],
): Promise<{ requests: number; mails: number }> {
  const requests = await count(
    tx,
    "WITH gone AS (DELETE FROM requests WHERE reference = ANY($1::text[]) RETURNING 1) SELECT count(*)::integer AS count FROM gone",
    [references],
  );
  const mails = await count(
    tx,
    `WITH gone AS (DELETE FROM deliveries WHERE mailbox = $1 AND NOT (reference = ANY($2::text[])) RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [mailbox, keep],
  );
  return { requests, mails };
}
