/** The two request types: what each accepts, what it stores and what it answers. */
import { pricing } from "../business-data";
import { catalog, waterPackageChoices } from "../catalog";
import { computeQuote } from "../quote";
import {
  createContactSchema,
  createScheduleSchema,
  fieldErrors,
  marylandToday,
  NO_MAIN_INSPECTION,
} from "../request-schemas";
import { contactEmails, scheduleEmails, type ContactRecord, type ScheduleRecord } from "./emails";
import type { Endpoint } from "./handle-request";

export const scheduleEndpoint: Endpoint = {
  kind: "schedule-requests",
  referencePrefix: "SR",
  accept(body, { reference, receivedAt, now }, mailTo) {
    const today = marylandToday(now);
    const schema = createScheduleSchema(catalog, { today, currentYear: Number(today.slice(0, 4)) });
    const result = schema.safeParse(body);
    if (!result.success) return { ok: false, fields: fieldErrors(result.error) };
    const { website: _honeypot, ...request } = result.data;
    // The price is always computed here from the price tables; a price sent by the client is ignored.
    const quote = computeQuote(pricing, waterPackageChoices, {
      ...request,
      mainInspection: request.mainInspection === NO_MAIN_INSPECTION ? null : request.mainInspection,
    });
    const record: ScheduleRecord = { type: "schedule", reference, receivedAt, request, quote };
    return {
      ok: true,
      record,
      validated: request,
      emails: scheduleEmails(record, mailTo),
      response: { reference, quote },
    };
  },
};

export const contactEndpoint: Endpoint = {
  kind: "contact-messages",
  referencePrefix: "MSG",
  accept(body, { reference, receivedAt }, mailTo) {
    const result = createContactSchema(catalog).safeParse(body);
    if (!result.success) return { ok: false, fields: fieldErrors(result.error) };
    const { website: _honeypot, ...message } = result.data;
    const record: ContactRecord = { type: "contact", reference, receivedAt, message };
    return { ok: true, record, validated: message, emails: contactEmails(record, mailTo), response: { reference } };
  },
};
