/**
 * GET /api/availability/<YYYY-MM>?mainInspection=...&addOns=...&waterPackages=...&squareFeet=...&county=...
 * The open start times of a month for the job described (its length is worked out from the same
 * answers as the quote), as RFC 3339 date-times with Maryland's offset. Read by the schedule page
 * with TanStack Query; a time taken meanwhile is refused when booking, with the fresh times.
 */
import { getDaysInMonth, parseISO } from "date-fns";
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import * as z from "zod/mini";
import { availability, business } from "../../../lib/content/business-data";
import { localDate, MARYLAND } from "../../../lib/maryland-time/local-time";
import { catalog } from "../../../lib/pricing/catalog";
import { scheduleFieldSchemas } from "../../../lib/forms/schedule-fields";
import { fieldErrors } from "../../../lib/forms/field-errors";
import { databaseOr503 } from "../../../lib/server/http/database-or-503";
import { calendar, jobOf, lengthOf, openStarts } from "./booking";
import { HttpError, sendFailure } from "../../../lib/server/http/http-error";
import { readQuery } from "../../../lib/server/http/read-query";
import { throttle } from "../../../lib/server/http/rate-limit";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const list = (value: unknown) => (typeof value === "string" && value ? value.split(",") : []);

function jobSchema(today: string) {
  const fields = scheduleFieldSchemas(catalog, { today, currentYear: Number(today.slice(0, 4)), booking: true });
  return z.object({
    mainInspection: fields.mainInspection,
    addOns: fields.addOns,
    waterPackages: fields.waterPackages,
    squareFeet: fields.squareFeet,
    county: fields.county,
  });
}

export async function availabilityHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  try {
    if (req.method !== "GET") throw new HttpError(405, "This address only answers GET.", { Allow: "GET" });
    if (!availability.bookingOnline) {
      throw new HttpError(404, `Online booking is off; please send a request or call us at ${business.phone}.`);
    }
    // A visitor looks through several months for each booking: more reads than requests.
    throttle(req, "availability", "Too many requests from your address. Please wait a few minutes.", 12);
    const month = String((req.params as Record<string, string> | undefined)?.month ?? "");
    if (!MONTH.test(month)) throw new HttpError(400, "Name the month as YYYY-MM, such as 2026-12.");
    const now = Date.now();
    const query = readQuery(req);
    const parsed = jobSchema(localDate(now, MARYLAND)).safeParse({
      mainInspection: query.mainInspection,
      addOns: list(query.addOns),
      waterPackages: list(query.waterPackages),
      squareFeet: query.squareFeet,
      county: query.county,
    });
    if (!parsed.success) {
      res.status(400).json({ error: "Describe the job to see its open times.", fields: fieldErrors(parsed.error) });
      return;
    }
    const length = lengthOf(jobOf(parsed.data));
    const days = getDaysInMonth(parseISO(`${month}-01`));
    const [from, to] = [`${month}-01`, `${month}-${String(days).padStart(2, "0")}`];
    const { first, last } = calendar.window(now);
    // A month outside today's booking window has no open time: answered without a look at the bookings.
    const starts =
      to < first || from > last
        ? []
        : await openStarts(await databaseOr503(business.phone, "read"), length, { from, to }, now);
    res.status(200).json({
      month,
      timeZone: MARYLAND,
      onSiteMinutes: length.onSiteMinutes,
      /** The first and last dates anyone may book today, so the calendar can page between them. */
      bookable: { first, last },
      starts: starts.map((start) => start.at),
      days,
    });
  } catch (error) {
    sendFailure(res, error, "availability", `Something went wrong on our side. Please call us at ${business.phone}.`);
  }
}
