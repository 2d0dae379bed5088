import type { Word } from '@docsift/core';
import { fieldTerms, foldText, hasLegalForm } from '@docsift/core/layout';
import { COMPANY_SUFFIX } from './company-names.js';

/** Nouns of a caption that says what the document or a table is ("COST BREAKDOWN", "Presupuesto de obra", "Kostenaufstellung"), in every lexicon language. */
const CAPTION_NOUNS = [
  // en
  'price', 'prices', 'pricing', 'cost', 'costs', 'breakdown', 'contract', 'summary', 'estimate', 'bid', 'budget', 'quote', 'quotation', 'proposal', 'schedule', 'values',
  // de
  'preis', 'preise', 'kosten', 'aufstellung', 'aufschlusselung', 'kostenaufstellung', 'zusammenfassung', 'kostenvoranschlag', 'angebot', 'vertrag',
  // es
  'precio', 'precios', 'costo', 'costos', 'coste', 'costes', 'desglose', 'resumen', 'presupuesto', 'oferta', 'contrato',
  // fr
  'prix', 'cout', 'couts', 'detail', 'ventilation', 'recapitulatif', 'devis', 'estimation', 'offre', 'contrat',
  // nl
  'prijs', 'prijzen', 'specificatie', 'uitsplitsing', 'overzicht', 'begroting', 'offerte',
  // it
  'prezzo', 'prezzi', 'costi', 'dettaglio', 'ripartizione', 'riepilogo', 'preventivo', 'offerta', 'contratto',
  // pt
  'preco', 'precos', 'custo', 'custos', 'discriminacao', 'detalhamento', 'resumo', 'orcamento', 'proposta',
].map((word) => foldText(word));

/** The little words between a caption's nouns ("Schedule of Values", "Desglose de costos"). */
const CAPTION_LINKS = ['of', 'der', 'die', 'des', 'de', 'del', 'la', 'los', 'du', 'van', 'het', 'di', 'della', 'dei', 'do', 'da', 'dos'];

const CAPTION_WORDS: ReadonlySet<string> = new Set([...CAPTION_NOUNS, ...CAPTION_LINKS]);
const CAPTION_NOUN_SET: ReadonlySet<string> = new Set(CAPTION_NOUNS);

let labelWords: ReadonlySet<string> | undefined;

const folded = (word: Word): string => foldText(word.text).replace(/[^\p{L}\d]/gu, '');

/** A word of a caption: one of its nouns or the little words between them. */
export const isCaptionWord = (word: Word): boolean => CAPTION_WORDS.has(folded(word));

/**
 * Words that say what a document is and whom it concerns, not who someone is: a title such as
 * "CONTRACTOR COST BREAKDOWN" holds a caption's noun and otherwise only caption words and the words
 * of the lexicon's field labels (`Contractor`, `Owner`, `Auftragnehmer`). A name holds a word of its
 * own or a legal form; one made of common words only ("General Construction Co.", "Building Repair
 * Service") names no caption's noun.
 */
export function isCaption(words: Word[]): boolean {
  labelWords ??= new Set(fieldTerms().flatMap((term) => term.words));
  const spelled = words.map(folded).filter((word) => word.length > 0);
  return (
    spelled.some((word) => CAPTION_NOUN_SET.has(word)) &&
    spelled.every((word) => CAPTION_WORDS.has(word) || labelWords!.has(word)) &&
    !hasLegalForm(words) &&
    !words.some((word) => COMPANY_SUFFIX.test(word.text))
  );
}
