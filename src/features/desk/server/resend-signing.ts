/**
 * "Resend the signing link": the client of a live booking whose agreement is not signed yet gets an
 * e-mail with the link to read and sign it (booking-links.ts, purpose "sign"). It goes to the client
 * alone, never to an agent, who cannot sign; once per press, through the booking's recorded changes
 * (manage-booking.ts, recordChange), so it is listed with the booking's other e-mails.
 */
import { findAgreement } from "../../signed-agreements/server";
import { filledAgreement, signingLinkMail } from "../../agreement/server";
import { expireIfLapsed, findBooking, linkSecret, signingLink, recordChange } from "../../booking/server";
import type { Database } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";

export async function resendSigningLink(db: Database, reference: string, now: Date) {
  const secret = linkSecret();
  if (!secret) throw new HttpError(503, "This server cannot make signing links: BOOKING_LINK_SECRET is not set.");
  return db.transaction(async (tx) => {
    await expireIfLapsed(tx, reference, now.toISOString());
    const booking = await findBooking(tx, reference, true);
    if (!booking || booking.status === "time_off") throw new HttpError(404, "There is no such booking.");
    const live =
      (booking.status === "booked" || booking.status === "pending") && Date.parse(booking.start) > now.getTime();
    if (!live) {
      throw new HttpError(409, "This booking is no longer held or its visit has begun: there is nothing to sign for.");
    }
    const filled = filledAgreement(booking);
    const signed = await findAgreement(tx, reference, filled.terms);
    if (signed) throw new HttpError(409, "The client has already signed the agreement of this booking.");
    await recordChange(
      tx,
      `resend-signing-${reference}-${now.getTime()}`,
      booking,
      "signing link sent again by the office",
      now,
      () => signingLinkMail(booking, signingLink(secret, reference, now.getTime())),
      false,
      true,
    );
    return { reference, sentTo: filled.clientEmail };
  });
}
