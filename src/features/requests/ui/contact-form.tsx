/** A message to the business: validated with the shared schema, kept as a draft, sent with useSubmitRequest. */
import React, { useEffect, useMemo, useState } from "react";
import { useDraft } from "../../../hooks/use-draft";
import { useSchemaForm } from "../../../hooks/use-schema-form";
import { useSubmitRequest } from "../../../hooks/use-submit-request";
import { catalog, topicChoices } from "../../../lib/pricing/catalog";
import { OTHER_TOPIC } from "../../../lib/forms/choices";
import type { ContactFormValues } from "../../../lib/request-schemas";
import { useFormChecks, withFormChecks } from "../../../hooks/use-form-checks";
import { HoneypotField, SelectField, TextAreaField, TextField } from "../../../components/forms/fields";
import { SentHeading } from "../../../components/forms/sent-heading";
import { RequiredNote } from "../../../components/forms/required-note";
import { PrivacyLink } from "../../../components/forms/privacy-link";
import { SendButton } from "../../../components/forms/send-button";
import { withInputBeforeHydration } from "../../../components/forms/with-input-before-hydration";

const topicOptions = [...topicChoices, { id: OTHER_TOPIC, label: "Something else" }];
const emptyValues: ContactFormValues = { name: "", email: "", phone: "", topic: "", message: "", website: "" };
const fields = Object.keys(emptyValues) as (keyof ContactFormValues)[];
/** The form's id: what a person typed in it before the page hydrated is read by it. */
const FORM_ID = "contact-form";

function MessageSent({ reference }: { reference: string }) {
  return (
    <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm">
      <SentHeading>Message sent</SentHeading>
      <p className="mt-3 text-slate-800">
        Thank you. Your reference is <strong className="font-mono tracking-wide">{reference}</strong>, and we will
        answer within one business day.
      </p>
    </div>
  );
}

function ContactFormBody({ typedBeforeHydration }: { typedBeforeHydration: Partial<ContactFormValues> | null }) {
  const checks = useFormChecks();
  const fieldSchemas = useMemo(() => checks?.contactFieldSchemas(catalog) ?? null, [checks]);
  const form = useSchemaForm<ContactFormValues>(fieldSchemas, emptyValues);
  const [reference, setReference] = useState<string | null>(null);
  const { register } = form;
  const error = (name: keyof ContactFormValues) => form.errors[name];

  const draft = useDraft("contact", { values: form.values, setValues: form.setValues, empty: emptyValues });
  const { setValues } = form;
  // After the draft is restored: what the person typed before the page hydrated is the latest.
  useEffect(() => {
    if (typedBeforeHydration) setValues((current) => ({ ...current, ...typedBeforeHydration }));
  }, [typedBeforeHydration, setValues]);
  const mutation = useSubmitRequest<ContactFormValues, { reference: string }>({
    url: "/api/contact",
    noun: "message",
    draft,
    setErrors: form.setErrors,
    onSent: (answer) => setReference(answer.reference),
    onFieldErrors: (problems) => {
      const first = fields.find((field) => problems.includes(field));
      if (first) form.focus(first);
    },
  });

  if (reference) return <MessageSent reference={reference} />;

  return (
    <form
      id={FORM_ID}
      noValidate
      aria-labelledby="contact-form-title"
      onSubmit={(event) => {
        event.preventDefault();
        // Without the checks (their download failed), the function's check answers.
        const sendNow = () => mutation.mutate(form.values);
        withFormChecks(({ createContactSchema }) => {
          if (form.validate(createContactSchema(catalog), fields)) sendNow();
        }, sendNow);
      }}
      className="grid gap-5 sm:grid-cols-2"
    >
      <h2 id="contact-form-title" className="text-2xl font-semibold tracking-tight text-slate-900 sm:col-span-2">
        Send us a message
      </h2>
      <div className="sm:col-span-2">
        <RequiredNote />
      </div>
      <TextField label="Your name" autoComplete="name" registration={register("name")} error={error("name")} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="email"
        registration={register("email")}
        error={error("email")}
      />
      <TextField
        label="Phone"
        optional
        type="tel"
        autoComplete="tel"
        registration={register("phone")}
        error={error("phone")}
      />
      <SelectField
        label="What is it about?"
        placeholder="Choose a topic"
        options={topicOptions}
        registration={register("topic")}
        error={error("topic")}
      />
      <TextAreaField
        className="sm:col-span-2"
        label="Message"
        rows={6}
        registration={register("message")}
        error={error("message")}
      />
      <HoneypotField registration={register("website")} />
      <div className="sm:col-span-2">
        <SendButton busy={mutation.isPending}>{mutation.isPending ? "Sending…" : "Send message"}</SendButton>
        <PrivacyLink />
      </div>
    </form>
  );
}

export const ContactForm = withInputBeforeHydration(FORM_ID, emptyValues, ContactFormBody);
