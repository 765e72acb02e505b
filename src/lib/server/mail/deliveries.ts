/**
 * Where each e-mail's delivery stands (the table `deliveries`). A sender claims the due e-mails with FOR UPDATE
 * SKIP LOCKED and a lease, so any number of processes each take different ones; a dead sender's claim lapses.
 * A lapsed claim is taken again only if its sender never reached the message: once the mail server said to go
 * ahead (`handed_over_at`), the e-mail is left 'maybe-sent', since a second confirmation or sign-in link is worse
 * than the owner's look at one that may be lost.
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

/**
 * pending: to be sent (again); sent: the mail server took it; failed: refused for good, or given
 * up; maybe-sent: its sender stopped after handing it to the mail server and before the answer,
 * so it is not sent again, and the owner sees it.
 */
export type DeliveryStateName = "pending" | "sent" | "failed" | "maybe-sent";

export interface DeliveryState {
  /** The e-mail's own number, never reused (the local mail view's). */
  number: number;
  reference: string;
  message: string;
  to: string;
  subject: string;
  transport: "smtp" | "local";
  state: DeliveryStateName;
  /** "sending" while a sender holds it. */
  sending: boolean;
  attempts: number;
  lastError: string | null;
  sentAt: string | null;
  createdAt: string;
}

/** What a lapsed claim whose message had been handed to the mail server is left saying. */
export const MAYBE_SENT_ERROR =
  "its sender stopped after the mail server took the message and before the server's answer: it may have been sent, so it is not sent again";

/**
 * Leaves 'maybe-sent' each e-mail (of `references`, or any) whose claim lapsed by `now` after its
 * message was handed to the mail server. The claim stays on the row, so a sender that was only
 * slow still records "sent" when the server's answer comes.
 */
export async function settleLapsedHandOvers(db: Queryable, now: string, references?: readonly string[]): Promise<void> {
  await db.query(
    `UPDATE deliveries SET state = 'maybe-sent', last_error = $3
     WHERE state = 'pending' AND handed_over_at IS NOT NULL AND claimed_until <= $1
       AND ($2::text[] IS NULL OR reference = ANY($2::text[]))`,
    [now, references ?? null, MAYBE_SENT_ERROR],
  );
}

/**
 * Claims up to `limit` due e-mails (of `references`, or any) for `claim` until `until`; returns
 * them, the business's first within each request. An e-mail handed to the mail server under a
 * claim that lapsed is settled as 'maybe-sent' first, never claimed again.
 */
export async function claimDue(
  db: Queryable,
  {
    claim,
    now,
    until,
    limit,
    references,
  }: { claim: string; now: string; until: string; limit: number; references?: readonly string[] },
): Promise<DueMail[]> {
  await settleLapsedHandOvers(db, now, references);
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
         AND handed_over_at IS NULL
         AND ($5::text[] IS NULL OR reference = ANY($5::text[]))
       ORDER BY due_at, position
       LIMIT $4
       FOR UPDATE SKIP LOCKED
     ) AS due
     WHERE d.reference = due.reference AND d.message = due.message
     RETURNING d.reference, d.message, d.mail, d.attempts, d.position`,
    [claim, now, until, limit, references ?? null],
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

/**
 * Extends a claim to `until` as its send begins, so the lease covers the whole send however long
 * the e-mails before it took; false when the claim no longer holds the e-mail (it lapsed and
 * another sender took it), and then it is not sent.
 */
export async function renewClaim(
  db: Queryable,
  due: Pick<DueMail, "reference" | "message" | "claim">,
  until: string,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE deliveries SET claimed_until = $4
     WHERE reference = $1 AND message = $2 AND claim = $3 AND state = 'pending' AND handed_over_at IS NULL
     RETURNING 1`,
    [due.reference, due.message, due.claim, until],
  );
  return rows.length > 0;
}

/** Gives a claimed e-mail back unsent, for the next pass to take at once (a pass out of time). */
export async function releaseClaim(
  db: Queryable,
  due: Pick<DueMail, "reference" | "message" | "claim">,
): Promise<void> {
  await db.query(
    `UPDATE deliveries SET claim = NULL, claimed_until = NULL
     WHERE reference = $1 AND message = $2 AND claim = $3 AND state = 'pending' AND handed_over_at IS NULL`,
    [due.reference, due.message, due.claim],
  );
}

/**
 * Records that the mail server said to go ahead with the message, before any of it leaves; fails
 * when the claim no longer holds the e-mail, so that no byte of it leaves then.
 */
export async function recordHandOver(
  db: Queryable,
  due: Pick<DueMail, "reference" | "message" | "claim">,
  at: string,
): Promise<void> {
  const rows = await db.query(
    `UPDATE deliveries SET handed_over_at = $4
     WHERE reference = $1 AND message = $2 AND claim = $3 AND state = 'pending' RETURNING 1`,
    [due.reference, due.message, due.claim, at],
  );
  if (!rows.length) throw new Error(`the claim on the ${due.message} e-mail for ${due.reference} was lost`);
}

export type Outcome =
  | { event: "sent"; at: string }
  | { event: "failed"; at: string; error: string; permanent: boolean; retryAt: string; giveUpAfter: number }
  /** The connection ended after the message was handed over, with no answer to it. */
  | { event: "unanswered"; at: string; error: string };

/**
 * Records what happened to a claimed e-mail, if the claim still holds it (a sender whose lease
 * lapsed and was replaced records nothing). Returns the state it is left in, or null. "sent" is
 * recorded on an e-mail its claim left 'maybe-sent' too: the server's answer came after all.
 */
export async function finishDelivery(
  db: Queryable,
  reference: string,
  message: string,
  claim: string,
  outcome: Outcome,
): Promise<DeliveryStateName | null> {
  if (outcome.event === "sent") {
    const rows = await db.query<{ state: "sent" }>(
      `UPDATE deliveries SET state = 'sent', sent_at = $4, claim = NULL, claimed_until = NULL, handed_over_at = NULL
       WHERE reference = $1 AND message = $2 AND claim = $3 AND state IN ('pending', 'maybe-sent') RETURNING state`,
      [reference, message, claim, outcome.at],
    );
    return rows[0]?.state ?? null;
  }
  if (outcome.event === "unanswered") {
    const rows = await db.query<{ state: "maybe-sent" }>(
      `UPDATE deliveries SET state = 'maybe-sent', attempts = attempts + 1, last_error = $4
       WHERE reference = $1 AND message = $2 AND claim = $3 AND state = 'pending' RETURNING state`,
      [reference, message, claim, `${MAYBE_SENT_ERROR} (${outcome.error})`],
    );
    return rows[0]?.state ?? null;
  }
  // A refusal: the server answered, so the message did not go; it may be tried again.
  const rows = await db.query<{ state: "pending" | "failed" }>(
    `UPDATE deliveries SET
       attempts = attempts + 1,
       refusals = refusals + $5::integer,
       last_error = $4,
       state = CASE WHEN refusals + $5::integer >= $7 THEN 'failed' ELSE 'pending' END,
       due_at = $6, claim = NULL, claimed_until = NULL, handed_over_at = NULL
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
    state: DeliveryStateName;
    sending: boolean;
    attempts: number;
    last_error: string | null;
    sent_at: Date | null;
    created_at: Date;
  }>(
    // A claim that lapsed after its hand-over reads as what the next pass will settle it as.
    `SELECT number, reference, message, mail, transport, attempts, last_error, sent_at, created_at,
            CASE WHEN state = 'pending' AND handed_over_at IS NOT NULL AND claimed_until <= $1
              THEN 'maybe-sent' ELSE state END AS state,
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
