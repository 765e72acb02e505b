/**
 * The payments feature's public entry for its server layer: what other features may import from
 * payments/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { ON_SITE, recordPaymentOnSite, resendPayLink } from "./desk-payments";
