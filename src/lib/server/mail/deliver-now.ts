/**
 * Starts delivery from a function, after it stored e-mails: this request's at once (the visitor
 * does not wait), and on one server the process's worker for retries (on Netlify the scheduled
 * function retries).
 */
import { onNetlify, runtimeEnv } from "../http/runtime";
import { deliverDue, deliveryConfig, ensureDeliveryWorker } from "./delivery";

export function deliverNow(reference?: string, env: NodeJS.ProcessEnv = runtimeEnv()): void {
  if (!env.SMTP_URL) return;
  if (!onNetlify(env)) ensureDeliveryWorker(env);
  void deliveryConfig(env)
    .then((config) => config && deliverDue(config, reference))
    .catch((error: unknown) => console.error("[delivery] failed:", (error as Error).message));
}
