import { german } from './de.js';
import { english } from './en.js';
import { spanish } from './es.js';
import { french } from './fr.js';
import { italian } from './it.js';
import { dutch } from './nl.js';
import { portuguese } from './pt.js';

/** Every language of the lexicon by its ISO 639-1 code; a new language is a new file and one line here. */
export const TERMS = { en: english, es: spanish, fr: french, de: german, nl: dutch, it: italian, pt: portuguese };

export type Language = keyof typeof TERMS;
