/**
 * The desk when its server cannot open it (../server/desk-not-ready.ts: a deploy without its
 * settings, or a database it cannot reach): the server's sentence.
 */
import React from "react";
import { readApiError } from "../../../lib/http/api-error";

export function DeskUnavailable({ error }: { error: unknown }) {
  return (
    <div className="max-w-2xl space-y-4">
      <h2 className="text-xl font-semibold">The desk cannot open</h2>
      <p role="alert" className="rounded-lg bg-amber-50 p-3 whitespace-pre-line text-slate-900">
        {readApiError(error).message}
      </p>
      <p>Once it is put right, reload this page.</p>
    </div>
  );
}
