/**
 * Every limit and timing of the request path, in one object: what the production server
 * (scripts/serve.ts) allows one visitor and how it restarts the functions' process, what the
 * functions accept, and how e-mail delivery retries. The defaults are the site's; an operator
 * may change the four documented in the README through their environment variables; a test
 * passes shorter ones as JSON in SERVER_SETTINGS (settingsEnv below: a 1 s deadline, say) so it
 * waits for events, not for the clock.
 *
 * Read when a request is served, not when the site is built (see runtime.ts).
 */
import { runtimeEnv } from "./runtime";

export interface ServerSettings {
  /** Request headers must have arrived this long after the connection opened (else 408). */
  headersTimeoutMs: number;
  /** The whole request, headers and body, must have arrived within this (else 408). */
  requestTimeoutMs: number;
  /** Every answer is under way by then; a function still working is answered 503. */
  deadlineMs: number;
  /** Open connections from one address; more are closed at once. */
  connectionsPerAddress: number;
  /** Open connections in all. */
  connections: number;
  /** How often the server looks for requests past the two timeouts above, so one is answered at most this late. */
  timeoutCheckIntervalMs: number;
  /** The pause before the functions' process is started again after it ends; it doubles with each further failure ... */
  functionsFirstRestartMs: number;
  /** ... up to this; a visitor meanwhile is told to try again after this long (Retry-After). */
  functionsRestartMaxMs: number;
  /** The server gives up (and exits) when the functions' process has ended this many times without ever starting. */
  functionsStartTries: number;
  /** The largest body a function accepts (413 above it). */
  bodyBytes: number;
  /** A function's body must arrive whole within this (408), so a trickling client cannot hold it. */
  bodyTimeoutMs: number;
  /**
   * How deeply a body's objects and lists may nest, the body itself being the first level (400
   * beyond). The forms send two levels; without a limit a 32 KB body can nest 16,000 deep, deeper
   * than any recursive walk of it (JSON.stringify, a hash) has stack for.
   */
  bodyNestingLevels: number;
  /** Requests one address may make to one function in the window (429 beyond). */
  rateLimitMax: number;
  rateLimitWindowMs: number;
  /**
   * At most this many confirmations go to one mailbox in 24 hours, whoever asks for them; the
   * spellings of an address that reach one mailbox count together (mailbox-address.ts).
   */
  confirmationsPerAddressPerDay: number;
  /** The wait after an e-mail's first failed try; it doubles with each further failure ... */
  firstRetryMs: number;
  /** ... up to this. */
  retryMaxMs: number;
  /** A mail server's refusal for good (5xx) is believed after this many tries; the message is then marked failed. */
  permanentFailureTries: number;
  /** How often the worker of `npm start` looks for e-mails that are due. */
  deliveryPassMs: number;
  /**
   * The outbox folder moves requests whose e-mails are all settled into its archive once this many
   * have piled up, keeping those of the last day (for repeated Idempotency-Keys and the
   * confirmations limit), so what is read and scanned does not grow with everything ever stored.
   */
  archiveAfterSettled: number;
  /** How long the mail server may take to accept the connection and to greet, and to answer a command. */
  smtpConnectMs: number;
  smtpSocketMs: number;
}

export const DEFAULT_SETTINGS: Readonly<ServerSettings> = Object.freeze({
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 10_000,
  deadlineMs: 20_000,
  connectionsPerAddress: 32,
  connections: 1_024,
  timeoutCheckIntervalMs: 500,
  functionsFirstRestartMs: 200,
  functionsRestartMaxMs: 5_000,
  functionsStartTries: 6,
  bodyBytes: 32 * 1024,
  bodyTimeoutMs: 10_000,
  bodyNestingLevels: 8,
  rateLimitMax: 10,
  rateLimitWindowMs: 15 * 60 * 1000,
  confirmationsPerAddressPerDay: 3,
  firstRetryMs: 5_000,
  retryMaxMs: 30_000,
  permanentFailureTries: 3,
  deliveryPassMs: 5_000,
  archiveAfterSettled: 1_000,
  smtpConnectMs: 10_000,
  smtpSocketMs: 20_000,
});

/** The environment variables an operator may set (README), each the setting it changes and its unit in ms. */
const OPERATOR_VARIABLES: Record<string, [keyof ServerSettings, number]> = {
  RATE_LIMIT_MAX: ["rateLimitMax", 1],
  RATE_LIMIT_WINDOW_SECONDS: ["rateLimitWindowMs", 1000],
  DELIVERY_RETRY_MAX_SECONDS: ["retryMaxMs", 1000],
  REQUEST_BODY_TIMEOUT_SECONDS: ["bodyTimeoutMs", 1000],
};

function positive(value: unknown, source: string): number {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof number !== "number" || !Number.isFinite(number) || number <= 0) {
    throw new Error(`${source} must be a positive number, not ${JSON.stringify(value)}`);
  }
  return number;
}

/** The settings in force: the defaults, then the operator's variables, then SERVER_SETTINGS. */
export function serverSettings(env: NodeJS.ProcessEnv = runtimeEnv()): ServerSettings {
  const settings: ServerSettings = { ...DEFAULT_SETTINGS };
  for (const [variable, [name, unitMs]] of Object.entries(OPERATOR_VARIABLES)) {
    if (env[variable] !== undefined) settings[name] = positive(env[variable], variable) * unitMs;
  }
  if (env.SERVER_SETTINGS) {
    const overrides = JSON.parse(env.SERVER_SETTINGS) as Record<string, unknown>;
    for (const [name, value] of Object.entries(overrides)) {
      if (!(name in DEFAULT_SETTINGS)) throw new Error(`SERVER_SETTINGS: unknown setting "${name}"`);
      settings[name as keyof ServerSettings] = positive(value, `SERVER_SETTINGS.${name}`);
    }
  }
  return settings;
}

/** The environment that gives a server these settings (for tests and the benchmarks). */
export const settingsEnv = (overrides: Partial<ServerSettings>): { SERVER_SETTINGS: string } => ({
  SERVER_SETTINGS: JSON.stringify(overrides),
});
