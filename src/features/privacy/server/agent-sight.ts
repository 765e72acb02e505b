/**
 * A client's say over what their agent sees: on the data page, each booking whose agent sees it
 * (on /agent, and in copies of its e-mails) and whether they may have the report; ending it leaves
 * the booking no agent's role (booking-queries.ts, endAgentSight), so the agent's next request
 * finds it gone, and the report's consent with it.
 */
import { bookedTimeText } from "../../../lib/maryland-time/booked-time";
import type { Queryable } from "../../../lib/server/db/database";
import { HttpError } from "../../../lib/server/http/http-error";
import { bookingsWithAgentSight, endAgentSight } from "../../booking/server";
import type { AgentSight } from "../shared/agent-sight";

const folded = (address: string) => address.trim().toLowerCase();

export async function agentSightOf(db: Queryable, mailbox: string): Promise<AgentSight[]> {
  return (await bookingsWithAgentSight(db, folded(mailbox))).map((booking) => ({
    reference: booking.reference,
    when: bookedTimeText(booking.start),
    property: booking.ownerEvent.location,
    agent: booking.agent?.name ? `${booking.agent.name} (${booking.agent.email})` : (booking.agent?.email ?? ""),
    report: booking.agentReportConsentAt !== null,
  }));
}

/** Ends the agent's view of one of the client's bookings; 404 for a booking that is not the client's. */
export async function endAgentSightFor(tx: Queryable, mailbox: string, reference: unknown, now: Date) {
  if (typeof reference !== "string" || !reference) throw new HttpError(400, "Say which booking.");
  const sights = await agentSightOf(tx, mailbox);
  if (!sights.some((sight) => sight.reference === reference)) {
    throw new HttpError(404, "No booking of yours lets an agent see it under that reference.");
  }
  await endAgentSight(tx, reference, now.toISOString());
  return { ended: reference };
}
