/**
 * /api/agreement: the client's inspection agreement, reached by the signing link of their confirmation
 * (booking-links.ts, purpose "sign"). GET ?token= gives it filled in, or the signature (&pdf=1: the signed PDF);
 * POST { token, name, consent } signs it, once, e-mailing the signed copies in the signature's transaction; a
 * name not the client's gets 409 with `signingFor` until sent with `forClient: true` (docs/booking.md). A forged
 * token is answered 403, an expired one 410.
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../../../lib/content/business-data";
import { isClientName } from "../../signed-agreements/shared";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { possessive } from "../../../lib/text/format";
import {
  findAgreement,
  insertAgreement,
  type SignedAgreement,
  signedAtText,
  signedByText,
} from "../../signed-agreements/server";
import { expireIfLapsed, findBooking, type Booking, checkBookingToken, linkSecret } from "../../booking/server";
import { type Queryable } from "../../../lib/server/db/database";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { insertDeliveries } from "../../../lib/server/mail/outbox";
import { clientAddress } from "../../../lib/server/http/client-address";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { throttle } from "../../../lib/server/http/rate-limit";
import { readJsonBody } from "../../../lib/server/http/read-body";
import { readQuery } from "../../../lib/server/http/read-query";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";
import { deliverNow } from "../../../lib/server/mail/deliver-now";
import { outgoingMail } from "../../../lib/server/mail/outgoing";
import { oneLineText } from "../../../lib/forms/text-cleaning";
import { agreementTitle, agreementVisit, bodyHash, filledAgreement } from "./agreement";
import { signedMails } from "./agreement-emails";
import { agreementPdf } from "./agreement-pdf";

/** The longest name accepted: a signature, not a letter. */
const NAME_MAX = 120;

function referenceOf(token: unknown, now: number): string {
  const secret = linkSecret();
  if (!secret || typeof token !== "string") throw new HttpError(403, "This link is not one of ours.");
  const check = checkBookingToken(secret, token, now, "sign");
  if (!check.ok) {
    throw check.reason === "expired"
      ? new HttpError(410, `This signing link has expired. Please call us at ${business.phone}.`)
      : new HttpError(
          403,
          "This link cannot sign an agreement: please use the link in the client's confirmation e-mail.",
        );
  }
  return check.reference;
}

async function bookingOf(db: Queryable, reference: string, forUpdate = false): Promise<Booking> {
  const booking = await findBooking(db, reference, forUpdate);
  if (!booking) throw new HttpError(404, `We cannot find this booking. Please call us at ${business.phone}.`);
  return booking;
}

const signatureOf = (agreement: SignedAgreement) => ({
  name: agreement.signerName,
  /** "by Casey Otherbuyer", or "for Casey Otherbuyer by Pat Agent". */
  by: signedByText(agreement),
  signedAt: agreement.signedAt,
  signedAtText: signedAtText(agreement.signedAt),
  version: agreement.version,
  sha256: agreement.bodySha256,
});

/** What the page shows: the booking, the text (as signed, once signed) and the signature. */
async function describe(db: Queryable, booking: Booking) {
  const filled = filledAgreement(booking);
  const signed = await findAgreement(db, booking.reference, filled.terms);
  return {
    reference: booking.reference,
    status: booking.status,
    when: bookedTimeText(booking.start),
    /** Whom the agreement names as "you": the page asks a signer of another name whether they sign for them. */
    client: filled.clientName,
    title: agreementTitle,
    version: signed?.version ?? filled.version,
    text: signed?.body ?? filled.body,
    signed: signed ? signatureOf(signed) : null,
  };
}

const isLive = (booking: Booking) => booking.status === "pending" || booking.status === "booked";

/**
 * The name as signed: cleaned as every name the site takes (forms/text-cleaning.ts), on one line,
 * so a pasted line break, control or bidirectional character, NUL or lone surrogate never reaches
 * the record, the two e-mails, the PDF or the owner's feed. They are dropped, not refused, as in
 * the forms: the page then shows the signature as stored, so the signer sees exactly what was kept.
 */
const signedName = (name: unknown) => (typeof name === "string" ? oneLineText(name).trim() : "");

/** The fields' problems, each naming its field, or none. */
function problems(body: { name?: unknown; consent?: unknown }): Record<string, string> {
  const fields: Record<string, string> = {};
  const name = signedName(body.name);
  if (!name) fields.name = "Full name: type your full name to sign.";
  else if (name.length > NAME_MAX) fields.name = `Full name: at most ${NAME_MAX} characters.`;
  if (body.consent !== true) fields.consent = "Consent: tick the box to agree to sign electronically.";
  return fields;
}

type SignAnswer = { status: number; body: object; stored: boolean };

/**
 * Signs in two steps, so that nothing slow runs while the booking's row is held: the agreement is
 * filled and its two PDFs drawn from the booking as read without a lock, then one short
 * transaction holds the row, checks the booking is as it was read (its sequence rises with every
 * change), and stores the signature with its e-mails. A booking changed in between (moved,
 * cancelled, its hold ended) is read and drawn again.
 */
async function sign(
  reference: string,
  body: { name?: unknown; consent?: unknown; forClient?: unknown },
  meta: { address: string; userAgent: string | null },
  now: Date,
): Promise<SignAnswer> {
  const db = await databaseOr503(business.phone);
  const env = runtimeEnv();
  const nowIso = now.toISOString();
  for (let tries = 0; tries < 3; tries += 1) {
    await db.transaction((tx) => expireIfLapsed(tx, reference, nowIso));
    const seen = await bookingOf(db, reference);
    const filled = filledAgreement(seen);
    const refusal = await refusalOf(db, seen, filled, body);
    if (refusal) return refusal;
    const agreement: SignedAgreement = {
      booking: reference,
      terms: filled.terms,
      version: filled.version,
      body: filled.body,
      bodySha256: bodyHash(filled.body),
      signerName: signedName(body.name),
      signedAt: nowIso,
      clientAddress: meta.address,
      userAgent: meta.userAgent,
      clientName: filled.clientName,
    };
    const mails = await signedMails(agreement, filled, seen, env.MAIL_TO ?? business.email);
    const outgoing = outgoingMail(env);
    const answer = await db.transaction(async (tx): Promise<SignAnswer | null> => {
      // The booking's row is held until the signature is stored: two tries never both sign.
      const booking = await bookingOf(tx, reference, true);
      if (booking.sequence !== seen.sequence || booking.status !== seen.status) return null;
      if (await findAgreement(tx, reference, filled.terms)) {
        return { status: 200, body: await describe(tx, booking), stored: false };
      }
      await insertAgreement(tx, agreement, filled.clientEmail);
      await insertDeliveries(
        tx,
        reference,
        mails.map(({ message, mail }) => outgoing(message, mail)),
        nowIso,
      );
      return { status: 200, body: await describe(tx, booking), stored: true };
    });
    if (answer) return answer;
  }
  throw new HttpError(409, `This booking changed while it was being signed. Please reload the page and sign again.`);
}

/** Why this signature is not taken now (already signed, nothing to sign, a field, another name), or null. */
async function refusalOf(
  db: Queryable,
  booking: Booking,
  filled: Awaited<ReturnType<typeof filledAgreement>>,
  body: { name?: unknown; consent?: unknown; forClient?: unknown },
): Promise<SignAnswer | null> {
  if (await findAgreement(db, booking.reference, filled.terms)) {
    return { status: 200, body: await describe(db, booking), stored: false };
  }
  if (!isLive(booking)) {
    throw new HttpError(
      409,
      `This booking is ${booking.status}: there is nothing to sign. Please call us at ${business.phone}.`,
    );
  }
  const fields = problems(body);
  if (Object.keys(fields).length) {
    return { status: 400, body: { error: "Some fields need attention.", fields }, stored: false };
  }
  // The link can be forwarded: a name that is not the client's signs only once the signer says
  // they sign for the client, and the signature then says so wherever it is shown.
  if (!isClientName(body.name as string, filled.clientName) && body.forClient !== true) {
    return {
      status: 409,
      body: {
        error: `This agreement is ${possessive(filled.clientName)}. Signing for ${filled.clientName}?`,
        signingFor: filled.clientName,
      },
      stored: false,
    };
  }
  return null;
}

export async function agreementHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    const now = new Date();
    if (req.method === "GET") {
      const query = readQuery(req);
      const reference = referenceOf(query.token, now.getTime());
      const db = await databaseOr503(business.phone, "read");
      const booking = await bookingOf(db, reference);
      if (query.pdf === undefined) {
        res.status(200).json(await describe(db, booking));
        return;
      }
      // The signed copy, the same PDF as the e-mail's, for a client who wants it now or lost the e-mail.
      const filled = filledAgreement(booking);
      const signed = await findAgreement(db, reference, filled.terms);
      if (!signed) throw new HttpError(404, "This agreement is not signed yet: there is no signed copy.");
      res.setHeader("Content-Type", "application/pdf");
      res.setHeader("Content-Disposition", `attachment; filename="inspection-agreement-${reference}.pdf"`);
      res.status(200).send(Buffer.from(await agreementPdf(signed, agreementVisit(booking, filled))));
      return;
    }
    if (req.method !== "POST") throw new HttpError(405, "This address answers GET and POST.", { Allow: "GET, POST" });
    throttle(
      req,
      "agreement",
      `Too many tries from your address. Please wait a few minutes or call us at ${business.phone}.`,
    );
    const body = (await readJsonBody(req)) as {
      token?: unknown;
      name?: unknown;
      consent?: unknown;
      forClient?: unknown;
    };
    const reference = referenceOf(body.token, now.getTime());
    const userAgent = req.headers["user-agent"];
    const answer = await sign(
      reference,
      body,
      // The browser's name is stored with the signature: cleaned as any line of text a visitor sends.
      {
        address: clientAddress(req),
        userAgent: typeof userAgent === "string" ? oneLineText(userAgent).slice(0, 500) : null,
      },
      now,
    );
    if (answer.stored) await deliverNow(reference);
    res.status(answer.status).json(answer.body);
  } catch (error) {
    sendFailure(res, error, "agreement", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}
