/**
 * A confirmed booking written straight to the database as a schedule request stores it (its
 * booking row and its request, in one transaction), for tests of what happens to bookings later.
 */
import { bookingPeople, insertBooking } from "../../src/features/booking/server/booking-queries";
import type { Database } from "../../src/lib/server/db/database";
import { insertRequest } from "../../src/lib/server/mail/outbox";

const HOUR = 60 * 60 * 1000;

export interface StoredRequestFields {
  mainInspection: string;
  addOns: string[];
  waterPackages: string[];
  name: string;
  email: string;
  phone: string;
  street: string;
  [field: string]: unknown;
}

export interface ConfirmedBooking {
  reference: string;
  /** Each booking an inspector of its own, so a test's times may meet. */
  inspector: number;
  /** The visit's start, in ms. */
  start: number;
  onSiteMinutes: number;
  /** How long the booking holds the inspector from its start. */
  heldHours: number;
  request: StoredRequestFields;
  total: number;
  squareFeet: number;
  /** When it was made, in ms (its booking e-mail went then); now unless given. */
  createdAt?: number;
}

export async function storeConfirmedBooking(db: Database, booking: ConfirmedBooking): Promise<void> {
  const { reference, start, request } = booking;
  await db.transaction(async (tx) => {
    await insertBooking(tx, {
      reference,
      inspector: booking.inspector,
      start: new Date(start).toISOString(),
      onSiteMinutes: booking.onSiteMinutes,
      from: start,
      to: start + booking.heldHours * HOUR,
      status: "booked",
      confirmBy: null,
      confirmWithinMinutes: 120,
      mailbox: request.email,
      phone: request.phone,
      property: request.street.toLowerCase().replaceAll(" ", "-"),
      job: {
        mainInspection: request.mainInspection,
        addOns: request.addOns,
        waterPackages: request.waterPackages,
        squareFeet: booking.squareFeet,
        county: "Anne Arundel",
      },
      ownerEvent: { summary: "s", description: "d", location: request.street },
      createdAt: new Date(booking.createdAt ?? Date.now()).toISOString(),
      quotedCents: booking.total * 100,
      ...bookingPeople(request as Parameters<typeof bookingPeople>[0]),
    });
    await insertRequest(tx, {
      kind: "schedule-requests",
      reference,
      receivedAt: new Date().toISOString(),
      record: { type: "schedule", reference, request, quote: { total: booking.total, lines: [] } },
      answer: { status: 201, body: {} },
      idempotencyKey: null,
      fingerprint: null,
    });
  });
}

/**
 * Moves a booking's visit, its held time with it, to have begun at `startedAt`: what the desk
 * offers once a visit has started (the report's upload) cannot otherwise be reached without waiting.
 */
export const moveVisitStart = (db: Pick<Database, "query">, reference: string, startedAt: Date) =>
  db.query(
    `UPDATE bookings SET start_at = start_at - moved.by,
       during = tstzrange(lower(during) - moved.by, upper(during) - moved.by)
     FROM (SELECT start_at - $2::timestamptz AS by FROM bookings WHERE reference = $1) AS moved
     WHERE reference = $1`,
    [reference, startedAt.toISOString()],
  );
