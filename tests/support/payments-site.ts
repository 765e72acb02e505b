/**
 * The built site with payments on, against Stripe's stand-in and a real SMTP server on loopback, on
 * one database engine: what the payment tests share (booking one, opening its pay link, paying,
 * moving its visit in time, cancelling, reading its page).
 */
import { startFunctionServer, send, type FunctionServer } from "./function-server";
import { startStripeStub, type StripeStub } from "./stripe-stub";
import { getJson, startDispenser } from "./start-dispenser";
import { startMailbox, type Mailbox } from "./mailbox";
import { DESK_SECRETS, visitors } from "./desk-client";
import { SHORT_JOB } from "./sample-requests";
import { withDatabase } from "../../src/serve/database-access";
import type { Database } from "../../src/lib/server/db/database";
import type { ManagedBooking } from "../../src/features/booking/shared/managed-booking";

/** The owner's calendar feed's secret on this site: its feed is /api/calendar/<secret>.ics. */
export const FEED_SECRET = "payments-feed-secret";

export interface Booked {
  reference: string;
  quoteCents: number;
  payPath: string;
  token: string;
  email: string;
}

export interface PaymentsSite {
  mailbox: Mailbox;
  server: FunctionServer;
  stripe: StripeStub;
  stop: () => Promise<void>;
  query: <T extends Record<string, unknown>>(sql: string, params?: unknown[]) => Promise<T[]>;
  /** The site's own database, opened here for the length of `work`. */
  withDb: <T>(work: (db: Database) => Promise<T>) => Promise<T>;
  /** Books the next open time as a visitor (held until confirmed), with its pay link; `fields` change the form's. */
  bookOne: (fields?: Record<string, unknown>) => Promise<Booked>;
  bookingPage: (token: string) => Promise<ManagedBooking>;
  /** The next open start the dispenser hands out, never handed out twice. */
  nextStart: () => string;
  /** Opens a pay link: the Checkout Session it sends the browser to. */
  checkoutAt: (path: string) => Promise<StripeStub["sessions"] extends Map<string, infer S> ? S : never>;
  /** Pays on the stand-in's page, as the browser's Pay button does: the signed event reaches the webhook. */
  pay: (booked: Booked) => Promise<{ id: string; payment_intent: string | null }>;
  cancel: (booked: Booked) => ReturnType<typeof send>;
  /**
   * Moves a booking's visit to `hours` from now, as time passing would, for an hour: or the first
   * whole hour after that its inspector has free.
   */
  visitIn: (reference: string, hours: number) => Promise<void>;
}

export async function startPaymentsSite(
  engine: { env: Record<string, string>; stop: () => Promise<void> },
  who = "payer",
): Promise<PaymentsSite> {
  const { book, lastEmail } = visitors(who);
  const mailbox = await startMailbox();
  const stripe = await startStripeStub();
  const server = await startFunctionServer({
    SMTP_URL: mailbox.url,
    ...DESK_SECRETS,
    STRIPE_SECRET_KEY: "sk_test_stub",
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    CALENDAR_FEED_SECRET: FEED_SECRET,
    ...engine.env,
  });
  stripe.webhookUrl = `${server.url}/api/stripe-webhook`;
  const nextStart = await startDispenser(server.url, SHORT_JOB, 60);

  const withDb = <T>(work: (db: Database) => Promise<T>) =>
    withDatabase(work, { ...process.env, DATA_DIR: server.dataDir, ...engine.env });
  const query = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
    withDb((db) => db.query<T>(sql, params));

  async function bookOne(fields: Record<string, unknown> = {}): Promise<Booked> {
    const answer = await book(server.url, nextStart(), fields);
    if (answer.status !== 201) throw new Error(`booking answered ${answer.status}: ${answer.body}`);
    const body = JSON.parse(answer.body) as {
      reference: string;
      quote: { total: number };
      booking: { pay?: { path: string; cents: number } };
    };
    const payPath = body.booking.pay!.path;
    return {
      reference: body.reference,
      quoteCents: body.quote.total * 100,
      payPath,
      token: new URLSearchParams(payPath.split("?")[1]).get("token")!,
      email: lastEmail(),
    };
  }

  const bookingPage = async (token: string) =>
    (await getJson(`${server.url}/api/booking?token=${encodeURIComponent(token)}`)).body as ManagedBooking;

  async function checkoutAt(path: string) {
    const answer = await send(`${server.url}${path}`, { method: "GET" });
    if (answer.status !== 303) throw new Error(`the pay link answered ${answer.status}: ${answer.body}`);
    const id = /\/pay\/(cs_\w+)$/.exec(String(answer.headers.location))?.[1];
    if (!id) throw new Error(`the pay link led to ${String(answer.headers.location)}, not a Checkout Session`);
    return stripe.sessions.get(id)!;
  }

  async function pay(booked: Booked) {
    const session = await checkoutAt(booked.payPath);
    const answer = await fetch(session.url, { method: "POST", redirect: "manual" });
    if (answer.status !== 303) throw new Error(`paying answered ${answer.status}: ${await answer.text()}`);
    return session;
  }

  const cancel = (booked: Booked) =>
    send(`${server.url}/api/booking`, {
      body: JSON.stringify({ token: booked.token, action: "cancel" }),
      contentType: "application/json",
    });

  async function visitIn(reference: string, hours: number) {
    const moved = await query(
      `UPDATE bookings SET start_at = free.at, during = tstzrange(free.at, free.at + interval '1 hour')
       FROM (SELECT now() + make_interval(hours => $2::int + later) AS at
             FROM generate_series(0, 40) AS later, bookings AS moving
             WHERE moving.reference = $1 AND NOT EXISTS (
               SELECT 1 FROM bookings AS other
               WHERE other.inspector = moving.inspector AND other.reference IS DISTINCT FROM $1
                 AND other.status IN ('pending', 'booked', 'time_off')
                 AND other.during && tstzrange(now() + make_interval(hours => $2::int + later),
                                               now() + make_interval(hours => $2::int + later + 1)))
             ORDER BY later LIMIT 1) AS free
       WHERE reference = $1 RETURNING reference`,
      [reference, hours],
    );
    if (moved.length !== 1) throw new Error(`${reference}'s visit could not be moved ${hours} hours ahead`);
  }

  return {
    mailbox,
    server,
    stripe,
    query,
    withDb,
    bookOne,
    bookingPage,
    nextStart,
    checkoutAt,
    pay,
    cancel,
    visitIn,
    stop: async () => {
      await server.stop();
      await stripe.stop();
      await engine.stop();
      await mailbox.stop();
    },
  };
}
