/**
 * The sign-in's state: made when the sign-in starts, carried by the window's cookie and by GitHub's consent, and
 * taken once when GitHub sends the window back (github-sign-in.ts). A cookie can be replayed and Netlify's
 * function instances share no memory, so taken states are kept in the database, each as its SHA-256. A state
 * names when it was made ("<seconds>.<random>"), so the server ends it after STATE_SECONDS, not only the cookie.
 */
import { createHash, randomBytes } from "node:crypto";
import { errorCode, UNIQUE_VIOLATION, type Queryable } from "../../../lib/server/db/database";

/** Long enough to read GitHub's consent page, short enough that a stray cookie soon lapses. */
export const STATE_SECONDS = 600;
/** How far ahead of this instance's clock another instance's may run. */
const CLOCK_SKEW_SECONDS = 60;

const STATE = /^(\d{10})\.[\w-]{43}$/;

/** A new state: when it was made, in seconds, then 32 random bytes. */
export const newState = (now: Date): string =>
  `${Math.floor(now.getTime() / 1000)}.${randomBytes(32).toString("base64url")}`;

/** When a state was made, or null for one not made by newState. */
export function stateMadeAt(state: string): Date | null {
  const made = STATE.exec(state);
  return made ? new Date(Number(made[1]) * 1000) : null;
}

/** Whether a state is one of ours and still within its life (a minute's leeway for another instance's clock). */
export function stateIsFresh(state: string, now: Date): boolean {
  const madeAt = stateMadeAt(state);
  if (!madeAt) return false;
  const ageSeconds = (now.getTime() - madeAt.getTime()) / 1000;
  return ageSeconds > -CLOCK_SKEW_SECONDS && ageSeconds < STATE_SECONDS;
}

/**
 * Takes a fresh state for the one sign-in it may finish: "taken" the first time, "used" ever after
 * (its row's unique key refuses it, whichever instance took it first).
 */
export async function takeState(db: Queryable, state: string, now: Date): Promise<"taken" | "used"> {
  const madeAt = stateMadeAt(state);
  if (!madeAt) throw new Error("takeState was given a state that newState did not make.");
  // A row outlives its state by the clocks' leeway, so that no instance still takes a state whose row is gone.
  const lapsed = new Date(now.getTime() - (STATE_SECONDS + CLOCK_SKEW_SECONDS) * 1000);
  await db.query("DELETE FROM editor_states WHERE made_at < $1", [lapsed.toISOString()]);
  try {
    await db.query("INSERT INTO editor_states (state_hash, made_at) VALUES ($1, $2)", [
      createHash("sha256").update(state).digest("hex"),
      madeAt.toISOString(),
    ]);
    return "taken";
  } catch (error) {
    if (errorCode(error) === UNIQUE_VIOLATION) return "used";
    throw error;
  }
}
