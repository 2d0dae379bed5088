/**
 * A table's cell walls in a band of one row (a shaded header between its top rule and the rule under
 * it) are shorter than a rule, and tesseract reads each as a "|" that glues to the word set against it:
 * a scanned spreadsheet's right-aligned "Labor" and "Total" were read as noise. A vertical run of ink
 * at least as long as the shortest rule whose two ends stand on horizontal rules found, no thicker than
 * MAX_WALL_THICKNESS_SHARE of the page's longer side (a dark band between rules is no wall), is one.
 */
const MAX_WALL_THICKNESS_SHARE = 1 / 400;
const MIN_WALL_THICKNESS = 3;
/** Pixels between a wall's end and the rule it stands on (the rule's anti-aliased edge). */
const WALL_END_REACH = 2;

/**
 * The cell walls (see MAX_WALL_THICKNESS_SHARE) among `down`, runs of ink down the page (column,
 * first row, end row, 1 for each; those shorter than the shortest rule left out), added to `runs`;
 * `across` marks the horizontal rules' pixels.
 */
export function findCellWalls(data: Uint8Array, width: number, height: number, threshold: number, across: Uint8Array, down: number[], runs: number[], sizes: { pageSide: number }): void {
  const maxThickness = Math.max(MIN_WALL_THICKNESS, Math.round(sizes.pageSide * MAX_WALL_THICKNESS_SHARE));
  const onRule = (x: number, from: number, to: number): boolean => {
    for (let y = Math.max(0, from); y <= Math.min(height - 1, to); y += 1) if (across[y * width + x]) return true;
    return false;
  };
  const thin = (x: number, y: number): boolean => {
    let thickness = 1;
    for (let left = x - 1; left >= 0 && thickness <= maxThickness && data[y * width + left] <= threshold; left -= 1) thickness += 1;
    for (let right = x + 1; right < width && thickness <= maxThickness && data[y * width + right] <= threshold; right += 1) thickness += 1;
    return thickness <= maxThickness;
  };
  for (let index = 0; index < down.length; index += 4) {
    const [x, start, y] = [down[index], down[index + 1], down[index + 2]];
    const standsOnRules = onRule(x, start - WALL_END_REACH, start + WALL_END_REACH) && onRule(x, y - 1 - WALL_END_REACH, y - 1 + WALL_END_REACH);
    if (standsOnRules && thin(x, (start + y) >> 1)) runs.push(x, start, y, 1);
  }
}
