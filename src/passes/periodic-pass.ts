/**
 * The periodic pass: every concern's sweep, in the order they depend on, on one timer: every few seconds in the
 * functions' process of `npm start` (src/serve/functions-worker.ts) and every minute on Netlify through
 * POST /api/reminders. It sits above `src/lib/server/` and `src/features/`, below the entry points: it names
 * both, and nothing in `src/lib/` may import a feature, nor one feature another (docs/architecture.md).
 */
import type { GatsbyFunctionRequest, GatsbyFunctionResponse } from "gatsby";
import { business } from "../lib/content/business-data";
import { sweepLapsedHolds } from "../features/booking/server/hold-sweep";
import { reportStore } from "../features/report/server/deploy-store";
import { sweepOldUploads } from "../features/report/server/report-uploads";
import type { Database } from "../lib/server/db/database";
import { databaseOr503 } from "../lib/server/http/database-or-503";
import { sendFailure } from "../lib/server/http/http-error";
import { isSchedulerToken } from "../lib/server/http/scheduler-token";
import { deliverNow } from "../lib/server/mail/deliver-now";
import { withOwnMail } from "../lib/server/mail/own-mail";
import { sendDueReminders } from "../features/reminders/server/reminders";
import { runtimeEnv } from "../lib/server/runtime/runtime";
import { endLapsedDeskSecrets } from "../features/desk/server/desk-store";
import { agentStore } from "../features/agents/server/agent-session";
import { settleMoney } from "../features/payments/server/money-pass";

/**
 * Ends the holds that have lapsed, settles the money they and cancels left (payments/money-pass.ts),
 * then the desk's and agents' lapsed secrets and sessions, then stores every
 * reminder due at `now` (the tests move the clock by passing it); returns how many reminders it stored.
 */
export async function periodicPass(db: Database, now: Date, env: NodeJS.ProcessEnv = runtimeEnv()): Promise<number> {
  // Holds that lapsed are ended first: a released time gets no reminder, and its Checkout Session ends.
  await sweepLapsedHolds(db, now, env);
  // Refunds owed are made, and open Checkout Sessions of bookings no longer live are ended.
  await settleMoney(db, now);
  // The secrets of desk links used or over leave their e-mails, and sessions past their end are ended.
  await endLapsedDeskSecrets(db, now);
  // The same for agents' links and sessions (agents/server/agent-session.ts).
  await agentStore.endLapsedSecrets(db, now);
  // Report uploads a day old leave the store, attached or not (report/server/report-uploads.ts).
  await sweepOldUploads(db, reportStore(env), now);
  return sendDueReminders(db, now, env);
}

/**
 * POST /api/reminders: the Netlify scheduled function's pass, which cannot read the content
 * itself. Anyone else, and any call without BOOKING_LINK_SECRET set, gets 404: the address does
 * not exist for them.
 */
export async function periodicPassHandler(req: GatsbyFunctionRequest, res: GatsbyFunctionResponse): Promise<void> {
  res.setHeader("Cache-Control", "no-store");
  const env = runtimeEnv();
  const secret = env.BOOKING_LINK_SECRET;
  const token = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
  if (req.method !== "POST" || !secret || !token || !isSchedulerToken(secret, token, Date.now())) {
    res.status(404).setHeader("Content-Type", "text/plain; charset=utf-8");
    res.send("There is no such address on this site.");
    return;
  }
  try {
    const db = await databaseOr503(business.phone, "save", env);
    const [sent, ownMail] = await withOwnMail(() => periodicPass(db, new Date(), env));
    await deliverNow(ownMail, env);
    res.status(200).json({ sent });
  } catch (error) {
    sendFailure(res, error, "reminders", "The reminders could not be sent just now.");
  }
}
