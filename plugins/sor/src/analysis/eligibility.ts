import { foldText } from '@docsift/core/layout';
import { ANALYSIS_CODES, dollars, finding, itemPath, type AnalysisFinding } from './codes.js';
import type { AnalysisContext } from './context.js';
import type { ResolvedAnalysisOptions } from './options.js';
import { holdsPhrase } from './text.js';

type LexiconEntry = ResolvedAnalysisOptions['ineligibleLexicon'][number];

function matchOf(description: string, entry: LexiconEntry): string | null {
  const folded = foldText(description);
  const phrase = entry.phrases.find((candidate) => holdsPhrase(folded, candidate));
  if (!phrase || entry.unless.some((exception) => holdsPhrase(folded, exception))) return null;
  return phrase;
}

/**
 * Line items that name work a 203(k) mortgage typically does not finance (the lexicon in
 * lexicon.ts, or `ineligibleLexicon`). Limited-only entries count when the program is Limited
 * (a warning) or unknown (information).
 */
export function eligibilityChecks(context: AnalysisContext): AnalysisFinding[] {
  const { program, ineligibleLexicon } = context.options;
  const entries = ineligibleLexicon.filter((entry) => entry.category !== 'limited_only' || program !== 'standard');
  return context.data.constructionSections.flatMap((section, sectionIndex) =>
    section.lineItems.flatMap((item, itemIndex) => {
      for (const entry of entries) {
        const phrase = matchOf(item.description, entry);
        if (!phrase) continue;
        const limitedOnly = entry.category === 'limited_only';
        const severity = limitedOnly && program === null ? 'info' : 'warning';
        const cost = item.totalCost === null ? '' : ` (${dollars(item.totalCost)})`;
        const programWords = limitedOnly ? 'the Limited 203(k) program' : '203(k)';
        const message = `"${item.description}"${cost} looks like ${entry.reason}: typically not eligible for ${programWords} financing ("${phrase}")`;
        return [finding(severity, ANALYSIS_CODES.ineligibleItem, message, `${itemPath(sectionIndex, itemIndex)}.description`, { entry: entry.id, category: entry.category, phrase, totalCost: item.totalCost })];
      }
      return [];
    }),
  );
}
