/**
 * Bookings (the table `bookings`): each holds one inspector over a range of time, and the
 * exclusion constraint `bookings_no_overlap` refuses two live bookings of one inspector that
 * overlap. Live means pending (held until confirmed from the e-mailed link) or booked.
 */
import { MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import type { Busy } from "../shared/open-times";
import type { Queryable } from "../../../lib/server/db/database";
import { runRead, type Read } from "../../../lib/server/db/one-trip";
import { agentRoleOf, type AgentFields, type AgentRole } from "../shared/agent-copy";
import type { ScheduleRequest } from "../../../lib/request-schemas";

/** time_off: an inspector's time the owner took off on the desk (src/features/desk/server/time-off.ts), held like a booking. */
export type BookingStatus = "pending" | "booked" | "cancelled" | "expired" | "time_off";

/**
 * The states of a booking whose visit never takes place: cancelled (never after it started) or
 * expired unconfirmed. A signed agreement of such a booking is kept by the shorter rule.
 */
export const NEVER_HELD: readonly BookingStatus[] = ["cancelled", "expired"];

/** The job as its open times are worked out again when it is moved. */
export interface BookedJob {
  mainInspection: string;
  addOns: string[];
  waterPackages: string[];
  squareFeet: number;
  county: string;
}

/** What the owner's calendar shows of a booking: the address and the client. */
export interface OwnerEvent {
  summary: string;
  description: string;
  location: string;
}

/** Someone the booking names: the client as they gave themselves, or their agent. */
export interface BookingPerson {
  name: string;
  email: string;
  phone: string;
}

/** The agent named on a booking, and whether they hear of it: "booked" it, "copied" at the client's asking, or null. */
export interface BookingAgent extends BookingPerson {
  role: AgentRole | null;
}

export interface Booking {
  reference: string;
  inspector: number;
  /** RFC 3339 in Maryland's time. */
  start: string;
  onSiteMinutes: number;
  /** The held range, travel and buffer included (ms since 1970). */
  from: number;
  to: number;
  status: BookingStatus;
  confirmBy: string | null;
  /** The confirmation window it was booked with. */
  confirmWithinMinutes: number;
  mailbox: string;
  phone: string;
  property: string;
  job: BookedJob;
  ownerEvent: OwnerEvent;
  moves: number;
  sequence: number;
  createdAt: string;
  updatedAt: string;
  /** What it costs, in cents, from the server's quote when it was made; null for time off. */
  quotedCents: number | null;
  /** The client; null for time off. */
  client: BookingPerson | null;
  /** The agent the booking names, if any. */
  agent: BookingAgent | null;
  /** When the client said their agent may have the inspection report; null without it. */
  agentReportConsentAt: string | null;
  /** When the report was first delivered (desk, or the report's upload); null before. */
  reportDeliveredAt: string | null;
}

/** A bookings row as the queries read it (the desk reads a part of it with its request). */
export interface BookingRow extends Record<string, unknown> {
  reference: string;
  inspector: number;
  start_at: Date;
  on_site_minutes: number;
  held_from: Date;
  held_to: Date;
  status: BookingStatus;
  confirm_by: Date | null;
  confirm_within_minutes: number;
  mailbox: string;
  phone: string;
  property: string;
  job: BookedJob;
  owner_event: OwnerEvent;
  moves: number;
  sequence: number;
  created_at: Date;
  updated_at: Date;
  quoted_cents: number | null;
  client_name: string | null;
  client_email: string | null;
  client_phone: string | null;
  agent_name: string | null;
  agent_email: string | null;
  agent_phone: string | null;
  agent_role: AgentRole | null;
  agent_report_consent_at: Date | null;
  report_delivered_at: Date | null;
}

const COLUMNS = `reference, inspector, start_at, on_site_minutes, lower(during) AS held_from, upper(during) AS held_to,
  status, confirm_by, confirm_within_minutes, mailbox, phone, property, job, owner_event, moves, sequence, created_at, updated_at,
  quoted_cents, agent_report_consent_at, report_delivered_at,
  client_name, client_email, client_phone, agent_name, agent_email, agent_phone, agent_role`;

const iso = (value: Date) => new Date(value).toISOString();

const fromRow = (row: BookingRow): Booking => ({
  reference: row.reference,
  inspector: row.inspector,
  start: rfc3339(new Date(row.start_at).getTime(), MARYLAND),
  onSiteMinutes: row.on_site_minutes,
  from: new Date(row.held_from).getTime(),
  to: new Date(row.held_to).getTime(),
  status: row.status,
  confirmBy: row.confirm_by ? iso(row.confirm_by) : null,
  confirmWithinMinutes: row.confirm_within_minutes,
  mailbox: row.mailbox,
  phone: row.phone,
  property: row.property,
  job: row.job,
  ownerEvent: row.owner_event,
  moves: row.moves,
  sequence: row.sequence,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  quotedCents: row.quoted_cents,
  client:
    row.client_email === null
      ? null
      : { name: row.client_name ?? "", email: row.client_email, phone: row.client_phone ?? "" },
  agent:
    row.agent_name || row.agent_email
      ? { name: row.agent_name ?? "", email: row.agent_email ?? "", phone: row.agent_phone ?? "", role: row.agent_role }
      : null,
  agentReportConsentAt: row.agent_report_consent_at ? iso(row.agent_report_consent_at) : null,
  reportDeliveredAt: row.report_delivered_at ? iso(row.report_delivered_at) : null,
});

/**
 * A hold lapses at its `confirm_by`, set when it is made. Nothing expires holds in every
 * transaction (that UPDATE held the lapsed rows' locks to commit, and every booking waited on
 * every other): a lapsed hold is simply not live to the queries below (LIVE), and its row is
 * moved on where a transaction needs it: the one booking a change holds (`expireIfLapsed`), the
 * inspector's overlapping holds when an insert meets them (`expireLapsedOverlapping`), and the
 * rest by the periodic pass's sweep (hold-sweep.ts).
 */
const LAPSED = "status = 'pending' AND confirm_by <= $2";

/** The booking a change holds, expired if its hold has lapsed: one row, the one locked anyway. */
export async function expireIfLapsed(tx: Queryable, reference: string, now: string): Promise<void> {
  await tx.query(
    `UPDATE bookings SET status = 'expired', updated_at = $2, sequence = sequence + 1 WHERE reference = $1 AND ${LAPSED}`,
    [reference, now],
  );
}

/** An inspector's lapsed holds over a range, expired so that a new booking can take the time. */
export async function expireLapsedOverlapping(
  tx: Queryable,
  inspector: number,
  range: { from: number; to: number },
  now: string,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE bookings SET status = 'expired', updated_at = $2, sequence = sequence + 1
     WHERE inspector = $1 AND ${LAPSED} AND during && tstzrange($3, $4) RETURNING reference`,
    [inspector, now, new Date(range.from).toISOString(), new Date(range.to).toISOString()],
  );
  return rows.length;
}

/** Still live at `now`: booked, time off, or pending with its window open. */
const LIVE = "(status IN ('booked', 'time_off') OR (status = 'pending' AND (confirm_by IS NULL OR confirm_by > $1)))";

/**
 * A visit is done once its time on site has ended. It is derived from the booking's time, not
 * stored: nothing has to move a booking on after its visit, and no pass that failed to run can
 * leave one counted. `STILL_TO_COME` is the same rule in SQL, for `$1` as now; the two sit here
 * together so that they stay one rule.
 */
export const visitEnd = (booking: Pick<Booking, "start" | "onSiteMinutes">) =>
  Date.parse(booking.start) + booking.onSiteMinutes * 60_000;
const STILL_TO_COME = "start_at + make_interval(mins => on_site_minutes) > $1";

/** Where a booking stands for the owner at `now`: its status, or "done" for a booked visit that has passed. */
export type Standing = BookingStatus | "done";
export const standingOf = (booking: Booking, now: number): Standing =>
  booking.status === "booked" && visitEnd(booking) <= now ? "done" : booking.status;

/** The time held by live bookings between two instants, as a read to run with others (one-trip.ts). */
export const busyRead = (
  from: number,
  to: number,
  now: string,
  /** A booking being moved does not stand in its own way. */
  except?: string,
): Read<Busy[]> => ({
  // Instants as numbers (ms), which both drivers hand over without making a Date of each.
  sql: `SELECT inspector, (extract(epoch FROM lower(during)) * 1000)::float8 AS held_from,
            (extract(epoch FROM upper(during)) * 1000)::float8 AS held_to FROM bookings
     WHERE ${LIVE} AND during && tstzrange($2, $3) AND ($4::text IS NULL OR reference <> $4)`,
  params: [now, new Date(from).toISOString(), new Date(to).toISOString(), except ?? null],
  rows: (rows) =>
    (rows as Array<{ inspector: number; held_from: number; held_to: number }>).map((row) => ({
      inspector: Number(row.inspector),
      from: Number(row.held_from),
      to: Number(row.held_to),
    })),
});

/** The time held by live bookings between two instants, in one query. */
export async function busyBetween(
  db: Queryable,
  from: number,
  to: number,
  now: string,
  except?: string,
): Promise<Busy[]> {
  return runRead(db, busyRead(from, to, now, except));
}

export interface HolderCounts {
  mailbox: number;
  phone: number;
  property: number;
  propertyVisitOverlaps: boolean;
}

/**
 * What one holder already has, as a read to run with others (one-trip.ts): their live bookings
 * still to come, counted by mailbox, phone and property (the limits on holds), and whether a live
 * booking of the property has its visit (the time on site, not the travel) overlapping `visit`: a
 * second booking of one house at once is usually a mistake.
 */
export const holderBookingsRead = (
  who: { mailbox: string; phone: string; property: string },
  visit: { from: number; to: number },
  now: string,
): Read<HolderCounts> => ({
  sql: `SELECT count(*) FILTER (WHERE mailbox = $2 AND ${STILL_TO_COME})::integer AS mailbox,
            count(*) FILTER (WHERE phone = $3 AND ${STILL_TO_COME})::integer AS phone,
            count(*) FILTER (WHERE property = $4 AND ${STILL_TO_COME})::integer AS property,
            coalesce(bool_or(property = $4
              AND tstzrange(start_at, start_at + make_interval(mins => on_site_minutes)) && tstzrange($5, $6)), false)
              AS overlaps
     FROM bookings WHERE ${LIVE} AND (mailbox = $2 OR phone = $3 OR property = $4)`,
  params: [
    now,
    who.mailbox,
    who.phone,
    who.property,
    new Date(visit.from).toISOString(),
    new Date(visit.to).toISOString(),
  ],
  rows: (rows) => {
    const row = rows[0] as { mailbox: number; phone: number; property: number; overlaps: boolean };
    return {
      mailbox: Number(row.mailbox),
      phone: Number(row.phone),
      property: Number(row.property),
      propertyVisitOverlaps: Boolean(row.overlaps),
    };
  },
});

export type NewBooking = Omit<
  Booking,
  | "moves"
  | "sequence"
  | "updatedAt"
  | "confirmBy"
  | "quotedCents"
  | "agentReportConsentAt"
  | "reportDeliveredAt"
  | "client"
  | "agent"
> & {
  confirmBy: string | null;
  quotedCents?: number | null;
  client?: BookingPerson | null;
  agent?: BookingAgent | null;
  /** Time off, and a booking whose client has not consented, have none. */
  agentReportConsentAt?: string | null;
};

/**
 * Inserts a booking; throws PostgreSQL's 23P01 when the inspector is held then, or with
 * `ifFree` answers false (the constraint's refusal, ON CONFLICT DO NOTHING: no savepoint needed).
 */
async function insert(tx: Queryable, booking: NewBooking, ifFree: boolean): Promise<boolean> {
  const inserted = await tx.query(
    `INSERT INTO bookings (reference, inspector, start_at, on_site_minutes, during, status, confirm_by,
       confirm_within_minutes, mailbox, phone, property, job, owner_event, created_at, updated_at, quoted_cents,
       agent_report_consent_at, client_name, client_email, client_phone, agent_name, agent_email, agent_phone, agent_role)
     VALUES ($1, $2, $3, $4, tstzrange($5, $6), $7, $8, $15, $9, $10, $11, $12, $13, $14, $14, $16, $17,
       $18, $19, $20, $21, $22, $23, $24)${ifFree ? " ON CONFLICT DO NOTHING RETURNING 1" : " RETURNING 1"}`,
    [
      booking.reference,
      booking.inspector,
      booking.start,
      booking.onSiteMinutes,
      new Date(booking.from).toISOString(),
      new Date(booking.to).toISOString(),
      booking.status,
      booking.confirmBy,
      booking.mailbox,
      booking.phone,
      booking.property,
      JSON.stringify(booking.job),
      JSON.stringify(booking.ownerEvent),
      booking.createdAt,
      booking.confirmWithinMinutes,
      booking.quotedCents ?? null,
      booking.agentReportConsentAt ?? null,
      booking.client?.name ?? null,
      booking.client?.email ?? null,
      booking.client?.phone ?? null,
      booking.agent?.name || null,
      booking.agent?.email || null,
      booking.agent?.phone || null,
      booking.agent?.role ?? null,
    ],
  );
  return inserted.length > 0;
}

/** Inserts a booking; throws PostgreSQL's 23P01 when the inspector is held then. */
export async function insertBooking(tx: Queryable, booking: NewBooking): Promise<void> {
  await insert(tx, booking, false);
}

/** Inserts a booking where its inspector is free; false, and nothing inserted, where the constraint refuses it. */
export const insertBookingIfFree = (tx: Queryable, booking: NewBooking) => insert(tx, booking, true);

/** Records the client's consent that their agent may have the report, given `now`, or its end. */
export async function setAgentReportConsent(
  tx: Queryable,
  reference: string,
  consent: boolean,
  now: string,
): Promise<void> {
  await tx.query(
    `UPDATE bookings SET agent_report_consent_at = CASE WHEN $2 THEN $3::timestamptz END, updated_at = $3
     WHERE reference = $1`,
    [reference, consent, now],
  );
}

/** A booking; `forUpdate` locks its row until the transaction ends, so changes to it never interleave. */
export async function findBooking(db: Queryable, reference: string, forUpdate = false): Promise<Booking | null> {
  const [row] = await db.query<BookingRow>(
    `SELECT ${COLUMNS} FROM bookings WHERE reference = $1${forUpdate ? " FOR UPDATE" : ""}`,
    [reference],
  );
  return row ? fromRow(row) : null;
}

/** The bookings of these references, in one query, in no order. */
export async function bookingsOf(db: Queryable, references: readonly string[]): Promise<Booking[]> {
  return references.length ? runRead(db, bookingsRead(references)) : [];
}

/** The bookings of `references`, as a read to run with others (one-trip.ts). */
export const bookingsRead = (references: readonly string[]): Read<Booking[]> => ({
  sql: `SELECT ${COLUMNS} FROM bookings WHERE reference = ANY($1)`,
  params: [references],
  rows: (rows) => (rows as BookingRow[]).map(fromRow),
});

/**
 * Moves a booking to a new inspector and range in one statement, if it is still at `sequence` (as
 * read, unlocked, before the day locks: holdInspector); false when it changed meanwhile. Throws
 * 23P01 when that time is held.
 */
export async function moveBooking(
  tx: Queryable,
  reference: string,
  to: { inspector: number; start: string; from: number; to: number },
  sequence: number,
  now: string,
): Promise<boolean> {
  const moved = await tx.query(
    `UPDATE bookings SET inspector = $2, start_at = $3, during = tstzrange($4, $5), moves = moves + 1,
       sequence = sequence + 1, updated_at = $6 WHERE reference = $1 AND sequence = $7 RETURNING 1`,
    [reference, to.inspector, to.start, new Date(to.from).toISOString(), new Date(to.to).toISOString(), now, sequence],
  );
  return moved.length > 0;
}

export async function setStatus(tx: Queryable, reference: string, status: BookingStatus, now: string): Promise<void> {
  await tx.query("UPDATE bookings SET status = $2, sequence = sequence + 1, updated_at = $3 WHERE reference = $1", [
    reference,
    status,
    now,
  ]);
}

/** Bookings (not time off) starting after `since` (ISO), earliest first: the owner's commands. */
export async function bookingsSince(db: Queryable, since: string): Promise<Booking[]> {
  return (
    await db.query<BookingRow>(
      `SELECT ${COLUMNS} FROM bookings WHERE start_at >= $1 AND status <> 'time_off' ORDER BY start_at, inspector`,
      [since],
    )
  ).map(fromRow);
}

/** Bookings (not time off) starting in [from, to), earliest first: the owner's feed and the CSV. */
export async function bookingsBetween(db: Queryable, from: Date, to: Date): Promise<Booking[]> {
  return (
    await db.query<BookingRow>(
      `SELECT ${COLUMNS} FROM bookings WHERE start_at >= $1 AND start_at < $2 AND status <> 'time_off'
       ORDER BY start_at, inspector`,
      [from.toISOString(), to.toISOString()],
    )
  ).map(fromRow);
}

/** Records the report's first delivery at `now` (a later upload keeps the first); returns when it was. */
export async function markReportDelivered(tx: Queryable, reference: string, now: string): Promise<string> {
  const [row] = (await tx.query<{ report_delivered_at: Date }>(
    `UPDATE bookings SET report_delivered_at = coalesce(report_delivered_at, $2), updated_at = $2
     WHERE reference = $1 RETURNING report_delivered_at`,
    [reference, now],
  )) as [{ report_delivered_at: Date }];
  return new Date(row.report_delivered_at).toISOString();
}

/**
 * Forgets the agent's own name, e-mail and phone on a booking, at the agent's (`address`, folded) asking: the booking
 * keeps only that an agent booked it or was copied (its role).
 */
export async function forgetBookingAgent(tx: Queryable, reference: string, address: string, now: string) {
  await tx.query(
    `UPDATE bookings SET agent_name = NULL, agent_email = NULL, agent_phone = NULL, updated_at = $3
     WHERE reference = $1 AND lower(btrim(agent_email)) = $2`,
    [reference, address, now],
  );
}

/** The client and the agent a request names, as the booking keeps them. */
export function bookingPeople(
  request: AgentFields & Pick<ScheduleRequest, "name" | "phone" | "agentName" | "agentPhone">,
): Pick<Booking, "client" | "agent"> {
  return {
    client: { name: request.name, email: request.email, phone: request.phone },
    agent:
      request.agentName || request.agentEmail
        ? {
            name: request.agentName ?? "",
            email: request.agentEmail ?? "",
            phone: request.agentPhone ?? "",
            role: agentRoleOf(request),
          }
        : null,
  };
}

/**
 * An agent's sight of a booking: the bookings whose agent is `address` (folded) and hears of them,
 * having booked for the client or been copied at the client's asking. A client who takes that back
 * (endAgentSight) leaves the booking no role, and the agent sees it no more.
 */
const AGENT_SEES = `lower(btrim(agent_email)) = $1 AND agent_role IN ('booked', 'copied') AND status <> 'time_off'`;

/** Whether any booking, however old, lets the agent `address` (folded) see it: who may sign in as an agent. */
export async function agentSeesAnyBooking(db: Queryable, address: string): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM bookings WHERE ${AGENT_SEES} LIMIT 1`, [address]);
  return rows.length > 0;
}

/** The bookings the agent `address` (folded) sees, starting at `since` (ISO) or later, earliest first. */
export async function bookingsAgentSees(db: Queryable, address: string, since: string): Promise<Booking[]> {
  return (
    await db.query<BookingRow>(
      `SELECT ${COLUMNS} FROM bookings WHERE ${AGENT_SEES} AND start_at >= $2 ORDER BY start_at, inspector`,
      [address, since],
    )
  ).map(fromRow);
}

/** The client takes back their agent's sight of the booking: no more copies, no report, nothing on the agent's page. */
export async function endAgentSight(tx: Queryable, reference: string, now: string): Promise<void> {
  await tx.query(
    `UPDATE bookings SET agent_role = NULL, agent_report_consent_at = NULL, updated_at = $2
     WHERE reference = $1 AND status <> 'time_off'`,
    [reference, now],
  );
}

/** The agents named on bookings confirmed and made since `since` (ISO), with how many each sent, the most first. */
export async function agentsSendingWork(
  db: Queryable,
  since: string,
): Promise<Array<{ email: string; name: string; inspections: number }>> {
  const rows = await db.query<{ email: string; name: string | null; inspections: number }>(
    `SELECT lower(btrim(agent_email)) AS email, max(agent_name) AS name, count(*)::integer AS inspections
     FROM bookings WHERE agent_email IS NOT NULL AND btrim(agent_email) <> '' AND status = 'booked' AND created_at >= $1
     GROUP BY lower(btrim(agent_email)) ORDER BY inspections DESC, email`,
    [since],
  );
  return rows.map((row) => ({ email: row.email, name: row.name ?? "", inspections: Number(row.inspections) }));
}

/** The bookings of the client `address` (folded) whose agent sees them: the client's data page, where they may end it. */
export async function bookingsWithAgentSight(db: Queryable, address: string): Promise<Booking[]> {
  return (
    await db.query<BookingRow>(
      `SELECT ${COLUMNS} FROM bookings WHERE lower(btrim(client_email)) = $1 AND agent_role IN ('booked', 'copied')
         AND agent_email IS NOT NULL AND status <> 'time_off' ORDER BY start_at`,
      [address],
    )
  ).map(fromRow);
}
