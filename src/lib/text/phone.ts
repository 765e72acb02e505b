/** The ten digits of a US phone number, however it is written, or null: a leading country code 1 is allowed. */
export function usPhoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 ? national : null;
}

/** `tel:` link for a US number written as (410) 555-0142: digits only, with the country code. */
export function telHref(phone: string): string {
  const national = usPhoneDigits(phone);
  if (!national) throw new Error(`Not a 10-digit US phone number: "${phone}"`);
  return `tel:+1${national}`;
}
