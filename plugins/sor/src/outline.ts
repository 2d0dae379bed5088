/**
 * Headings of an outline numbered by letter or number at any depth ("A. INTERIOR", "A.2 Master
 * Bath", "3 Roofing", "3.1 Flashing", "B-2 Porch"): which heading groups the ones after it.
 */

/** A heading's outline number in levels: "A.2 Master Bath" → ["A", "2"], "A. INTERIOR" → ["A"], "III-2 Wiring" → ["III", "2"]. */
function outlineLevels(name: string): string[] {
  const match = /^([A-Z]|[IVX]{1,4}|\d{1,3})((?:[.-]\d{1,3})*)\.?(?=\s+\S)/i.exec(name.trim());
  if (!match) return [];
  return [match[1].toUpperCase(), ...match[2].split(/[.-]/).filter((level) => level !== '')];
}

/** Whether `inner` is numbered one level or more under `outer` ("A.2" under "A."). */
function isNumberedUnder(inner: string, outer: string): boolean {
  const [innerLevels, outerLevels] = [outlineLevels(inner), outlineLevels(outer)];
  return outerLevels.length > 0 && innerLevels.length > outerLevels.length && outerLevels.every((level, index) => innerLevels[index] === level);
}

/**
 * A heading that heads no items of its own, followed by a heading numbered under it (a division
 * "A. INTERIOR" over its rooms "A.1 Laundry Room", "A.2 Master Bath"), groups sections and is none.
 */
export function withoutGroupHeadings<T extends { name: string; items: readonly unknown[] }>(sections: T[]): T[] {
  return sections.filter((section, index) => section.items.length > 0 || !sections[index + 1] || !isNumberedUnder(sections[index + 1].name, section.name));
}
