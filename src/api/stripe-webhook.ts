/** /api/stripe-webhook: Stripe's signed events, the one way a payment online counts (src/features/payments/server/webhook.ts). */
import { stripeWebhookHandler } from "../features/payments/server/webhook";
import { functionConfig } from "../lib/server/http/read-body";

export default stripeWebhookHandler;

/** No built-in body parsing: the signature is checked over the body exactly as it came (read-body.ts). */
export const { config } = { config: functionConfig };
