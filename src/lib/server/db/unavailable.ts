/**
 * Whether an error means the database could not be reached or answer in time (as opposed to a
 * refusal of what was asked): then nothing can be promised, and the function answers 503 with
 * Retry-After, never 500. PostgreSQL's classes: 08 a connection failed, 53 the server is out of
 * resources (too many connections), 57 an operator or a timeout stopped the statement
 * (57014 statement_timeout), 55P03 lock_timeout, 25P03 idle_in_transaction_session_timeout.
 */
const SQLSTATE = /^(08|53|57)|^55P03$|^25P03$/;
const NETWORK = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE", "EAI_AGAIN"]);
// pg-pool's and pg's own words when no connection came in time or one was lost.
const DRIVER =
  /timeout exceeded when trying to connect|Connection terminated|Query read timeout|Client has encountered a connection error/i;

/** Set by the database module on an error it knows is the database's absence (it could not open it). */
export class DatabaseUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DatabaseUnavailable";
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === "string" && (SQLSTATE.test(code) || NETWORK.has(code))) return true;
  return error instanceof Error && DRIVER.test(error.message);
}

/** How long a visitor is asked to wait before trying again, in seconds (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 30;
