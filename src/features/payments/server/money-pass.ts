/**
 * What the money owes after a transaction has committed, done outside any transaction: each refund
 * owed is made with its own id as Stripe's idempotency key (so two servers, or a retry after a lost
 * answer, make it once), for no more than Stripe says the payment can still give back; and each open
 * Checkout Session of a booking that is no longer live is ended. Run by the periodic pass, and right
 * after the answer that owed it on one server (passSoon).
 */
import type Stripe from "stripe";
import type { Database, Queryable } from "../../../lib/server/db/database";
import { findBooking, recordChange } from "../../booking/server";
import { formatCents } from "../../../lib/text/format";
import {
  insertPayment,
  fixAskedAmount,
  markRefundMade,
  noteRefundFailure,
  refundsToMake,
  type OwedRefund,
  stripeClient,
} from "../../payment-ledger/server";
import { refundSentMail } from "./payment-emails";
import { sessionsToEnd, setSessionState } from "./checkout-sessions";

/** A refund tried this often without an answer is left for the owner. */
const MOST_TRIES = 20;

/** Stripe refused it for a reason trying again will not change (the desk shows it): not a network or server fault. */
const refusedForGood = (error: unknown) =>
  (error as { type?: string }).type === "StripeInvalidRequestError" ||
  (error as { type?: string }).type === "StripeCardError" ||
  (error as { type?: string }).type === "StripePermissionError";

/** What Stripe says the payment can still give back: its charge, less what was refunded of it anywhere. */
async function refundableAtStripe(stripe: Stripe, paymentIntent: string): Promise<number> {
  const intent = await stripe.paymentIntents.retrieve(paymentIntent, { expand: ["latest_charge"] });
  const charge = intent.latest_charge as Stripe.Charge | null;
  return charge ? charge.amount - charge.amount_refunded : 0;
}

async function makeRefund(db: Database, stripe: Stripe, owed: OwedRefund, now: Date): Promise<void> {
  // The amount is fixed before Stripe is first asked, so a retry asks the same with the same key.
  const cents =
    owed.madeCents ??
    (await fixAskedAmount(
      db,
      owed.id,
      Math.min(owed.amountCents, await refundableAtStripe(stripe, owed.paymentIntent)),
    ));
  const refund =
    cents > 0
      ? await stripe.refunds.create(
          {
            payment_intent: owed.paymentIntent,
            amount: cents,
            metadata: { booking: owed.booking, owed: String(owed.id) },
          },
          { idempotencyKey: `refund-owed-${owed.id}` },
        )
      : null;
  await db.transaction(async (tx) => {
    const nowIso = now.toISOString();
    await markRefundMade(tx, owed.id, { stripeRefundId: refund?.id ?? null, cents }, nowIso);
    if (!refund) return;
    await insertPayment(
      tx,
      owed.booking,
      {
        kind: "refund",
        method: "online",
        amountCents: cents,
        stripeId: refund.id,
        paymentIntent: owed.paymentIntent,
        recordedBy: "refund",
      },
      nowIso,
    );
    await tellRefundMade(tx, owed, cents, now);
  });
}

/**
 * The client's e-mail of a refund made, once whoever records it first (this pass, or Stripe's
 * refund.created event): the amount, and the day it was sent.
 */
export async function tellRefundMade(tx: Queryable, owed: OwedRefund, cents: number, now: Date): Promise<void> {
  const booking = await findBooking(tx, owed.booking, true);
  if (!booking || cents === 0) return;
  await recordChange(
    tx,
    `refund-sent-${owed.id}`,
    booking,
    `refund of ${formatCents(cents)} sent (${owed.why})`,
    now,
    refundSentMail(owed.booking, cents, now),
    false,
    true,
  );
}

/** Makes the refunds owed (of one booking, or all), each once; returns how many were made. */
export async function makeOwedRefunds(db: Database, now: Date, booking?: string): Promise<number> {
  const stripe = stripeClient();
  let made = 0;
  for (const owed of await refundsToMake(db, booking)) {
    if (!stripe) {
      await noteRefundFailure(
        db,
        owed.id,
        "payments online are switched off: refund it by hand",
        true,
        now.toISOString(),
      );
      continue;
    }
    try {
      await makeRefund(db, stripe, owed, now);
      made += 1;
    } catch (error) {
      const stuck = refusedForGood(error) || owed.tries + 1 >= MOST_TRIES;
      await noteRefundFailure(db, owed.id, (error as Error).message, stuck, now.toISOString());
      console.error(`[refunds] refund ${owed.id} of ${owed.booking} not made:`, (error as Error).message);
    }
  }
  return made;
}

/** Ends at Stripe the open sessions of bookings no longer live, so nobody pays for them. */
export async function endDeadSessions(db: Database, now: Date, booking?: string): Promise<number> {
  const stripe = stripeClient();
  if (!stripe) return 0;
  let ended = 0;
  for (const session of await sessionsToEnd(db, now.toISOString(), booking)) {
    try {
      await stripe.checkout.sessions.expire(session.stripeId!);
      await setSessionState(db, session.stripeId!, "expired");
      ended += 1;
    } catch (error) {
      // Paid or ended meanwhile: its events say which (a payment is refunded as not live).
      const found = await stripe.checkout.sessions.retrieve(session.stripeId!).catch(() => null);
      if (found?.status === "expired") await setSessionState(db, session.stripeId!, "expired");
      else if (found?.status === "complete") await setSessionState(db, session.stripeId!, "processing");
      else console.error(`[checkout] session ${session.stripeId} not ended yet:`, (error as Error).message);
    }
  }
  return ended;
}

/** The money's part of the periodic pass. */
export async function settleMoney(db: Database, now: Date): Promise<void> {
  await endDeadSessions(db, now);
  await makeOwedRefunds(db, now);
}
