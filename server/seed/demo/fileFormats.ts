import { deflateSync } from 'node:zlib';

// Hand-built PNG and PDF encoders: the demo ships real, openable files without binary assets in the repository.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A colour packed as 0xRRGGBB: painters run for every pixel, and plain numbers keep that allocation-free. */
export type Rgb = number;
export type Painter = (x: number, y: number) => Rgb;

/** An 8-bit RGB PNG whose every pixel comes from `paint`. */
export function png(width: number, height: number, paint: Painter): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const color = paint(x, y);
      const at = y * stride + 1 + x * 3;
      raw[at] = color >> 16;
      raw[at + 1] = (color >> 8) & 0xff;
      raw[at + 2] = color & 0xff;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const hex = (color: string): Rgb => parseInt(color.replace('#', ''), 16);

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  const r = ((a >> 16) + (((b >> 16) - (a >> 16)) * t + 0.5)) | 0;
  const g = (((a >> 8) & 0xff) + ((((b >> 8) & 0xff) - ((a >> 8) & 0xff)) * t + 0.5)) | 0;
  const bl = ((a & 0xff) + (((b & 0xff) - (a & 0xff)) * t + 0.5)) | 0;
  return (r << 16) | (g << 8) | bl;
}

const WHITE = 0xffffff;

/** A course cover: a diagonal gradient between two colours with a soft disc, 16:9. */
export function coverPainter(from: string, to: string, width: number, height: number): Painter {
  const a = hex(from);
  const b = hex(to);
  const cx = width * 0.72;
  const cy = height * 0.42;
  const inside = (height * 0.33) ** 2;
  const ring = (height * 0.33 + 6) ** 2;
  return (x, y) => {
    const base = mix(a, b, (x / width + y / height) / 2);
    const distance = (x - cx) ** 2 + (y - cy) ** 2;
    if (distance < inside) return mix(base, WHITE, 0.18);
    if (distance < ring) return mix(base, WHITE, 0.45);
    return base;
  };
}

/** A bar chart on white: quarterly figures for the spreadsheet course. */
export function barChartPainter(values: readonly number[], color: string, width: number, height: number): Painter {
  const bars = values.map((_, index) => mix(hex(color), WHITE, index / (values.length * 2.5)));
  const axis = hex('#455a64');
  const grid = hex('#eceff1');
  const margin = 24;
  const slot = (width - 2 * margin) / values.length;
  const max = Math.max(...values);
  return (x, y) => {
    if (y === height - margin && x >= margin && x <= width - margin) return axis;
    if (x === margin && y >= margin && y <= height - margin) return axis;
    const index = Math.floor((x - margin) / slot);
    const inSlot = (x - margin) % slot;
    if (index >= 0 && index < values.length && inSlot > slot * 0.2 && inSlot < slot * 0.8) {
      const top = height - margin - (values[index] / max) * (height - 2 * margin);
      if (y > top && y < height - margin) return bars[index];
    }
    if (y > margin && y < height - margin && (height - margin - y) % 40 === 0) return grid;
    return WHITE;
  };
}

/** A padlock pictogram: the illustration of the password chapter. */
export function padlockPainter(color: string, width: number, height: number): Painter {
  const ink = hex(color);
  const background = hex('#f5f7fa');
  const cx = width / 2;
  const bodyTop = height * 0.48;
  const bodyBottom = height * 0.86;
  const halfBody = width * 0.2;
  const outer = width * 0.14;
  const inner = width * 0.09;
  const keyY = (bodyTop + bodyBottom) / 2;
  return (x, y) => {
    if (Math.abs(x - cx) < halfBody && y > bodyTop && y < bodyBottom) {
      const keyhole =
        (x - cx) ** 2 + (y - keyY + 8) ** 2 < 81 || (Math.abs(x - cx) < 4 && y > keyY - 8 && y < bodyBottom - 18);
      return keyhole ? background : ink;
    }
    const distance = (x - cx) ** 2 + (y - bodyTop) ** 2;
    if (y <= bodyTop && distance < outer ** 2 && distance > inner ** 2) return ink;
    return background;
  };
}

/** Overlapping discs: the team illustration of the management course. */
export function teamPainter(colors: readonly string[], width: number, height: number): Painter {
  const inks = colors.map(hex);
  const radius = (height * 0.22) ** 2;
  const centres = inks.map((_, i) => [
    width * (0.3 + (0.4 * i) / Math.max(1, inks.length - 1)),
    height * (i % 2 ? 0.42 : 0.58),
  ]);
  return (x, y) => {
    let color = WHITE;
    let layers = 0;
    for (let i = 0; i < centres.length; i++) {
      if ((x - centres[i][0]) ** 2 + (y - centres[i][1]) ** 2 < radius) {
        color = layers === 0 ? inks[i] : mix(color, inks[i], 0.5);
        layers++;
      }
    }
    return color;
  };
}

// Characters WinAnsi has outside latin1: written as their WinAnsi byte so Buffer's latin1 keeps them.
const WIN_ANSI: Record<string, number> = {
  '€': 0x80,
  '…': 0x85,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '–': 0x96,
  '—': 0x97,
  œ: 0x9c,
  Œ: 0x8c,
};

function pdfString(text: string): string {
  const encoded = [...text].map((c) => (WIN_ANSI[c] ? String.fromCharCode(WIN_ANSI[c]) : c)).join('');
  return `(${encoded.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

/**
 * A one-page A4 PDF with a title and lines of text in Helvetica. Text is written in WinAnsi (latin1)
 * so French accents show; the cross-reference offsets are computed over the exact bytes.
 */
export function pdf(title: string, lines: readonly string[]): Buffer {
  const ops = ['BT', '/F2 18 Tf', '56 780 Td', `${pdfString(title)} Tj`, '/F1 11 Tf', '0 -34 Td', '16 TL'];
  for (const line of lines) ops.push(`${pdfString(line)} '`);
  ops.push('ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (Académie Démo) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
