/**
 * What the site keeps about one mailbox, as its owner reads it on /privacy/data: each record with
 * its fields under the labels the forms give them, its e-mails, the date it goes, and whether a
 * deletion takes it now or the law (or the record of a job done) keeps it until then.
 */
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { localDate, MARYLAND, rfc3339 } from "../../../lib/maryland-time/local-time";
import {
  addOnChoices,
  foundationChoices,
  labelOf,
  mainInspectionChoices,
  topicChoices,
  waterPackageChoices,
} from "../../../lib/pricing/catalog";
import { NO_MAIN_INSPECTION, propertyTypes, referralSources, timeWindows } from "../../../lib/forms/choices";
import { FORM_DECLARATIONS } from "../shared/fields";
import { neverHeldAgreementRule, retention } from "../shared/declaration";
import type { PrivacyContent } from "../../../lib/content/content-schema";
import { formatCents, formatFileSize, longDate } from "../../../lib/text/format";
import type { KeptAgreement, KeptMail, KeptPayment, KeptReport, KeptRequest } from "./kept-about";
import { agreementGoesOn, goesOn, periodsOf } from "./due-days";

export interface KeptItem {
  reference: string;
  /** What it is, as the notice names it. */
  what: string;
  receivedAt: string;
  /** The day (YYYY-MM-DD) it arrived. */
  receivedOn: string;
  /** A booking's state and visit, when it is one. */
  booking: { status: string; start: string } | null;
  /** Each field as the form labels it, and its value. */
  fields: Array<{ label: string; value: string }>;
  mails: KeptMail[];
  /** The day (YYYY-MM-DD) the retention pass deletes it. */
  goesOn: string;
  /** Null when deleting takes it now; else why it is kept until `goesOn`. */
  keptBecause: string | null;
  /** A client's request in which this address is the agent: only the agent's own fields, which deleting blanks. */
  asAgent?: true;
  /** The record as stored, for the JSON download. */
  record: Record<string, unknown>;
}

export interface KeptData {
  mailbox: string;
  items: KeptItem[];
  /** E-mails sent to the mailbox about someone else's request (an agent's copy, say). */
  otherMails: KeptMail[];
}

/** Dates as Maryland's calendar shows them, as the references and the bookings are. */
const day = (date: Date) => localDate(date.getTime(), MARYLAND);

const WHAT: Record<string, string> = {
  "contact-messages": "Message from the contact form",
  "schedule-requests": "Schedule request",
  "booking-changes": "Change to a booking",
  "data-requests": "Request about your data",
};

const named = (names: Record<string, string>) => (id: string) => names[id] ?? id;

/** A stored choice as the form showed it: a label for an id, the time in words. */
const READABLE: Partial<Record<string, (value: string) => string>> = {
  mainInspection: (id) => (id === NO_MAIN_INSPECTION ? "None" : labelOf(mainInspectionChoices, id)),
  addOns: (id) => labelOf(addOnChoices, id),
  waterPackages: (id) => waterPackageChoices.find((pack) => pack.id === id)?.name ?? id,
  foundation: (id) => labelOf(foundationChoices, id),
  propertyType: named(propertyTypes),
  firstWindow: named(timeWindows),
  secondWindow: named(timeWindows),
  heardFrom: named(referralSources),
  topic: (id) => labelOf(topicChoices, id),
  start: (start) => `${bookedTimeText(start)} (Maryland time)`,
};

const readable = (name: string, value: unknown) => {
  const show = READABLE[name] ?? String;
  return Array.isArray(value) ? value.map((each) => show(String(each))).join(", ") : show(String(value));
};

/** The visitor's fields of a stored record, each under its form's label, in the form's order. */
function fieldsOf(request: KeptRequest): Array<{ label: string; value: string }> {
  const form = FORM_DECLARATIONS.find(
    (declaration) =>
      (request.kind === "schedule-requests" && declaration.keptIn === "scheduleRequest") ||
      (request.kind === "contact-messages" && declaration.keptIn === "contactMessage"),
  );
  if (request.kind === "data-requests") {
    const asked = { link: "A link to your data", access: "Your data was seen", delete: "Your data was deleted" };
    return [
      {
        label: "What was done",
        value: asked[request.record.action as keyof typeof asked] ?? String(request.record.action),
      },
      { label: "E-mail address", value: String(request.record.mailbox) },
    ];
  }
  if (request.kind === "booking-changes") {
    return [
      { label: "Booking", value: String(request.record.booking) },
      { label: "What changed", value: String(request.record.change) },
    ];
  }
  const values = (request.record.request ?? request.record.message) as Record<string, unknown> | undefined;
  if (!form || !values) {
    return Object.entries(request.record)
      .filter(([name]) => name !== "type")
      .map(([label, value]) => ({ label, value: typeof value === "string" ? value : JSON.stringify(value) }));
  }
  return Object.entries(form.fields).flatMap(([name, use]) => {
    const value = values[name];
    if (value === undefined || value === "" || (Array.isArray(value) && !value.length)) return [];
    // The booked time as it stands now: the request keeps the time first asked for, a move changes the booking.
    // The booking's start is read from the database in any offset: compared as an instant, and
    // written on Maryland's clock as the form's own value is.
    if (name === "start" && request.booking && Date.parse(request.booking.start) !== Date.parse(String(value))) {
      const now = rfc3339(Date.parse(request.booking.start), MARYLAND);
      return [{ label: use.label, value: `${readable(name, now)}, moved from ${readable(name, value)}` }];
    }
    return [{ label: use.label, value: readable(name, value) }];
  });
}

const PAID_HOW: Record<KeptPayment["method"], string> = {
  online: "online, by card through Stripe",
  cash: "in cash",
  check: "by check",
  "card-terminal": "by card at the inspection",
};

/** A booking's payments and refunds in words, one line: "$175.00 paid online, by card through Stripe on November 29, 2026". */
function paymentsField(payments: readonly KeptPayment[] = []): Array<{ label: string; value: string }> {
  if (!payments.length) return [];
  const said = payments.map((payment) => {
    const on = longDate(day(new Date(payment.recordedAt)));
    return payment.kind === "refund"
      ? `${formatCents(payment.amountCents)} refunded on ${on}`
      : `${formatCents(payment.amountCents)} paid ${PAID_HOW[payment.method]} on ${on}`;
  });
  return [{ label: "Payments", value: said.join("; ") }];
}

const AGREEMENT_WHAT = "Signed inspection agreement";

/**
 * A signed agreement, kept whatever its client asks: Maryland law keeps contracts; one signed for a
 * visit that never took place, by the shorter rule the notice states for it.
 */
function agreementItem(agreement: KeptAgreement, periods: PrivacyContent): KeptItem {
  const signed = Date.parse(agreement.signedAt);
  const held = agreement.held ?? true;
  return {
    reference: agreement.booking,
    what: AGREEMENT_WHAT,
    receivedAt: agreement.signedAt,
    receivedOn: day(new Date(signed)),
    booking: null,
    fields: [
      { label: "Signed by", value: agreement.signerName },
      { label: "The agreement's text", value: "kept whole, as it was signed (the signed copy you were e-mailed)" },
    ],
    mails: [],
    goesOn: agreementGoesOn(
      {
        signedAt: signed,
        visitAt: Date.parse(agreement.visitAt),
        deliveredAt: agreement.deliveredAt ? Date.parse(agreement.deliveredAt) : null,
        held,
      },
      periods,
    ),
    keptBecause: held
      ? `Maryland law keeps a home inspection contract 5 years from the report's delivery (BOP §16-4A-05); we keep it ${periods.signedAgreementsYears} years.`
      : neverHeldAgreementRule(periods),
    record: { ...agreement },
  };
}

const AGENT_FIELDS = ["agentName", "agentEmail", "agentPhone"] as const;

/**
 * A client's request as its agent sees it: the agent's own name, e-mail and phone, nothing of the
 * client's. Deleting blanks them in the stored request and its e-mails (privacy/kept-about.ts); the
 * request itself is the client's, and goes when the client's period ends.
 */
function agentItem(request: KeptRequest, goesOnDay: string): KeptItem {
  const values = (request.record.request ?? {}) as Record<string, unknown>;
  const own = Object.fromEntries(AGENT_FIELDS.map((field) => [field, values[field]]));
  return {
    reference: request.reference,
    what: "Your details as the agent of a client's booking or request",
    receivedAt: request.receivedAt,
    receivedOn: day(new Date(request.receivedAt)),
    booking: null,
    fields: fieldsOf({ ...request, record: { request: own } }),
    mails: [],
    goesOn: goesOnDay,
    keptBecause: null,
    asAgent: true,
    record: { reference: request.reference, ...own },
  };
}

/** When each kept request goes, and whether a deletion takes it now. */
export function describeKept(
  mailbox: string,
  kept: {
    requests: KeptRequest[];
    otherMails: KeptMail[];
    agreements?: KeptAgreement[];
    asAgent?: KeptRequest[];
    reports?: KeptReport[];
  },
  now: number,
  periods: PrivacyContent = retention,
): KeptData {
  const kinds = periodsOf(periods);
  const booked = new Map(
    kept.requests
      .filter((request) => request.booking?.status === "booked")
      .map((request) => [request.reference, goesOn(Date.parse(request.booking!.start), kinds.bookings)]),
  );
  const items = kept.requests.map((request): KeptItem => {
    const received = Date.parse(request.receivedAt);
    const bookingOf = request.kind === "booking-changes" ? String(request.record.booking) : request.reference;
    const bookedUntil = booked.get(bookingOf);
    // A change goes with its booking's request (the pass deletes it then), so it counts from that request.
    const countedFrom = Date.parse((kept.requests.find((each) => each.reference === bookingOf) ?? request).receivedAt);
    const goes = bookedUntil
      ? bookedUntil
      : request.kind === "contact-messages"
        ? goesOn(received, kinds.contactMessages)
        : request.kind === "data-requests"
          ? goesOn(received, kinds.dataRequests)
          : goesOn(countedFrom, kinds.requestsNotBooked);
    const upcoming = bookedUntil && request.booking && Date.parse(request.booking.start) > now;
    return {
      reference: request.reference,
      what: request.booking ? `Booking (${request.booking.status})` : (WHAT[request.kind] ?? request.kind),
      receivedAt: request.receivedAt,
      receivedOn: day(new Date(received)),
      booking: request.booking,
      fields: [...fieldsOf(request), ...paymentsField(request.payments)],
      mails: request.mails,
      goesOn: goes,
      keptBecause: bookedUntil
        ? upcoming
          ? "A booked inspection still to come: cancel it with the link in its e-mail (or call us) and it can be deleted."
          : `The record of an inspection we did, kept ${periods.bookingsYears} years after the visit while a complaint about it can still be heard.`
        : request.kind === "data-requests"
          ? "The record that we answered your requests about your data."
          : null,
      record: request.record,
    };
  });
  const agreements = (kept.agreements ?? []).map((agreement) => agreementItem(agreement, periods));
  const asAgent = (kept.asAgent ?? []).map((request) =>
    agentItem(
      request,
      request.booking?.status === "booked"
        ? goesOn(Date.parse(request.booking.start), kinds.bookings)
        : goesOn(Date.parse(request.receivedAt), kinds.requestsNotBooked),
    ),
  );
  const reports = (kept.reports ?? []).map((report) =>
    reportItem(
      report,
      agreements.find((agreement) => agreement.reference === report.booking) ??
        items.find((item) => item.reference === report.booking),
    ),
  );
  return { mailbox, items: [...items, ...agreements, ...reports, ...asAgent], otherMails: kept.otherMails };
}

/**
 * An inspection report goes with what it is kept with: the signed agreement, which the law keeps
 * (BOP §16-4A-05), or, never signed, its booking; a deletion takes it when it takes that.
 */
function reportItem(report: KeptReport, keptWith: KeptItem | undefined): KeptItem {
  const signed = keptWith?.what === AGREEMENT_WHAT;
  return {
    reference: report.booking,
    what: "Inspection report (PDF)",
    receivedAt: report.uploadedAt,
    receivedOn: day(new Date(report.uploadedAt)),
    booking: null,
    fields: [
      { label: "Delivered", value: day(new Date(report.uploadedAt)) },
      { label: "Size", value: formatFileSize(report.size) },
      { label: "Kept with", value: signed ? "the signed inspection agreement" : "the booking" },
    ],
    mails: [],
    goesOn: keptWith?.goesOn ?? day(new Date(report.uploadedAt)),
    keptBecause: signed
      ? "Maryland law keeps a home inspection report 5 years from its delivery (BOP §16-4A-05): it goes with the signed agreement."
      : (keptWith?.keptBecause ?? null),
    record: { ...report },
  };
}
