/**
 * The desk's actions on time off: taken for one inspector or all, over the free parts of a range,
 * and given back. Times are wall times in Maryland, as the desk's fields give them.
 */
import { z } from "zod";
import { availability } from "../../../../lib/content/business-data";
import { instantOf, MARYLAND } from "../../../../lib/maryland-time/local-time";
import { deskAction, requiredText, sessionOf } from "../desk-action";
import { removeTimeOff, takeTimeOff, timeOffAsk } from "../time-off";

/** "YYYY-MM-DDTHH:MM" in Maryland, as an instant (ms). */
const wallTime = (which: "start" | "end") => {
  const message = `Give the time off's ${which} as a date and a time.`;
  return z.string({ error: message }).transform((text, context) => {
    const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/.exec(text);
    const at = match ? instantOf(match[1]!, match[2]!, MARYLAND) : null;
    if (at === null) context.addIssue({ code: "custom", message });
    return at ?? NaN;
  });
};

/** One listed inspector's number, or "all" of them. */
const inspectors = z
  .unknown()
  .optional()
  .transform((value, context) => {
    const all = availability.inspectors.map((inspector) => inspector.number);
    if (value === "all") return all;
    if (all.includes(Number(value))) return [Number(value)];
    context.addIssue({ code: "custom", message: "Choose one of the inspectors listed, or all." });
    return [];
  });

export const timeOffActions = {
  "time-off": deskAction({
    method: "POST",
    access: "session",
    input: z
      .object({
        from: wallTime("start"),
        to: wallTime("end"),
        inspector: inspectors,
        note: z
          .unknown()
          .optional()
          .transform((note) => (typeof note === "string" ? note.trim().slice(0, 200) : "")),
      })
      .transform(({ inspector, ...ask }) => ({ ...ask, inspectors: inspector })),
    run: (call) => takeTimeOff(call.db, timeOffAsk(call.input, call.now), sessionOf(call).mailbox, call.now),
  }),
  "time-off-remove": deskAction({
    method: "POST",
    access: "session",
    input: z.object({ reference: requiredText("Say which time off.") }),
    run: ({ db, input, now }) => removeTimeOff(db, input.reference, now),
  }),
};
