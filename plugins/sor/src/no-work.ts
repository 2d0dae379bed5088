/** A pre-printed line's mark for nothing entered on it ("8. Interior Finishes  N/A", "None", "—", "Sans objet"). */
const NO_WORK_MARK = /(?:^|\s)(?:n\/a|n\.a\.|none|nil|not applicable|—|–|-{1,3}|no aplica|ninguno|s\/o|s\.o\.|sans objet|néant)$/i;

/** Whether a line ends in the mark a form's filler writes where nothing applies. */
export const marksNoWork = (text: string): boolean => NO_WORK_MARK.test(text.trim());

/**
 * A heading that heads no items and is marked as having no work is a category of a pre-printed form
 * left empty: no section. An empty heading without the mark stays one (a band with a zero total).
 */
export function withoutEmptyCategories<T extends { name: string; items: readonly unknown[] }>(sections: T[]): T[] {
  return sections.filter((section) => section.items.length > 0 || !marksNoWork(section.name));
}
