/** An 8-bit single-channel image, rows top to bottom, no padding. */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Wraps pixels as a binary PGM, a format tesseract reads without any decoding cost. */
export function toPgm(image: GrayImage): Buffer {
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'ascii');
  return Buffer.concat([header, image.data]);
}

/** Rotates by quarter turns clockwise (1 = 90°, 2 = 180°, 3 = 270°). */
export function rotateQuarterTurns(image: GrayImage, quarterTurns: number): GrayImage {
  const turns = ((quarterTurns % 4) + 4) % 4;
  if (turns === 0) return image;
  const { data, width, height } = image;
  const swap = turns % 2 === 1;
  const outWidth = swap ? height : width;
  const outHeight = swap ? width : height;
  const out = new Uint8Array(data.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      let target: number;
      if (turns === 1) target = x * outWidth + (height - 1 - y);
      else if (turns === 2) target = (height - 1 - y) * outWidth + (width - 1 - x);
      else target = (width - 1 - x) * outWidth + y;
      out[target] = data[y * width + x];
    }
  }
  return { data: out, width: outWidth, height: outHeight };
}
