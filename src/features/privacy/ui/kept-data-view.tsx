/**
 * What the site keeps about the address of a signed link (/privacy/data?token=): each record
 * readable, all of it as a JSON download, and a deletion that asks first and then says what went
 * and what the law (or the record of a job) keeps, with the date it goes.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import React, { useState } from "react";
import { marylandTimeText } from "../../booking/shared";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { longDate } from "../../../lib/text/format";
import type { KeptData, KeptItem } from "../server/kept-data";
import { toast } from "../../../lib/ui/toast-store";
import { SentHeading } from "../../../components/forms/sent-heading";
import { PhoneLink } from "../../../components/layout/phone-link";
import { buttonStyles } from "../../../components/ui/button";
import { EmailAddress } from "../../../components/ui/email-address";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Spinner } from "../../../components/ui/spinner";
import type { AgentSight } from "../shared/agent-sight";
import { AgentSightView } from "./agent-sight-view";

type Kept = KeptData & { linkExpiresAt: string; agentSight: AgentSight[] };
interface Deletion {
  deleted: { requests: number; mails: number; agentDetails: number };
  kept: Array<Pick<KeptItem, "reference" | "what" | "goesOn" | "keptBecause">>;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

function download(data: Kept) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: "my-data.json" });
  link.click();
  URL.revokeObjectURL(url);
}

function Item({ item }: { item: KeptItem }) {
  return (
    <article className="space-y-3 rounded-xl border border-slate-200 bg-white p-5">
      <h2 className="text-lg font-semibold text-slate-900">
        {item.what} <span className="font-mono text-base text-slate-600">{item.reference}</span>
      </h2>
      <p className="text-slate-700">
        Received {longDate(item.receivedOn)}. Deleted on {longDate(item.goesOn)}
        {item.keptBecause ? "" : ", or now if you delete your data"}.
      </p>
      {item.keptBecause && <p className="text-slate-700">{item.keptBecause}</p>}
      {item.fields.length > 0 && (
        <dl className="divide-y divide-slate-200 border-y border-slate-200">
          {item.fields.map((field) => (
            <div key={field.label} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
              <dt className="font-medium text-slate-900">{field.label}</dt>
              <dd className="min-w-0 whitespace-pre-line text-slate-700 sm:col-span-2">
                {/^[^\s@]+@[^\s@]+$/.test(field.value) ? <EmailAddress address={field.value} /> : field.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {item.mails.length > 0 && (
        <p className="text-slate-700">
          E-mails kept with it: {item.mails.map((mail) => `“${mail.subject}” to ${mail.to}`).join("; ")}.
        </p>
      )}
    </article>
  );
}

function Deleted({ result }: { result: Deletion }) {
  return (
    <div className="space-y-3 rounded-xl border border-brand-200 bg-white p-6">
      <SentHeading>Your data is deleted</SentHeading>
      <p>
        We deleted {plural(result.deleted.requests, "record")} and {plural(result.deleted.mails, "other e-mail")}.
        {result.deleted.agentDetails > 0 &&
          ` Your name, e-mail address and phone number as the agent are removed from ${plural(result.deleted.agentDetails, "client's record")}; each record stays the client's.`}
      </p>
      {result.kept.length > 0 && (
        <>
          <p>We still keep these, each until the date it goes:</p>
          <ul className="list-disc space-y-2 pl-6">
            {result.kept.map((item) => (
              <li key={item.reference}>
                {item.what} {item.reference}: until {longDate(item.goesOn)}. {item.keptBecause}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export function KeptDataView({ token, phone }: { token: string; phone: string }) {
  const queryKey = `/api/privacy-data?token=${encodeURIComponent(token)}`;
  const { data, isPending, error } = useQuery<Kept>({
    queryKey: [queryKey],
    enabled: Boolean(token),
  });
  const [deleted, setDeleted] = useState<Deletion | null>(null);
  const remove = useMutation({
    mutationFn: async () =>
      (await (await apiRequest("POST", "/api/privacy-data", { token, action: "delete" })).json()) as Deletion,
    onSuccess: setDeleted,
    onError: (failure) =>
      toast({ title: "Nothing was deleted", description: readApiError(failure).message, variant: "error" }),
  });

  if (!token || error) {
    return (
      <div className="space-y-3">
        <p>{token ? readApiError(error).message : "This page opens from the link we e-mail from /privacy."}</p>
        <PhoneLink phone={phone} className="-ml-3" />
      </div>
    );
  }
  if (isPending || !data) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700">
        <Spinner size="sm" /> Finding what we keep…
      </p>
    );
  }
  if (deleted) return <Deleted result={deleted} />;
  const nothing = data.items.length === 0 && data.otherMails.length === 0;
  return (
    <div className="space-y-6 [overflow-wrap:anywhere]">
      <p>
        {nothing ? "We keep nothing about " : "What we keep about "}
        <EmailAddress address={data.mailbox} />
        {nothing
          ? "."
          : `: ${plural(data.items.length, "record")}, and ${plural(data.otherMails.length, "other e-mail")} sent to it.`}
      </p>
      <AgentSightView token={token} sights={data.agentSight} queryKey={queryKey} />
      {data.items.map((item) => (
        <Item key={item.reference} item={item} />
      ))}
      {data.otherMails.length > 0 && (
        <p>Other e-mails sent to this address: {data.otherMails.map((mail) => `“${mail.subject}”`).join("; ")}.</p>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonStyles({ variant: "secondary" })} onClick={() => download(data)}>
          Download as JSON
        </button>
        {!nothing && (
          <ConfirmDialog
            trigger={
              <button type="button" disabled={remove.isPending} className={buttonStyles()}>
                {remove.isPending ? "Deleting…" : "Delete my data"}
              </button>
            }
            title="Delete your data?"
            confirmLabel="Delete it"
            keepLabel="Keep it"
            onConfirm={() => remove.mutate()}
          >
            <p>
              Everything above is deleted now, except what is marked as kept: that goes on the date shown. This cannot
              be undone.
            </p>
          </ConfirmDialog>
        )}
      </div>
      <p className="text-sm text-slate-600">
        This link works until {marylandTimeText(data.linkExpiresAt)} (Maryland time).
      </p>
    </div>
  );
}
