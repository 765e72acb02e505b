/**
 * What the desk reads, changing nothing: the days from a date with every booking and time off, what
 * needs the owner's attention, the agents who send work, and the bookings of a range as CSV.
 */
import { z } from "zod";
import { marylandToday } from "../../../../lib/maryland-time/maryland-today";
import type { Database } from "../../../../lib/server/db/database";
import { agentsSendingWork } from "../../../booking/server";
import type { DeskAgents } from "../../shared/desk-agents";
import { needsAttention } from "../attention";
import { bookingsCsv, csvRange } from "../bookings-csv";
import { deskAction, RESPONDED } from "../desk-action";
import { marylandText } from "../desk-mail";
import { deskItems } from "../desk-view";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The agents named on confirmed bookings made in the last 12 months, the most first. */
async function agentsView(db: Database, now: Date): Promise<DeskAgents> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 12);
  return { since: marylandText(since.getTime()), agents: await agentsSendingWork(db, since.toISOString()) };
}

export const viewActions = {
  /** `from` (YYYY-MM-DD, today when absent or unreadable) and `days` (1 to 31, 7 when absent). */
  days: deskAction({
    method: "GET",
    access: "session",
    input: z.object({
      from: z.string().regex(DATE).optional().catch(undefined),
      days: z
        .unknown()
        .optional()
        .transform((days) => Math.min(31, Math.max(1, Number(days) || 7))),
    }),
    run: async ({ db, input, now }) => {
      const from = input.from ?? marylandToday(now);
      return { from, days: input.days, items: await deskItems(db, from, input.days, now.getTime()) };
    },
  }),
  attention: deskAction({
    method: "GET",
    access: "session",
    run: ({ db, now }) => needsAttention(db, now.getTime()),
  }),
  agents: deskAction({
    method: "GET",
    access: "session",
    run: ({ db, now }) => agentsView(db, now),
  }),
  /** The bookings from `from` to `to` (YYYY-MM-DD, each optional) as a CSV file. */
  csv: deskAction({
    method: "GET",
    access: "session",
    input: z.object({ from: z.string().optional(), to: z.string().optional() }),
    run: async ({ db, input, now, res }) => {
      res.setHeader("Content-Type", "text/csv; charset=utf-8");
      res.setHeader("Content-Disposition", `attachment; filename="bookings-${marylandToday(now)}.csv"`);
      res.status(200).send(await bookingsCsv(db, now.getTime(), csvRange(input, now.getTime())));
      return RESPONDED;
    },
  }),
};
