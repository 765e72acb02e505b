/**
 * /api/stripe-webhook: the one way money online counts. Stripe's events, signed with the
 * endpoint's secret and checked by Stripe's library over the body as it came; each applied once,
 * by its id, in the transaction that applies it. A payment counts from the moment Stripe completed
 * it (the event's `created`), however late the event arrives; one for a visit that is not going
 * ahead, or past what is owed, is recorded and owed back (refund-pass.ts makes it after commit).
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type Stripe from "stripe";
import { business } from "../../../lib/content/business-data";
import {
  findBooking,
  setStatus,
  type Booking,
  visitorChangeMail,
  linkSecret,
  payLink,
  recordChange,
} from "../../booking/server";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { errorCode, EXCLUSION_VIOLATION } from "../../../lib/server/db/database";
import type { Queryable } from "../../../lib/server/db/queryable";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { readRawJsonBody } from "../../../lib/server/http/read-body";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { passSoon } from "../../../lib/server/mail/delivery";
import { withOwnMail } from "../../../lib/server/mail/own-mail";
import { formatCents } from "../../../lib/text/format";
import {
  bookingOfIntent,
  claimEvent,
  insertPayment,
  dueCents,
  paymentStatus,
  markRefundMade,
  oweRefund,
  stripeClient,
  webhookSecret,
} from "../../payment-ledger/server";
import { keptCents } from "../../payment-ledger/shared";
import { NOT_LIVE_WORDS, paymentFailedMail, paymentReturnedMail, receiptMail } from "./payment-emails";
import { setSessionState } from "./checkout-sessions";
import { tellRefundMade } from "./money-pass";

const intentOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/** The booking a session pays for. */
const referenceOf = (session: Stripe.Checkout.Session) => session.metadata?.booking ?? session.client_reference_id;

/**
 * Whether the booking was going ahead when the client paid (at `paidAt`), kept so now: a hold paid
 * in time is confirmed, even one the sweep ended since, while its time is still free. Returns why
 * not, in the words of NOT_LIVE_WORDS, or null when it goes ahead.
 */
async function keepPaidBooking(
  tx: Queryable,
  booking: Booking,
  paidAt: Date,
  now: Date,
): Promise<keyof typeof NOT_LIVE_WORDS | null> {
  if (booking.status === "booked") return null;
  if (booking.status === "cancelled" || booking.status === "time_off") return "cancelled";
  const heldWhenPaid = !booking.confirmBy || Date.parse(booking.confirmBy) > paidAt.getTime();
  if (!heldWhenPaid) {
    if (booking.status === "pending") await setStatus(tx, booking.reference, "expired", now.toISOString());
    return "lapsed";
  }
  if (booking.status === "expired") {
    // Its time is booked again only where the constraint lets it: another booking may have taken it.
    await tx.query("SAVEPOINT keep_paid");
    try {
      await setStatus(tx, booking.reference, "booked", now.toISOString());
      await tx.query("RELEASE SAVEPOINT keep_paid");
    } catch (error) {
      if (errorCode(error) !== EXCLUSION_VIOLATION) throw error;
      await tx.query("ROLLBACK TO SAVEPOINT keep_paid");
      return "taken";
    }
  } else {
    await setStatus(tx, booking.reference, "booked", now.toISOString());
  }
  const confirmed = (await findBooking(tx, booking.reference))!;
  await recordChange(
    tx,
    `confirm-${booking.reference}`,
    confirmed,
    `confirmed by paying online (${bookedTimeText(confirmed.start)})`,
    now,
    visitorChangeMail("confirmed", confirmed, now.getTime()),
  );
  return null;
}

/** Records a paid session with its booking, once; owes back what is not owed. Returns whether a refund is owed. */
async function recordPaid(tx: Queryable, session: Stripe.Checkout.Session, paidAt: Date, now: Date) {
  const reference = referenceOf(session);
  const paymentIntent = intentOf(session.payment_intent);
  const amount = session.amount_total ?? 0;
  if (!reference || !paymentIntent || amount <= 0) return false;
  await setSessionState(tx, session.id, "paid");
  const booking = await findBooking(tx, reference, true);
  const nowIso = now.toISOString();
  if (!booking) {
    // A booking erased or never ours: the money goes back; the desk lists it.
    const [owed] = await tx.query("SELECT 1 FROM refunds_owed WHERE payment_intent = $1", [paymentIntent]);
    if (owed) return false;
    const why = `paid ${formatCents(amount)} for ${reference}, a booking this site no longer has`;
    await oweRefund(tx, { booking: reference, paymentIntent, amountCents: amount, reason: "not-live", why }, nowIso);
    return true;
  }
  const recorded = await insertPayment(
    tx,
    reference,
    {
      kind: "payment",
      method: "online",
      amountCents: amount,
      stripeId: session.id,
      paymentIntent,
      recordedBy: "stripe",
    },
    nowIso,
  );
  if (!recorded) return false;
  const notLive = await keepPaidBooking(tx, booking, paidAt, now);
  if (notLive) {
    const why = `paid ${formatCents(amount)} online after ${NOT_LIVE_WORDS[notLive]}`;
    await oweRefund(tx, { booking: reference, paymentIntent, amountCents: amount, reason: "not-live", why }, nowIso);
    await recordChange(
      tx,
      `paid-${session.id}`,
      booking,
      `${why}: refunded in full`,
      now,
      paymentReturnedMail(booking, amount, paidAt, notLive),
      true,
      true,
    );
    return true;
  }
  // What was paid past the fee (a second tab, a second payment) is owed back.
  const before = await paymentStatus(tx, reference, now);
  const over = Math.min(amount, Math.max(0, keptCents(before) - before.quotedCents));
  if (over > 0) {
    const why = `paid ${formatCents(over)} more than the fee of ${formatCents(before.quotedCents)}`;
    await oweRefund(tx, { booking: reference, paymentIntent, amountCents: over, reason: "over-balance", why }, nowIso);
  }
  const status = await paymentStatus(tx, reference, now);
  await recordChange(
    tx,
    `paid-${session.id}`,
    booking,
    `paid ${formatCents(amount)} online${over ? `, ${formatCents(over)} of it more than owed and refunded` : ""}`,
    now,
    receiptMail(booking, amount, "online", status, paidAt, over),
    true,
    true,
  );
  return over > 0;
}

/** A delayed payment (a bank debit) begun: the hold is kept, as paying would keep it; the money counts once it succeeds. */
async function recordProcessing(tx: Queryable, session: Stripe.Checkout.Session, paidAt: Date, now: Date) {
  await setSessionState(tx, session.id, "processing");
  const reference = referenceOf(session);
  const booking = reference && (await findBooking(tx, reference, true));
  if (booking && booking.status !== "cancelled") await keepPaidBooking(tx, booking, paidAt, now);
}

/** A delayed payment that failed: nothing was taken; the client is told what is still due. */
async function recordFailed(tx: Queryable, session: Stripe.Checkout.Session, now: Date) {
  await setSessionState(tx, session.id, "failed");
  const reference = referenceOf(session);
  const booking = reference && (await findBooking(tx, reference, true));
  if (!booking) return;
  const due = dueCents(await paymentStatus(tx, booking.reference, now));
  const secret = linkSecret();
  await recordChange(
    tx,
    `payment-failed-${session.id}`,
    booking,
    `a bank payment of ${formatCents(session.amount_total ?? 0)} did not go through`,
    now,
    paymentFailedMail(
      booking,
      session.amount_total ?? 0,
      due > 0 && secret ? payLink(secret, booking.reference, now.getTime()) : null,
    ),
    true,
    true,
  );
}

/** A refund made, here or in Stripe's dashboard: counted with its payment, once, by its id. */
async function recordRefund(tx: Queryable, refund: Stripe.Refund, now: Date) {
  const paymentIntent = intentOf(refund.payment_intent);
  if (!paymentIntent || refund.status === "failed" || refund.status === "canceled") return;
  const booking = refund.metadata?.booking || (await bookingOfIntent(tx, paymentIntent));
  if (!booking || !(await findBooking(tx, booking))) return;
  await insertPayment(
    tx,
    booking,
    {
      kind: "refund",
      method: "online",
      amountCents: refund.amount,
      stripeId: refund.id,
      paymentIntent,
      recordedBy: refund.metadata?.owed ? "refund" : "stripe-dashboard",
    },
    now.toISOString(),
  );
  const owed = Number(refund.metadata?.owed);
  if (!owed) return;
  const made = await markRefundMade(tx, owed, { stripeRefundId: refund.id, cents: refund.amount }, now.toISOString());
  if (made) await tellRefundMade(tx, made, refund.amount, now);
}

/** Applies one event; returns whether it left a refund to make. */
async function apply(tx: Queryable, event: Stripe.Event, now: Date): Promise<boolean> {
  const at = new Date(event.created * 1000);
  switch (event.type) {
    case "checkout.session.completed":
      if (event.data.object.payment_status === "paid") return recordPaid(tx, event.data.object, at, now);
      if (event.data.object.payment_status === "unpaid") await recordProcessing(tx, event.data.object, at, now);
      return false;
    case "checkout.session.async_payment_succeeded":
      return recordPaid(tx, event.data.object, at, now);
    case "checkout.session.async_payment_failed":
      await recordFailed(tx, event.data.object, now);
      return false;
    case "checkout.session.expired":
      await setSessionState(tx, event.data.object.id, "expired");
      return false;
    case "refund.created":
    case "refund.updated":
      await recordRefund(tx, event.data.object, now);
      return false;
    default:
      return false;
  }
}

export async function stripeWebhookHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    if (req.method !== "POST") throw new HttpError(405, "This address answers POST.", { Allow: "POST" });
    const stripe = stripeClient();
    if (!stripe) throw new HttpError(404, "Payments are not switched on here.");
    const body = await readRawJsonBody(req);
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(body, String(req.headers["stripe-signature"] ?? ""), webhookSecret());
    } catch {
      throw new HttpError(400, "The event's signature does not verify.");
    }
    const now = new Date();
    const db = await databaseOr503(business.phone);
    const [owesRefund, ownMail] = await withOwnMail(() =>
      db.transaction(async (tx) =>
        (await claimEvent(tx, event.id, event.type, now.toISOString())) ? apply(tx, event, now) : false,
      ),
    );
    await deliverNow(ownMail);
    res.status(200).json({ received: true });
    if (owesRefund) passSoon();
  } catch (error) {
    sendFailure(res, error, "stripe-webhook", "The event could not be recorded; please send it again.");
  }
}
