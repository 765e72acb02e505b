/** What /api/agent answers and the agent's page reads (agent-bookings.ts makes it). */

export interface AgentBookingView {
  reference: string;
  /** The start in words, on Maryland's clock. */
  when: string;
  /** Whether the visit is still to come. */
  upcoming: boolean;
  property: string;
  client: string;
  /** Where it stands, in the words the client's own page and e-mails use. */
  state: string;
  /** Whether this agent booked it for the client, or is copied at the client's asking. */
  role: "booked" | "copied";
  agreementSigned: boolean;
  /** The payment in the desk's words ("paid", "not paid"...): never the amounts, which are the client's. */
  payment: string;
  /** not-ready: no report yet; withheld: uploaded, not yet released to the client; ready: released. */
  report: "not-ready" | "withheld" | "ready";
  /** Whether the client shares the report with their agent. */
  reportShared: boolean;
  /** Whether the agent may download it now: shared and released. */
  canDownload: boolean;
  /** Whether the client's signing link, or pay link, may be sent to the client again from here. */
  canResendSigning: boolean;
  canResendPay: boolean;
}

export interface AgentPage {
  mailbox: string;
  expiresAt: string;
  /** /schedule with the agent's details filled in, booked by the agent. */
  bookPath: string;
  bookings: AgentBookingView[];
}

/** How far back the page goes: the bookings of the last 12 months, and every one to come. */
export const AGENT_PAGE_MONTHS = 12;
