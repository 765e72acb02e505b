/**
 * Keeps a request form's draft in sessionStorage as the visitor types, so a reload, a crashed tab or an
 * accidental back restores every field and the step; a successful send clears it. sessionStorage lasts as long
 * as the tab, so what was typed on a shared computer is not left for the next person. It holds only the form's
 * own fields (not the honeypot), and the request's Idempotency-Key; it is never sent anywhere.
 */
import { useCallback, useEffect, useRef, type Dispatch, type SetStateAction } from "react";

type Values = Record<string, string | string[]>;

interface Draft<V> {
  values: Partial<V>;
  step: number;
  key?: string;
  /** The answers the key was made for. */
  keyFor?: string;
}

const storageKey = (name: string) => `draft:${name}`;

/** A random UUID; crypto.randomUUID exists only on secure origins, so it is built by hand when missing. */
export function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function readDraft<V>(name: string): Draft<V> | null {
  try {
    const raw = sessionStorage.getItem(storageKey(name));
    return raw ? (JSON.parse(raw) as Draft<V>) : null;
  } catch {
    return null;
  }
}

/** Only the fields the form has, each of the type the form gives it. */
function sameShape<V extends Values>(empty: V, stored: Partial<V> | undefined): Partial<V> {
  const picked: Partial<V> = {};
  for (const field of Object.keys(empty) as (keyof V)[]) {
    const value = stored?.[field];
    if (field === "website" || value === undefined) continue;
    const fits = Array.isArray(empty[field])
      ? Array.isArray(value) && value.every((item) => typeof item === "string")
      : typeof value === "string";
    if (fits) picked[field] = value;
  }
  return picked;
}

export function useDraft<V extends Values>(
  name: string,
  {
    values,
    setValues,
    empty,
    step = 0,
    setStep,
  }: {
    values: V;
    setValues: Dispatch<SetStateAction<V>>;
    empty: V;
    step?: number;
    setStep?: (step: number) => void;
  },
): FormDraft<V> {
  const restored = useRef(false);
  const done = useRef(false);
  const identity = useRef<{ key?: string; keyFor?: string }>({});

  // After hydration, so the static HTML and the first browser render agree.
  useEffect(() => {
    const draft = readDraft<V>(name);
    if (draft) {
      const fields = sameShape(empty, draft.values);
      setValues((current) => ({ ...current, ...fields }));
      if (setStep && Number.isInteger(draft.step)) setStep(draft.step);
      identity.current = { key: draft.key, keyFor: draft.keyFor };
    }
    // Restores once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // The first run sees the values from before the restore above took effect: it must not overwrite the draft.
    if (!restored.current) {
      restored.current = true;
      return;
    }
    if (done.current) return;
    const draft: Draft<V> = { values: sameShape(empty, values), step, ...identity.current };
    try {
      sessionStorage.setItem(storageKey(name), JSON.stringify(draft));
    } catch {
      // Storage full or refused (private mode): the form still works, only without a draft.
    }
  }, [values, step, name, empty]);

  /** The Idempotency-Key for sending `answers`: the same while they stay the same. */
  const keyFor = useCallback(
    (answers: V): string => {
      const body = JSON.stringify(answers);
      // One Idempotency-Key per filled-in request: the same for every try of the same answers (so a retry after a
      // lost answer is recognised), a new one when they change.
      if (!identity.current.key || identity.current.keyFor !== body) identity.current = { key: newKey(), keyFor: body };
      try {
        sessionStorage.setItem(
          storageKey(name),
          JSON.stringify({ values: sameShape(empty, answers), step, ...identity.current }),
        );
      } catch {
        // As above.
      }
      return identity.current.key!;
    },
    [name, empty, step],
  );

  /** After a successful send: the draft is gone and is not written again. */
  const clear = useCallback(() => {
    done.current = true;
    try {
      sessionStorage.removeItem(storageKey(name));
    } catch {
      // Nothing to clear.
    }
  }, [name]);

  return { keyFor, clear };
}

export interface FormDraft<V> {
  keyFor: (answers: V) => string;
  clear: () => void;
}
