/**
 * The server of a desk test's describe block on one of the desk's engines (deskEngines in
 * desk-client.ts): a real SMTP server on loopback, the engine, and the built site under the
 * production server with the desk's secrets, started before the block's tests and stopped after
 * them. Its parts are read through the object it returns once the tests run (a test that restarts
 * the server puts the new one there).
 */
import { settingsEnv } from "../../src/lib/server/runtime/settings";
import { withDatabase } from "../../src/serve/database-access";
import { DESK_CAPS, DESK_SECRETS, deskEngines } from "./desk-client";
import { startFunctionServer, type FunctionServer } from "./function-server";
import { bodyText, startMailbox, type Mailbox } from "./mailbox";

type DeskEngine = (typeof deskEngines)[number][1];

/**
 * Deliveries tried every 200 ms, a refusal again within 200 ms: a test waits that much less for
 * an e-mail, and sees a refusal for good (tried again at each pass until it is believed) given up
 * on soon.
 */
export const FREQUENT_DELIVERIES = settingsEnv({
  ...DESK_CAPS,
  firstRetryMs: 100,
  retryMaxMs: 200,
  deliveryPassMs: 200,
});

/** The token of the sign-in link in a desk e-mail, as it came (`raw`). */
export const signInTokenOf = (raw: string) => /desk\?signin=([A-Za-z0-9_-]+)/.exec(bodyText(raw))![1]!;

export interface DeskServer {
  mailbox: Mailbox;
  server: FunctionServer;
  /** What the engine adds to a server's environment (DATABASE_URL on PostgreSQL; nothing on PGlite). */
  env: Record<string, string>;
  /** Work on the database of `of` (the block's server unless named), opened as the owner's commands open it. */
  inDatabase: <T>(work: Parameters<typeof withDatabase<T>>[0], of?: FunctionServer) => Promise<T>;
  /** The `count` column of the one row `sql` selects. */
  countOf: (sql: string, params?: unknown[], of?: FunctionServer) => Promise<number>;
}

/**
 * `mailboxOptions` are startMailbox's (a recipient it refuses); `settings` go into the server's
 * environment over the desk's secrets (settingsEnv: how often deliveries are tried).
 */
export function deskServerForTests(
  setup: DeskEngine,
  {
    mailboxOptions = {},
    settings = {},
  }: { mailboxOptions?: Parameters<typeof startMailbox>[0]; settings?: Record<string, string> } = {},
): DeskServer {
  let stopEngine: () => Promise<void>;
  const held = {
    env: {},
    inDatabase: (work, of = held.server) => withDatabase(work, { ...process.env, DATA_DIR: of.dataDir, ...held.env }),
    countOf: async (sql, params = [], of = held.server) =>
      held.inDatabase(async (db) => Number((await db.query<{ count: string }>(sql, params))[0]!.count), of),
  } as DeskServer;
  beforeAll(async () => {
    held.mailbox = await startMailbox(mailboxOptions);
    ({ env: held.env, stop: stopEngine } = await setup());
    held.server = await startFunctionServer({
      SMTP_URL: held.mailbox.url,
      ...DESK_SECRETS,
      ...settings,
      ...held.env,
    });
  });
  afterAll(async () => {
    await held.server?.stop();
    await stopEngine?.();
    await held.mailbox?.stop();
  });
  return held;
}
