/**
 * The signed-agreements feature's public entry for its server layer: what other features may import from
 * signed-agreements/server/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { agreementsOf, agreementsRead, findAgreement, insertAgreement } from "./agreement-queries";
export type { SignedAgreement } from "./agreement-queries";
export { signatureLines, signedAtText, signedByText } from "./signature-text";
