/**
 * The signed-agreements feature's public entry for its shared layer: what other features may import from
 * signed-agreements/shared/, and all they may (eslint.config.mjs holds it). A feature's own files import
 * each other directly.
 */
export { isClientName } from "./client-name";
