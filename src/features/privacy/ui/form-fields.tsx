/** Each form's fields and what each is for, from the declaration the build checks against the forms' schemas. */
import { Link } from "gatsby";
import React from "react";
import { FORM_DECLARATIONS } from "../shared/fields";

export function FormFields() {
  return (
    <div className="space-y-8">
      {FORM_DECLARATIONS.map(({ form, path, fields }) => (
        <div key={form}>
          <h3 className="text-lg font-semibold text-slate-900">
            The {form} form (
            <Link to={path} className="text-brand-700 underline">
              {path}
            </Link>
            )
          </h3>
          <dl className="mt-3 divide-y divide-slate-200 border-y border-slate-200">
            {Object.entries(fields).map(([name, use]) => (
              <div key={name} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
                <dt className="font-medium text-slate-900">{use.label}</dt>
                <dd className="text-slate-700 sm:col-span-2">{use.purpose}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </div>
  );
}
