/** /api/stripe-webhook: Stripe's signed events, the one way a payment online counts (src/lib/server/payments/webhook.ts). */
import { stripeWebhookHandler } from "../lib/server/payments/webhook";
import { functionConfig } from "../lib/server/http/read-body";

export default stripeWebhookHandler;

/** No built-in body parsing: the signature is checked over the body exactly as it came (read-body.ts). */
export const { config } = { config: functionConfig };
