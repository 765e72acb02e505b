/**
 * The queries of privacy: the daily retention pass (the table `retention_runs`) and the asks for a
 * link to one's data (`data_requests`). What the site keeps about one person is in kept-about.ts.
 */
import { DESK_RECORDS_DAYS } from "../shared/desk-records";
import type { Queryable } from "../../../lib/server/db/database";

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
  /** The desk's records of signing in (asks for links, links and sign-in notices e-mailed) past DESK_RECORDS_DAYS. */
  deskSignIns: number;
  /** Inspection reports kept with neither their booking nor its signed agreement (report/report-retention.ts). */
  reports: number;
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

export const count = async (tx: Queryable, sql: string, params: unknown[]) =>
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
  dueBefore: Record<
    Exclude<keyof RetentionCounts, "bookingChanges" | "linkAsks" | "deskSignIns" | "reports">,
    string
  > & {
    signedAgreementsFromDelivery: string;
    signedAgreementsNeverHeld: string;
  },
): Promise<Omit<RetentionCounts, "reports">> {
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
  // A signed agreement outlives its booking, whose visit and report's delivery the database then
  // keeps (agreement_visits); its period counts from the delivery, or where none was recorded from
  // the visit (a month added to it in due-days.ts). One whose visit was never held counts from its
  // signature, by the shorter rule (due-days.ts, agreementGoesOn).
  const signedAgreements = await count(
    tx,
    `WITH gone AS (DELETE FROM agreements AS a USING agreement_visits AS v
       WHERE v.booking = a.booking AND CASE WHEN NOT v.held THEN a.signed_at < $3::timestamptz
         WHEN v.delivered_at IS NULL THEN v.visit_at < $1::timestamptz
         ELSE v.delivered_at < $2::timestamptz END RETURNING 1)
     SELECT count(*)::integer AS count FROM gone`,
    [dueBefore.signedAgreements, dueBefore.signedAgreementsFromDelivery, dueBefore.signedAgreementsNeverHeld],
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
  // The desk's and agents' sign-in records: each ask (the mailbox it was for, if any, and the client's
  // network address), and the requests of its e-mails, the link and the notice naming that address.
  const deskSince = `$1::timestamptz - make_interval(days => ${DESK_RECORDS_DAYS})`;
  const deskSignIns =
    (await count(
      tx,
      `WITH gone AS (DELETE FROM desk_links WHERE asked_at < ${deskSince} RETURNING 1) SELECT count(*)::integer AS count FROM gone`,
      [now],
    )) +
    (await count(
      tx,
      `WITH gone AS (DELETE FROM agent_links WHERE asked_at < ${deskSince} RETURNING 1) SELECT count(*)::integer AS count FROM gone`,
      [now],
    )) +
    (await count(
      tx,
      `WITH gone AS (DELETE FROM requests WHERE kind = 'desk-actions' AND record->>'type' IN ('desk-link', 'desk-sign-in', 'agent-link', 'agent-sign-in')
         AND received_at < ${deskSince} RETURNING 1) SELECT count(*)::integer AS count FROM gone`,
      [now],
    ));
  return {
    contactMessages,
    requestsNotBooked,
    bookings,
    bookingChanges,
    dataRequests,
    signedAgreements,
    linkAsks,
    deskSignIns,
  };
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
