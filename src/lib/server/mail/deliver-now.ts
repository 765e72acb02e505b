/**
 * Sends a request's own e-mails from the function that stored them, before it answers: on Netlify a function is
 * frozen once it has answered, so the e-mails leave within the request's invocation and the visitor waits at
 * most `mailBeforeAnswerMs` (docs/requests.md). Only the request's own, never an older one still due, so a click
 * spends no time on another's mail. What is not sent by then stays pending for the next delivery pass.
 */
import { onNetlify } from "../deploy/deploy-context";
import { runtimeEnv } from "../runtime/runtime";
import { serverSettings } from "../runtime/settings";
import { deliverDue, deliveryConfig, ensureDeliveryWorker } from "./delivery";

/**
 * Sends the due e-mails of `references` (the requests this one stored; none, nothing), waiting at
 * most `mailBeforeAnswerMs`; `now` is the clock, for the tests.
 */
export async function deliverNow(
  references: string | null | undefined | ReadonlyArray<string>,
  env: NodeJS.ProcessEnv = runtimeEnv(),
  now: () => number = Date.now,
): Promise<void> {
  if (!env.SMTP_URL) return;
  if (!onNetlify(env)) ensureDeliveryWorker(env);
  const own = (typeof references === "string" ? [references] : (references ?? [])).filter(Boolean);
  if (!own.length) return;
  const waitMs = serverSettings(env).mailBeforeAnswerMs;
  const until = now() + waitMs;
  const sending = deliveryConfig(env)
    .then((config) => config && deliverDue(config, { references: own, until, now }))
    .catch((error: unknown) => console.error("[delivery] failed:", (error as Error).message));
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, waitMs);
  });
  await Promise.race([sending, bound]);
  clearTimeout(timer);
}
