/**
 * Every limit and timing of the request path, in one object: what the production server allows one visitor and
 * how it restarts the functions' process, what the functions accept, and how e-mail delivery retries. An
 * operator may change some through the environment (docs/developing.md); a test passes shorter ones as JSON in
 * SERVER_SETTINGS (settingsEnv), so it waits for events, not the clock. Read when a request is served, not when
 * the site is built (runtime.ts).
 */
import { runtimeEnv } from "./runtime";

/** How a setting's number reads: milliseconds, bytes, or a count of something. */
type Unit = "ms" | "bytes" | "count";

interface Setting {
  value: number;
  unit: Unit;
  /** What it limits, as docs/requests.md's table of limits says it (made from this object). */
  what: string;
  /** The environment variable an operator may set instead, in seconds for a time (docs/developing.md). */
  variable?: string;
}

/** Every setting once: its default, its unit and what it limits. */
const SETTINGS = {
  headersTimeoutMs: {
    value: 5_000,
    unit: "ms",
    what: "Request headers must have arrived this long after the connection opened (else 408).",
  },
  requestTimeoutMs: {
    value: 10_000,
    unit: "ms",
    what: "The whole request, headers and body, must have arrived within this (else 408).",
  },
  // A client reuses an idle connection until its own timer ends it: Node's after 5 s (or the
  // server's Keep-Alive hint less 1 s), browsers' later. A server that closes first can close a
  // connection just as the client sends on it, and the client reads "socket hang up".
  keepAliveMs: {
    value: 65_000,
    unit: "ms",
    what: "An idle connection is kept this long for the visitor's next request: longer than clients keep theirs, so the client closes it, never the server as a request arrives on it.",
  },
  deadlineMs: {
    value: 20_000,
    unit: "ms",
    what: "Every answer is under way by then, mail included; a function still working is answered 503 with the phone number.",
  },
  connectionsPerAddress: {
    value: 32,
    unit: "count",
    what: "Open connections from one address; more are closed at once.",
  },
  connections: {
    value: 1_024,
    unit: "count",
    what: "Open connections in all; when all are taken, the address holding the most gives up its oldest, so a newcomer still gets in (src/serve/connection-slots.ts).",
  },
  timeoutCheckIntervalMs: {
    value: 500,
    unit: "ms",
    what: "How often the server looks for requests past the two timeouts above, so one is answered at most this late.",
  },
  functionsFirstRestartMs: {
    value: 200,
    unit: "ms",
    what: "The pause before the functions' process is started again after it ends; it doubles with each further failure, up to the next.",
  },
  functionsRestartMaxMs: {
    value: 5_000,
    unit: "ms",
    what: "The longest pause between two starts of the functions' process; meanwhile /api answers 503 with this as its Retry-After.",
  },
  functionsStartTries: {
    value: 6,
    unit: "count",
    what: "The server gives up (and exits) when the functions' process has ended this many times without ever starting.",
  },
  bodyBytes: {
    value: 32 * 1024,
    unit: "bytes",
    what: "The largest body a function accepts (413 above it); any type but application/json is refused with 415 first.",
  },
  bodyTimeoutMs: {
    value: 10_000,
    unit: "ms",
    what: "A function's body must arrive whole within this (408), so a trickling client cannot hold it.",
    variable: "REQUEST_BODY_TIMEOUT_SECONDS",
  },
  // Without a limit a 32 KB body can nest 16,000 deep, deeper than any recursive walk of it
  // (JSON.stringify, a hash) has stack for. The forms send two levels.
  bodyNestingLevels: {
    value: 8,
    unit: "count",
    what: "How deeply a body's objects and lists may nest, the body itself being the first level (400 beyond).",
  },
  rateLimitMax: {
    value: 10,
    unit: "count",
    what: "Requests one address may make to one function in the window (429 beyond, with Retry-After).",
    variable: "RATE_LIMIT_MAX",
  },
  rateLimitWindowMs: {
    value: 15 * 60 * 1000,
    unit: "ms",
    what: "The rate limit's window.",
    variable: "RATE_LIMIT_WINDOW_SECONDS",
  },
  // The spellings of an address that reach one mailbox count together (mailbox-address.ts).
  confirmationsPerAddressPerDay: {
    value: 3,
    unit: "count",
    what: "Confirmations sent to one mailbox in 24 hours, whoever asks for them; the business still gets every request.",
  },
  // A link to what is kept about an address goes only to that address, and only this often, so
  // nobody can use the form to fill a stranger's mailbox (the answer is the same either way).
  dataLinksPerMailboxPerDay: {
    value: 3,
    unit: "count",
    what: "Links to what is kept about an address (/privacy) sent to one mailbox in 24 hours, whoever asks.",
  },
  dataLinksPerClientPerDay: {
    value: 10,
    unit: "count",
    what: "Asks for such a link from one client address in 24 hours; beyond it no link is sent, and the answer is the same.",
  },
  // Counted in the database (desk_links), so they hold however many servers answer. A flood can
  // then neither fill a desk mailbox nor spend the mail quota the bookings' e-mails need.
  deskLinksPerMailboxPerHour: {
    value: 6,
    unit: "count",
    what: "Desk sign-in links sent to one of the desk's mailboxes in an hour, whoever asks; beyond it none is sent, and the answer is the same.",
  },
  deskLinksPerClientPerHour: {
    value: 10,
    unit: "count",
    what: "Asks for a desk sign-in link from one client address in an hour, for any address; beyond it no link is sent, and the answer is the same.",
  },
  firstRetryMs: {
    value: 5_000,
    unit: "ms",
    what: "The wait after an e-mail's first failed try; it doubles with each further failure, up to the next.",
  },
  retryMaxMs: {
    value: 30_000,
    unit: "ms",
    what: "The longest wait between two tries of an e-mail.",
    variable: "DELIVERY_RETRY_MAX_SECONDS",
  },
  permanentFailureTries: {
    value: 3,
    unit: "count",
    what: "A mail server's refusal for good (5xx) is believed after this many tries; the e-mail is then marked failed.",
  },
  deliveryPassMs: {
    value: 5_000,
    unit: "ms",
    what: "How often the functions' process of `npm start` stores the reminders due before visits and looks for e-mails that are due.",
  },
  smtpConnectMs: {
    value: 10_000,
    unit: "ms",
    what: "How long the mail server may take to accept the connection and to greet.",
  },
  smtpSocketMs: {
    value: 20_000,
    unit: "ms",
    what: "How long the mail server may take to answer a command.",
  },
  // A request's own e-mails leave before its answer, so that nothing is left to a function that
  // Netlify freezes once it has answered (mail/deliver-now.ts); a mail server slower than this
  // leaves them to the next delivery pass.
  mailBeforeAnswerMs: {
    value: 5_000,
    unit: "ms",
    what: "How long a function waits for its request's e-mails to be sent before it answers; what is not sent by then is left to the next delivery pass.",
  },
  // Timeouts on every database connection: a serverless function must never wait on the database
  // longer than it lives. Each is answered 503 with Retry-After (db/unavailable.ts).
  databaseConnectMs: {
    value: 10_000,
    unit: "ms",
    what: "How long a function waits for a database connection, its pool's included (then 503).",
  },
  databaseStatementMs: {
    value: 15_000,
    unit: "ms",
    what: "The longest one SQL statement may run (PostgreSQL's statement_timeout; then 503).",
  },
  databaseLockMs: {
    value: 10_000,
    unit: "ms",
    what: "The longest a statement may wait for a lock (PostgreSQL's lock_timeout; then 503).",
  },
  databaseIdleInTransactionMs: {
    value: 15_000,
    unit: "ms",
    what: "A transaction left idle this long is ended by the server (idle_in_transaction_session_timeout).",
  },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;
export type ServerSettings = Record<SettingName, number>;

/** Each setting with its unit, description and variable, for the documentation made from them. */
export const settingDescriptions = Object.entries(SETTINGS) as ReadonlyArray<[SettingName, Setting]>;

export const DEFAULT_SETTINGS: Readonly<ServerSettings> = Object.freeze(
  Object.fromEntries(settingDescriptions.map(([name, { value }]) => [name, value])) as ServerSettings,
);

/** A variable's value in its setting's unit: seconds for a time, as written for anything else. */
export const variableScale = (unit: Unit): number => (unit === "ms" ? 1000 : 1);

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
  for (const [name, { unit, variable }] of settingDescriptions) {
    if (variable && env[variable] !== undefined)
      settings[name] = positive(env[variable], variable) * variableScale(unit);
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
