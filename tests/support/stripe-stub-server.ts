/**
 * The Stripe stand-in (stripe-stub.ts) as a process of its own, for the browser tests' payments
 * site (playwright.config.ts): on STRIPE_STUB_PORT, posting its events to STRIPE_STUB_WEBHOOK.
 */
import { startStripeStub } from "./stripe-stub";

void (async () => {
  const stub = await startStripeStub(undefined, Number(process.env.STRIPE_STUB_PORT));
  stub.webhookUrl = process.env.STRIPE_STUB_WEBHOOK ?? "";
  console.log(`Stripe stand-in at ${stub.url}, events to ${stub.webhookUrl}`);
  process.on("SIGTERM", () => void stub.stop().then(() => process.exit(0)));
})();
