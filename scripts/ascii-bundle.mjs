// Makes the server bundle pure ASCII without changing what it does. V8 keeps every script's
// source in memory for as long as the script lives: a source with one non-ASCII character is
// held as a two-byte string (12 MB for the 6 MB bundle, a third of the idle heap), an ASCII one
// as a one-byte string, half that, and Node decodes it faster at start. esbuild already writes
// strings, templates and names as ASCII escapes (its default charset), but leaves regular
// expression literals and the comments it keeps as written.
//
// - A comment's non-ASCII characters become '?', one per UTF-16 unit, so no position moves (a
//   line or paragraph separator, a line break to JavaScript, becomes '\n').
// - A regular expression literal with a non-ASCII character becomes `new RegExp("…", "flags")`
//   whose string holds the literal's pattern exactly (escaped as \uXXXX, so a code point above
//   U+FFFF is its two surrogates and the pattern reads the same under any flag): the same
//   pattern, flags, `source` and toString(), a new object at each evaluation as a literal is.
//   The source map's columns after it on its line move by the difference in length.
// - Anything else (a tagged template's raw text, a name written with such a character, non-ASCII
//   white space) is left alone and the bundle kept as esbuild wrote it: it is correct either
//   way, only larger in memory, and the build says so.
//
// The tokens come from TypeScript's scanner, told by TypeScript's parser where a `/` starts a
// regular expression and a `}` resumes a template, so nothing is guessed.
import ts from 'typescript';

const NON_ASCII = /[^\x00-\x7f]/;

const hex4 = (unit) => `\\u${unit.toString(16).toUpperCase().padStart(4, '0')}`;
const asciiString = (s) => JSON.stringify(s).replace(/[^\x00-\x7f]/g, (c) => hex4(c.charCodeAt(0)));

/**
 * The bundle's text as ASCII, and its source map adjusted to match; or `{ reason }` when it
 * cannot be done safely (the caller keeps the bundle as it is).
 */
export function asciiBundle(text, map) {
  if (!NON_ASCII.test(text)) return { text, map, rewritten: { comments: 0, regexps: 0 } };
  const found = landmarks(text);
  if (found.reason) return found;
  const { regexpAt, templateAt, shadowed } = found;

  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  const out = [];
  const edits = []; // [start, oldLength, newLength] of each change of length
  let last = 0;
  let comments = 0;
  let regexps = 0;
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    let start = scanner.getTokenStart();
    if ((kind === ts.SyntaxKind.SlashToken || kind === ts.SyntaxKind.SlashEqualsToken) && regexpAt.has(start)) kind = scanner.reScanSlashToken();
    else if (kind === ts.SyntaxKind.CloseBraceToken && templateAt.has(start)) kind = scanner.reScanTemplateToken(false);
    start = scanner.getTokenStart();
    const end = scanner.getTokenEnd();
    const token = text.slice(start, end);
    if (!NON_ASCII.test(token)) continue;
    let replacement;
    if (kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia) {
      replacement = token.replace(/[^\x00-\x7f]/g, (c) => (c === '\u2028' || c === '\u2029' ? '\n' : '?'));
      comments++;
    } else if (kind === ts.SyntaxKind.RegularExpressionLiteral) {
      if (shadowed) return { reason: 'a binding named RegExp could shadow the global one' };
      const slash = token.lastIndexOf('/');
      const pattern = token.slice(1, slash);
      const flags = token.slice(slash + 1);
      replacement = `new RegExp(${asciiString(pattern)}, ${JSON.stringify(flags)})`;
      edits.push([start, token.length, replacement.length]);
      regexps++;
    } else {
      const line = lineAndColumn(text, start).line + 1;
      return { reason: `line ${line} has a non-ASCII character in a ${ts.SyntaxKind[kind]} (${JSON.stringify(token.slice(0, 60))})` };
    }
    out.push(text.slice(last, start), replacement);
    last = end;
  }
  out.push(text.slice(last));
  const result = out.join('');
  if (NON_ASCII.test(result)) return { reason: 'the scan left a non-ASCII character' };
  return { text: result, map: map === undefined ? undefined : shiftMap(map, text, edits), rewritten: { comments, regexps } };
}

/**
 * Where the parser found a regular expression and a template's continuation, and whether the
 * global RegExp is ever shadowed (then `new RegExp` could mean something else). Only these
 * positions are kept: the syntax tree of the whole bundle is large.
 */
function landmarks(text) {
  const sf = ts.createSourceFile('bundle.js', text, { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone }, false, ts.ScriptKind.JS);
  if (sf.parseDiagnostics?.length) return { reason: `TypeScript cannot parse it: ${sf.parseDiagnostics[0].messageText}` };
  const regexpAt = new Set();
  const templateAt = new Set();
  let shadowed = false;
  const visit = (node) => {
    const k = node.kind;
    if (k === ts.SyntaxKind.RegularExpressionLiteral) regexpAt.add(node.getStart(sf));
    else if (k === ts.SyntaxKind.TemplateMiddle || k === ts.SyntaxKind.TemplateTail) templateAt.add(node.getStart(sf));
    else if (node.name && ts.isIdentifier(node.name) && node.name.text === 'RegExp' && !ts.isPropertyAccessExpression(node)
      && !ts.isPropertyAssignment(node) && !ts.isMethodDeclaration(node) && !ts.isPropertyDeclaration(node)) shadowed = true;
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { regexpAt, templateAt, shadowed };
}

function lineAndColumn(text, position) {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  let line = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < position; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: position - lineStart };
}

// Source map: each edit moves the generated columns after it on its own line. Mappings are
// lines separated by ';', segments by ','; a segment's first field is its column as a VLQ
// delta from the previous segment's on the same line (the other fields do not change).
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function vlqFirst(seg) {
  let value = 0;
  let shift = 0;
  let i = 0;
  for (;;) {
    const digit = B64.indexOf(seg[i++]);
    value += (digit & 31) << shift;
    shift += 5;
    if (!(digit & 32)) break;
  }
  return { value: value & 1 ? -(value >>> 1) : value >>> 1, rest: seg.slice(i) };
}
function vlq(n) {
  let v = n < 0 ? (-n << 1) | 1 : n << 1;
  let s = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v) digit |= 32;
    s += B64[digit];
  } while (v);
  return s;
}

function shiftMap(mapText, text, edits) {
  if (edits.length === 0) return mapText;
  const map = JSON.parse(mapText);
  const byLine = new Map();
  for (const [start, oldLength, newLength] of edits) {
    const { line, column } = lineAndColumn(text, start);
    if (!byLine.has(line)) byLine.set(line, []);
    byLine.get(line).push({ end: column + oldLength, delta: newLength - oldLength });
  }
  const lines = map.mappings.split(';');
  for (const [line, moves] of byLine) {
    if (!lines[line]) continue;
    let column = 0;
    let written = 0;
    lines[line] = lines[line].split(',').map((seg) => {
      const { value, rest } = vlqFirst(seg);
      column += value;
      const moved = column + moves.reduce((d, m) => (column >= m.end ? d + m.delta : d), 0);
      const s = vlq(moved - written) + rest;
      written = moved;
      return s;
    }).join(',');
  }
  map.mappings = lines.join(';');
  return JSON.stringify(map);
}
