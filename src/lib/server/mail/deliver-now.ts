/**
 * Sends a request's own e-mails from the function that stored them, before it answers. On Netlify
 * a function is frozen once it has answered, and whatever it had started after that (an SMTP
 * conversation) stops with it; so the e-mails leave within the request's own invocation, and the
 * visitor waits for them at most `mailBeforeAnswerMs`. Only the request's own: an older e-mail
 * still due (a mail server that was away) is the delivery pass's, so a visitor's click never
 * spends its time on another's mail, and no send it starts is one it cannot wait for. What is not
 * sent by then (a slow or absent mail server) stays pending, and the next delivery pass sends it:
 * the worker of the functions' process on one server, the scheduled function on Netlify.
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
