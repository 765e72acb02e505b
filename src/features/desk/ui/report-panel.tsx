/**
 * A booking's report on the desk: the owner picks the PDF (from a phone, where the report was
 * written) and uploads it, watching its progress; once the store has it, the desk records it and
 * the client is e-mailed the report page. Then: its size and date, "release anyway" for a client
 * who has not signed or paid, a download, and every download so far.
 */
import { formatCents, formatFileSize } from "../../../lib/text/format";
import { useQueryClient } from "@tanstack/react-query";
import React, { useId, useState } from "react";
import { readApiError } from "../../../lib/http/api-error";
import { apiRequest } from "../../../lib/http/api-request";
import { uploadFile, UploadRefused } from "../shared/upload-file";
import { buttonStyles } from "../../../components/ui/button";
import type { DeskItem } from "./desk-types";
import { SaidNote, type Said } from "./said-note";

const WHO: Record<"client" | "agent" | "owner", string> = { client: "the client", agent: "the agent", owner: "you" };

function uploadedText(report: NonNullable<DeskItem["report"]>) {
  return `uploaded ${report.uploaded} (${formatFileSize(report.size)})${
    report.released ? `; released before signing or paying by ${report.released.by}, ${report.released.at}` : ""
  }`;
}

/** Why the client's report page does not give the report yet, and what "Release anyway" does. */
export function withheldText(withheld: NonNullable<DeskItem["report"]>["withheld"]): string {
  const waits = withheld.map((what) => (what === "sign" ? "the client's signature" : "the balance")).join(" and ");
  return `The report page waits for ${waits} before it gives the report; "Release anyway" gives it now.`;
}

/**
 * What the desk says once a report is uploaded: what the client must still do before the report's
 * page gives it (sign, pay what is still due: the rule of report/server/report-access.ts), and
 * how long the signed agreement is kept (5 years from the first delivery).
 */
export function reportUploadedText(item: Pick<DeskItem, "agreement" | "report" | "payment">): string {
  const sent = "Uploaded: the report is kept, and the client has the e-mail with its page.";
  const owes = item.payment && item.payment.state !== "not-asked" && item.payment.balanceCents > 0;
  const missing = [
    ...(item.agreement ? [] : ["sign the agreement"]),
    ...(owes ? [`pay the ${formatCents(item.payment!.balanceCents)} still due`] : []),
  ];
  const kept = item.agreement
    ? ` The signed agreement is kept 5 years from ${item.report ? "the report's first delivery" : "today"}.`
    : "";
  if (!missing.length) return `${sent}${kept}`;
  return `${sent} Before its page gives the report, the client must ${missing.join(" and ")}; or release it anyway.${kept}`;
}

export function ReportPanel({
  item,
  busy,
  reportsOff,
  onRelease,
}: {
  item: DeskItem;
  busy: boolean;
  /** Why this deploy takes no report, and how to switch reports on: said in place of the upload. */
  reportsOff: string | null;
  onRelease: () => void;
}) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const [said, setSaid] = useState<Said | null>(null);
  const report = item.report;

  async function upload(event: React.FormEvent) {
    event.preventDefault();
    if (!file) return;
    setSaid(null);
    setSent({ sent: 0, total: file.size });
    try {
      const link = (await (
        await apiRequest("POST", "/api/desk/report-upload-link", { reference: item.reference })
      ).json()) as { key: string; url: string; maxBytes: number };
      if (file.size > link.maxBytes) {
        throw new UploadRefused(
          `The file is ${formatFileSize(file.size)}, and a report may be at most ${formatFileSize(link.maxBytes)} (REPORTS_MAX_MB in the site's settings).`,
        );
      }
      await uploadFile(link.url, file, "application/pdf", (done, total) => setSent({ sent: done, total }));
      await apiRequest("POST", "/api/desk/report-attach", { reference: item.reference, key: link.key });
      const text = reportUploadedText(item);
      setFile(null);
      setSent(null);
      // Said once the card shows the report, so the words are brought into view where they end up.
      await queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith("/api/desk/days"),
      });
      setSaid({ text, alert: false, at: item.reference });
    } catch (failure) {
      // The store's refusal is said as uploadFile words it; the site's own, as its functions do.
      const why = failure instanceof UploadRefused ? failure.message : readApiError(failure).message;
      setSaid({
        text: `The report was not uploaded: ${why}`,
        alert: true,
        at: item.reference,
      });
    } finally {
      setSent(null);
    }
  }

  return (
    <div className="mt-3 space-y-2 rounded-lg border border-slate-200 p-3">
      <h3 className="font-semibold">Report</h3>
      {report ? (
        <>
          <p className="text-sm">{uploadedText(report)}</p>
          {report.withheld.length > 0 && <p className="text-sm">{withheldText(report.withheld)}</p>}
          <p className="text-sm">
            Downloads:{" "}
            {report.downloads.length
              ? report.downloads.map((each) => `${WHO[each.who]}, ${each.at}`).join("; ")
              : "none yet"}
          </p>
          <div className="flex flex-wrap gap-2">
            <a
              className={buttonStyles({ variant: "secondary" })}
              href={`/api/desk/report?reference=${encodeURIComponent(item.reference)}`}
            >
              Download the report
            </a>
            {report.withheld.length > 0 && (
              <button
                type="button"
                className={buttonStyles({ variant: "secondary" })}
                disabled={busy}
                onClick={onRelease}
              >
                Release anyway
              </button>
            )}
          </div>
        </>
      ) : (
        <p className="text-sm">not uploaded yet</p>
      )}
      {reportsOff ? (
        <p className="text-sm">{reportsOff}</p>
      ) : (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(event) => void upload(event)}>
          {/* The file field shrinks to a phone's card; its own width is wider than one. */}
          <div className="max-w-full min-w-0">
            <label className="block text-sm font-medium" htmlFor={inputId}>
              {report ? "Replace the report (PDF)" : "Report (PDF)"}
            </label>
            <input
              id={inputId}
              type="file"
              accept="application/pdf,.pdf"
              required
              className="mt-1 max-w-full text-base"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
          </div>
          <button type="submit" className={buttonStyles()} disabled={!file || sent !== null}>
            Upload the report
          </button>
        </form>
      )}
      {sent && (
        <div>
          <label className="block text-sm" htmlFor={`${inputId}-progress`}>
            Uploading: {formatFileSize(sent.sent)} of {formatFileSize(sent.total)}
          </label>
          <progress id={`${inputId}-progress`} className="w-full" max={sent.total} value={sent.sent} />
        </div>
      )}
      <SaidNote said={said} />
    </div>
  );
}
