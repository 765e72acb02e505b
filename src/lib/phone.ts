/** `tel:` link for a US number written as (410) 555-0142: digits only, with the country code. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  if (national.length !== 10) throw new Error(`Not a 10-digit US phone number: "${phone}"`);
  return `tel:+1${national}`;
}
