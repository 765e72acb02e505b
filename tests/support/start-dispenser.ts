/**
 * Open start times from a running server's availability function, for tests and benchmarks that
 * book: each taken one is handed out once, so bookings that should not compete never do.
 */
import { TZDate } from "@date-fns/tz";
import { addMonths, format } from "date-fns";
import { request } from "node:http";
import { availability } from "../../src/lib/content/business-data";
import { MARYLAND } from "../../src/lib/maryland-time/local-time";
import { jobQuery, type Job } from "./sample-requests";

export function getJson(url: string): Promise<{ status: number; body: unknown; text: string }> {
  return new Promise((resolve, reject) => {
    request(url, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => {
        let body: unknown = null;
        try {
          body = JSON.parse(text);
        } catch {
          // a sentence, not JSON
        }
        resolve({ status: res.statusCode ?? 0, body, text });
      });
    })
      .on("error", reject)
      .end();
  });
}

/** The months from Maryland's this one on, as YYYY-MM. */
const monthsAhead = (count: number) =>
  Array.from({ length: count }, (_, i) => format(addMonths(new TZDate(Date.now(), MARYLAND), i), "yyyy-MM"));

/** Every open start of the next three months for a job. */
export async function openStartsOf(baseUrl: string, job: Job): Promise<string[]> {
  const starts: string[] = [];
  for (const month of monthsAhead(3)) {
    const answer = await getJson(`${baseUrl}/api/availability/${month}?${jobQuery(job)}`);
    if (answer.status !== 200) throw new Error(`availability ${month}: ${answer.status} ${answer.text}`);
    starts.push(...(answer.body as { starts: string[] }).starts);
  }
  return starts;
}

/**
 * Starts closer than this to now are not handed out: a booking that close can no longer be
 * changed by its visitor (the cancellation cutoff), and which of the earliest starts are that close
 * moves with the hour a test runs at. Three hours more than the cutoff leave a whole run's time.
 */
const CHANGEABLE_FROM_MS = (availability.cancellation.cutoffHours + 3) * 3_600_000;

/**
 * Hands out open starts of a job, each once, at least `apartMinutes` apart: as long as the job
 * blocks (its time on site, travel and buffer), no two of them compete for an inspector. Every one
 * can still be moved or cancelled by its visitor, whatever the hour the tests run at.
 */
export async function startDispenser(baseUrl: string, job: Job, apartMinutes: number) {
  const changeableFrom = Date.now() + CHANGEABLE_FROM_MS;
  const all = (await openStartsOf(baseUrl, job)).filter((start) => Date.parse(start) >= changeableFrom);
  const spaced: string[] = [];
  for (const start of all) {
    const last = spaced.at(-1);
    if (!last || Date.parse(start) - Date.parse(last) >= apartMinutes * 60_000) spaced.push(start);
  }
  return () => {
    const next = spaced.shift();
    if (!next) throw new Error("No more open starts to hand out");
    return next;
  };
}
