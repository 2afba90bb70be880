// A large JSON body's bytes as the text JSON.parse reads, kept at one byte a character (issue 30).
// V8 stores a string at one byte a character while every character is Latin-1, and at two
// otherwise: a single en dash turns a 20 MB import into a 40 MB string (and every export of this
// service has one, in its age bands). Written with each non-ASCII character as its \uXXXX
// escape, the same body is ASCII, and JSON.parse reads it back as the same value: an escape is
// the character it names, in a string or a key; outside a string either form is invalid JSON.
import { isAscii } from 'node:buffer';

/** Bytes of room after a body of `length` bytes for its escapes (each is 6 bytes, for 1 to 3). */
export function escapeRoom(length: number): number {
  return length >> 6;
}

const BACKSLASH = 0x5c;
const HEX = Buffer.from('0123456789abcdef', 'latin1');

/** A byte JavaScript's String#trim strips (the ASCII part of its white space). */
const isSpace = (b: number) => b === 0x20 || (b >= 0x09 && b <= 0x0d);

/**
 * The text of the body in buf[0, length), for JSON.parse. Escaped (in place, in buf's room past
 * `length`) only where that makes it smaller; otherwise decoded as UTF-8, as it always was:
 * - a body of ASCII and Latin-1 characters only (already one byte a character);
 * - a non-ASCII character right after a backslash: `\é` is an invalid escape, its escape `\\u00e9`
 *   would read as a backslash and "u00e9";
 * - nothing but white space besides non-ASCII characters (an empty body counts as none, and
 *   String#trim strips Unicode white space that an escape would hide);
 * - escapes that would not fit in buf, or would take more bytes than two a character.
 * Non-ASCII bytes are decoded run by run: an ASCII byte ends any UTF-8 sequence, so each run
 * decodes to what it does within the whole body (invalid bytes to U+FFFD alike).
 */
export function jsonText(buf: Buffer, length: number): string {
  const plain = () => buf.toString('utf8', 0, length);
  if (isAscii(buf.subarray(0, length))) return ascii(buf, length);
  let wide = false;
  let solid = false;
  let units = 0;
  let extra = 0;
  for (let i = 0; i < length; i++) {
    const b = buf[i]!;
    if (b < 0x80) {
      units += 1;
      if (!solid && !isSpace(b)) solid = true;
      continue;
    }
    if (i > 0 && buf[i - 1] === BACKSLASH) return plain();
    let j = i + 1;
    while (j < length && buf[j]! >= 0x80) j++;
    const run = buf.toString('utf8', i, j);
    for (let k = 0; k < run.length && !wide; k++) wide = run.charCodeAt(k) > 0xff;
    units += run.length;
    extra += 6 * run.length - (j - i);
    if (length + extra > buf.length) return plain();
    i = j - 1;
  }
  if (!wide || !solid || length + extra > buf.length || length + extra >= 2 * units) return plain();
  // From the end backwards: each escape is at least as long as the bytes it replaces, so the
  // write position never falls behind the read position and nothing unread is overwritten.
  let r = length;
  let w = length + extra;
  while (r > 0) {
    let j = r;
    while (j > 0 && buf[j - 1]! < 0x80) j--;
    buf.copy(buf, w - (r - j), j, r);
    w -= r - j;
    r = j;
    if (r === 0) break;
    let i = r;
    while (i > 0 && buf[i - 1]! >= 0x80) i--;
    const run = buf.toString('utf8', i, r);
    w -= 6 * run.length;
    for (let k = 0; k < run.length; k++) {
      const c = run.charCodeAt(k);
      const at = w + 6 * k;
      buf[at] = BACKSLASH;
      buf[at + 1] = 0x75; // u
      buf[at + 2] = HEX[c >> 12]!;
      buf[at + 3] = HEX[(c >> 8) & 0xf]!;
      buf[at + 4] = HEX[(c >> 4) & 0xf]!;
      buf[at + 5] = HEX[c & 0xf]!;
    }
    r = i;
  }
  return ascii(buf, length + extra);
}

/**
 * ASCII bytes as text: the same as decoding them as UTF-8, but a large string decoded as latin1
 * is kept by Node outside V8's heap, which then does not grow by the text's size as well (the
 * heap grows in proportion to what is live in it; decoded as UTF-8, the import's peak was higher).
 */
const ascii = (buf: Buffer, length: number) => buf.toString('latin1', 0, length);
