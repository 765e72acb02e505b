/**
 * Sending a request form (schedule and contact): the POST with the draft's Idempotency-Key, then the form's
 * confirmation, or on a refusal a notification and each field's problem beside it, with everything typed kept.
 * A send is one POST, never retried (MUTATION_RETRY) nor cached, so it needs no data library: the form pages
 * hydrate without TanStack Query, which the calendar brings when it opens (schedule-time-picker.tsx).
 */
import { useRef, useState } from "react";
import { readApiError } from "../lib/http/api-error";
import { apiRequest } from "../lib/http/api-request";
import { toast } from "../lib/ui/toast-store";
import type { FormDraft } from "./use-draft";

export function useSubmitRequest<V extends Record<string, string | string[]>, A extends { reference: string }>({
  url,
  noun,
  draft,
  setErrors,
  onSent,
  onFieldErrors,
  onRefused,
  onAsked,
}: {
  url: string;
  /** "request" or "message", as the notifications name it. */
  noun: string;
  draft: FormDraft<V>;
  setErrors: (fields: Record<string, string>) => void;
  onSent: (answer: A) => void;
  /** Where focus goes when the server names fields with problems. */
  onFieldErrors: (fields: string[]) => void;
  /** A booking's time refused (409 taken, or 400 no longer offered): the answer lists fresh times. */
  onRefused?: () => void;
  /** A booking the server asks about first (the address has a visit at an overlapping time): `message` says why. */
  onAsked?: (message: string) => void;
}) {
  const [isPending, setPending] = useState(false);
  const sending = useRef(false);

  const succeed = (answer: A) => {
    // No notification on success: the form gives way to its confirmation, whose heading takes
    // focus and says it all; a notification would only repeat it, over the text it repeats.
    draft.clear();
    onSent(answer);
  };

  const fail = (error: unknown) => {
    const { message, fields, status, starts, sameAddress } = readApiError(error);
    if (onAsked && sameAddress) {
      onAsked(message);
      return;
    }
    if (onRefused && starts && (status === 409 || status === 400)) {
      setErrors({ start: message });
      toast({ title: "Please choose another time", description: message, variant: "error" });
      onRefused();
      return;
    }
    setErrors(fields);
    const names = Object.keys(fields);
    toast({
      title: names.length ? "Please check the highlighted fields" : `Your ${noun} was not sent`,
      description: `${message} Everything you entered is still here.`,
      variant: "error",
    });
    onFieldErrors(names);
  };

  /** Sends `values` once; a second call while one is on its way is ignored (the button is disabled too). */
  const mutate = (values: V) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    apiRequest("POST", url, values, { "Idempotency-Key": draft.keyFor(values) })
      .then(async (res) => (await res.json()) as A)
      .then(succeed, fail)
      .finally(() => {
        sending.current = false;
        setPending(false);
      });
  };

  return { mutate, isPending };
}
