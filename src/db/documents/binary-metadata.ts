/**
 * Metadata extracted from binary content (`extract=properties|document` on a write).
 * MarkLogic runs its document filters for this; we read what the common formats
 * state in their own headers: content type and size always, pixel dimensions of
 * PNG, GIF and JPEG images, and the Info dictionary of a PDF (Title, Author, …).
 */

export type Extracted = Record<string, string>;

export function extractMetadata(bytes: Uint8Array, mimeType: string): Extracted {
  const out: Extracted = { 'content-type': mimeType, size: String(bytes.byteLength) };
  const dims = imageSize(bytes);
  if (dims) {
    out.width = String(dims.width);
    out.height = String(dims.height);
  }
  Object.assign(out, pdfInfo(bytes));
  return out;
}

/** The extracted metadata as the XHTML document `extract=document` stores beside the binary. */
export function extractedXhtml(meta: Extracted): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  const metas = Object.entries(meta)
    .map(([name, content]) => `<meta name="${esc(name)}" content="${esc(content)}"/>`)
    .join('');
  return `<html xmlns="http://www.w3.org/1999/xhtml"><head>${metas}</head><body/></html>`;
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];

function imageSize(b: Uint8Array): { width: number; height: number } | undefined {
  // PNG: signature, then the IHDR chunk whose first fields are width and height.
  if (b.length >= 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    return { width: u32be(b, 16), height: u32be(b, 20) };
  }
  // GIF87a/GIF89a: logical screen size, little-endian.
  if (b.length >= 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46) {
    return { width: b[6] | (b[7] << 8), height: b[8] | (b[9] << 8) };
  }
  // JPEG: walk the segments to the first start-of-frame marker.
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return undefined;
      const marker = b[i + 1];
      const length = u16be(b, i + 2);
      const isSof = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isSof) return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
      i += 2 + length;
    }
  }
  return undefined;
}

const PDF_KEYS = ['Title', 'Author', 'Subject', 'Keywords', 'Creator', 'Producer'] as const;

function pdfInfo(b: Uint8Array): Extracted {
  if (b.length < 5 || String.fromCharCode(...b.subarray(0, 5)) !== '%PDF-') return {};
  // The Info dictionary is plain text in uncompressed PDFs; latin1 keeps bytes as chars.
  const text = new TextDecoder('latin1').decode(b);
  const out: Extracted = {};
  for (const key of PDF_KEYS) {
    const m = new RegExp(`/${key}\\s*\\(((?:[^()\\\\]|\\\\.)*)\\)`).exec(text);
    if (m) out[key.toLowerCase()] = m[1].replace(/\\(.)/g, '$1');
  }
  const pages = text.match(/\/Type\s*\/Page[^s]/g);
  if (pages) out['page-count'] = String(pages.length);
  return out;
}
