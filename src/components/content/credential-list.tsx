import * as lucide from "lucide";
import { iconFrom } from "../ui/icons";
import React from "react";

const BadgeCheck = iconFrom(lucide.BadgeCheck);

export type Credential = NonNullable<Queries.SiteFrameQuery["siteInfo"]>["credentials"][number];

/** "Maryland home inspector license #33918, Maryland Commission of ...": a credential as content/site.yaml states it. */
export function credentialText({ name, number, issuer }: Credential): string {
  return `${name}${number ? ` #${number}` : ""}, ${issuer}`;
}

/** The credentials a page relies on, named only from content/site.yaml. */
export function CredentialList({ credentials, className }: { credentials: readonly Credential[]; className?: string }) {
  if (!credentials.length) return null;
  return (
    <ul className={className}>
      {credentials.map((credential) => (
        <li key={credential.id} className="flex gap-2">
          <BadgeCheck className="mt-1 size-4 shrink-0 text-brand-700" aria-hidden="true" />
          <span>{credentialText(credential)}</span>
        </li>
      ))}
    </ul>
  );
}
