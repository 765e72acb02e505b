/**
 * Stripe, through its own library, when the owner has switched payments on: both STRIPE_SECRET_KEY
 * and STRIPE_WEBHOOK_SECRET given (deploy/owner-settings.ts). Without them the site asks for no
 * payment online and says "pay at the inspection". STRIPE_API_URL points the library at another
 * server speaking Stripe's API, through the library's own host, port and protocol options: for
 * tests and local stubs only, never set on the live site.
 */
import Stripe from "stripe";
import { runtimeEnv } from "../../../lib/server/runtime/runtime";

export const paymentsOn = (env: NodeJS.ProcessEnv = runtimeEnv()) =>
  Boolean(env.STRIPE_SECRET_KEY?.trim() && env.STRIPE_WEBHOOK_SECRET?.trim());

export function stripeClient(env: NodeJS.ProcessEnv = runtimeEnv()): Stripe | null {
  if (!paymentsOn(env)) return null;
  const api = env.STRIPE_API_URL?.trim() ? new URL(env.STRIPE_API_URL.trim()) : null;
  return new Stripe(env.STRIPE_SECRET_KEY!.trim(), {
    // A payment or refund the library could not confirm is retried with the same idempotency key.
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

export const webhookSecret = (env: NodeJS.ProcessEnv = runtimeEnv()) => env.STRIPE_WEBHOOK_SECRET?.trim() ?? "";
