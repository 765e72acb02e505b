/**
 * Whether a booking's agent hears of it, and as whom: the agent who booked for the client gets the
 * confirmation as the one who booked; an agent the client named gets copies only when the client
 * ticked the box for it. The e-mails, their invites' attendees, the desk and the confirmation page
 * all ask here; and whether the agent may have the report, which only the client decides.
 */
import { AGENT_REPORT, BOOKED_BY_AGENT, COPY_AGENT } from "../../../lib/forms/choices";

/** "booked": the agent made the booking; "copied": the client asked us to copy their agent. */
export type AgentRole = "booked" | "copied";

export interface AgentFields {
  email: string;
  bookedByAgent?: string;
  agentEmail?: string;
  copyAgent?: string;
  agentReport?: string;
}

const sameMailbox = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The agent's part in a booking's e-mails, or null when the agent gets none: no agent's e-mail, the
 * client's own address typed as the agent's (one mailbox gets each e-mail once), or an agent the
 * client did not ask to copy.
 */
export function agentRoleOf(request: AgentFields): AgentRole | null {
  if (!request.agentEmail || sameMailbox(request.agentEmail, request.email)) return null;
  if (request.bookedByAgent === BOOKED_BY_AGENT) return "booked";
  return request.copyAgent === COPY_AGENT ? "copied" : null;
}

/**
 * Whether the request carries the client's consent that their agent may have the inspection report:
 * the client ticked it for an agent who gets the booking's e-mails (copied: an agent who booked
 * cannot consent for the client, who can on the booking's page). Kept with the booking.
 */
export const agentReportConsented = (request: AgentFields): boolean =>
  request.agentReport === AGENT_REPORT && agentRoleOf(request) === "copied";
