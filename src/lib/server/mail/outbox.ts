/**
 * Stored requests and the e-mails each should produce (the tables `requests` and `deliveries`).
 * A request, its e-mails and its booking are written in one transaction: all are stored, or none.
 */
import type { MailMessage } from "./mailer";
import type { Queryable } from "../db/database";
import type { Read } from "../db/one-trip";
import { noteStoredMail } from "./own-mail";

/**
 * The e-mails of a request: to the business, the confirmation, a copy of it to an agent who booked,
 * and one to an agent the client asked us to copy.
 */
export type MessageName = "business" | "confirmation" | "agentConfirmation" | "agentCopy";

export interface StoredRequest {
  kind: string;
  reference: string;
  receivedAt: string;
  record: Record<string, unknown>;
  answer: { status: number; body: object };
  idempotencyKey: string | null;
  fingerprint: string | null;
}

interface RequestRow extends Record<string, unknown> {
  kind: string;
  reference: string;
  received_at: Date;
  record: Record<string, unknown>;
  answer: { status: number; body: object };
  idempotency_key: string | null;
  fingerprint: string | null;
}

const fromRow = (row: RequestRow): StoredRequest => ({
  kind: row.kind,
  reference: row.reference,
  receivedAt: new Date(row.received_at).toISOString(),
  record: row.record,
  answer: row.answer,
  idempotencyKey: row.idempotency_key,
  fingerprint: row.fingerprint,
});

/** The request stored under an Idempotency-Key, if any. */
export async function findByKey(db: Queryable, kind: string, key: string): Promise<StoredRequest | null> {
  const [row] = await db.query<RequestRow>("SELECT * FROM requests WHERE kind = $1 AND idempotency_key = $2", [
    kind,
    key,
  ]);
  return row ? fromRow(row) : null;
}

export async function findRequest(db: Queryable, reference: string): Promise<StoredRequest | null> {
  const [row] = await db.query<RequestRow>("SELECT * FROM requests WHERE reference = $1", [reference]);
  return row ? fromRow(row) : null;
}

/** Every stored request, oldest first: for the owner's view and the tests. */
export async function allRequests(db: Queryable): Promise<StoredRequest[]> {
  return (await db.query<RequestRow>("SELECT * FROM requests ORDER BY received_at, reference")).map(fromRow);
}

/** One e-mail to store with its request. */
export interface OutgoingMail {
  message: MessageName | string;
  /** The mailbox it reaches, as a key for the confirmations limit. */
  mailbox: string;
  from: string;
  mail: MailMessage;
  /** smtp: to be sent through SMTP_URL; local: kept for the local mail view. */
  transport: "smtp" | "local";
}

/**
 * Stores a request's e-mails, in the order given, in one statement however many there are (none
 * included): the desk's sign-in asks run the same statements whether they store an e-mail or not.
 */
export async function insertDeliveries(
  tx: Queryable,
  reference: string,
  mails: readonly OutgoingMail[],
  now: string,
): Promise<void> {
  await tx.query(`INSERT INTO deliveries ${DELIVERIES_FROM("$1", "$2", "$3")}`, [
    reference,
    now,
    deliveryRows(reference, mails),
  ]);
}

/**
 * Stores a request and, in the same statement (one round trip to the database), the e-mails it
 * sends, due at `now`.
 */
export async function insertRequest(
  tx: Queryable,
  request: StoredRequest,
  mails: readonly OutgoingMail[] = [],
  now: string = request.receivedAt,
): Promise<void> {
  await tx.query(
    `WITH request AS (
       INSERT INTO requests (reference, kind, idempotency_key, fingerprint, received_at, record, answer)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING reference)
     INSERT INTO deliveries ${DELIVERIES_FROM("request.reference", "$8", "$9", "request")}`,
    [
      request.reference,
      request.kind,
      request.idempotencyKey,
      request.fingerprint,
      request.receivedAt,
      JSON.stringify(request.record),
      JSON.stringify(request.answer),
      now,
      deliveryRows(request.reference, mails),
    ],
  );
}

/** The e-mails as the rows of deliveries, in their order, as JSON; notes those to be sent. */
function deliveryRows(reference: string, mails: readonly OutgoingMail[]): string {
  const rows = mails.map((outgoing, position) => ({
    message: outgoing.message,
    mailbox: outgoing.mailbox,
    mail: { from: outgoing.from, ...outgoing.mail },
    transport: outgoing.transport,
    position,
  }));
  if (rows.some((row) => row.transport === "smtp")) noteStoredMail(reference);
  return JSON.stringify(rows);
}

/** The columns and rows of deliveries from `rows` (JSON); kept locally, an e-mail is delivered the moment it is stored. */
const DELIVERIES_FROM = (reference: string, now: string, rows: string, from?: string) =>
  `(reference, message, mailbox, mail, transport, state, due_at, sent_at, created_at, position)
   SELECT ${reference}, row.message, row.mailbox, row.mail, row.transport,
     CASE WHEN row.transport = 'local' THEN 'sent' ELSE 'pending' END, ${now}::timestamptz,
     CASE WHEN row.transport = 'local' THEN ${now}::timestamptz END, ${now}::timestamptz, row.position
   FROM ${from ? `${from}, ` : ""}jsonb_to_recordset(${rows}::jsonb)
     AS row(message text, mailbox text, mail jsonb, transport text, position integer)
   ORDER BY row.position`;

/**
 * What a request reads before it is stored, as a read to run with others (one-trip.ts): the request
 * stored earlier under its idempotency key, if any, and how many confirmations went to each of
 * `mailboxes` since `since` (ISO), whoever asked for them.
 */
export const earlierAndSentRead = (
  kind: string,
  key: string | null,
  mailboxes: readonly string[],
  since: string,
): Read<{ previous: StoredRequest | null; sent: Map<string, number> }> => ({
  sql: `SELECT r.*, (SELECT json_object_agg(c.mailbox, c.count) FROM (
         SELECT mailbox, count(*)::integer AS count FROM deliveries
         WHERE mailbox = ANY($3::text[]) AND created_at > $4
           AND message IN ('confirmation', 'agentConfirmation', 'agentCopy', 'change')
         GROUP BY mailbox) AS c) AS sent_to
     FROM (SELECT 1) AS one LEFT JOIN requests AS r ON r.kind = $1 AND r.idempotency_key = $2`,
  params: [kind, key, mailboxes, since],
  rows: (rows) => {
    const row = rows[0] as (RequestRow & { sent_to: Record<string, number> | null }) | undefined;
    return {
      previous: row?.reference ? fromRow(row) : null,
      sent: new Map(Object.entries(row?.sent_to ?? {}).map(([mailbox, count]) => [mailbox, Number(count)])),
    };
  },
});
