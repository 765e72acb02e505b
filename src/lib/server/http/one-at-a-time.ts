/**
 * Work under one name (an Idempotency-Key, a booking) runs one piece after another in this
 * process: a repeat of a booking finds the first stored and gets its answer rather than competing
 * with it for the time, and two changes to one booking never interleave.
 */
import { processState } from "./runtime";

const queues = processState("one-at-a-time", () => new Map<string, Promise<unknown>>());

export function oneAtATime<T>(name: string, task: () => Promise<T>): Promise<T> {
  const run = (queues.get(name) ?? Promise.resolve()).then(task, task);
  const tail = run.catch(() => undefined);
  queues.set(name, tail);
  void tail.then(() => queues.get(name) === tail && queues.delete(name));
  return run;
}
