/**
 * /api/stripe-webhook: the one way a payment online counts. Stripe posts its events here, signed
 * with the endpoint's secret (STRIPE_WEBHOOK_SECRET); the signature is checked by Stripe's own
 * library over the body exactly as it came (read-body.ts reads it unparsed), and an event that is
 * forged, unsigned or older than the library's five minutes is answered 400 and changes nothing.
 * Each event is applied once, by its id, in the transaction that applies it, so a replay changes
 * nothing; `checkout.session.completed` with payment_status "paid" records the payment with its
 * booking (once per Checkout Session, whatever the events) and e-mails the client a receipt; a
 * held booking that is paid is kept, as its "Keep this time" would keep it.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type Stripe from "stripe";
import { business } from "../../../lib/business-data";
import { expireIfLapsed, findBooking, setStatus } from "../../booking/server/booking-queries";
import { visitorChangeMail } from "../../booking/server/change-emails";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { recordChange } from "../../booking/server/manage-booking";
import type { Queryable } from "../../../lib/server/db/queryable";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { readRawJsonBody } from "../../../lib/server/http/read-body";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { withOwnMail } from "../../../lib/server/mail/own-mail";
import { formatCents } from "../../../lib/format";
import { claimEvent, insertPayment } from "../../payment-ledger/server/payment-queries";
import { receiptMail } from "./payment-emails";
import { paymentStatus } from "../../payment-ledger/server/payment-status";
import { stripeClient, webhookSecret } from "../../payment-ledger/server/stripe-client";

/** Records a paid Checkout Session with its booking, once, and the client's receipt with it. */
async function recordCheckout(tx: Queryable, session: Stripe.Checkout.Session, now: Date): Promise<void> {
  const reference = session.metadata?.booking ?? session.client_reference_id;
  if (session.payment_status !== "paid" || !reference || !session.amount_total) return;
  await expireIfLapsed(tx, reference, now.toISOString());
  const booking = await findBooking(tx, reference, true);
  if (!booking) {
    console.error(
      `[stripe-webhook] a payment for ${reference}, which is not a booking here (Checkout Session ${session.id})`,
    );
    return;
  }
  const paymentIntent =
    typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
  const recorded = await insertPayment(
    tx,
    reference,
    {
      kind: "payment",
      method: "online",
      amountCents: session.amount_total,
      stripeId: session.id,
      paymentIntent,
      recordedBy: "stripe",
    },
    now.toISOString(),
  );
  if (!recorded) return;
  // Paying for a held time keeps it, as "Keep this time" would: the hold must not lapse on a paid booking.
  if (booking.status === "pending") {
    await setStatus(tx, reference, "booked", now.toISOString());
    const confirmed = (await findBooking(tx, reference))!;
    await recordChange(
      tx,
      `confirm-${reference}`,
      confirmed,
      `confirmed by paying online (${bookedTimeText(confirmed.start)})`,
      now,
      visitorChangeMail("confirmed", confirmed, now.getTime()),
    );
  }
  const status = await paymentStatus(tx, reference);
  await recordChange(
    tx,
    `paid-${session.id}`,
    booking,
    `paid ${formatCents(session.amount_total)} online`,
    now,
    receiptMail(booking, session.amount_total, "online", status, now),
    true,
    true,
  );
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
    const [, ownMail] = await withOwnMail(() =>
      db.transaction(async (tx) => {
        if (!(await claimEvent(tx, event.id, event.type, now.toISOString()))) return;
        if (event.type === "checkout.session.completed") await recordCheckout(tx, event.data.object, now);
      }),
    );
    await deliverNow(ownMail);
    res.status(200).json({ received: true });
  } catch (error) {
    sendFailure(res, error, "stripe-webhook", "The event could not be recorded; please send it again.");
  }
}
