/** The line beside a form's send button that says where what is sent goes, and links the notice. */
import { Link } from "gatsby";
import React from "react";
import { privacyPath } from "../../lib/paths";

export function PrivacyLink() {
  return (
    <p className="mt-3 text-sm text-slate-700">
      What you send is used only for this request and deleted when its time is up:{" "}
      <Link to={privacyPath} className="font-medium text-brand-700 underline">
        how we keep your data
      </Link>
      .
    </p>
  );
}
