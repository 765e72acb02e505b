/**
 * The office books a caller into a time on the desk: the schedule form's fields, priced, stored
 * and e-mailed as a visitor's booking is (requests/endpoints.ts, requests/handle-request.ts),
 * once per Idempotency-Key. It is confirmed as it is made; with `outsideHours` it may start at a
 * time the site does not offer, never over a booking or time off (the constraint refuses it).
 */
import { business } from "../../../lib/content/business-data";
import { createReference } from "../../../lib/server/mail/reference";
import { acceptSchedule, scheduleEndpoint, storeRequest } from "../../requests/server";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";

export async function bookCaller(
  key: string | undefined,
  body: Record<string, unknown>,
  now: Date,
  who: string,
): Promise<{ status: number; body: object }> {
  const office = { by: who, outsideHours: body.outsideHours === true || body.outsideHours === "yes" };
  const context = {
    reference: createReference(scheduleEndpoint.referencePrefix, now),
    receivedAt: now.toISOString(),
    now,
  };
  const acceptance = acceptSchedule(body, context, runtimeEnv().MAIL_TO ?? business.email, office);
  if (!acceptance.ok) return { status: 400, body: { error: "Some fields need attention.", fields: acceptance.fields } };
  return storeRequest(scheduleEndpoint.kind, key, acceptance, now, { byOffice: true });
}
