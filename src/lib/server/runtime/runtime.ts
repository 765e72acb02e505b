/**
 * Two things Gatsby Functions need to know about their host. Gatsby's function compiler replaces every
 * `process.env.X` with its build-time value (DefinePlugin), so the live environment is read through globalThis,
 * which it leaves alone. And each function is its own bundle with its own copy of these modules (reloaded per
 * request by `gatsby develop`), so state shared across requests (rate limits, the database, the delivery
 * worker) lives on globalThis too.
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
