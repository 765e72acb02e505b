/**
 * Two things Gatsby Functions need to know about their host:
 *
 * - Gatsby's function compiler replaces every `process.env.X` with its value at build time
 *   (webpack DefinePlugin), so SMTP_URL or DATABASE_URL set when the site is served would be
 *   ignored. The live environment is read through globalThis, which the compiler leaves alone.
 * - Each function is its own bundle with its own copy of these modules, and `gatsby develop`
 *   reloads a function's module on every request, so state that must be shared and outlive one
 *   request (the rate limits, the database connection, the delivery worker) lives on globalThis too.
 */
export function runtimeEnv(): NodeJS.ProcessEnv {
  return globalThis.process.env;
}

const store = globalThis as typeof globalThis & { __severnRidgeFunctionState?: Map<string, unknown> };

/** A value kept for the life of the server process, created on first use. */
export function processState<T>(key: string, create: () => T): T {
  store.__severnRidgeFunctionState ??= new Map();
  if (!store.__severnRidgeFunctionState.has(key)) store.__severnRidgeFunctionState.set(key, create());
  return store.__severnRidgeFunctionState.get(key) as T;
}

/** The value kept under `key`, if something has created it in this process. */
export function existingProcessState<T>(key: string): T | undefined {
  return store.__severnRidgeFunctionState?.get(key) as T | undefined;
}
