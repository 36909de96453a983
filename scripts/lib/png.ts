// A screenshot made small: decode Chromium's 8-bit PNG, reduce it to at most
// 256 colours by median cut (no dithering: flat UI colours stay flat and
// compress well), and write it back as a palette PNG.
import { deflateSync, inflateSync } from 'node:zlib';

const SIG = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
function crc32(b: Buffer): number {
  let c = -1;
  for (const x of b) c = CRC[(c ^ x) & 255]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** RGB pixels of an 8-bit, non-interlaced RGB or RGBA PNG (alpha dropped: screenshots are opaque). */
function decode(png: Buffer): { w: number; h: number; rgb: Uint8Array } {
  let pos = 8, w = 0, h = 0, type = 0;
  const idat: Buffer[] = [];
  while (pos < png.length) {
    const len = png.readUInt32BE(pos);
    const t = png.toString('latin1', pos + 4, pos + 8);
    const data = png.subarray(pos + 8, pos + 8 + len);
    if (t === 'IHDR') {
      w = data.readUInt32BE(0); h = data.readUInt32BE(4); type = data[9]!;
      if (data[8] !== 8 || data[12] !== 0 || (type !== 2 && type !== 6)) throw new Error('only 8-bit RGB(A) PNGs');
    } else if (t === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = type === 6 ? 4 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const cur = new Uint8Array(stride), prev = new Uint8Array(stride);
  const rgb = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)]!;
    const row = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? cur[i - bpp]! : 0, b = prev[i]!, c = i >= bpp ? prev[i - bpp]! : 0;
      let p = 0;
      if (f === 1) p = a; else if (f === 2) p = b; else if (f === 3) p = (a + b) >> 1;
      else if (f === 4) { const q = a + b - c, pa = Math.abs(q - a), pb = Math.abs(q - b), pc = Math.abs(q - c); p = pa <= pb && pa <= pc ? a : pb <= pc ? b : c; }
      cur[i] = (row[i]! + p) & 255;
    }
    for (let x = 0; x < w; x++) for (let k = 0; k < 3; k++) rgb[(y * w + x) * 3 + k] = cur[x * bpp + k]!;
    prev.set(cur);
  }
  return { w, h, rgb };
}

/** Median cut over the distinct colours, weighted by how often each occurs. */
function palette(rgb: Uint8Array, size: number): number[][] {
  const count = new Map<number, number>();
  for (let i = 0; i < rgb.length; i += 3) {
    const k = (rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!;
    count.set(k, (count.get(k) ?? 0) + 1);
  }
  const colours = [...count].map(([k, n]) => [k >> 16, (k >> 8) & 255, k & 255, n] as number[]);
  if (colours.length <= size) return colours.map((c) => c.slice(0, 3));
  let boxes = [colours];
  while (boxes.length < size) {
    // Split the box with the widest channel range (times its weight, so busy areas get more colours).
    let best = -1, bi = 0, bc = 0;
    boxes.forEach((b, i) => {
      if (b.length < 2) return;
      const n = b.reduce((s, c) => s + c[3]!, 0);
      for (let ch = 0; ch < 3; ch++) {
        let lo = 255, hi = 0;
        for (const c of b) { lo = Math.min(lo, c[ch]!); hi = Math.max(hi, c[ch]!); }
        const score = (hi - lo) * Math.sqrt(n);
        if (score > best) { best = score; bi = i; bc = ch; }
      }
    });
    if (best <= 0) break;
    const b = boxes[bi]!.sort((x, y) => x[bc]! - y[bc]!);
    const half = b.reduce((s, c) => s + c[3]!, 0) / 2;
    let acc = 0, cut = 1;
    for (let i = 0; i < b.length - 1; i++) { acc += b[i]![3]!; if (acc >= half) { cut = i + 1; break; } }
    boxes = [...boxes.slice(0, bi), b.slice(0, cut), b.slice(cut), ...boxes.slice(bi + 1)];
  }
  return boxes.map((b) => {
    const n = b.reduce((s, c) => s + c[3]!, 0);
    return [0, 1, 2].map((ch) => Math.round(b.reduce((s, c) => s + c[ch]! * c[3]!, 0) / n));
  });
}

export function quantizePng(png: Buffer, colours = 256): Buffer {
  if (!png.subarray(0, 8).equals(SIG)) throw new Error('not a PNG');
  const { w, h, rgb } = decode(png);
  const pal = palette(rgb, colours);
  const near = new Map<number, number>();
  const out = Buffer.alloc(h * (w + 1));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const k = (rgb[i]! << 16) | (rgb[i + 1]! << 8) | rgb[i + 2]!;
      let p = near.get(k);
      if (p === undefined) {
        let bd = Infinity;
        p = 0;
        for (let j = 0; j < pal.length; j++) {
          const c = pal[j]!;
          const d = (c[0]! - rgb[i]!) ** 2 * 3 + (c[1]! - rgb[i + 1]!) ** 2 * 4 + (c[2]! - rgb[i + 2]!) ** 2 * 2;
          if (d < bd) { bd = d; p = j; }
        }
        near.set(k, p);
      }
      out[y * (w + 1) + 1 + x] = p;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; ihdr[9] = 3; // 8-bit indexed colour
  return Buffer.concat([
    SIG, chunk('IHDR', ihdr), chunk('PLTE', Buffer.from(pal.flat())),
    chunk('IDAT', deflateSync(out, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}
