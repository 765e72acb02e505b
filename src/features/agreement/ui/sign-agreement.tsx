/**
 * The client's inspection agreement, reached by the signing link of their confirmation: the text
 * filled in for their booking, a consent to sign electronically, the full name typed, one button.
 * The link can be forwarded, so the page names the client, and a name typed that is not theirs is
 * asked about ("Signing for Casey Otherbuyer?") before it signs. Once signed it shows who signed,
 * when and the signed copy; a booking cancelled or let go says so above its text.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import React, { useEffect, useRef, useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { isClientName } from "../../signed-agreements/shared";
import { agreementBlocks } from "../shared/agreement-text";
import { possessive } from "../../../lib/text/format";
import { FieldError } from "../../../components/forms/fields";
import { BookingLine, isLive, SignedPanel, type AgreementView } from "./agreement-status";
import { LinkedRecordStatus } from "../../../components/layout/linked-record-status";
import { PhoneLink } from "../../../components/layout/phone-link";
import { buttonStyles } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

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
  /** The client a name that is not theirs would sign for: asked before it signs. */
  const [askFor, setAskFor] = useState<string | null>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const sign = useMutation({
    mutationFn: async (forClient: boolean) =>
      (await (
        await apiRequest("POST", "/api/agreement", { token, name, consent, ...(forClient ? { forClient } : {}) })
      ).json()) as AgreementView,
    onSuccess: (after) => {
      setAskFor(null);
      queryClient.setQueryData(key, after);
    },
    onError: (problem) => {
      const read = readApiError(problem);
      setErrors(read.fields);
      setFailure(Object.keys(read.fields).length ? null : read.message);
      if (read.fields.consent && !read.fields.name) consentRef.current?.focus();
      else if (read.fields.name) nameRef.current?.focus();
    },
  });

  if (!token || error || isPending || !data) {
    return <LinkedRecordStatus token={token} error={error} phone={phone} finding="your agreement" />;
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
    if (!isClientName(name, data.client)) return setAskFor(data.client);
    sign.mutate(false);
  };
  const live = isLive(data);
  const pdfHref = `/api/agreement?token=${encodeURIComponent(token)}&pdf=1`;

  return (
    <div className="space-y-8">
      <SignedPanel view={data} pdfHref={pdfHref} />
      <BookingLine view={data} />
      <article aria-label={data.title} className="rounded-xl border border-slate-300 bg-white p-6 shadow-sm">
        <AgreementText text={data.text} />
      </article>
      {!data.signed && live && (
        <form
          noValidate
          onSubmit={submit}
          className="space-y-5 rounded-xl border border-slate-300 bg-white p-6 shadow-sm"
        >
          <h2 className="text-lg font-semibold text-slate-900">Sign the agreement</h2>
          <p className="text-slate-800">
            This agreement is <strong>{possessive(data.client)}</strong>, the client&apos;s. If you are signing for
            them, type your own name: you will be asked to confirm it.
          </p>
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
              onChange={(event) => {
                setName(event.target.value);
                setAskFor(null);
              }}
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
          {askFor ? (
            <SigningFor
              client={askFor}
              name={name.trim()}
              pending={sign.isPending}
              onConfirm={() => sign.mutate(true)}
              onChange={() => {
                setAskFor(null);
                nameRef.current?.focus();
              }}
            />
          ) : (
            <button type="submit" className={buttonStyles({ size: "lg" })} disabled={sign.isPending}>
              {sign.isPending && <Spinner size="sm" />} Sign the agreement
            </button>
          )}
        </form>
      )}
      <PhoneLink phone={phone} className="-ml-3" />
    </div>
  );
}

/** The question put to a signer whose name is not the client's: sign for them, or change the name. */
function SigningFor(props: {
  client: string;
  name: string;
  pending: boolean;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Focus moves to the question, so a screen reader hears it as it appears.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="group"
      aria-labelledby="signing-for"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4"
    >
      <h3 id="signing-for" ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        Signing for {props.client}?
      </h3>
      <p className="text-slate-800">
        The agreement names {props.client} as the client. You typed &ldquo;{props.name}&rdquo;: the signature will read
        &ldquo;signed for {props.client} by {props.name}&rdquo;, and we will see it so.
      </p>
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className={buttonStyles({ size: "lg" })}
          disabled={props.pending}
          onClick={props.onConfirm}
        >
          {props.pending && <Spinner size="sm" />} Yes, sign for {props.client}
        </button>
        <button type="button" className={buttonStyles({ variant: "secondary", size: "lg" })} onClick={props.onChange}>
          No, change the name
        </button>
      </div>
    </div>
  );
}
