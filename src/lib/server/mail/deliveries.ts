/**
 * Where each e-mail's delivery stands (the table `deliveries`). A sender claims the e-mails that
 * are due with FOR UPDATE SKIP LOCKED and a lease, so any number of processes and the scheduled
 * function on Netlify each take different ones; a sender that dies leaves its claim to lapse.
 */
import type { MailMessage } from "./mailer";
import type { Queryable } from "../db/database";

export interface DueMail {
  reference: string;
  message: string;
  from: string;
  mail: MailMessage;
  attempts: number;
  claim: string;
}

export interface DeliveryState {
  /** The e-mail's own number, never reused (the local mail view's). */
  number: number;
  reference: string;
  message: string;
  to: string;
  subject: string;
  transport: "smtp" | "local";
  state: "pending" | "sent" | "failed";
  /** "sending" while a sender holds it. */
  sending: boolean;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/**
 * Claims up to `limit` due e-mails (of one request, or any) for `claim` until `until`; returns
 * them, the business's first within each request.
 */
export async function claimDue(
  db: Queryable,
  {
    claim,
    now,
    until,
    limit,
    reference,
  }: { claim: string; now: string; until: string; limit: number; reference?: string },
): Promise<DueMail[]> {
  const rows = await db.query<{
    reference: string;
    message: string;
    mail: MailMessage & { from: string };
    attempts: number;
    position: number;
  }>(
    `UPDATE deliveries AS d SET claim = $1, claimed_until = $3
     FROM (
       SELECT reference, message FROM deliveries
       WHERE state = 'pending' AND due_at <= $2 AND (claimed_until IS NULL OR claimed_until <= $2)
         AND ($5::text IS NULL OR reference = $5)
       ORDER BY due_at, position
       LIMIT $4
       FOR UPDATE SKIP LOCKED
     ) AS due
     WHERE d.reference = due.reference AND d.message = due.message
     RETURNING d.reference, d.message, d.mail, d.attempts, d.position`,
    [claim, now, until, limit, reference ?? null],
  );
  return rows
    .sort((a, b) => Number(a.position) - Number(b.position))
    .map(({ mail: { from, ...mail }, ...row }) => ({
      reference: row.reference,
      message: row.message,
      from,
      mail,
      attempts: row.attempts,
      claim,
    }));
}

export type Outcome =
  | { event: "sent"; at: string }
  | { event: "failed"; at: string; error: string; permanent: boolean; retryAt: string; giveUpAfter: number };

/**
 * Records what happened to a claimed e-mail, if the claim still holds it (a sender whose lease
 * lapsed and was replaced records nothing). Returns the state it is left in, or null.
 */
export async function finishDelivery(
  db: Queryable,
  reference: string,
  message: string,
  claim: string,
  outcome: Outcome,
): Promise<"sent" | "pending" | "failed" | null> {
  if (outcome.event === "sent") {
    const rows = await db.query<{ state: "sent" }>(
      `UPDATE deliveries SET state = 'sent', sent_at = $4, claim = NULL, claimed_until = NULL
       WHERE reference = $1 AND message = $2 AND claim = $3 AND state = 'pending' RETURNING state`,
      [reference, message, claim, outcome.at],
    );
    return rows[0]?.state ?? null;
  }
  const rows = await db.query<{ state: "pending" | "failed" }>(
    `UPDATE deliveries SET
       attempts = attempts + 1,
       refusals = refusals + $5::integer,
       last_error = $4,
       state = CASE WHEN refusals + $5::integer >= $7 THEN 'failed' ELSE 'pending' END,
       due_at = $6, claim = NULL, claimed_until = NULL
     WHERE reference = $1 AND message = $2 AND claim = $3 AND state = 'pending' RETURNING state`,
    [reference, message, claim, outcome.error, outcome.permanent ? 1 : 0, outcome.retryAt, outcome.giveUpAfter],
  );
  return rows[0]?.state ?? null;
}

/** Every e-mail's state, oldest first (of one request, or all): the owner's view and the tests. */
export async function deliveryStates(db: Queryable, now: string, reference?: string): Promise<DeliveryState[]> {
  const rows = await db.query<{
    number: string;
    reference: string;
    message: string;
    mail: MailMessage;
    transport: "smtp" | "local";
    state: "pending" | "sent" | "failed";
    sending: boolean;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
    created_at: Date;
  }>(
    `SELECT number, reference, message, mail, transport, state, attempts, last_error, sent_at, created_at,
            (state = 'pending' AND claimed_until > $1) AS sending
     FROM deliveries WHERE ($2::text IS NULL OR reference = $2) ORDER BY created_at, reference, position`,
    [now, reference ?? null],
  );
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return rows.map((row) => ({
    number: Number(row.number),
    reference: row.reference,
    message: row.message,
    to: row.mail.to,
    subject: row.mail.subject,
    transport: row.transport,
    state: row.state,
    sending: row.sending,
    attempts: row.attempts,
    lastError: row.last_error,
    sentAt: iso(row.sent_at),
    createdAt: iso(row.created_at)!,
  }));
}

/** The whole e-mail as stored, for the local mail view. */
export async function storedMail(
  db: Queryable,
  reference: string,
  message: string,
): Promise<(MailMessage & { from: string }) | null> {
  const [row] = await db.query<{ mail: MailMessage & { from: string } }>(
    "SELECT mail FROM deliveries WHERE reference = $1 AND message = $2",
    [reference, message],
  );
  return row?.mail ?? null;
}

/** The latest e-mail of one kind kept for a mailbox: the local mail view's link, and the tests'. */
export async function lastMailTo(
  db: Queryable,
  mailbox: string,
  message: string,
): Promise<(MailMessage & { from: string }) | null> {
  const [row] = await db.query<{ mail: MailMessage & { from: string } }>(
    "SELECT mail FROM deliveries WHERE mailbox = $1 AND message = $2 ORDER BY created_at DESC LIMIT 1",
    [mailbox, message],
  );
  return row?.mail ?? null;
}

/**
 * A pending booking none of whose confirmations can be delivered (each refused for good) lets
 * its time go: nobody could confirm it. It runs in the transaction that records the last refusal
 * (delivery.ts), so the outbox holds this one statement about the bookings table rather than
 * importing the booking code that every function bundle would then carry.
 */
export async function expireUndeliverable(db: Queryable, reference: string, now: string): Promise<void> {
  await db.query(
    `UPDATE bookings SET status = 'expired', sequence = sequence + 1, updated_at = $2
     WHERE reference = $1 AND status = 'pending' AND NOT EXISTS (
       SELECT 1 FROM deliveries WHERE reference = $1 AND message IN ('confirmation', 'agentConfirmation') AND state <> 'failed')`,
    [reference, now],
  );
}
