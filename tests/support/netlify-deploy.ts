/**
 * A production deploy of the functions for a test file: every function bundled by Netlify's own
 * bundler and run as Lambda runs it (netlify-functions.ts), behind a front on loopback that routes
 * /api/* as Netlify's edge does, with a real PostgreSQL, a real SMTP server and Stripe's stand-in,
 * and the settings an owner gives a production deploy. Started before the file's tests and stopped
 * after them; its parts are read through the object it returns once the tests run.
 */
import { openDatabase, type Database } from "../../src/lib/server/db/database";
import { startMailbox, type Mailbox, type ReceivedMail } from "./mailbox";
import {
  bundleFunctions,
  eventOf,
  invoke,
  startNetlifyFront,
  type BundledFunction,
  type LambdaAnswer,
  type NetlifyFront,
} from "./netlify-functions";
import { startPostgres, type PostgresServer } from "./postgres-server";
import { startStripeStub, type StripeStub } from "./stripe-stub";

/** The deploy's BOOKING_LINK_SECRET. */
export const LINK_SECRET = "bundle-test-link-key";
/** The deploy's CALENDAR_FEED_SECRET: the owner's feed is /api/calendar/<it>.ics. */
export const FEED_SECRET = "bundle-test-feed";

export interface NetlifyDeploy {
  bundles: BundledFunction[];
  postgres: PostgresServer;
  mailbox: Mailbox;
  stripe: StripeStub;
  front: NetlifyFront;
  /** The tests' own reading of the database: a process of no deploy context, which claims none. */
  db: Database;
  /**
   * The settings of a production deploy, as an owner sets them in Netlify's UI (docs/deploy.md).
   * The front runs every function with this very object: a setting a test adds to it holds from then.
   */
  production: Record<string, string>;
  bundle: (name: string) => BundledFunction;
  /** The messages the mailbox took for `address`. */
  mailsTo: (address: string) => ReceivedMail[];
  /** The number of rows in `table`. */
  count: (table: string) => Promise<number>;
  /** Invokes the scheduled function `name` as Netlify's scheduler does. */
  scheduled: (name: string) => Promise<LambdaAnswer>;
}

export function netlifyDeployForTests(): NetlifyDeploy {
  const held = {
    bundle: (name) => held.bundles.find((each) => each.name === name)!,
    mailsTo: (address) => held.mailbox.messages.filter((message) => message.to.includes(address)),
    count: async (table) => Number((await held.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n),
    scheduled: (name) =>
      invoke(
        held.bundle(name),
        eventOf(
          "POST",
          new URL(`${held.front.url}/.netlify/functions/${name}`),
          { "content-type": "application/json", "x-nf-event": "schedule" },
          Buffer.from(JSON.stringify({ next_run: new Date(Date.now() + 60_000).toISOString() })),
        ),
        held.production,
      ),
  } as NetlifyDeploy;
  beforeAll(async () => {
    held.bundles = bundleFunctions();
    [held.postgres, held.mailbox, held.stripe] = await Promise.all([
      startPostgres(),
      startMailbox(),
      startStripeStub(),
    ]);
    held.front = await startNetlifyFront(held.bundles, (url) => {
      held.production = {
        DATABASE_URL: held.postgres.url,
        SMTP_URL: held.mailbox.url,
        BOOKING_LINK_SECRET: LINK_SECRET,
        CALENDAR_FEED_SECRET: FEED_SECRET,
        RATE_LIMIT_MAX: "1000",
        STRIPE_SECRET_KEY: "sk_test_stub",
        STRIPE_WEBHOOK_SECRET: held.stripe.webhookSecret,
        STRIPE_API_URL: held.stripe.url,
        // The deploy context Netlify's build writes into each bundle; the tests' build ran without
        // one, so it stands in at run time (a bundle that has none opens nothing: netlify-bundles-settings.test.ts).
        CONTEXT: "production",
        // Netlify's own, in every function it runs.
        SITE_ID: "6f1b0a52-test-site",
        SITE_NAME: "severn-ridge",
        URL: url,
        SITE_URL: url,
      };
      held.stripe.webhookUrl = `${url}/api/stripe-webhook`;
      return held.production;
    });
    held.db = await openDatabase({ DATABASE_URL: held.postgres.url });
  }, 120_000);
  afterAll(async () => {
    await held.db?.close();
    await held.front?.stop();
    await held.mailbox?.stop();
    await held.stripe?.stop();
    await held.postgres?.stop();
  });
  return held;
}
