/**
 * The client's inspection agreement, reached by the signing link of their confirmation: the text
 * filled in for their booking, a consent to sign electronically, the full name typed, one button.
 * Once signed it shows who signed, when, and the version; the signed copy arrives by e-mail.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import React, { useRef, useState } from "react";
import { readApiError } from "../../lib/api-error";
import { apiRequest } from "../../lib/api-request";
import { agreementBlocks } from "../../lib/booking/agreement-text";
import { FieldError } from "../forms/fields";
import { SentHeading } from "../forms/sent-heading";
import { PhoneLink } from "../layout/phone-link";
import { buttonStyles } from "../ui/button";
import { Spinner } from "../ui/spinner";

export interface AgreementView {
  reference: string;
  status: "pending" | "booked" | "cancelled" | "expired";
  when: string;
  title: string;
  version: string;
  text: string;
  signed: null | { name: string; signedAt: string; signedAtText: string; version: string; sha256: string };
}

const control =
  "mt-1.5 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

function AgreementText({ text }: { text: string }) {
  const blocks = agreementBlocks(text);
  const out: React.ReactNode[] = [];
  let items: string[] = [];
  const flush = () => {
    if (items.length) {
      out.push(
        <ul key={`list-${out.length}`} className="list-disc space-y-1 pl-6">
          {items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>,
      );
    }
    items = [];
  };
  blocks.forEach((block, index) => {
    if (block.kind === "item") return void items.push(block.text);
    flush();
    // The first heading is the agreement's title, which the page header shows already.
    if (block.kind === "heading" && index === 0) return;
    out.push(
      block.kind === "heading" ? (
        <h2 key={index} className="pt-2 text-lg font-semibold text-slate-900">
          {block.text}
        </h2>
      ) : (
        <p key={index}>{block.text}</p>
      ),
    );
  });
  flush();
  return <div className="space-y-3 leading-relaxed text-slate-800">{out}</div>;
}

export function SignAgreement({ token, phone }: { token: string; phone: string }) {
  const key = [`/api/agreement?token=${encodeURIComponent(token)}`];
  const queryClient = useQueryClient();
  const { data, isPending, error } = useQuery<AgreementView>({ queryKey: key, enabled: Boolean(token) });
  const [name, setName] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const sign = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/agreement", { token, name, consent })).json()) as AgreementView,
    onSuccess: (after) => queryClient.setQueryData(key, after),
    onError: (problem) => {
      const read = readApiError(problem);
      setErrors(read.fields);
      setFailure(Object.keys(read.fields).length ? null : read.message);
      if (read.fields.consent && !read.fields.name) consentRef.current?.focus();
      else if (read.fields.name) nameRef.current?.focus();
    },
  });

  if (!token || error) {
    return (
      <div className="space-y-3 text-slate-800">
        <p>{token ? readApiError(error).message : "This page opens from the link in your confirmation e-mail."}</p>
        <PhoneLink phone={phone} className="-ml-3" />
      </div>
    );
  }
  if (isPending || !data) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner size="sm" /> Finding your agreement…
      </p>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = "Full name: type your full name to sign.";
    if (!consent) found.consent = "Consent: tick the box to agree to sign electronically.";
    setErrors(found);
    setFailure(null);
    if (found.name) return nameRef.current?.focus();
    if (found.consent) return consentRef.current?.focus();
    sign.mutate();
  };
  const live = data.status === "pending" || data.status === "booked";

  return (
    <div className="space-y-8">
      {data.signed && (
        <div className="rounded-xl border border-brand-200 bg-white p-6 shadow-sm" role="status">
          <SentHeading>Agreement signed</SentHeading>
          <dl className="mt-4 grid gap-x-4 gap-y-2 text-slate-800 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Signed by</dt>
            <dd>{data.signed.name}</dd>
            <dt className="font-semibold">When</dt>
            <dd>{data.signed.signedAtText}</dd>
            <dt className="font-semibold">Version</dt>
            <dd className="font-mono">{data.signed.version}</dd>
          </dl>
          <p className="mt-4 text-slate-700">
            A signed copy (PDF) is on its way to your e-mail. Your inspection {data.reference} is {data.when} (Maryland
            time).
          </p>
        </div>
      )}
      <p className="text-slate-700">
        Inspection <strong className="font-mono whitespace-nowrap">{data.reference}</strong>, {data.when} (Maryland
        time). Agreement version <span className="font-mono">{data.version}</span>.
      </p>
      <article aria-label={data.title} className="rounded-xl border border-slate-300 bg-white p-6 shadow-sm">
        <AgreementText text={data.text} />
      </article>
      {!data.signed && !live && (
        <p className="text-slate-800">This booking is {data.status}: there is nothing to sign.</p>
      )}
      {!data.signed && live && (
        <form
          noValidate
          onSubmit={submit}
          className="space-y-5 rounded-xl border border-slate-300 bg-white p-6 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-slate-900">Sign the agreement</h2>
          <div>
            <label className="flex items-start gap-3 text-slate-900">
              <input
                ref={consentRef}
                type="checkbox"
                name="consent"
                checked={consent}
                onChange={(event) => setConsent(event.target.checked)}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? "consent-error" : undefined}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <span>
                I agree to sign this agreement electronically, under the federal ESIGN Act and Maryland&apos;s Uniform
                Electronic Transactions Act, and to receive it by e-mail.
              </span>
            </label>
            <FieldError name="consent" error={errors.consent} />
          </div>
          <div>
            <label htmlFor="signer-name" className="block font-medium text-slate-900">
              Full name
            </label>
            <p id="signer-name-hint" className="mt-1 text-sm text-slate-600">
              Typing your name signs the agreement.
            </p>
            <input
              ref={nameRef}
              id="signer-name"
              name="name"
              type="text"
              autoComplete="name"
              required
              maxLength={120}
              value={name}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? "signer-name-hint name-error" : "signer-name-hint"}
              className={`${control} ${errors.name ? "border-red-600" : "border-slate-400"}`}
            />
            <FieldError name="name" error={errors.name} />
          </div>
          {failure && (
            <p role="alert" className="font-medium text-red-700">
              {failure}
            </p>
          )}
          <button type="submit" className={buttonStyles({ size: "lg" })} disabled={sign.isPending}>
            {sign.isPending && <Spinner size="sm" />} Sign the agreement
          </button>
        </form>
      )}
      <PhoneLink phone={phone} className="-ml-3" />
    </div>
  );
}
