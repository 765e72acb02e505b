/**
 * Sends a request's e-mails from the function that stored them, before it answers. On Netlify a
 * function is frozen once it has answered, and whatever it had started after that (an SMTP
 * conversation) stops with it; so the e-mails leave within the request's own invocation, and
 * the visitor waits for them at most `mailBeforeAnswerMs`. What is not sent by then (a slow or
 * absent mail server) stays pending under its claim's lease, and the next delivery pass sends
 * it: the worker of the functions' process on one server, the scheduled function on Netlify.
 */
import { onNetlify } from "../deploy/deploy-context";
import { runtimeEnv } from "../runtime/runtime";
import { serverSettings } from "../runtime/settings";
import { deliverDue, deliveryConfig, ensureDeliveryWorker } from "./delivery";

/** Sends the due e-mails of `reference` (or all that are due), waiting at most `mailBeforeAnswerMs`. */
export async function deliverNow(reference?: string, env: NodeJS.ProcessEnv = runtimeEnv()): Promise<void> {
  if (!env.SMTP_URL) return;
  if (!onNetlify(env)) ensureDeliveryWorker(env);
  const sending = deliveryConfig(env)
    .then((config) => config && deliverDue(config, reference))
    .catch((error: unknown) => console.error("[delivery] failed:", (error as Error).message));
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, serverSettings(env).mailBeforeAnswerMs);
  });
  await Promise.race([sending, bound]);
  clearTimeout(timer);
}
