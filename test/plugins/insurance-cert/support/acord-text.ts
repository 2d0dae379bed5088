/**
 * An ACORD 25 laid out as monospace text (documentFromText turns each character into a cell),
 * with invented values. `blankAcord25` is the same form with every value left empty.
 */
import type { DocumentModel } from '@docsift/core';
import { documentFromText } from '@docsift/core/testing';

export const FILLED_ACORD25 = `
                                                                                                                                   DATE (MM/DD/YYYY)
                                      CERTIFICATE OF LIABILITY INSURANCE                                                              03/14/2026
  THIS CERTIFICATE IS ISSUED AS A MATTER OF INFORMATION ONLY AND CONFERS NO RIGHTS UPON THE CERTIFICATE HOLDER. THIS
  CERTIFICATE DOES NOT AFFIRMATIVELY OR NEGATIVELY AMEND, EXTEND OR ALTER THE COVERAGE AFFORDED BY THE POLICIES
                                                                              CONTACT
PRODUCER                                                                      NAME:         DANA RIVERS
                                                                              PHONE
ACME RISK PARTNERS                                                            (A/C, No, Ext): (555) 201-3344          FAX (A/C, No): 555-201-3345
                                                                              E-MAIL
42 HARBOR WAY                                                                 ADDRESS: certs@acmerisk.example
SUITE 7                                                                                     INSURER(S) AFFORDING COVERAGE                NAIC #
PORTLAND                                                    OR 97201          INSURER A : GRANITE MUTUAL INSURANCE COMPANY               12345
INSURED                                                                       INSURER B : CEDAR STATE CASUALTY CO.                       54321
             BLUE HERON BUILDERS, LLC                                         INSURER C :
             1700 ALDER ST                                                    INSURER D :
                                                                              INSURER E :
             SALEM                                          OR 97301          INSURER F :
COVERAGES                              CERTIFICATE NUMBER: BH-2026-0042                                            REVISION NUMBER: 0
  THIS IS TO CERTIFY THAT THE POLICIES OF INSURANCE LISTED BELOW HAVE BEEN ISSUED TO THE INSURED NAMED ABOVE FOR THE POLICY PERIOD
INSR                                      ADDL SUBR                                 POLICY EFF   POLICY EXP
 LTR          TYPE OF INSURANCE           INSD WVD          POLICY NUMBER          (MM/DD/YYYY) (MM/DD/YYYY)                  LIMITS
        COMMERCIAL GENERAL LIABILITY                                                                       EACH OCCURRENCE              $ 1,000,000
                                                                                                           DAMAGE TO RENTED
            CLAIMS-MADE     OCCUR                                                                          PREMISES (Ea occurrence)     $ 100,000
                                                                                                           MED EXP (Any one person)     $ 5,000
 A                                         Y    X     GL 7781-22                 02/01/2026   02/01/2027   PERSONAL & ADV INJURY        $ 1,000,000
      GEN'L AGGREGATE LIMIT APPLIES PER:                                                                   GENERAL AGGREGATE            $ 2,000,000
        POLICY     PRO-JECT     LOC                                                                        PRODUCTS - COMP/OP AGG       $ 2,000,000
        OTHER:                                                                                                                          $
      AUTOMOBILE LIABILITY                                                                                 COMBINED SINGLE LIMIT        $ 500,000
                                                                                                           (Ea accident)
        ANY AUTO                                                                                           BODILY INJURY (Per person)   $
 B      OWNED AUTOS ONLY     SCHEDULED AUTOS                 BA 5512093              02/01/2026   02/01/2027   BODILY INJURY (Per accident) $
        HIRED AUTOS ONLY     NON-OWNED AUTOS ONLY                                                          PROPERTY DAMAGE              $
                                                                                                           (Per accident)
        UMBRELLA LIAB        OCCUR                                                                         EACH OCCURRENCE              $
        EXCESS LIAB          CLAIMS-MADE                                                                   AGGREGATE                    $
          DED        RETENTION $                                                                                                        $
      WORKERS COMPENSATION                                                                                 PER STATUTE      OTH-ER
      AND EMPLOYERS' LIABILITY            Y/N
      ANY PROPRIETOR/PARTNER/EXECUTIVE                                                                     E.L. EACH ACCIDENT           $ 1,000,000
 B    OFFICER/MEMBER EXCLUDED?            N    N/A          WC 0098812               03/01/2026   03/01/2027
      (Mandatory in NH)                                                                                    E.L. DISEASE - EA EMPLOYEE   $ 1,000,000
      If yes, describe under
      DESCRIPTION OF OPERATIONS below                                                                      E.L. DISEASE - POLICY LIMIT  $ 1,000,000

 A    INLAND MARINE                                         IM 440021                02/01/2026   02/01/2027   LIMIT                        $ 75,000

DESCRIPTION OF OPERATIONS / LOCATIONS / VEHICLES (ACORD 101, Additional Remarks Schedule, may be attached if more space is required)
RE: KITCHEN RENOVATION AT 9 MAPLE CT, SALEM, OR 97302

CERTIFICATE HOLDER                                                            CANCELLATION

                                                                                SHOULD ANY OF THE ABOVE DESCRIBED POLICIES BE CANCELLED BEFORE
             RIVERBEND SAVINGS BANK ISAOA/ATIMA                                  THE EXPIRATION DATE THEREOF, NOTICE WILL BE DELIVERED IN
             ATTN: LOAN SERVICING                                               ACCORDANCE WITH THE POLICY PROVISIONS.
             880 MAIN ST
             EUGENE                                         OR 97401          AUTHORIZED REPRESENTATIVE
                                                                              D RIVERS
ACORD 25 (2016/03)                                 The ACORD name and logo are registered marks of ACORD
`;

/** The values typed into FILLED_ACORD25; blanking them leaves the printed form. */
const TYPED_VALUES = [
  /\d{2}\/\d{2}\/\d{4}/g,
  /(?<=\$ )[\d,]+/g,
  /(?<=[A-F] : )[A-Z][A-Z .]+?(?=\s{3})/g,
  /\b\d{5}$/gm,
  /DANA RIVERS|\(555\) 201-3344|555-201-3345|certs@acmerisk\.example|BH-2026-0042|REVISION NUMBER: 0/g,
  /ACME RISK PARTNERS|42 HARBOR WAY|SUITE 7|PORTLAND|OR 97\d01|BLUE HERON BUILDERS, LLC|1700 ALDER ST|SALEM|EUGENE/g,
  /GL 7781-22|BA 5512093|WC 0098812|IM 440021|INLAND MARINE|LIMIT {24}|^ [AB] /gm,
  /RE: KITCHEN.*$|RIVERBEND SAVINGS BANK ISAOA\/ATIMA|ATTN: LOAN SERVICING|880 MAIN ST|D RIVERS/gm,
  /(?<=\s)[YXN](?=\s{2})/g,
];

/** The same form with every typed value replaced by spaces: only the printed captions remain. */
export const BLANK_ACORD25 = TYPED_VALUES.reduce((text, pattern) => text.replace(pattern, (value) => ' '.repeat(value.length)), FILLED_ACORD25);

export function acordDocument(text: string, source: 'text' | 'ocr' = 'text'): DocumentModel {
  return documentFromText(text, { columns: 160, rows: 80, source });
}

/** Replaces every `from` with `to` padded to the same width, so the rest of the form keeps its columns. */
export function retype(text: string, from: string | RegExp, to = ''): string {
  const pattern = typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from;
  if (!pattern.test(text)) throw new Error(`${String(from)} is not on the form`);
  return text.replace(pattern, (found) => to.padEnd(found.length));
}

/** Replaces the line holding `marker` with cells placed at the given columns. */
export function relayLine(text: string, marker: string, cells: Array<[column: number, text: string]>): string {
  const lines = text.split('\n');
  const index = lines.findIndex((line) => line.includes(marker));
  if (index < 0) throw new Error(`${marker} is not on the form`);
  lines[index] = cells.reduce((line, [column, cell]) => line.padEnd(column) + cell, '');
  return lines.join('\n');
}
