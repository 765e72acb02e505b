import React from "react";

/** The one rule of every form, said once above its fields: only the fields marked "(optional)" may be left empty. */
export function RequiredNote() {
  return <p className="text-sm text-slate-600">Every field is required unless it is marked (optional).</p>;
}
