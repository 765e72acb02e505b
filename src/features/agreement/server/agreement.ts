/**
 * The inspection agreement of a booking: content/agreement.md filled in with the booking's client,
 * property, services and fee, signed by the client from the link in their confirmation (a "sign"
 * link: booking-links.ts), kept as signed (signed-agreements/agreement-queries.ts), and e-mailed as a PDF to the client
 * and the business; the agent who booked or is copied is told only that it is signed.
 * Its PDF: agreement-pdf.ts; its e-mails: agreement-emails.ts.
 */
import { createHash } from "node:crypto";
import agreementFile from "!!raw-loader!../../../../content/agreement.md";
import { availability, business } from "../../../lib/content/business-data";
import { fillAgreement } from "../shared/agreement-text";
import { agreementFrontmatterSchema } from "../../../lib/content/content-schema";
import { formatDollars } from "../../../lib/text/format";
import { readFrontMatter } from "../../../lib/content/front-matter";
import type { AgentRole } from "../../booking/shared";
import { type Booking, describeServices } from "../../booking/server";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

// Front matter read as the build reads it for its check (gatsby/source-content.ts).
const file = readFrontMatter(agreementFile);
/** Validated at build (gatsby/source-content.ts); parsed here for its types and defaults. */
const settings = agreementFrontmatterSchema.parse(file.data);

/** The agreement's version: a short hash of the file as built, so any edit is a new version. */
export const AGREEMENT_VERSION = sha256(agreementFile).slice(0, 12);
export const agreementTitle = settings.title;

/** What a booking's agreement says and the terms a signature covers. */
export interface FilledAgreement {
  version: string;
  /** The exact text the client reads and signs. */
  body: string;
  /** A hash of the services and the fee: a signature covers these, whatever the time. */
  terms: string;
  /** The client it names as "you": who is asked to sign. */
  clientName: string;
  /** The property's address, as the text names it. */
  property: string;
  /** Where the signed copy and the "signed" note go. */
  clientEmail: string;
  /** The agent who hears of the visit (src/features/booking/shared/agent-copy.ts): told it is signed, reminded of it. */
  agentEmail: string | null;
  agentRole: AgentRole | null;
}

/** The agreement filled in for a booking, from the booking's own record. */
export function filledAgreement(booking: Booking): FilledAgreement {
  const { client, agent } = booking;
  if (!client || booking.quotedCents === null) throw new Error(`booking ${booking.reference} names no client`);
  const services = describeServices(booking.job);
  const property = booking.ownerEvent.location;
  // Whole dollars (pricing.yaml), so the same number the quote gave.
  const fee = booking.quotedCents / 100;
  const body = fillAgreement(file.body.trim(), {
    business: business.name,
    client: client.name,
    reference: booking.reference,
    property,
    services: services.map((service) => `- ${service}`).join("\n"),
    fee: formatDollars(fee),
    standard: booking.job.mainInspection === "commercial" ? settings.commercialStandard : settings.residentialStandard,
    reportDays: String(settings.reportWithinBusinessDays),
    cutoffHours: String(availability.cancellation.cutoffHours),
    phone: business.phone,
  });
  return {
    version: AGREEMENT_VERSION,
    body: `# ${settings.title}\n\n${body}\n`,
    terms: sha256(JSON.stringify({ services, fee })).slice(0, 16),
    clientName: client.name,
    property,
    clientEmail: client.email,
    agentEmail: agent?.role ? agent.email : null,
    agentRole: agent?.role ?? null,
  };
}

export const bodyHash = sha256;

/** The visit a booking's agreement is for, as it stands now: what its PDF opens with. */
export interface AgreementVisit {
  /** RFC 3339 on Maryland's clock, as bookings keep it. */
  start: string;
  property: string;
  client: string;
}

export const agreementVisit = (booking: Pick<Booking, "start">, filled: FilledAgreement): AgreementVisit => ({
  start: booking.start,
  property: filled.property,
  client: filled.clientName,
});
