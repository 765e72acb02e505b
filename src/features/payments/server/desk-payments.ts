/**
 * The desk's two payment actions: recording a payment taken on site (cash, check, the card
 * terminal), which e-mails the client a receipt, and sending the client the "pay now" link again
 * for what is due. Each is one transaction holding the booking's row, and each e-mail goes through
 * the booking's recorded changes (manage-booking.ts, recordChange), listed with its other e-mails.
 */
import { expireIfLapsed, findBooking, type Booking, linkSecret, payLink, recordChange } from "../../booking/server";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { formatCents } from "../../../lib/text/format";
import { insertPayment, type PaymentMethod, dueCents, paymentStatus, paymentsOn } from "../../payment-ledger/server";
import { payNowMail, receiptMail } from "./payment-emails";

const ON_SITE: readonly PaymentMethod[] = ["cash", "check", "card-terminal"];

async function clientBooking(tx: Queryable, body: Record<string, unknown>, now: Date): Promise<Booking> {
  if (typeof body.reference !== "string" || !body.reference) throw new HttpError(400, "Say which booking.");
  await expireIfLapsed(tx, body.reference, now.toISOString());
  const booking = await findBooking(tx, body.reference, true);
  if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
  return booking;
}

/** Dollars and cents as people write them: "475", "475.5", "$1,234.50" (commas only between thousands). */
const DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d{1,6})(?:\.(\d{1,2}))?$/;

/** Dollars as typed on the desk in cents, or a 400 that says how to write them. */
export function typedCents(value: unknown): number {
  const text = typeof value === "string" ? value.trim() : typeof value === "number" ? String(value) : "";
  const match = DOLLARS.exec(text);
  const cents = match ? Number(match[1]!.replaceAll(",", "")) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : 0;
  if (!match || cents <= 0 || cents > 99_999_999) {
    throw new HttpError(400, "Write the amount in dollars, such as 475 or 475.50.");
  }
  return cents;
}

/** The desk's key for one press of "Record payment": the same press sent again records nothing more. */
function deskKeyOf(body: Record<string, unknown>): string {
  if (typeof body.key !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(body.key)) {
    throw new HttpError(400, "Send the payment with its key (reload the desk and try again).");
  }
  return body.key;
}

export async function recordPaymentOnSite(db: Database, body: Record<string, unknown>, now: Date, by: string) {
  const method = ON_SITE.find((each) => each === body.method);
  if (!method) throw new HttpError(400, "Say how it was paid: cash, check or card-terminal.");
  const amountCents = typedCents(body.amount);
  const deskKey = deskKeyOf(body);
  return db.transaction(async (tx) => {
    const booking = await clientBooking(tx, body, now);
    const recorded = await insertPayment(
      tx,
      booking.reference,
      { kind: "payment", method, amountCents, stripeId: null, paymentIntent: null, recordedBy: `desk:${by}`, deskKey },
      now.toISOString(),
    );
    const status = await paymentStatus(tx, booking.reference);
    if (!recorded) return { reference: booking.reference, payment: { ...status, online: paymentsOn() } };
    await recordChange(
      tx,
      `payment-taken-${booking.reference}-${deskKey}`,
      booking,
      `${formatCents(amountCents)} taken on site (${method}), recorded on the desk`,
      now,
      receiptMail(booking, amountCents, method, status, now),
      false,
      true,
    );
    return { reference: booking.reference, payment: { ...status, online: paymentsOn() } };
  });
}

export async function resendPayLink(db: Database, body: Record<string, unknown>, now: Date) {
  const secret = linkSecret();
  if (!paymentsOn() || !secret) throw new HttpError(409, "Payments online are not switched on (docs/deploy.md).");
  return db.transaction(async (tx) => {
    const booking = await clientBooking(tx, body, now);
    if (booking.status !== "booked" && booking.status !== "pending") {
      throw new HttpError(409, "This booking is no longer held: nothing is due.");
    }
    const due = dueCents(await paymentStatus(tx, booking.reference));
    if (due === 0) throw new HttpError(409, "Nothing is due on this booking.");
    await recordChange(
      tx,
      `resend-pay-${booking.reference}-${now.getTime()}`,
      booking,
      `"pay now" link for ${formatCents(due)} sent again by the office`,
      now,
      payNowMail(booking, payLink(secret, booking.reference, now.getTime()), due),
      false,
      true,
    );
    return { reference: booking.reference, dueCents: due };
  });
}
