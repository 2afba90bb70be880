#!/usr/bin/env node
// Writes src/i18n/catalogues/index.ts from the catalogue files there
// (<namespace>/<catalogue>.json): run it after adding a namespace. The catalogues are imported,
// not read at run time, so they are in the server's bundle and load once, with it; the British
// English files give the message keys their type.
import { readdirSync, writeFileSync } from 'node:fs';

const dir = new URL('../src/i18n/catalogues/', import.meta.url);
const CATALOGUES = ['en-GB', 'en-US', 'de', 'fr', 'es', 'it', 'nl', 'pt-BR', 'pl', 'sv'];
const namespaces = readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
const id = (ns, c) => `${ns.replace(/-(.)/g, (_, x) => x.toUpperCase())}_${c.replace('-', '')}`;

let out = `// Written by scripts/i18n-index.mjs from the files beside it: do not edit by hand.\n`;
out += `import type { Catalogue } from '../languages.ts';\n`;
for (const ns of namespaces) for (const c of CATALOGUES) out += `import ${id(ns, c)} from './${ns}/${c}.json' with { type: 'json' };\n`;
out += `\n/** Every message key: a namespace and the key in its British English file. */\nexport type MessageKey =\n`;
out += namespaces.map((ns) => `  | \`${ns}.\${Extract<keyof typeof ${id(ns, 'en-GB')}, string>}\``).join('\n') + ';\n';
out += `\nexport const NAMESPACES = ${JSON.stringify(namespaces)} as const;\n`;
out += `\n/** Per catalogue, its messages by full key ("namespace.key"). */\nexport const CATALOGUES: Readonly<Record<Catalogue, Readonly<Partial<Record<MessageKey, string>>>>> = {\n`;
for (const c of CATALOGUES) {
  out += `  '${c}': flat({ ${namespaces.map((ns) => `'${ns}': ${id(ns, c)}`).join(', ')} }),\n`;
}
out += `};\n\nfunction flat(byNamespace: Record<string, Record<string, string>>): Partial<Record<MessageKey, string>> {\n`;
out += `  const all: Record<string, string> = {};\n  for (const [ns, messages] of Object.entries(byNamespace)) for (const [k, v] of Object.entries(messages)) all[\`\${ns}.\${k}\`] = v;\n  return all as Partial<Record<MessageKey, string>>;\n}\n`;
writeFileSync(new URL('index.ts', dir), out);
console.log(`i18n-index: ${namespaces.length} namespaces × ${CATALOGUES.length} catalogues`);
