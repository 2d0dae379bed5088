import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { answerFor, type SorAnswer, type Variant } from './answers.js';
import type { SorFamily } from './family.js';
import { g1 } from './families/g1-estimating-export.js';
import { g2 } from './families/g2-unit-rate-writeup.js';
import { g3 } from './families/g3-csi-bid.js';
import { g4 } from './families/g4-room-by-room.js';
import { g5 } from './families/g5-spreadsheet-summary-first.js';
import { g6 } from './families/g6-narrative-writeup.js';
import { g7 } from './families/g7-quantity-first-estimate.js';
import { g8 } from './families/g8-bid-form.js';
import { g9 } from './families/g9-hud-specification-form.js';
import { g10 } from './families/g10-insurance-estimate.js';
import { g11 } from './families/g11-handyman-quote.js';
import { g12 } from './families/g12-draw-schedule.js';
import { g13 } from './families/g13-specialty-proposal.js';
import { g14 } from './families/g14-lender-budget-form.js';
import { g15 } from './families/g15-cost-plan.js';
import { g16 } from './families/g16-accounting-estimate.js';
import { g17 } from './families/g17-typed-remodel-estimate.js';
import { g18 } from './families/g18-spreadsheet-bid.js';
import { g19 } from './families/g19-consultant-room-writeup.js';
import { g20 } from './families/g20-draw-request-continuation.js';
import { g21 } from './families/g21-two-column-scope.js';
import { g22 } from './families/g22-cost-code-detail-report.js';
import { g23 } from './families/g23-bid-form-allowances.js';
import { g24 } from './families/g24-side-by-side-budget.js';
import { g25 } from './families/g25-paragraph-cost-lines.js';
import { g26 } from './families/g26-emailed-bid.js';
import { g27 } from './families/g27-room-condition-checklist.js';
import { g28 } from './families/g28-homeowner-contractor-agreement.js';
import { g29 } from './families/g29-crew-labor-hour-estimate.js';
import { g30 } from './families/g30-multi-unit-cost-allocation.js';
import { g31 } from './families/g31-cost-type-detail-estimate.js';
import { g32 } from './families/g32-category-column-sheet.js';
import { g33 } from './families/g33-phone-app-estimate.js';
import { g34 } from './families/g34-builder-proposal-cards.js';
import { g35 } from './families/g35-line-printer-report.js';
import { g36 } from './families/g36-proposal-form-pad.js';
import { g37 } from './families/g37-municipal-rehab-writeup.js';
import { g38 } from './families/g38-consultant-bid-review.js';
import { g39 } from './families/g39-scope-budget-schedule.js';
import { g40 } from './families/g40-spreadsheet-pages-across.js';
import { g41 } from './families/g41-stacked-cost-writeup.js';
import { g42 } from './families/g42-two-up-estimate.js';
import { g43 } from './families/g43-rooms-with-category-summary.js';
import { g44 } from './families/g44-required-and-elective-columns.js';
import { g45 } from './families/g45-merged-room-cells.js';
import { g46 } from './families/g46-quantity-at-price-bid.js';
import { g47 } from './families/g47-tiled-area-boxes.js';
import { g48 } from './families/g48-description-over-amounts.js';
import { g49 } from './families/g49-bilingual-estimate.js';
import { g50 } from './families/g50-outline-numbered-landscape-estimate.js';
import { g51 } from './families/g51-letter-with-estimate.js';
import { g52 } from './families/g52-measured-writeup-unit-words.js';
import { g53 } from './families/g53-estimate-with-tax-column.js';
import { g54 } from './families/g54-builder-cost-markup-estimate.js';
import { g55 } from './families/g55-write-up-totals-on-headings.js';
import { g56 } from './families/g56-typed-bid-page-totals.js';
import { g57 } from './families/g57-budget-roman-sections-percent.js';
import { g58 } from './families/g58-time-and-materials-estimate.js';
import { g59 } from './families/g59-unruled-rate-per-estimate.js';
import { g60 } from './families/g60-location-trade-code-writeup.js';
import { g61 } from './families/g61-trade-bid-summary.js';
import { g62 } from './families/g62-room-estimate-mixed-numbers.js';
import { g63 } from './families/g63-spreadsheet-general-format.js';
import { g64 } from './families/g64-remove-replace-line-estimate.js';
import { g65 } from './families/g65-narrative-scope-lump-sums.js';
import { g66 } from './families/g66-unit-cost-equipment-estimate.js';
import { g67 } from './families/g67-whole-dollar-room-bid.js';
import { g68 } from './families/g68-sectioned-tables-mortgage-worksheet.js';
import { g69 } from './families/g69-section-total-column-estimate.js';
import { g70 } from './families/g70-amounts-first-estimate.js';
import { g71 } from './families/g71-phase-cost-code-report.js';
import { g72 } from './families/g72-bid-with-draw-column.js';
import { g73 } from './families/g73-paragraph-bid-quantities-in-words.js';
import { g74 } from './families/g74-european-number-format-estimate.js';
import { g75 } from './families/g75-drawing-keyed-cost-schedule.js';
import { g76 } from './families/g76-handwritten-field-estimate-pad.js';
import { g77 } from './families/g77-bid-with-add-alternates.js';
import { g78 } from './families/g78-bulleted-scope-estimate.js';
import { g79 } from './families/g79-unit-column-write-up.js';
import { g80 } from './families/g80-zebra-estimate-recap-beside-terms.js';
import { g81 } from './families/g81-tablet-app-item-cards.js';
import { g82 } from './families/g82-spanish-presupuesto.js';
import { g83 } from './families/g83-cover-summary-trade-pages.js';
import { g84 } from './families/g84-three-level-outline-leaders.js';
import { g85 } from './families/g85-location-scope-trade-column.js';
import { g86 } from './families/g86-accounting-software-estimate.js';
import { g87 } from './families/g87-photo-keyed-estimate-notes.js';
import { g88 } from './families/g88-typed-bid-furnish-install-marks.js';
import { g89 } from './families/g89-lender-rehab-cost-form.js';
import { g90 } from './families/g90-quebec-soumission-tps-tvq.js';
import { g91 } from './families/g91-unit-price-bid-words-figures.js';
import { g92 } from './families/g92-plain-text-ascii-table.js';
import { g93 } from './families/g93-cost-type-columns-subcontract.js';
import { buildDocument, type SorDocument } from './model.js';
import { Random } from './random.js';
import { faxPdf, photoImage, scannedPdf, type Rendering } from './variants.js';

/**
 * Statements of repair in ninety-three layout families with their answer keys, for leave-one-family-out
 * evaluation: g1–g89 for tuning, g90–g93 held out (fresh families that no tuning round has seen).
 * g5–g8 were the held-out families up to version 1.4.0, g18–g21 up to 1.5.0, g22–g25 up to 1.6.0,
 * g26–g29 up to 1.7.0, g30–g33 up to 1.8.1, g34–g37 up to 1.9.0, g38–g41 up to 1.10.0, g42–g45 up to
 * 1.11.0, g46–g49 up to 1.12.0, g50–g53 up to 1.13.0, g54–g57 up to 1.14.0, g58–g61 up to 1.15.0, g62–g65
 * up to 1.16.0, g66–g69 up to 1.17.0, g70–g73 up to 1.18.0, g74–g77 up to 1.19.0, g78–g81 up to 1.20.0, g82–g85 up to 1.21.0 and g86–g89 up to 1.22.0; measured round after round, each group became
 * development families when the next replaced it (g5–g8 in 1.5.0, g18–g21 in 1.6.0, g22–g25 in 1.7.0, g26–g29
 * in 1.8.0, g30–g33 in 1.9.0, g34–g37 in 1.10.0, g38–g41 in 1.11.0, g42–g45 in 1.12.0, g46–g49 in 1.13.0,
 * g50–g53 in 1.14.0, g54–g57 in 1.15.0, g58–g61 in 1.16.0, g62–g65 in 1.17.0, g66–g69 in 1.18.0, g70–g73 in
 * 1.19.0, g74–g77 in 1.20.0, g78–g81 in 1.21.0, g82–g85 in 1.22.0, g86–g89 in 1.23.0).
 * Deterministic for a seed and generator version.
 */

export const GENERATOR_VERSION = '1.23.0';
export const DEFAULT_SEED = 20261207;
export const FAMILIES: SorFamily[] = [g1, g2, g3, g4, g5, g6, g7, g8, g9, g10, g11, g12, g13, g14, g15, g16, g17, g18, g19, g20, g21, g22, g23, g24, g25, g26, g27, g28, g29, g30, g31, g32, g33, g34, g35, g36, g37, g38, g39, g40, g41, g42, g43, g44, g45, g46, g47, g48, g49, g50, g51, g52, g53, g54, g55, g56, g57, g58, g59, g60, g61, g62, g63, g64, g65, g66, g67, g68, g69, g70, g71, g72, g73, g74, g75, g76, g77, g78, g79, g80, g81, g82, g83, g84, g85, g86, g87, g88, g89, g90, g91, g92, g93];

export interface GenerateOptions {
  /** Family ids ("g1"…); all by default. */
  families?: string[];
  /** All four kinds by default. */
  variants?: Variant[];
  seed?: number;
}

export interface GeneratedSet {
  set: 'generated-sor';
  generator: { version: string; seed: number; families: string[]; variants: Variant[] };
  description: string;
  conventions: Record<string, string>;
  files: SorAnswer[];
}

const CONVENTIONS: Record<string, string> = {
  answers: 'As in corpus/synthetic/answers.json (documentType, pages, extractedData, acceptableAlternatives, otherValuesOnDocument).',
  'sor.sections':
    'sectionName is the heading as printed (number and name); items printed before any heading form a section named "". Where the trade or room is a column of every row instead of a heading (g32), each run of rows with the same value (or the column left blank under it) is a section named by that value. Where the room is one merged cell down the left of its rows, its name in the cell\'s middle (g45), the room is the section, named without the "(cont.)" of a cell split over pages. Where each room is a small box of its own, the boxes tiled two across the page (g47), the sections read across each row of boxes, the left box then the right one, then down; each box\'s total row is a section total. Where the headings are printed in two languages ("Cocina / Kitchen", g49), sectionName is the whole heading as printed. Where the sections are numbered in outline form ("3.0 Plumbing", g50), lettered ("B. Kitchen", g52), numbered with Roman numerals ("III. Electrical", g57) or headed by a cost code ("06 - Rough & Finish Carpentry", g54), sectionName is the heading with its number, letter, numeral or code. Where a section\'s total is printed on its heading row after a dot leader (g55), sectionName is the heading\'s text before the leader and the amount is the section\'s total. Where the lines of a trade bid summary are grouped under phase rows ("SHELL & ENVELOPE", g61), each phase is a section. Where the rooms are numbered headings and their items are numbered again from 1 in each room ("Room 2 - Hall Bath", items 2.1, 2.2, g62), sectionName is the room\'s heading with its number. On a proposal whose scope is written out by room before a price table (g65), the rows of the price table form one section named "". Where every trade is a table of its own under a numbered title ("4 ELECTRICAL", g68), sectionName is the title with its number; a title repeated with "(cont.)" over the rest of a table after a page break names the same section. Where phases, cost codes and items are three levels of an outline shown by indentation (g71), each cost code is a section, named by its code and name ("0900 Interior Finishes"); the phase headings ("PHASE 3 - INTERIORS") are not sections. Where the trades are numbered "3. Plumbing" (g74), sectionName is the heading with its number; a heading repeated with "(cont.)" after a page break names the same section. On a cost schedule keyed to the drawings (g75), each trade\'s merged row in capitals is a section. On a field estimate written by hand on a pad (g76), each room written on a ruled row of its own and underlined is a section, named as written; a "<room> total" row after its items is a section total. Where each room is a lettered heading row in capitals ("B. MASTER BATH", g79), sectionName is the heading with its letter and the amount in the Section Total column on that row is the room\'s total; a heading repeated with "(CONT.)" after a page break names the same section. Where each room is a shaded banner across the page over cards of its items (g81), sectionName is the banner\'s name, without "(cont.)"; the item count and the amount at the banner\'s right are the room\'s count and total. On a Spanish-language estimate (g82), sectionName is the heading as printed, in Spanish with its number ("Partida 3: Plomería"); the "Total partida 3" row is a section total, and a heading repeated with "(continúa)" after a page break names the same section. Where each trade is a schedule on pages of its own after a cover summary (g83), sectionName is the schedule\'s title as printed ("SCHEDULE C - PLUMBING"), without "(continued)"; the "Schedule C subtotal" row is a section total. In a three-level outline (g84), the rooms numbered under the divisions ("A.2 Master Bath") are the sections, named with their number; the divisions ("A. INTERIOR") are not sections, and "Total A.2 Master Bath" is a section total. On a scope of work by location (g85), each location\'s dark band is a section, named in capitals as printed, without "(CONT.)"; the locations stand in alphabetical order and the "Location total" row is a section total. On an estimate from accounting software (g86), each bold group row (the trade, "Plumbing") is a section named as printed, and its "Total Plumbing" row is a section total. On a photo-keyed estimate (g87), each room heading is a section, named without "(continued)"; "Room subtotal" is a section total. On a typed bid proposal (g88), sectionName is the trade heading with its cost code ("06.00 ROUGH & FINISH CARPENTRY"), without "(CONT\'D)"; "SECTION 06 TOTAL" is a section total. On a lender\'s fill-in form (g89), each pre-printed category with typed lines under it is a section, named with its number as printed ("7. Roofing, Siding & Insulation"), without "(continued)"; a category with "N/A" and no lines is not a section, and "Category 7 total" is a section total. On a Québec quote in French (g90), sectionName is the heading as printed, in French with its number ("Section 3 – Plomberie", "3. PLOMBERIE"), without "(suite)"; "Total section 3" is a section total. On a unit-price bid schedule (g91), each category row is a section, named as printed ("CATEGORY 3 — PLUMBING"). On an estimate in a plain-text e-mail (g92), each room row of the table drawn with keyboard characters is a section, named as printed, and "Subtotal <room>" is a section total. On a cost breakdown by cost type (g93), each trade\'s shaded band is a section, named as printed, without "(continued)"; "Total <trade>" is a section total.',
  'sor.lineItems':
    'quantity and unit are null where not printed; where they are written into the description ("Install 12 LF base trim", g19) the description is the whole printed text and quantity and unit are the values in it. Where they are printed with the unit price under the description (g33), they are its quantity and unit. Credits are line items with negative amounts (printed in parentheses in g18, with a minus sign in g22, with the minus sign after the amount in g35: "450.00-", with CR after the amount in g56: "450.00 CR"). Allowances carried in a base bid (g23) are line items of their own section, one per allowance, quantity 1 and unit LS, and count in the subtotal. materialCost and laborCost are extended amounts (quantity × printed unit rate, to the cent, where only rates are printed), null where not printed. Material and labor printed on rows of their own under an item (g31) are its materialCost and laborCost, not line items. Where amounts are written in a dollars cell and a cents cell with no decimal point between them (g36), the two cells are one amount: "1,240 | 50" is 1240.50. totalCost is the printed line total; where equipment and tax columns are printed it is material + labor + equipment + tax (where only an equipment column is printed, g22 and g29, material + labor + equipment); on a draw request (g20) it is the scheduled value, and the progress columns (work completed, stored, balance, retainage) are not part of the answer. A running total of the line totals printed beside each line (CUMULATIVE, RUNNING TOTAL, g35) is not part of the answer. A price printed in the running text after the description ("… — $1,240.00", g21) is the totalCost and not part of the description. On a condition checklist (g27) only the rows marked for repair and priced are line items; the components marked satisfactory or not present are not. Columns that are none of the answer\'s fields (who performs the work, g28; the crew, labor-hours and cost-data line number, g29; the notes, g32; the health-and-safety, code and lead-paint marks and the owner\'s initials, g37; the duration and the weeks of a schedule, g39) are not part of the description. On a bid review (g38), where the consultant\'s estimate and the contractor\'s bid are printed side by side with their variance, totalCost is the contractor\'s bid, in whichever of the two columns it stands; the estimate, the variance and its percent are not part of the answer. On a scope, budget and schedule (g39) the phases are the sections; the milestone rows (inspections, a zero duration and no amounts) are not line items, and a phase\'s total on its summary row is a section total, not a line item. Where the material, the labor and the item total are stacked one above the other at the right of an item (g41), they are its materialCost, laborCost and totalCost. Where a spreadsheet too wide for the paper prints its right-hand columns on pages of their own (g40), the row number printed at the left of each page joins the cells of one row: the amounts of a line item may be on a later page than its description, in the page order printed (down then over, or over then down). Where the table is printed two-up, continuing at the top of a second column of the same page (g42), the items read down the left column, then down the right one, then on the next page. A code column beside the description (the HUD category number, g43) is not part of it. Where each line\'s total stands in one of two amount columns, required repairs or borrower improvements (g44), totalCost is the amount in whichever column it stands. Where the quantity, the unit and the unit price are written together in one cell ("12 LF @ $45.00", "12 @ $45.00 per LF", g46), quantity and unit are the values in it, the unit price is not part of the answer, and totalCost is the amount (the quantity times the unit price). Where each item\'s quantity, unit, material, labor and total are printed on a row of their own under its description, which runs the full width of the page (g48), they are that item\'s values; the item number printed before the description is not part of it. The outline or reference number of an item (3.1 under "3.0 Plumbing", g50; B1 under "B. Kitchen", g52; III-2 under "III. Electrical", g57) or its cost code (06-120, g54) is not part of its description. Where the quantity and its unit are written out in words in one cell ("12.5 squares", "140 lin. ft.", "1 lump sum", g52), quantity is the number and unit its abbreviation (each EA, lin. ft. LF, sq. ft. SF, sq. yd. SY, square(s) SQ, lump sum LS, hour(s) HR, cu. yd. CY). Where a sales-tax column stands beside the material and labor with no equipment column (g53), materialCost is the material without its tax and totalCost is material + tax + labor. Where each line carries the builder\'s cost, the markup on it and the owner\'s price, their sum (g54), totalCost is the owner\'s price; the builder\'s cost and the markup are not part of the answer. Units printed in lower case ("lf", "sf", g54) or in lower case with periods ("l.f.", "s.f.", "ea.", "c.y.", g55) are the answer\'s units in capitals (LF, SF, EA, CY). A note row inside a section with no amounts ("NOTE: Match existing profile and finish.", g55) is not a line item and not part of the description above it. A unit price printed between the unit and the amount (g56) is not part of the answer; the amount is the totalCost. The share of the budget printed after each line total (% of Budget, g57) is not part of the answer. Where the labor of each line is printed as labor hours times an hourly rate (g58), laborCost is the labor amount (the hours times the rate) and materialCost the materials; the hours and the rate are not part of the answer, and the hours are not the quantity. Where the unit is printed after the unit price, as what the price is per (Unit Price | Per, "45.00 LF", g59), unit is that unit and the unit price is not part of the answer; the item number in a column of its own before a hanging-indented description ("12.", g59) is not part of the description. The trade code (PL, EL, g60) and the location of the work (Kitchen, Hall bath, g60) printed in columns of their own are not part of the description; a quantity measured to the half foot is the printed decimal (12.5). On a general contractor\'s trade bid summary (g61), each trade\'s line is a line item: the description is the trade as printed, quantity and unit are null and totalCost is the amount of the bid; the division number, the subcontractor\'s name and the date its bid was received are not part of the answer, and the scope listed for each trade after the totals (SCOPE INCLUDED) is neither line items nor part of a description. A quantity printed as a mixed number ("12 1/2", g62) is the decimal (12.5); the item number that starts again in each room ("2.1", g62) and an ALLOW mark in a column of its own (g62) are not part of the description. In a spreadsheet\'s General number format (g63) amounts have no thousands separators and no trailing zeros: "1250.5" is 1250.50 and "980" is 980.00; the unit cost printed in the last column (material and labor per unit, g63) is not part of the answer. Where each line\'s number and description stand on a row of their own above its numbers (g64), the number ("12.") is not part of the description; the QUANTITY cell ("24.00 SF") holds the quantity and the unit, REMOVE and REPLACE are unit prices, not material and labor (materialCost and laborCost are null), and totalCost is the line\'s TOTAL, its sales tax included. On a proposal whose scope is written out by room, unpriced, before a price table of lump sums (g65), the line items are the rows of the price table: one per room, its description the room\'s name as printed, then the permit and dumpster lines, each with quantity and unit null; the lines of the written scope are not line items and not part of a description. Where material and labor are each printed as a unit cost and an extended amount and an equipment column stands beside them (g66), materialCost and laborCost are the extended amounts and totalCost is material + labor + equipment; the item number ("3.010") is not part of the description. Where the quantity and its unit are printed in one cell in lower case ("12 sf", "3 ea", "1 ls", g67), quantity is the number and unit the unit in capitals; whole-dollar amounts printed without cents are the amounts, and a credit in parentheses ("(450)") is negative. The letter of an item within its trade ("a.", "b.", g68) is not part of its description. Where one unit cost (material and labor per unit together) is printed before the line total (g69), it is not part of the answer; a trade\'s total printed in a Section Total column on the trade\'s last line (g69) is a section total, not part of that line item, and the line number ("301") is not part of the description. Where the item total stands before the material and labor and the quantity and unit after every amount (Item Total | MATERIAL Unit, Ext. | LABOR Unit, Ext. | Qty | U/M, g70), materialCost and laborCost are the extended amounts (Ext.), the unit prices are not part of the answer and the item number ("12)") is not part of the description. Where labor and material are each printed as a price and an amount (Labor Price | Labor Amount | Material Price | Material Amount, g71), laborCost and materialCost are the amounts; the item code ("0900.20") is not part of the description. The draw an item is paid in (a whole number from 1 to 3 in a Draw column after the line total, g72) is not part of the answer and not a quantity. Where each item is a numbered paragraph that ends with its quantity written out in parentheses ("(140 lin. ft.)", "(1 lump sum)", "(2 each)", g73), the description is the paragraph\'s whole text, the parentheses included, quantity and unit are the values in them (units as in g52, each EA), totalCost is the amount after the dot leader on its last line, and the paragraph\'s number is not part of the description. Where amounts are printed with a space between the thousands and a decimal comma ("1 234,50", g74), they are the amounts (1234.50), and so are quantities ("12,50" is 12.5, "1,00" is 1); a minus sign before an amount makes it negative, the unit price (material and labor per unit together, g74) is not part of the answer and the position number ("3.1", g74) is not part of the description. Where the description stands in the last and widest column, at the far right of the line (g75), the drawing reference first on the line ("A-1.03") is not part of the description; materialCost and laborCost are the Total under MATERIAL and LABOR, the unit amounts are not part of the answer, "-" is zero and an amount in parentheses is negative. On a field estimate written by hand on a pad (g76), the unit written in lower case ("lf") is the answer\'s unit in capitals, a material or labor left blank is 0, an amount in parentheses is negative, and a description written over two ruled rows is one description, with the amounts on its first row. Where a line carries an add alternate beside its base bid (Base Bid | Alt. | Add Alternate, g77), totalCost is the base bid (material + labor); the alternate\'s number and price are not part of the answer, and the lines of the schedule of alternates under the table are not line items. Where each item is its description in bold followed by unpriced bullet lines of what it includes ("• Shut off and drain supply lines", g78), the description is the bold text only: the bullet lines are neither part of it nor line items, and the item\'s quantity, unit and amounts stand on its last line, beside its last bullet; the "$" printed in a cell of its own before a total is not part of the amount, and an amount in parentheses is negative. Where the unit is named in the column header instead of the cells (Area (SF) | Length (LF) | Count (EA), g79), quantity is the number in whichever of those columns it stands and unit the unit that column\'s header names; in the Other Qty column the unit is written after the number ("2.5 SQ"); the reference ("B.1") is not part of the description and an amount in parentheses is negative. In an unruled table with alternate rows shaded and labor before material (Labor | Material | Line Total, g80), laborCost and materialCost are the amounts under their headings; the line number ("3-02") is not part of the description and an amount in parentheses is negative. On a tablet app\'s estimate with one card per item (g81), each card is a line item, the cards read across each row, then down: the description is the card\'s bold title without its number ("#7"), "Quantity: 12 LF" holds its quantity and unit, Material, Labor and Line total are its materialCost, laborCost and totalCost, and a minus sign before an amount ("-$450.00") makes it negative. On a Spanish-language estimate (g82), the unit printed in Spanish words is the answer\'s unit code (pza EA, pie lin. LF, pie² SF, yd² SY, cuadro SQ, global LS, hora HR, yd³ CY); Materiales, Mano de obra and Importe are materialCost, laborCost and totalCost, a minus sign before an amount makes it negative, and the item number (Núm.) is not part of the description, which is printed in English. On a schedule of a cost estimate bound with a cover (g83), the item number ("C-1") is not part of the description, Material, Labor and Extended are materialCost, laborCost and totalCost, and an amount in parentheses is negative. In a three-level outline (g84), the item\'s number ("A.2.3") and the dot leader after its text are not part of the description; the quantity and unit printed together after the leader ("12 SF") are its quantity and unit, the amount after them is totalCost (materialCost and laborCost are not printed: null), and an amount in parentheses is negative. On a scope of work by location (g85), the ID ("KIT-03"), the trade and the priority (Safety, Required, Recommended) in columns of their own are not part of the description, the lines of a location are sorted by trade (a credit, its trade printed "Credit", last), and a minus sign before an amount makes it negative. On an estimate from accounting software (g86), the Item (a product or service name with its category path, "Labor:Plumbing") is not part of the description; the unit is not printed (null), materialCost and laborCost are null, the Rate (the amount over the quantity) is not part of the answer, Amount is totalCost and a minus sign before it makes it negative. On a photo-keyed estimate (g87), the reference ("K1") and the photo ("IMG_4821") are not part of the description, the "Notes:" line under each line is neither a line item nor part of a description, and an amount in parentheses is negative. On a typed bid proposal with M and L columns (g88), the "X" under M or L marks that the line furnishes material or includes labor: materialCost and laborCost are null; in the cell "12 @ 45.00" the number before "@" is the quantity and the price after it is not part of the answer, the unit stands in the UNIT column, AMOUNT is totalCost (a minus sign makes it negative) and the item number ("06.01") is not part of the description. On a lender\'s fill-in form (g89), the line ("7a") is not part of the description, the typed MATERIAL, LABOR and TOTAL are materialCost, laborCost and totalCost, and a minus sign makes an amount negative. On a Québec quote in French (g90), amounts have a space between the thousands, a decimal comma and the dollar sign after them ("1 234,56 $" is 1234.56), quantities a decimal comma ("12,5"); the French unit words are the answer\'s unit codes (unité EA, pi lin. LF, pi² SF, vg² SY, carré SQ, forfait LS, h HR, vg³ CY); Matériaux, Main-d\'œuvre and Montant are materialCost, laborCost and totalCost, a minus sign makes an amount negative, the article number (Art.) is not part of the description, which is printed in English. On a unit-price bid schedule (g91), the unit price written in words and in figures is not part of the answer (materialCost and laborCost are not printed: null), the Extension is totalCost (the quantity times the unit price) and the item number is not part of the description. On an estimate in a plain-text e-mail (g92), the "|" between the cells and the rules of "-", "=" and "+" are not part of any value; a description wrapped onto continuation rows of the table is one description, with its amounts on its first row, the item number is not part of it and a minus sign makes an amount negative. On a cost breakdown by cost type (g93), the cost code ("25-010") is not part of the description; where a line prints material, labor and equipment, materialCost and laborCost are the Material and Labor and totalCost is material + labor + equipment; where a trade is let out and its lines print only a Subcontract amount (under a "Subcontractor:" note, which is not a line item), materialCost and laborCost are null and totalCost is the Total (the subcontract amount); a minus sign makes an amount negative.',
  'sor.recap':
    'Printed amounts. subtotal is the printed line with the sum of the section totals, null where no such line is printed; generalConditions and overheadAndProfit are null where not printed, and overhead and profit printed as two lines are added up; grandTotal is the amount on the grand-total line (GRAND TOTAL, TOTAL BID, ...), including priced lines printed above it; lines after it are never in recapSummary (see otherValuesOnDocument.recapLinesAfterGrandTotal). Priced alternates offered besides the base bid (g13, g23; a deduct alternate negative) are neither line items nor part of the recap: they are lines after the grand total. A location-factor adjustment (g29) or a discount (g33) printed above the grand total is one of its priced lines and may be negative. A payment schedule after the contract price (g28, g34) is lines after the grand total, and amounts quoted in the prose of an e-mail (the consultant\'s figure, the deposit, g26) are not recap values. Running totals between pages ("Carried forward" at the foot of a page, "Brought forward" at the head of the next, g22) and totals of groups of sections (interior and exterior, g24; base work and allowances, g23) are neither line items nor recap values. On a bid review (g38) the recap is the bid column of the summary, not the consultant\'s estimate. A cost summary printed before the items (g41, on the first page) is the recap. On a spreadsheet printed over several pages across (g40) a recap line\'s label and its amount may be on different pages, joined by the row number. A summary by category after the rooms (g43: totals by HUD work write-up category across the rooms) and the totals of required repairs and of borrower improvements (g44) are totals of groups, neither line items nor recap values. The totals of the material, sales-tax and labor columns printed above the subtotal (g53), and those of the builder\'s cost and the markup above the owner-price subtotal (g54), are totals of groups too. On a consultant\'s write-up that goes on from the total cost of repairs to the rehabilitation escrow (the contingency reserve, the consultant\'s fee, the draw inspection and title update fees and the total rehabilitation cost with them, g55), grandTotal is the total cost of repairs and the escrow lines are lines after it. Where every page ends with the total of its items ("PAGE 2 TOTAL") and a recapitulation lists the page totals and adds them up (g56), the page totals are neither line items nor recap values and the total of all pages is the subtotal. A budget summary that lists the sections\' totals again above the recap (g57) is neither line items nor recap values; a contingency reserve printed above the grand total (g57) is one of its priced lines, as a permit is. A price quoted in the text of a letter above the estimate (g51) is not a recap value. The totals of the labor hours, the labor and the materials above the subtotal (g58) are totals of groups too. On a numbered summary of costs (g60), grandTotal is the TOTAL COST OF REPAIRS line and the lines after it (the contingency reserve as a percent of the cost of repairs, the draw inspection and title update fees, the total rehabilitation cost) are lines after the grand total, as in g55. A builder\'s fee on a trade bid summary (g61) is its overheadAndProfit, and a contingency printed as a percent of the trade bids above the total (g61) is one of its priced lines, as in g57. A summary by room that lists each room\'s total again above the total of the rooms (g62), and a recap by room with each room\'s share printed after the total (g64), are totals of groups, neither line items nor recap values. The line item total before tax and the material sales tax printed above the subtotal (g64) are totals of groups too; the subtotal is the sum of the line totals, and overhead and profit printed as two lines are added up. A deposit and draw schedule after the contract price (g65) is lines after the grand total, as in g28 and g34. The material, labor and equipment totals above the direct cost (g66) are totals of groups; liability insurance as a percentage above the total (g66) is one of its priced lines, and the cost per square foot after the total is a line after it. Add and deduct alternates after a base bid (g67) are lines after the grand total, as in g13 and g23. On a write-up whose cost summary lists every trade with its material, labor and total again (g68), those rows are totals of groups; grandTotal is the TOTAL COST OF REPAIRS (TOTAL REPAIR COST), and the 203(k) worksheet items under it (the contingency reserve, the mortgage payment reserve, the consultant fee, the draw inspection and title update fees and the total rehabilitation cost) are lines after the grand total, as in g55 and g60. A contractor\'s fee, overhead and profit or management fee as a percentage (g69) is its overheadAndProfit, a contingency as a percentage above the grand total (g69) is one of its priced lines, as in g57, and the deposit due at signing and the balance due on completion are lines after the grand total. A room total printed in the Item Total column (g70) is a section total. Sales tax on materials as a percentage above the total (g70, g73) is one of its priced lines, as a permit is, and so are a performance bond (g71) and a permit allowance (g73). The total of each phase ("Phase 3 - Interiors Total", g71) and the labor and material totals above the subtotal (g71) are totals of groups, neither line items nor recap values; so is the draw schedule beside the recap (g72: the work in each draw and the total of the draws). On a bid typed as a letter (g73), the trade totals on leaders ("Total PLUMBING") are section totals, the sub-total is the subtotal, and the amount in words under the total is not a recap line. The summary that lists every section again above the net total (g74) is totals of groups; the net total is the subtotal, site overheads as a percentage are generalConditions and overhead and profit its overheadAndProfit. On a cost schedule keyed to the drawings (g75) the recap rows stand in the table\'s grid, each amount in the Line Total column before its label: the cost of work is the subtotal, the contractor\'s fee (overhead and profit) its overheadAndProfit, and a contingency reserve after the total is a line after the grand total. On a field estimate written by hand (g76), the total material and total labor in the totals box are totals of groups; O & P is its overheadAndProfit and the permit and the tax are priced lines above the TOTAL. On a bid with add alternates (g77), the base bid is the subtotal; the sum of the accepted alternates ("Alternates accepted (Nos. 1, 3)") and a contingency on the base bid are priced lines above the contract sum, as a permit fee is, and the declined alternates are not part of the recap. On an estimate with bullet lines under its items (g78), the trade totals ("Total Plumbing") are section totals, overhead and profit printed as two percentages are added up and a dumpster and permit allowance is a priced line above the ESTIMATE TOTAL. On a write-up with the units in the column headers (g79), the summary by room is totals of groups; the total cost of repairs is the subtotal, the contractor\'s overhead and profit its overheadAndProfit, permits a priced line above the TOTAL REHABILITATION COST, and the contingency reserve after it is a line after the grand total. Where the recap is a box beside the terms and conditions (g80), the summary by trade at its top is totals of groups; direct cost is the subtotal, general requirements as a percentage generalConditions, the contractor\'s fee (builder fee, overhead & profit) overheadAndProfit and sales tax on materials a priced line above the ESTIMATE TOTAL. On a tablet app\'s summary card (g81), the markup as a percentage is overheadAndProfit, a permit is a priced line above the Total, and the deposit due at signing after it is a line after the grand total. On a Spanish-language estimate (g82), the Suma de partidas (Subtotal de la obra, Costo directo) is the subtotal, Gastos generales generalConditions, Gastos indirectos y utilidad (Administración y utilidad) overheadAndProfit and Permisos municipales a priced line above the TOTAL DEL PRESUPUESTO; the deposit after it (Anticipo a la firma) is a line after the grand total. On a cost estimate bound with a cover (g83), the summary of schedules on the cover (each trade\'s amount and the page its schedule starts on) is totals of groups; the total of the schedules is the subtotal, general conditions (general requirements) generalConditions, overhead and profit overheadAndProfit and a permit a priced line above the TOTAL COST OF REPAIRS (TOTAL REPAIR COST). In a three-level outline (g84), the division totals ("TOTAL DIVISION A") are totals of groups; in the SUMMARY the total of divisions (total direct cost) is the subtotal, overhead and profit overheadAndProfit, a permit allowance a priced line above the ESTIMATED COST OF REPAIRS (TOTAL ESTIMATED COST) and the contingency reserve after it a line after the grand total. On a scope of work by location (g85), the cost by trade is totals of groups; the total of all locations (locations subtotal) is the subtotal, overhead and profit overheadAndProfit, permits a priced line above the TOTAL ESTIMATED COST (ESTIMATED PROJECT COST) and the contingency reserve a line after it. On an estimate from accounting software (g86), Subtotal is the subtotal and the Sales Tax line a priced line above the Total (the grand total); no overhead and profit is printed (null). On a photo-keyed estimate (g87), the contingency reserve after the total is a line after the grand total. On a typed bid proposal (g88), OVERHEAD and PROFIT are two lines added up into overheadAndProfit and a permit a priced line above the TOTAL BID. On a lender\'s fill-in form (g89), the pre-printed recap lines are all printed: a line with "N/A" has no amount (generalConditions or overheadAndProfit null), A is the subtotal, D (permits and fees) a priced line above E, the TOTAL REHABILITATION COST (grandTotal), and F, the contingency reserve, a line after it. On a Québec quote in French (g90), the Sous-total is the subtotal, the two sales taxes on it, TPS (5 %) and TVQ (9,975 %), are priced lines above the TOTAL, no overhead and profit is printed (null), and the deposit (Dépôt à la signature) is a line after the grand total. On a unit-price bid schedule (g91), the total of the bid items is the subtotal, a permit allowance a priced line above the TOTAL BID PRICE (TOTAL BASE BID), and the total written in words under it is not a recap line. On an estimate in a plain-text e-mail (g92), the recap is the small box under the table: SUBTOTAL, GENERAL CONDITIONS and OVERHEAD & PROFIT with their percentages, a permit a priced line above the total, and the contingency reserve under the box a line after the grand total. On a cost breakdown by cost type (g93), the COST TYPE TOTALS row (the material, labor, equipment and subcontract totals) is totals of groups; the direct cost is the subtotal, general conditions generalConditions, overhead and profit overheadAndProfit, and a building permit or a performance bond a priced line above the TOTAL CONTRACT PRICE (TOTAL ESTIMATE).',
  heldOut: 'true for families g90–g93, kept out of tuning; g86–g89 were held out up to generator 1.22.0 and joined tuning in 1.23.0, g82–g85 up to 1.21.0, g78–g81 up to 1.20.0, g74–g77 up to 1.19.0, g70–g73 up to 1.18.0, g66–g69 up to 1.17.0, g62–g65 up to 1.16.0, g58–g61 up to 1.15.0, g54–g57 up to 1.14.0, g50–g53 up to 1.13.0, g46–g49 up to 1.12.0, g42–g45 up to 1.11.0, g38–g41 up to 1.10.0, g34–g37 up to 1.9.0, g30–g33 up to 1.8.1, g26–g29 up to 1.7.0, g22–g25 up to 1.6.0, g18–g21 up to 1.5.0, g5–g8 up to 1.4.0.',
  variant: 'digital (text layer) | scanned (gray JPEG pages in a PDF) | fax (bilevel 204×98 dpi pages in a PDF, with a fax header line) | photo (one JPEG of a one-page document on a desk).',
};

export interface Plan {
  variant: Variant;
  letter: string;
  /** Position in the family's item range, 0 to 1. */
  size: number;
}

/** The documents made of each family: four digital PDFs of growing size, a scan, a fax and a photo. */
export const PLANS: Plan[] = [
  { variant: 'digital', letter: 'a', size: 0.05 },
  { variant: 'digital', letter: 'b', size: 0.6 },
  { variant: 'digital', letter: 'c', size: 0.3 },
  { variant: 'digital', letter: 'd', size: 1 },
  { variant: 'scanned', letter: 'a', size: 0.4 },
  { variant: 'fax', letter: 'a', size: 0.2 },
  { variant: 'photo', letter: 'a', size: 0 },
];

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}

function itemCount(family: SorFamily, random: Random, size: number): number {
  const [min, max] = family.items;
  const band = (max - min) / 4;
  return Math.round(Math.max(min, Math.min(max, min + (max - min) * size + random.float(-band / 2, band / 2))));
}

async function digitalDocument(family: SorFamily, random: Random, items: number): Promise<{ document: SorDocument; pdf: Uint8Array }> {
  const document = buildDocument(random.child('document'), family.spec(random.child('spec'), items));
  return { document, pdf: await family.render(document) };
}

/** A photo shows one page: fewer items until the document fits on it. */
async function onePageDocument(family: SorFamily, random: Random): Promise<{ document: SorDocument; pdf: Uint8Array }> {
  for (let items = Math.min(family.items[0], 24); ; items -= 3) {
    const made = await digitalDocument(family, random.child(String(items)), Math.max(items, 5));
    if (items <= 5 || (await pageCount(made.pdf)) === 1) return made;
  }
}

function faxHeader(document: SorDocument, random: Random): string {
  const { reportDate } = document.parties;
  const month = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'][reportDate.month - 1];
  const sender = document.parties.contractor?.phone ?? document.parties.consultantPhone;
  return `${month}-${String(reportDate.day).padStart(2, '0')}-${reportDate.year} ${random.int(8, 17)}:${String(random.int(0, 59)).padStart(2, '0')}  FROM: ${sender}`;
}

async function makeFile(family: SorFamily, plan: Plan, seed: number): Promise<{ name: string; bytes: Uint8Array; answer: SorAnswer }> {
  const random = new Random(`${seed}/${family.id}/${plan.variant}/${plan.letter}`);
  const made = plan.variant === 'photo' ? await onePageDocument(family, random) : await digitalDocument(family, random, itemCount(family, random.child('size'), plan.size));
  let rendering: Rendering;
  if (plan.variant === 'scanned') rendering = await scannedPdf(made.pdf, random.child('scan'));
  else if (plan.variant === 'fax') rendering = await faxPdf(made.pdf, random.child('fax'), faxHeader(made.document, random.child('fax-header')));
  else if (plan.variant === 'photo') rendering = await photoImage(made.pdf, random.child('photo'));
  else rendering = { bytes: made.pdf, pages: await pageCount(made.pdf), scan: {} };
  const name = `sor_${family.id}_${plan.variant}_${plan.letter}.${plan.variant === 'photo' ? 'jpg' : 'pdf'}`;
  const answer = answerFor(family, made.document, {
    name,
    sha256: sha256(rendering.bytes),
    bytes: rendering.bytes.length,
    pages: rendering.pages,
    variant: plan.variant,
    scan: plan.variant === 'digital' ? undefined : rendering.scan,
  });
  return { name, bytes: rendering.bytes, answer };
}

function existingSet(answersPath: string, generator: GeneratedSet['generator']): GeneratedSet | null {
  if (!existsSync(answersPath)) return null;
  const existing = JSON.parse(readFileSync(answersPath, 'utf8')) as GeneratedSet;
  return JSON.stringify(existing.generator) === JSON.stringify(generator) ? existing : null;
}

export async function generateSorFamilies(outDir: string, options: GenerateOptions = {}): Promise<GeneratedSet> {
  const families = FAMILIES.filter((family) => !options.families || options.families.includes(family.id));
  const variants = options.variants ?? ['digital', 'scanned', 'fax', 'photo'];
  const generator = { version: GENERATOR_VERSION, seed: options.seed ?? DEFAULT_SEED, families: families.map((family) => family.id), variants };
  const answersPath = path.join(outDir, 'answers.json');
  const existing = existingSet(answersPath, generator);
  if (existing) return existing;
  mkdirSync(outDir, { recursive: true });
  const files: SorAnswer[] = [];
  for (const family of families) {
    for (const plan of PLANS.filter((candidate) => variants.includes(candidate.variant))) {
      const made = await makeFile(family, plan, generator.seed);
      writeFileSync(path.join(outDir, made.name), made.bytes);
      files.push(made.answer);
    }
  }
  const set: GeneratedSet = {
    set: 'generated-sor',
    generator,
    description: 'Generated statements of repair in ninety-three layout families (g1–g89 for tuning, g90–g93 held out) with their expected extraction results.',
    conventions: CONVENTIONS,
    files,
  };
  writeFileSync(answersPath, `${JSON.stringify(set, null, 1)}\n`);
  return set;
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const outDir = path.resolve(process.argv[2] ?? path.join(here, '../generated/sor'));
  const started = performance.now();
  const set = await generateSorFamilies(outDir);
  console.log(`${set.files.length} documents in ${outDir} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
}
