/**
 * /api/pay?token=: the "pay now" link of a booking (its manage token). It sends the client to
 * Stripe's hosted Checkout for what is due by the server's own figures, whatever the address
 * carries: one session per booking and amount, reused while it is open, living no longer than
 * the hold it pays for. `&return=report` brings the client back to the report's page.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import type Stripe from "stripe";
import { business } from "../../../lib/content/business-data";
import {
  findBooking,
  type Booking,
  linkSecret,
  reportLink,
  siteUrl,
  referenceOf,
  describeServices,
} from "../../booking/server";
import type { Queryable } from "../../../lib/server/db/queryable";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readQuery } from "../../../lib/server/http/read-query";
import { dueCents, paymentStatus, stripeClient } from "../../payment-ledger/server";
import { insertSession, openSession, setStripeSession, type CheckoutSessionRow } from "./checkout-sessions";

const MINUTE = 60_000;
/** Stripe ends a session no sooner than 30 minutes and no later than 24 hours after it is made. */
const SHORTEST = 31 * MINUTE;
const LONGEST = 24 * 60 * MINUTE - MINUTE;
/** A session ending sooner than this is not offered again: the client needs time to pay. */
const TIME_TO_PAY = 10 * MINUTE;

/** Netlify's runtime has no res.redirect: the status and Location are set as plain HTTP. */
function seeOther(res: GatsbyFunctionResponse, location: string): void {
  res.setHeader("Location", location);
  res.status(303).send("");
}

/** The booking's page, from the same token: where Stripe sends the client back. */
const bookingPage = (token: string, returned?: "paid" | "cancelled") =>
  `${siteUrl()}/booking?token=${encodeURIComponent(token)}${returned ? `&payment=${returned}` : ""}`;

/** Where the client comes back to: the report's page when they paid from it, else the booking's page. */
function returnPages(token: string, reference: string, toReport: boolean, now: number) {
  const secret = linkSecret();
  if (toReport && secret) {
    const report = reportLink(secret, reference, now, "client");
    return { success: `${report}&payment=paid`, cancel: report };
  }
  return { success: bookingPage(token, "paid"), cancel: bookingPage(token, "cancelled") };
}

/** When the session ends: with the hold it pays for (Stripe's shortest at least), or a day for a booked visit. */
export function sessionExpiry(booking: Booking, now: number): number {
  const holdEnds =
    booking.status === "pending"
      ? booking.confirmBy
        ? Date.parse(booking.confirmBy)
        : now + booking.confirmWithinMinutes * MINUTE
      : now + LONGEST;
  return Math.min(now + LONGEST, Math.max(now + SHORTEST, holdEnds));
}

/**
 * The session to send the client to, under the booking's row lock: the open one for this amount, or
 * a new row whose id is the key Stripe is asked with, so that two tabs asking at once get one session.
 */
async function sessionRow(tx: Queryable, reference: string, now: number) {
  const booking = await findBooking(tx, reference, true);
  if (!booking || (booking.status !== "booked" && booking.status !== "pending") || !isHeld(booking, now)) {
    throw new HttpError(409, `This booking is no longer held, so nothing is due. Call us at ${business.phone}.`);
  }
  const due = dueCents(await paymentStatus(tx, reference, new Date(now)));
  if (due === 0) return { booking, row: null };
  const open = await openSession(tx, reference, due, new Date(now + TIME_TO_PAY).toISOString());
  if (open) return { booking, row: open };
  const row = await insertSession(
    tx,
    { booking: reference, amountCents: due, expiresAt: new Date(sessionExpiry(booking, now)).toISOString() },
    new Date(now).toISOString(),
  );
  return { booking, row };
}

const isHeld = (booking: Booking, now: number) =>
  booking.status === "booked" || !booking.confirmBy || Date.parse(booking.confirmBy) > now;

/** Asks Stripe for the row's session; asked again with the same key and fields, Stripe answers the same session. */
async function createAtStripe(
  stripe: Stripe,
  db: Queryable,
  booking: Booking,
  row: CheckoutSessionRow,
  pages: { success: string; cancel: string },
): Promise<string> {
  const email = booking.client?.email;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      client_reference_id: booking.reference,
      metadata: { booking: booking.reference },
      payment_intent_data: { metadata: { booking: booking.reference } },
      expires_at: Math.floor(Date.parse(row.expiresAt) / 1000),
      ...(email ? { customer_email: email } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: row.amountCents,
            product_data: {
              name: `${business.name}: ${describeServices(booking.job).join(", ") || "Inspection"} (${booking.reference})`,
            },
          },
        },
      ],
      success_url: pages.success,
      cancel_url: pages.cancel,
    },
    { idempotencyKey: `checkout-${booking.reference}-${row.id}` },
  );
  if (!session.url) throw new Error("Stripe answered a Checkout Session without its page");
  await setStripeSession(db, row.id, session.id, session.url);
  return session.url;
}

export async function checkoutHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    if (req.method !== "GET") throw new HttpError(405, "This address answers GET.", { Allow: "GET" });
    const query = readQuery(req);
    const now = Date.now();
    const reference = referenceOf(query.token, now);
    const stripe = stripeClient();
    if (!stripe)
      throw new HttpError(409, `We take payment at the inspection. Questions? Call us at ${business.phone}.`);
    throttle(
      req,
      "pay",
      `Too many tries from your address. Please wait a few minutes or call us at ${business.phone}.`,
    );
    const db = await databaseOr503(business.phone);
    const { booking, row } = await db.transaction((tx) => sessionRow(tx, reference, now));
    const pages = returnPages(query.token!, reference, query.return === "report", now);
    if (!row) {
      seeOther(res, pages.success.replace(/&payment=paid$/, ""));
      return;
    }
    seeOther(res, row.url ?? (await createAtStripe(stripe, db, booking, row, pages)));
  } catch (error) {
    sendFailure(
      res,
      error,
      "pay",
      `We could not open the payment page. Please try again, or call us at ${business.phone}.`,
    );
  }
}
