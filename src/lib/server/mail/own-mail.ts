/**
 * The requests whose e-mails one piece of work stored, so that a function sends its own e-mails
 * and no other's (deliver-now.ts), also where what it did stores them under references made deep
 * inside it (a booking change's, a desk action's, a reminder's). Every e-mail is stored through
 * insertDeliveries (outbox.ts), which notes its request here; work outside `withOwnMail` notes
 * nothing.
 */
import { AsyncLocalStorage } from "node:async_hooks";

const noted = new AsyncLocalStorage<Set<string>>();

/** Runs `work`; returns what it returned and the references of the requests whose e-mails it stored. */
export async function withOwnMail<T>(work: () => Promise<T>): Promise<[T, string[]]> {
  const references = new Set<string>();
  const result = await noted.run(references, work);
  return [result, [...references]];
}

/** Notes that the work in progress stored e-mails of `reference`. */
export function noteStoredMail(reference: string): void {
  noted.getStore()?.add(reference);
}
