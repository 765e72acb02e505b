/** The two request types: what each accepts, what it stores and what it answers. */
import { availability, business, pricing } from "../../../lib/content/business-data";
import { localDate, MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import { catalog, waterPackageChoices } from "../../../lib/pricing/catalog";
import { computeQuote } from "../../../lib/pricing/quote";
import { quoteInputOf } from "../../booking/shared";
import { createContactSchema, createScheduleSchema } from "../../../lib/request-schemas";
import { fieldErrors } from "../../../lib/forms/field-errors";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import {
  book,
  bookingPlan,
  jobOf,
  lengthOf,
  type OfficeBooking,
  clientManageLink,
  deskLink,
  agentPageLink,
  linkSecret,
  manageLink,
  payLink,
  signingLink,
  describeServices,
  officeNote,
  scheduleEmails,
  SAME_ADDRESS_NOTE,
  type ScheduleRecord,
  visitorMailboxes,
  visitorEvent,
} from "../../booking/server";
import { askedAtBooking, onlinePaymentAsked } from "../../payment-ledger/server";
import { BOOKED_BY_AGENT, SAME_ADDRESS_CONFIRMED } from "../../../lib/forms/choices";
import { contactEmails, type ContactRecord } from "./contact-emails";
import type { Acceptance, Endpoint, RequestContext } from "./handle-request";
import { calendarFile } from "../../../lib/server/mail/invite";

/** A booking the office makes on the desk for a caller: who made it, and whether outside the hours. */
export interface OfficeRequest extends OfficeBooking {
  by: string;
}

/**
 * A schedule request, from the site's form or (with `office`) from the desk's: the same schema,
 * price, e-mails and store; the office's is confirmed as it is made (booking.ts, OfficeBooking).
 */
export function acceptSchedule(
  body: unknown,
  { reference, receivedAt, now }: RequestContext,
  mailTo: string,
  office?: OfficeRequest,
): Acceptance {
  const today = localDate(now.getTime(), MARYLAND);
  const booking = availability.bookingOnline || Boolean(office);
  const schema = createScheduleSchema(catalog, { today, currentYear: Number(today.slice(0, 4)), booking });
  const result = schema.safeParse(body);
  if (!result.success) return { ok: false, fields: fieldErrors(result.error) };
  const { website: _honeypot, ...fields } = result.data;
  // A booked time is kept as Maryland's clock shows it, whatever offset the client wrote it with.
  const request = booking ? { ...fields, start: rfc3339(Date.parse(fields.start!), MARYLAND) } : fields;
  // The price is always computed here from the price tables; a price sent by the client is ignored.
  // The page's estimate prices the same parsed answers the same way (schedule-quote.ts).
  const quote = computeQuote(pricing, waterPackageChoices, quoteInputOf(request));
  const record: ScheduleRecord = { type: "schedule", reference, receivedAt, request, quote };
  if (!booking) {
    return {
      ok: true,
      record,
      validated: request,
      emails: scheduleEmails(record, mailTo, null),
      response: { reference, quote },
    };
  }
  const { onSiteMinutes } = lengthOf(jobOf(request));
  const services = describeServices(request);
  const secret = linkSecret();
  const manageUrl = secret ? manageLink(secret, reference, now.getTime()) : null;
  const clientManageUrl = secret ? clientManageLink(secret, reference, now.getTime()) : null;
  const signUrl = secret ? signingLink(secret, reference, now.getTime()) : null;
  const askCents = onlinePaymentAsked() ? askedAtBooking(Math.round(quote.total * 100)) : 0;
  const pay = secret && askCents > 0 ? { url: payLink(secret, reference, now.getTime()), cents: askCents } : null;
  // The page answers whoever filled in the form: the client gets the signing link there too, an agent never.
  const byClient = request.bookedByAgent !== BOOKED_BY_AGENT;
  const ownerEvent = {
    summary: `${services[0] ?? "Inspection"}: ${request.name}`,
    description: `Reference ${reference}. ${services.join("; ")}. Client ${request.name}, ${request.phone}, ${request.email}.${request.sameAddress === SAME_ADDRESS_CONFIRMED ? ` ${SAME_ADDRESS_NOTE}` : ""}${office ? ` ${officeNote(office)}` : ""}`,
    location: `${request.street}, ${request.city}, MD ${request.zip}`,
  };
  // Only held until the link confirms it: TENTATIVE, and the confirmation sends the CONFIRMED
  // update. The office's booking is confirmed as it is made.
  const event = {
    ...visitorEvent(reference, request.start!, onSiteMinutes, request, ownerEvent.location),
    tentative: !office,
    attendees: visitorMailboxes(request),
  };
  // The visitor's invite has the address but not the client's name or phone; the owner's has both.
  const invite = calendarFile(business.name, [event], "REQUEST");
  const ownerInvite = calendarFile(business.name, [{ ...event, ...ownerEvent }], "REQUEST");
  const details = {
    start: request.start!,
    onSiteMinutes,
    invite,
    ownerInvite,
    manageUrl,
    clientManageUrl,
    signUrl,
    pay,
    cutoffHours: availability.cancellation.cutoffHours,
    confirmWithinMinutes: availability.holds.confirmWithinMinutes,
    deskUrl: deskLink(reference, request.start!),
    agentPageUrl: agentPageLink(),
    office,
  };
  return {
    ok: true,
    record: { ...record, booking: { start: request.start!, onSiteMinutes } },
    validated: request,
    emails: scheduleEmails(record, mailTo, details),
    response: {
      reference,
      quote,
      booking: {
        start: request.start!,
        onSiteMinutes,
        when: bookedTimeText(request.start!),
        invite,
        status: office ? "booked" : "pending",
        confirmWithinMinutes: availability.holds.confirmWithinMinutes,
        ...(pay ? { pay: { path: new URL(pay.url).pathname + new URL(pay.url).search, cents: pay.cents } } : {}),
        ...(byClient && signUrl ? { agreementPath: new URL(signUrl).pathname + new URL(signUrl).search } : {}),
      },
    },
    bookingPlan: bookingPlan(request, now.getTime(), office),
    book: (tx, confirmBy, facts) =>
      book(
        tx,
        {
          request,
          reference,
          now: now.getTime(),
          ownerEvent,
          confirmBy,
          office,
          quotedCents: Math.round(quote.total * 100),
        },
        facts,
      ),
  };
}

export const scheduleEndpoint: Endpoint = {
  kind: "schedule-requests",
  referencePrefix: "SR",
  accept: (body, context, mailTo) => acceptSchedule(body, context, mailTo),
};

export const contactEndpoint: Endpoint = {
  kind: "contact-messages",
  referencePrefix: "MSG",
  accept(body, { reference, receivedAt }, mailTo) {
    const result = createContactSchema(catalog).safeParse(body);
    if (!result.success) return { ok: false, fields: fieldErrors(result.error) };
    const { website: _honeypot, ...message } = result.data;
    const record: ContactRecord = { type: "contact", reference, receivedAt, message };
    return {
      ok: true,
      record,
      validated: message,
      emails: { ...contactEmails(record, mailTo), agentConfirmation: null, agentCopy: null },
      response: { reference },
    };
  },
};
