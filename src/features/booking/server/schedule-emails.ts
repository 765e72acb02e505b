/**
 * The e-mails a schedule request produces: one to the business with every field and the quote,
 * and a confirmation to the visitor (with the booking's time when it booked one). Plain text, so
 * they read well in any mail program. The words of a booking's services and length are here too,
 * for every later e-mail about it.
 */
import { business } from "../../../lib/content/business-data";
import {
  addOnChoices,
  labelOf,
  mainInspectionChoices,
  waterPackageChoices,
  foundationChoices,
} from "../../../lib/pricing/catalog";
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import { formatDollars } from "../../../lib/text/format";
import type { Quote } from "../../../lib/pricing/quote";
import {
  BOOKED_BY_AGENT,
  NO_MAIN_INSPECTION,
  SAME_ADDRESS_CONFIRMED,
  propertyTypes,
  referralSources,
  timeWindows,
} from "../../../lib/forms/choices";
import type { ScheduleRequest } from "../../../lib/request-schemas";
import { agentReportConsented, agentRoleOf, type AgentFields, type AgentRole } from "../shared/agent-copy";
import type { MailMessage } from "../../../lib/server/mail/mailer";
import { lines } from "../../../lib/server/mail/plain-text";
import { formatCents } from "../../../lib/text/format";

export interface ScheduleRecord {
  type: "schedule";
  reference: string;
  receivedAt: string;
  request: Omit<ScheduleRequest, "website">;
  quote: Quote;
}

const longDate = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  });

/**
 * What the owner is told of a booking made after the visitor was asked about another at the same
 * address and time ("Book it as well"): two bookings of one house are otherwise read as a mistake.
 */
export const SAME_ADDRESS_NOTE =
  "The visitor was told this address already has an inspection booked at an overlapping time, and chose to book this one as well.";

export function quoteText(quote: Quote): string {
  const rows = quote.lines.map((line) => `  ${line.label}: ${formatDollars(line.amount)}`);
  return [...rows, `  Estimated total: ${formatDollars(quote.total)}`].join("\n");
}

export function describeServices(
  request: Pick<ScheduleRecord["request"], "mainInspection" | "addOns" | "waterPackages">,
): string[] {
  return [
    ...(request.mainInspection === NO_MAIN_INSPECTION ? [] : [labelOf(mainInspectionChoices, request.mainInspection)]),
    ...request.addOns.map((id) => labelOf(addOnChoices, id)),
    ...request.waterPackages.map(
      (id) => `Water test: ${waterPackageChoices.find((pack) => pack.id === id)?.name ?? id}`,
    ),
  ];
}

/** What a booking adds to its e-mails: the time, how long it lasts, the calendar file, the link to change it. */
export interface BookingDetails {
  start: string;
  onSiteMinutes: number;
  /** The visitor's invite: the same for the client and an agent; nothing typed in it. */
  invite: string;
  /** The owner's: with the address and the client. */
  ownerInvite: string;
  /** Where the visitor cancels or moves it; none when the server has no link secret. */
  manageUrl: string | null;
  /** The same page from the client's own link (booking-links.ts, "client"): in the client's e-mail only. */
  clientManageUrl: string | null;
  /** Where the client signs the inspection agreement: in the client's confirmation only, never the agent's. */
  signUrl: string | null;
  /** The "pay now" link and what it asks, when the site takes payment online; null: paid at the inspection. */
  pay: { url: string; cents: number } | null;
  cutoffHours: number;
  /** The time is held this long after the confirmation arrives, until the link confirms it. */
  confirmWithinMinutes: number;
  /** The booking on the owner's desk, for the business's e-mail. */
  deskUrl?: string;
  /** The agents' page, where the agent follows this booking and their other clients': in the agent's e-mails. */
  agentPageUrl?: string;
  /** Booked by the office on the desk for a caller: confirmed as it is made. */
  office?: { by: string; outsideHours: boolean };
}

/** What the client's e-mails ask of the agreement, above its signing link. */
export const SIGN_BEFORE_VISIT =
  "Before the visit, please read and sign the inspection agreement (only you, the client, can sign it):";

/** What the owner's e-mail and calendar say of a booking the office made. */
export const officeNote = (office: { by: string; outsideHours: boolean }) =>
  `Booked on the desk by ${office.by} for a caller, and confirmed.${office.outsideHours ? " The time is outside the hours the site offers." : ""}`;

export const duration = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return [hours ? `${hours} hour${hours === 1 ? "" : "s"}` : "", rest ? `${rest} minutes` : ""]
    .filter(Boolean)
    .join(" ");
};

/** Who reads a visitor e-mail: the client, or the agent as the one who booked or as the client's copy. */
export type Reader = "client" | AgentRole;

/**
 * The mailboxes a booking's visitor e-mails go to, in order, with who reads each: the client's,
 * and the agent's when the agent booked or the client asked us to copy them (agent-copy.ts). The
 * confirmations, every change and the invites' attendees follow it.
 */
export function visitorReaders(request: AgentFields): Array<{ to: string; reader: Reader }> {
  const role = agentRoleOf(request);
  return [{ to: request.email, reader: "client" }, ...(role ? [{ to: request.agentEmail!, reader: role }] : [])];
}

export const visitorMailboxes = (request: AgentFields): string[] => visitorReaders(request).map(({ to }) => to);

/**
 * What an agent copied at the client's request reads first: why they have it, and that the
 * booking's links are the client's. The manage and signing links stay out of their copies.
 */
export const COPIED_AGENT_NOTE =
  "Your client asked us to copy you on the scheduling of their inspection. The client confirms, moves or cancels it with the link in their own e-mail.";

export function scheduleEmails(
  record: ScheduleRecord,
  to: string,
  booking: BookingDetails | null,
): {
  business: MailMessage;
  confirmation: MailMessage;
  agentConfirmation: MailMessage | null;
  agentCopy: MailMessage | null;
} {
  const { request, quote, reference } = record;
  const services = describeServices(request);
  const when = booking
    ? [`  ${bookedTimeText(booking.start)} (Maryland time), about ${duration(booking.onSiteMinutes)} on site`]
    : [
        `  1. ${longDate(request.firstDate!)}, ${timeWindows[request.firstWindow as keyof typeof timeWindows]}`,
        `  2. ${longDate(request.secondDate!)}, ${timeWindows[request.secondWindow as keyof typeof timeWindows]}`,
      ];
  const address = `${request.street}, ${request.city}, MD ${request.zip} (${request.county})`;
  const byAgent = request.bookedByAgent === BOOKED_BY_AGENT;
  const agentRole = agentRoleOf(request);

  const businessText = [
    booking?.office
      ? `New booking ${reference}, made ${record.receivedAt}. ${officeNote(booking.office)}`
      : booking
        ? `New booking ${reference}, made ${record.receivedAt}. The time is held for the client, who confirms it with the link in their confirmation within ${duration(booking.confirmWithinMinutes)} of receiving it; unconfirmed, it is freed (your calendar feed shows which).`
        : `New schedule request ${reference}, received ${record.receivedAt}.`,
    ...(booking?.deskUrl ? [`Open it on the desk: ${booking.deskUrl}`] : []),
    ...(booking && request.sameAddress === SAME_ADDRESS_CONFIRMED ? ["", SAME_ADDRESS_NOTE] : []),
    "",
    "Services:",
    ...services.map((service) => `  - ${service}`),
    "",
    "Property:",
    lines([
      ["  Address", address],
      ["  Type", propertyTypes[request.propertyType as keyof typeof propertyTypes]],
      ["  Finished square feet", request.squareFeet],
      ["  Year built", request.yearBuilt],
      ["  Foundation", labelOf(foundationChoices, request.foundation)],
    ]),
    "",
    booking ? "Booked time:" : "Preferred dates:",
    ...when,
    "",
    "Client:",
    lines([
      ["  Name", request.name],
      ["  E-mail", request.email],
      ["  Phone", request.phone],
      ["  Heard about us from", referralSources[request.heardFrom as keyof typeof referralSources]],
      [byAgent ? "  Booked by the agent" : "  Agent", request.agentName],
      ["  Agent e-mail", request.agentEmail],
      [
        "  Agent copied",
        byAgent || !request.agentEmail ? undefined : agentRole === "copied" ? "yes, as the client asked" : "no",
      ],
      [
        "  Report to the agent",
        agentRole === "copied" ? (agentReportConsented(request) ? "yes, as the client asked" : "no") : undefined,
      ],
      ["  Agent phone", request.agentPhone],
    ]),
    ...(request.notes ? ["", "Notes:", request.notes] : []),
    "",
    "Estimate (computed by the website from pricing.yaml):",
    quoteText(quote),
  ].join("\n");

  // The client signs the agreement; an agent's copy says only that the client will be asked to.
  const agreementLines = (client: boolean) =>
    client && booking?.signUrl
      ? [SIGN_BEFORE_VISIT, "", `  ${booking.signUrl}`]
      : client
        ? [`We will send the inspection agreement to sign before the day; questions: ${business.phone}.`]
        : ["The client will be asked to sign the inspection agreement before the visit."];
  // Where an agent follows the booking, signed in with the address this e-mail went to.
  const agentPageLines = () =>
    booking?.agentPageUrl
      ? [
          "Follow where it stands (signed, paid, report ready), with your other clients' inspections, on your page",
          `with us, signing in with this e-mail address: ${booking.agentPageUrl}`,
        ]
      : [];
  // The copied agent's: the same booking, without the client's links to manage it or to sign.
  const copiedAgentText = () =>
    [
      "Hello,",
      "",
      COPIED_AGENT_NOTE,
      "",
      booking?.office
        ? `The inspection is booked, as agreed with the client. Its reference is ${reference}.`
        : booking
          ? `The inspection time is held for your client until they confirm it. Its reference is ${reference}.`
          : `Your client has asked us for an inspection. Its reference is ${reference}.`,
      "",
      "What the client asked for:",
      ...services.map((service) => `  - ${service}`),
      "",
      booking ? "When:" : "The client's preferred dates:",
      ...when,
      "",
      ...(booking
        ? [
            "The attached invitation puts it in your calendar.",
            "",
            ...agreementLines(false),
            "",
            ...agentPageLines(),
            "",
          ]
        : ["We will call or e-mail the client within one business day to confirm a date and time.", ""]),
      `Questions? Call us at ${business.phone} (${business.hours}) and give the reference.`,
      "",
      business.name,
    ].join("\n");
  const visitorBody = (client: boolean) => {
    const manageUrl = client ? booking?.clientManageUrl : booking?.manageUrl;
    return [
      "What you asked for:",
      ...services.map((service) => `  - ${service}`),
      "",
      booking ? "When:" : "Your preferred dates:",
      ...when,
      "",
      "Your estimate:",
      quoteText(quote),
      "",
      ...(booking
        ? [
            ...(booking.office
              ? manageUrl
                ? [`To cancel or move it, until ${booking.cutoffHours} hours before it starts:`, "", `  ${manageUrl}`]
                : [`To cancel or move it, call us at ${business.phone}.`]
              : manageUrl
                ? [
                    `Please confirm it within ${duration(booking.confirmWithinMinutes)}: open this link and choose "Keep this time".`,
                    "Unconfirmed, the time is released for others.",
                    "",
                    `  ${manageUrl}`,
                    "",
                    `The same link cancels or moves it, until ${booking.cutoffHours} hours before it starts.`,
                  ]
                : [`To confirm, cancel or move it, call us at ${business.phone}.`]),
            "",
            "The attached invitation puts it in your calendar. The estimate is confirmed once we have checked the",
            "details with you.",
            "",
            ...(booking.pay
              ? [
                  `Pay now: ${formatCents(booking.pay.cents)} online, by card on our payment provider Stripe's page (the receipt names the client):`,
                  `  ${booking.pay.url}`,
                ]
              : ["Payment: you pay at the inspection."]),
            "",
            ...agreementLines(client),
            ...(client ? [] : ["", ...agentPageLines()]),
          ]
        : [
            "What happens next: we will call or e-mail you within one business day to confirm a date and time and",
            "to send the inspection agreement. The estimate is confirmed once we have checked the details with you.",
          ]),
      "",
      `Questions? Call us at ${business.phone} (${business.hours}) and give your reference.`,
      "If you did not ask for an inspection, you can ignore this e-mail.",
      "",
      business.name,
    ];
  };

  // The confirmation goes to an address the visitor typed, so it repeats nothing they wrote (name,
  // street, notes): only the reference, the choices from our own lists, the time and what happens next.
  const confirmationText = (reader: Reader) =>
    reader === "copied"
      ? copiedAgentText()
      : [
          "Hello,",
          "",
          booking?.office
            ? `Your inspection is booked, as agreed with us on the phone. Your reference is ${reference}.`
            : booking
              ? `Your inspection time is held for you. Your reference is ${reference}.`
              : `Thank you for your inspection request. Your reference is ${reference}.`,
          "",
          ...visitorBody(reader === "client"),
        ].join("\n");
  const subject = booking?.office
    ? `Your inspection is booked: ${bookedTimeText(booking.start)} (${reference})`
    : booking
      ? `Please confirm your inspection: ${bookedTimeText(booking.start)} (${reference})`
      : `We received your inspection request (${reference})`;
  const copiedSubject = booking?.office
    ? `Your client's inspection is booked: ${bookedTimeText(booking.start)} (${reference})`
    : booking
      ? `Your client's inspection is held: ${bookedTimeText(booking.start)} (${reference})`
      : `Your client's inspection request (${reference})`;
  const confirmation = (address: string, reader: Reader): MailMessage => ({
    to: address,
    replyTo: business.email,
    subject: reader === "copied" ? copiedSubject : subject,
    text: confirmationText(reader),
    ...(booking ? { calendar: booking.invite } : {}),
  });
  return {
    business: {
      to,
      replyTo: request.email,
      subject: `${booking ? `Booking ${reference}: ${bookedTimeText(booking.start)}` : `Schedule request ${reference}`}: ${services[0] ?? "inspection"}, ${request.city}`,
      text: businessText,
      ...(booking ? { calendar: booking.ownerInvite } : {}),
    },
    confirmation: confirmation(request.email, "client"),
    agentConfirmation: agentRole === "booked" ? confirmation(request.agentEmail!, "booked") : null,
    agentCopy: agentRole === "copied" ? confirmation(request.agentEmail!, "copied") : null,
  };
}
