/** Lower case, no accents, every run of non-alphanumerics one space. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9#]+/g, ' ')
    .trim();
}

/**
 * Folds the characters OCR most often confuses in printed labels onto one letter, so that
 * "lnv0ice" and "Invoice" compare equal. Applied to both sides of a label comparison.
 */
export function ocrFold(text: string): string {
  return text
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[1il|!]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/5/g, 's')
    .replace(/8/g, 'b')
    .replace(/[^a-z#]/g, '');
}

/** `invoiceNumber`, `invoice_number`, `Invoice-Number2` → `['invoice', 'number', '2']`. */
export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/([a-zA-Z])([0-9])/g, '$1 $2')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part.toLowerCase());
}

export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (!a.length) return b.length;
  if (!b.length) return a.length;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
    }
    previous = current;
  }
  return previous[b.length];
}

/** 0..1, 1 when equal; labels of three letters or fewer must match exactly. */
export function similarity(a: string, b: string): number {
  if (a === b) return a.length ? 1 : 0;
  const longest = Math.max(a.length, b.length);
  if (Math.min(a.length, b.length) <= 3) return 0;
  return 1 - levenshtein(a, b) / longest;
}
