/**
 * /api/pay?token=: the "pay now" link of a booking (its manage link's token, booking-links.ts), in
 * its confirmation, its e-mails and on its page. It asks Stripe for a hosted Checkout Session for
 * what is due by the server's own quote (payment-ledger/payment-status.ts), whatever the address carries, and
 * answers 303 to Stripe's page, where the client pays: no card ever reaches this site. The session
 * names the booking (client_reference_id and metadata), and the client's own e-mail, so that
 * Stripe's receipt names the client whoever opened the link (an agent may pass it on). Stripe
 * sends the client back to the booking's page, which shows "payment being confirmed" until the
 * webhook (webhook.ts) records the payment: the return alone proves nothing.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/business-data";
import { findBooking } from "../../booking/server/booking-queries";
import { siteUrl } from "../../booking/server/booking-links";
import { referenceOf } from "../../booking/server/manage-booking";
import { describeServices } from "../../booking/server/schedule-emails";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { findRequest } from "../../../lib/server/mail/outbox";
import { dueCents, paymentStatus } from "../../payment-ledger/server/payment-status";
import { stripeClient } from "../../payment-ledger/server/stripe-client";

/** Netlify's runtime has no res.redirect: the status and Location are set as plain HTTP. */
function seeOther(res: GatsbyFunctionResponse, location: string): void {
  res.setHeader("Location", location);
  res.status(303).send("");
}

/** The booking's page, from the same token: where Stripe sends the client back. */
const bookingPage = (token: string, returned?: "paid" | "cancelled") =>
  `${siteUrl()}/booking?token=${encodeURIComponent(token)}${returned ? `&payment=${returned}` : ""}`;

export async function checkoutHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    if (req.method !== "GET") throw new HttpError(405, "This address answers GET.", { Allow: "GET" });
    const token = (req.query as Record<string, unknown> | undefined)?.token;
    const reference = referenceOf(token, Date.now());
    const stripe = stripeClient();
    if (!stripe)
      throw new HttpError(409, `We take payment at the inspection. Questions? Call us at ${business.phone}.`);
    throttle(
      req,
      "pay",
      `Too many tries from your address. Please wait a few minutes or call us at ${business.phone}.`,
    );
    const db = await databaseOr503(business.phone, "read");
    const booking = await findBooking(db, reference);
    if (!booking || (booking.status !== "booked" && booking.status !== "pending")) {
      throw new HttpError(409, `This booking is no longer held, so nothing is due. Call us at ${business.phone}.`);
    }
    const due = dueCents(await paymentStatus(db, reference));
    if (due === 0) {
      seeOther(res, bookingPage(token as string));
      return;
    }
    const email = ((await findRequest(db, reference))?.record.request as { email?: string } | undefined)?.email;
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      client_reference_id: reference,
      metadata: { booking: reference },
      payment_intent_data: { metadata: { booking: reference } },
      ...(email ? { customer_email: email } : {}),
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: "usd",
            unit_amount: due,
            product_data: {
              name: `${business.name}: ${describeServices(booking.job).join(", ") || "Inspection"} (${reference})`,
            },
          },
        },
      ],
      success_url: bookingPage(token as string, "paid"),
      cancel_url: bookingPage(token as string, "cancelled"),
    });
    if (!session.url) throw new Error("Stripe answered a Checkout Session without its page");
    seeOther(res, session.url);
  } catch (error) {
    sendFailure(
      res,
      error,
      "pay",
      `We could not open the payment page. Please try again, or call us at ${business.phone}.`,
    );
  }
}
