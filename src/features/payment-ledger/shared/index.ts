/**
 * The payment-ledger feature's public entry for its shared layer: what other features may import from
 * payment-ledger/shared/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { PAYMENT_STATE_WORDS, keptCents, paymentText } from "./payment-text";
export type { PaymentFigures } from "./payment-text";
