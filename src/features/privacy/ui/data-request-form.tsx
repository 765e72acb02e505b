/**
 * Asks for a link to what the site keeps about an e-mail address. The answer is the same whatever
 * is kept: the link goes to that address, and only there (src/features/privacy/server/data-rights.ts).
 * Not kept as a draft: one field, and an address typed here is not left in the tab.
 */
import { useMutation } from "@tanstack/react-query";
import React, { useEffect, useMemo, useRef, useState } from "react";
import { newKey } from "../../../hooks/use-draft";
import { useSchemaForm } from "../../../hooks/use-schema-form";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import type { DataRequestFormValues } from "../../../lib/request-schemas";
import { useFormChecks, withFormChecks } from "../../../hooks/use-form-checks";
import { toast } from "../../../lib/ui/toast-store";
import { HoneypotField, TextField } from "../../../components/forms/fields";
import { SentHeading } from "../../../components/forms/sent-heading";
import { SendButton } from "../../../components/forms/send-button";
import { withInputBeforeHydration } from "../../../components/forms/with-input-before-hydration";

const emptyValues: DataRequestFormValues = { email: "", website: "" };
const fields = Object.keys(emptyValues) as (keyof DataRequestFormValues)[];
/** The form's id: what a person typed in it before the page hydrated is read by it. */
const FORM_ID = "data-request-form";

/** One key per address asked for, so a retry after a lost answer sends no second link. */
function useKeyFor() {
  const keys = useRef(new Map<string, string>());
  return (email: string) => {
    if (!keys.current.has(email)) keys.current.set(email, newKey());
    return keys.current.get(email)!;
  };
}

function DataRequestFormBody({
  typedBeforeHydration,
}: {
  typedBeforeHydration: Partial<DataRequestFormValues> | null;
}) {
  const checks = useFormChecks();
  const fieldSchemas = useMemo(() => checks?.dataRequestFieldSchemas() ?? null, [checks]);
  const form = useSchemaForm<DataRequestFormValues>(fieldSchemas, emptyValues);
  const { setValues } = form;
  useEffect(() => {
    if (typedBeforeHydration) setValues((current) => ({ ...current, ...typedBeforeHydration }));
  }, [typedBeforeHydration, setValues]);
  const [answer, setAnswer] = useState<string | null>(null);
  const keyFor = useKeyFor();
  const mutation = useMutation({
    mutationFn: async (values: DataRequestFormValues) => {
      const res = await apiRequest("POST", "/api/privacy", values, { "Idempotency-Key": keyFor(values.email) });
      return (await res.json()) as { message: string };
    },
    onSuccess: (sent) => setAnswer(sent.message),
    onError: (error) => {
      const { message, fields: problems } = readApiError(error);
      form.setErrors(problems);
      toast({ title: "Your request was not sent", description: message, variant: "error" });
    },
  });

  if (answer) {
    return (
      <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
        <SentHeading>Request sent</SentHeading>
        <p className="mt-3 text-slate-800">{answer}</p>
      </div>
    );
  }
  return (
    <form
      id={FORM_ID}
      noValidate
      aria-labelledby="data-request-title"
      onSubmit={(event) => {
        event.preventDefault();
        // Without the checks (their download failed), the function's check answers.
        const sendNow = () => mutation.mutate(form.values);
        withFormChecks(({ createDataRequestSchema }) => {
          if (form.validate(createDataRequestSchema(), fields)) sendNow();
        }, sendNow);
      }}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h3 id="data-request-title" className="text-lg font-semibold text-slate-900">
        Get a link to your data
      </h3>
      <TextField
        label="Your e-mail address"
        type="email"
        autoComplete="email"
        hint="The link goes to this address only, and works for 24 hours."
        registration={form.register("email")}
        error={form.errors.email}
      />
      <HoneypotField registration={form.register("website")} />
      <SendButton busy={mutation.isPending}>{mutation.isPending ? "Sending…" : "Send me the link"}</SendButton>
    </form>
  );
}

export const DataRequestForm = withInputBeforeHydration(FORM_ID, emptyValues, DataRequestFormBody);
