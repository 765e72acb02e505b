/** The opening-hours sentence the site shows ("Monday to Saturday, 8 am to 6 pm"), made from availability.yaml. */
import type { AvailabilityContent } from "../content/content-schema";
import type { Weekday } from "../content/availability-schema";

const ORDER: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const capitalised = (day: Weekday) => day[0]!.toUpperCase() + day.slice(1);

/** 08:00 as "8 am", 18:30 as "6:30 pm", 12:00 as "noon". */
export function clockWords(time: string): string {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  if (hours === 12 && minutes === 0) return "noon";
  if (hours === 0 && minutes === 0) return "midnight";
  const hour12 = hours % 12 || 12;
  return `${hour12}${minutes ? `:${String(minutes).padStart(2, "0")}` : ""} ${hours < 12 ? "am" : "pm"}`;
}

/**
 * Consecutive days with the same hours become one run: "Monday to Friday, 8 am to 6 pm; Saturday,
 * 9 am to noon".
 */
export function hoursSentence(weeklyHours: AvailabilityContent["weeklyHours"]): string {
  const days = [...weeklyHours].sort((a, b) => ORDER.indexOf(a.day) - ORDER.indexOf(b.day));
  const runs: Array<{ first: Weekday; last: Weekday; opens: string; closes: string }> = [];
  for (const day of days) {
    const run = runs.at(-1);
    const follows = run && ORDER.indexOf(day.day) === ORDER.indexOf(run.last) + 1;
    if (run && follows && run.opens === day.opens && run.closes === day.closes) run.last = day.day;
    else runs.push({ first: day.day, last: day.day, opens: day.opens, closes: day.closes });
  }
  return runs
    .map((run) => {
      const span =
        run.first === run.last
          ? capitalised(run.first)
          : `${capitalised(run.first)} ${ORDER.indexOf(run.last) - ORDER.indexOf(run.first) === 1 ? "and" : "to"} ${capitalised(run.last)}`;
      return `${span}, ${clockWords(run.opens)} to ${clockWords(run.closes)}`;
    })
    .join("; ");
}
