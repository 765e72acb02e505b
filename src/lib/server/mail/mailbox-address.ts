/**
 * The mailbox an e-mail address reaches, as a key for counting what is sent to it: providers ignore case, most
 * drop a "+tag", and Gmail ignores dots, so counting each spelling alone would let anyone send one mailbox a
 * confirmation per spelling. Only a key: the e-mail still goes to the address as typed.
 */

/** Providers known to deliver `v.i.c.t.i.m@` to `victim@`, each under the one domain it answers to. */
const DOTS_IGNORED: Readonly<Record<string, string>> = {
  "gmail.com": "gmail.com",
  "googlemail.com": "gmail.com",
};

/** The local part without its "+tag"; a local part that is nothing but a tag is kept whole. */
function withoutTag(local: string): string {
  const plus = local.indexOf("+");
  return plus > 0 ? local.slice(0, plus) : local;
}

/** The mailbox `address` is delivered to: lower case, no +tag, and no dots where the provider ignores them. */
export function mailboxOf(address: string): string {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0) return lower;
  const domain = lower.slice(at + 1);
  const local = withoutTag(lower.slice(0, at));
  const dotless = DOTS_IGNORED[domain];
  return dotless ? `${local.replaceAll(".", "")}@${dotless}` : `${local}@${domain}`;
}
